// SPDX-License-Identifier: MIT
/*
 * The verdict's facts on the machine (include/kernel/verdict.h): what the
 * firmware gave (RAM, CPUs, its name), what the arch knows of the CPU and
 * its shadow stacks, what the run counted; and whether an emulator runs us.
 * verdict.emulator=ignore makes a detected emulator count as a real machine:
 * the verdict is held until a key and the machine left through ACPI or PSCI,
 * no emulator exit port touched -- the real machine's path, booted and
 * checked on QEMU (tests/boot/expect/qemu-x86_64-modern-fail).
 */
#include <kernel/acpi.h>
#include <kernel/arch.h>
#include <kernel/boot.h>
#include <kernel/cmdline.h>
#include <kernel/printk.h>
#include <kernel/shstk.h>
#include <kernel/smp.h>
#include <kernel/verdict.h>
#include <kernel/version.h>
#include <format.h>
#include <string.h>

static struct arch_verdict_facts arch_facts;
static char loader[64];
static char firmware[128];
static unsigned long ram_mib;
static unsigned int cpus_listed;
static const char *emulator; /* decided by verdict_note_machine() */
static bool machine_noted;

void verdict_note_boot(const struct boot_info *info)
{
	u64 bytes = 0;

	strlcpy(loader, info->loader, sizeof(loader));
	for (unsigned int i = 0; i < info->nr_usable; i++)
		bytes += info->usable[i].end - info->usable[i].start;
	ram_mib = (unsigned long)(bytes >> 20);
	printk("mem: %lu MiB usable RAM in %u ranges\n", ram_mib, info->nr_usable);
}

static bool emulator_ignored(void)
{
	const char *opt = cmdline_get(&kernel_cmdline, "verdict.emulator");

	return opt && strcmp(opt, "ignore") == 0;
}

/* The FADT's OEM ID: QEMU's and Bochs' own tables say "BOCHS " (their BIOS and ACPI sources). */
static const char *acpi_emulator(void)
{
	const struct acpi_table_header *fadt = acpi_find_table("FACP", 0);

	if (fadt && memcmp(fadt->oem_id, "BOCHS ", 6) == 0)
		return "QEMU or Bochs (ACPI OEM BOCHS)";
	return NULL;
}

void verdict_note_machine(const struct boot_info *info)
{
	static struct smp_cpu listed[SMP_MAX_CPUS];
	const struct acpi_table_header *fadt = acpi_find_table("FACP", 0);

	cpus_listed = arch_smp_list_cpus(info, listed, SMP_MAX_CPUS);
	if (cpus_listed == 0)
		cpus_listed = 1; /* no list: the boot CPU alone (smp_init()) */
	printk("smp: %u CPU%s listed by the firmware; %lu MiB RAM\n", cpus_listed,
	       cpus_listed == 1 ? "" : "s", ram_mib);

	arch_verdict_facts(&arch_facts, info);
	/* The arch's (SMBIOS), else the boot loader's name (the EFI stub's is the firmware's vendor). */
	snprintf(firmware, sizeof(firmware), "%s",
		 arch_facts.firmware[0] ? arch_facts.firmware : loader);
	if (fadt) {
		size_t n = strlen(firmware);
		int id = 6, table = 8;

		/* The OEM fields are padded with spaces. */
		while (id > 0 && fadt->oem_id[id - 1] == ' ')
			id--;
		while (table > 0 && fadt->oem_table_id[table - 1] == ' ')
			table--;
		snprintf(firmware + n, sizeof(firmware) - n, " acpi:%.*s/%.*s/%#x", id,
			 fadt->oem_id, table, fadt->oem_table_id, (unsigned int)fadt->oem_revision);
	}
	emulator = arch_emulator_name();
	if (!emulator && strncmp(loader, "QEMU", 4) == 0)
		emulator = "QEMU (its device tree)";
	if (!emulator)
		emulator = acpi_emulator();
	machine_noted = true;
	printk("machine: %s %s%s%s, firmware %s, kernel %s, %s%s\n", arch_name, arch_facts.cpu,
	       arch_facts.microcode[0] ? " microcode " : "", arch_facts.microcode, firmware,
	       kernel_commit, emulator ? emulator : "no emulator detected",
	       emulator && emulator_ignored() ? " (ignored: verdict.emulator=ignore)" : "");
	if (emulator_ignored())
		emulator = NULL;
}

const char *emulator_name(void)
{
	if (machine_noted)
		return emulator;
	return emulator_ignored() ? NULL : arch_emulator_name();
}

void verdict_gather(struct verdict_facts *f, int status)
{
	memset(f, 0, sizeof(*f));
	f->status = status;
	f->shstk_name = arch_shstk_rules->name;
	f->shstk_missing = arch_shstk_missing();
	f->shstk_enables = shstk_enables();
	f->shstk_faults = shstk_faults();
	f->tally = &console_tally;
	f->commit = kernel_commit;
	f->arch = arch_name;
	f->cpu = arch_facts.cpu;
	f->microcode = arch_facts.microcode;
	f->firmware = firmware;
	f->shstk_bits = arch_facts.shstk_bits;
	f->ram_mib = ram_mib;
	f->cpus_listed = smp_nr_cpus ? smp_nr_cpus : cpus_listed;
	f->cpus_ran = smp_scheduling_count();
	f->kernel_cfi_name = arch_kernel_cfi_name;
	f->kernel_cfi = arch_kernel_cfi_state();
	f->kernel_shstk_name = arch_kernel_shstk_name;
	f->kernel_shstk = arch_kernel_shstk_state();
}
