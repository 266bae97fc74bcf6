// SPDX-License-Identifier: MIT
/*
 * What an x86 machine adds to the verdict and its record
 * (include/kernel/verdict.h): the CPU's signature and microcode revision,
 * the firmware from SMBIOS, the CET feature bits and why shadow stacks are
 * not in use; whether an emulator runs us; and a key press to end the
 * verdict's hold on a real machine (kernel/verdict/verdict_hold.c).
 */
#include <asm/acpi_hw.h>
#include <asm/cet.h>
#include <asm/cpu.h>
#include <asm/io.h>
#include <asm/msr.h>
#include <asm/setup.h>
#include <format.h>
#include <kernel/cmdline.h>
#include <kernel/kmem.h>
#include <kernel/shstk.h>
#include <kernel/verdict.h>
#include <string.h>
#include <uapi/linux/errno.h>

/*
 * IA32_BIOS_SIGN_ID (SDM vol. 4 table 2-2; vol. 3A §10.11.7.1, "Determining
 * the Signature"): after writing 0 to it and executing CPUID leaf 1, a
 * RDMSR returns the loaded update's revision in EDX. On AMD the same number
 * is MSR_AMD64_PATCH_LEVEL, the revision in EAX (as Linux reads it).
 */
#define MSR_IA32_BIOS_SIGN_ID 0x8bu

static void microcode(char *buf, size_t size)
{
	bool intel = strcmp(x86_features.vendor, "GenuineIntel") == 0;
	u64 v;

	buf[0] = '\0';
	if (intel) {
		if (wrmsr_safe(MSR_IA32_BIOS_SIGN_ID, 0))
			return;
		(void)cpuid(1, 0); /* makes the CPU store the revision (§10.11.7.1) */
	} else if (strcmp(x86_features.vendor, "AuthenticAMD") != 0) {
		return;
	}
	if (rdmsr_safe(MSR_IA32_BIOS_SIGN_ID, &v))
		return;
	snprintf(buf, size, "%#x", intel ? (unsigned int)(v >> 32) : (unsigned int)v);
}

/* Vendor and the family.model.stepping shown as Linux's /proc/cpuinfo does (SDM vol. 2A, CPUID.1). */
static void signature(char *buf, size_t size)
{
	u32 eax = cpuid(1, 0).eax;
	unsigned int family = (eax >> 8) & 0xf, model = (eax >> 4) & 0xf;

	if (family == 0xf)
		family += (eax >> 20) & 0xff;
	if (family >= 0x6)
		model |= ((eax >> 16) & 0xf) << 4;
	snprintf(buf, size, "%s %u.%u.%u", x86_features.vendor, family, model, eax & 0xf);
}

/* ---- SMBIOS (DMTF DSP0134 3.x) ---- */

#define SMBIOS_AREA 0xf0000ul /* where a non-UEFI entry point lies, 16-byte aligned (§5.2.1) */
#define SMBIOS_AREA_LEN 0x10000ul
#define SMBIOS_TYPE_BIOS 0
#define SMBIOS_TYPE_END 127
#define SMBIOS_TABLE_MAX 0x10000u

static bool sum_zero(const u8 *p, size_t n)
{
	u8 s = 0;

	while (n--)
		s += *p++;
	return s == 0;
}

/* String number n (1-based) of the structure at s with formatted length len. */
static const char *smbios_string(const u8 *s, size_t len, const u8 *end, unsigned int n)
{
	const char *p = (const char *)s + len;

	if (n == 0)
		return "";
	while (--n && (const u8 *)p < end) {
		p += strnlen(p, (size_t)(end - (const u8 *)p)) + 1;
		if ((const u8 *)p < end && *p == '\0')
			return "";
	}
	return (const u8 *)p < end ? p : "";
}

/*
 * The structure table an entry point at e (32 bytes readable) names: the
 * 64-bit one ("_SM3_", §5.2.2) or the 32-bit one ("_SM_", §5.2.1).
 */
static const u8 *smbios_table(const u8 *e, u32 *len)
{
	u64 table = 0;

	*len = 0;
	if (memcmp(e, "_SM3_", 5) == 0 && e[6] >= 24 && e[6] <= 32 && sum_zero(e, e[6])) {
		memcpy(len, e + 0x0c, 4);
		memcpy(&table, e + 0x10, 8);
	} else if (memcmp(e, "_SM_", 4) == 0 && e[5] >= 31 && e[5] <= 32 && sum_zero(e, e[5]) &&
		   memcmp(e + 0x10, "_DMI_", 5) == 0) {
		u16 l;
		u32 a;

		memcpy(&l, e + 0x16, 2);
		memcpy(&a, e + 0x18, 4);
		*len = l;
		table = a;
	} else {
		return NULL;
	}
	if (*len > SMBIOS_TABLE_MAX)
		*len = SMBIOS_TABLE_MAX;
	return table && *len ? phys_map(table, *len, KPROT_READ) : NULL;
}

/*
 * "vendor version date" of the BIOS Information structure (type 0, §7.1),
 * from the entry point at entry_phys, or, when 0, the one a legacy BIOS
 * leaves in 0xf0000-0xfffff.
 */
static bool smbios_firmware(phys_addr_t entry_phys, char *buf, size_t size)
{
	const u8 *t = NULL, *end;
	u32 len = 0;

	if (entry_phys) {
		const u8 *e = phys_map(entry_phys, 32, KPROT_READ);

		t = e ? smbios_table(e, &len) : NULL;
	} else {
		const u8 *area = phys_map(SMBIOS_AREA, SMBIOS_AREA_LEN, KPROT_READ);

		for (size_t off = 0; area && off + 32 <= SMBIOS_AREA_LEN && !t; off += 16)
			t = smbios_table(area + off, &len);
	}
	if (!t)
		return false;
	end = t + len;
	while (t + 4 <= end && t[1] >= 4 && t + t[1] <= end) {
		const u8 *next = t + t[1];

		if (t[0] == SMBIOS_TYPE_BIOS && t[1] >= 9) {
			snprintf(buf, size, "%s %s %s", smbios_string(t, t[1], end, t[4]),
				 smbios_string(t, t[1], end, t[5]),
				 smbios_string(t, t[1], end, t[8]));
			return true;
		}
		if (t[0] == SMBIOS_TYPE_END)
			break;
		/* The strings end with two NULs. */
		while (next + 1 < end && (next[0] || next[1]))
			next++;
		t = next + 2;
	}
	return false;
}

/* ---- the EFI system table (UEFI 2.10 §4.3), when GRUB passed it (multiboot2.c) ---- */

#define EFI_SYSTEM_TABLE_SIGNATURE 0x5453595320494249ull /* "IBI SYST" */
#define EFI_ST_VENDOR 24				 /* CHAR16 *FirmwareVendor */
#define EFI_ST_REVISION 32				 /* UINT32 FirmwareRevision */
#define EFI_ST_NR_TABLES 104				 /* UINTN NumberOfTableEntries */
#define EFI_ST_TABLES 112 /* EFI_CONFIGURATION_TABLE *ConfigurationTable */
#define EFI_ST_LEN 120
#define EFI_CONFIG_ENTRY_LEN 24 /* EFI_GUID, then VOID * (§4.6) */
#define EFI_TABLES_MAX 64
#define EFI_VENDOR_MAX 40

/* SMBIOS3_TABLE_GUID and SMBIOS_TABLE_GUID (§4.6) as they lie in memory. */
static const u8 smbios3_guid[16] = { 0x44, 0x15, 0xfd, 0xf2, 0x94, 0x97, 0x2c, 0x4a,
				     0x99, 0x2e, 0xe5, 0xbb, 0xcf, 0x20, 0xe3, 0x94 };
static const u8 smbios_guid[16] = { 0x31, 0x2d, 0x9d, 0xeb, 0x88, 0x2d, 0xd3, 0x11,
				    0x9a, 0x16, 0x00, 0x90, 0x27, 0x3f, 0xc1, 0x4d };

/* "UEFI VENDOR REVISION" into buf; the SMBIOS entry point the firmware lists, or 0. */
static phys_addr_t efi_firmware(phys_addr_t st_phys, char *buf, size_t size)
{
	const u8 *st = st_phys ? phys_map(st_phys, EFI_ST_LEN, KPROT_READ) : NULL;
	u64 sig, vendor_phys, nr, tables_phys;
	phys_addr_t smbios = 0, smbios3 = 0;
	u32 revision;
	char vendor[EFI_VENDOR_MAX + 1];
	size_t n = 0;

	if (!st)
		return 0;
	memcpy(&sig, st, 8);
	if (sig != EFI_SYSTEM_TABLE_SIGNATURE)
		return 0;
	memcpy(&vendor_phys, st + EFI_ST_VENDOR, 8);
	memcpy(&revision, st + EFI_ST_REVISION, 4);
	memcpy(&nr, st + EFI_ST_NR_TABLES, 8);
	memcpy(&tables_phys, st + EFI_ST_TABLES, 8);
	if (vendor_phys) {
		const u16 *v = phys_map(vendor_phys, 2 * EFI_VENDOR_MAX, KPROT_READ);

		for (; v && n < EFI_VENDOR_MAX && v[n]; n++)
			vendor[n] = v[n] < 0x80 ? (char)v[n] : '?';
	}
	vendor[n] = '\0';
	snprintf(buf, size, "UEFI %s %#x", n ? vendor : "?", revision);

	const u8 *tables = nr && nr <= EFI_TABLES_MAX && tables_phys
				   ? phys_map(tables_phys, nr * EFI_CONFIG_ENTRY_LEN, KPROT_READ)
				   : NULL;

	for (u64 i = 0; tables && i < nr; i++) {
		const u8 *e = tables + i * EFI_CONFIG_ENTRY_LEN;
		u64 addr;

		memcpy(&addr, e + 16, 8);
		if (memcmp(e, smbios3_guid, 16) == 0)
			smbios3 = addr;
		else if (memcmp(e, smbios_guid, 16) == 0)
			smbios = addr;
	}
	return smbios3 ? smbios3 : smbios;
}

void arch_verdict_facts(struct arch_verdict_facts *a, const struct boot_info *info)
{
	phys_addr_t smbios_entry;
	size_t n;

	signature(a->cpu, sizeof(a->cpu));
	microcode(a->microcode, sizeof(a->microcode));
	/* UEFI's vendor and revision, then SMBIOS's BIOS vendor, version and date. */
	a->firmware[0] = '\0';
	smbios_entry = efi_firmware(info->efi_system_table, a->firmware, sizeof(a->firmware));
	n = strlen(a->firmware);
	if (n < sizeof(a->firmware) - 2) {
		a->firmware[n] = n ? ' ' : '\0';
		if (!smbios_firmware(smbios_entry, a->firmware + n + !!n,
				     sizeof(a->firmware) - n - 1))
			a->firmware[n] = '\0';
	}
	snprintf(a->shstk_bits, sizeof(a->shstk_bits), "shstk:%d,ibt:%d,xss_cet_u:%d",
		 x86_features.shstk, x86_features.ibt, x86_features.xss_cet_u);
}

const char *arch_shstk_missing(void)
{
	const char *opt = cmdline_get(&kernel_cmdline, "shstk");

	if (arch_shstk_supported())
		return NULL;
	if (!x86_features.shstk)
		return "the CPU has no CET shadow stacks";
	if (opt && strcmp(opt, "off") == 0)
		return "CET shadow stacks switched off by shstk=off";
	return "CET shadow stacks found unusable";
}

/*
 * A hypervisor's own name (CPUID leaf 0x40000000: EBX, ECX, EDX; Linux's
 * arch/x86/kernel/cpu/hypervisor.c): QEMU's TCG or KVM, each with the
 * emulator's exit port. Bochs sets no hypervisor bit: its ACPI tables name
 * it (kernel/verdict/verdict_facts.c).
 */
const char *arch_emulator_name(void)
{
	struct cpuid_regs r;
	char sig[13];

	if (!x86_features.hypervisor)
		return NULL;
	r = cpuid(0x40000000u, 0);
	memcpy(sig + 0, &r.ebx, 4);
	memcpy(sig + 4, &r.ecx, 4);
	memcpy(sig + 8, &r.edx, 4);
	sig[12] = '\0';
	if (strcmp(sig, "TCGTCGTCGTCG") == 0)
		return "QEMU (TCG)";
	if (strncmp(sig, "KVMKVMKVM", 9) == 0)
		return "QEMU (KVM)";
	return NULL;
}

/* The i8042's ports (IBM PC/AT technical reference; Linux's drivers/input/serio/i8042). */
#define I8042_DATA 0x60
#define I8042_STATUS 0x64
#define I8042_STATUS_OBF 0x01 /* a byte waits in the output buffer */
#define I8042_STATUS_AUX 0x20 /* ... and it is the mouse's */

/*
 * A byte from the keyboard controller, where the FADT says there is one
 * (IAPC_BOOT_ARCH bit 1, or no FADT: a PC/AT), or from the serial console.
 */
bool arch_key_pressed(void)
{
	if (x86_acpi_power.has_8042) {
		u8 status = inb(I8042_STATUS);

		/* 0xff: nothing decodes the port. */
		if (status != 0xff && (status & I8042_STATUS_OBF)) {
			(void)inb(I8042_DATA);
			if (!(status & I8042_STATUS_AUX))
				return true;
		}
	}
	return x86_serial_read_byte() >= 0;
}
