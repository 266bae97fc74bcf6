// SPDX-License-Identifier: MIT
/*
 * Turning a real PC off and restarting it through ACPI, prepared at boot
 * (so nothing is mapped or allocated when the machine leaves):
 *
 * - Soft off (S5): SLP_TYPa/SLP_TYPb come from the \_S5 package of the
 *   DSDT (or an SSDT), found by kernel/fw/acpi_s5.c's scan. They are written
 *   to the PM1a (and PM1b) control register's SLP_TYP field, bits 12:10,
 *   then again with SLP_EN, bit 13 (ACPI 6.5 §4.8.3.2.1, table 4.13; §7.4.2
 *   and §16.1.3 describe the sequence). The registers only work in ACPI
 *   mode (SCI_EN, bit 0): a machine still in legacy mode is switched by
 *   writing ACPI_ENABLE to SMI_CMD (§4.8.3.2.1, §5.2.9). A hardware-reduced
 *   machine (FADT flag HW_REDUCED_ACPI) has the sleep control register
 *   instead: SLP_TYPx in bits 4:2, SLP_EN in bit 5 (§4.8.3.7).
 * - Reset: the FADT's RESET_REG gets RESET_VALUE when the RESET_REG_SUP
 *   flag says it works (§4.8.3.6, §5.2.9); else the keyboard controller's
 *   pulse of the reset line (command 0xfe to port 0x64) where there is an
 *   8042; else a triple fault, which resets every PC.
 */
#include <asm/acpi_hw.h>
#include <asm/io.h>
#include <kernel/acpi.h>
#include <kernel/printk.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define PM1_SCI_EN (1u << 0)
#define PM1_SLP_TYP_SHIFT 10
#define PM1_SLP_TYP_MASK (7u << PM1_SLP_TYP_SHIFT)
#define PM1_SLP_EN (1u << 13)
#define SLEEP_CTL_TYP_SHIFT 2
#define SLEEP_CTL_SLP_EN (1u << 5)
#define ACPI_ENABLE_SPINS 10000000ul

#define KBC_STATUS 0x64
#define KBC_COMMAND 0x64
#define KBC_INPUT_FULL 0x02 /* the controller has not taken the last byte yet */
#define KBC_PULSE_RESET 0xfe
#define KBC_SPINS 100000

struct x86_acpi_power x86_acpi_power;

/* PM1x_CNT: the extended GAS when usable, else the 32-bit FADT port. */
static bool pm1_cnt(const struct acpi_gas *x, u32 port, u8 len, struct acpi_gas *out)
{
	if (x86_gas_usable(x)) {
		*out = *x;
		return true;
	}
	if (!port || len < 2)
		return false;
	memset(out, 0, sizeof(*out));
	out->space_id = ACPI_GAS_IO;
	out->bit_width = 16;
	out->address = port;
	return true;
}

static int scan(const struct acpi_table_header *t, u8 *a, u8 *b)
{
	return acpi_find_s5((const u8 *)(t + 1), t->length - sizeof(*t), a, b);
}

/* Scans the DSDT, then each SSDT, for \_S5. */
static int find_s5(const struct acpi_fadt *f, u8 *a, u8 *b)
{
	const struct acpi_table_header *t = acpi_table_at(f->x_dsdt ? f->x_dsdt : f->dsdt, "DSDT");
	int ret = t ? scan(t, a, b) : -ENOENT;

	for (unsigned int n = 0; ret && (t = acpi_find_table("SSDT", n)); n++) {
		int r = scan(t, a, b);

		if (r != -ENOENT)
			ret = r;
	}
	return ret;
}

static const char *const space_names[] = { "mem", "io", "pci" };

void x86_acpi_power_init(void)
{
	struct x86_acpi_power *p = &x86_acpi_power;
	struct acpi_fadt f;
	int s5;

	memset(p, 0, sizeof(*p));
	p->has_8042 = true; /* without a FADT, assume the PC/AT's */
	if (!acpi_fadt(&f))
		return;
	p->has_8042 = f.header.revision < 2 || (f.iapc_boot_arch & ACPI_FADT_8042);
	p->hw_reduced = f.flags & ACPI_FADT_HW_REDUCED_ACPI;
	p->smi_cmd = f.smi_cmd;
	p->acpi_enable = f.acpi_enable;
	if (p->hw_reduced)
		p->pm1a_ok = x86_gas_usable(&f.sleep_control_reg) &&
			     (p->pm1a = f.sleep_control_reg, true);
	else {
		p->pm1a_ok = pm1_cnt(&f.x_pm1a_cnt_blk, f.pm1a_cnt_blk, f.pm1_cnt_len, &p->pm1a);
		p->pm1b_ok = pm1_cnt(&f.x_pm1b_cnt_blk, f.pm1b_cnt_blk, f.pm1_cnt_len, &p->pm1b);
	}
	s5 = find_s5(&f, &p->slp_typa, &p->slp_typb);
	p->s5_found = s5 == 0;
	if ((f.flags & ACPI_FADT_RESET_REG_SUP) && x86_gas_usable(&f.reset_reg)) {
		p->reset = f.reset_reg;
		p->reset_value = f.reset_value;
		p->reset_ok = true;
	}
	if (p->s5_found)
		pr_info("acpi: S5 SLP_TYPa=%u SLP_TYPb=%u, %s %s %#lx\n", p->slp_typa, p->slp_typb,
			p->hw_reduced ? "SLEEP_CONTROL" : "PM1a_CNT",
			space_names[p->pm1a.space_id % 3], (unsigned long)p->pm1a.address);
	else
		pr_info("acpi: no usable \\_S5 (%s): no ACPI poweroff\n",
			s5 == -ENOENT ? "not found" : "not a package of integers");
	if (p->reset_ok)
		pr_info("acpi: reset register %s %#lx <- %#x\n", space_names[p->reset.space_id % 3],
			(unsigned long)p->reset.address, p->reset_value);
}

/* Switches from legacy to ACPI mode if the firmware has not (§4.8.3.2.1). */
static void enable_acpi_mode(const struct x86_acpi_power *p)
{
	if ((x86_gas_read(&p->pm1a) & PM1_SCI_EN) || !p->smi_cmd || !p->acpi_enable)
		return;
	outb((u16)p->smi_cmd, p->acpi_enable);
	for (unsigned long i = 0; i < ACPI_ENABLE_SPINS; i++) {
		if (x86_gas_read(&p->pm1a) & PM1_SCI_EN)
			return;
		__asm__ __volatile__("pause");
	}
}

static void write_slp_typ(const struct acpi_gas *g, u8 typ)
{
	u64 v = (x86_gas_read(g) & ~(u64)(PM1_SLP_TYP_MASK | PM1_SLP_EN)) |
		((u64)typ << PM1_SLP_TYP_SHIFT);

	x86_gas_write(g, v);
	x86_gas_write(g, v | PM1_SLP_EN);
}

void x86_acpi_poweroff(void)
{
	const struct x86_acpi_power *p = &x86_acpi_power;

	if (!p->s5_found || !p->pm1a_ok)
		return;
	if (p->hw_reduced) {
		x86_gas_write(&p->pm1a,
			      (u64)(p->slp_typa & 7) << SLEEP_CTL_TYP_SHIFT | SLEEP_CTL_SLP_EN);
		return;
	}
	enable_acpi_mode(p);
	/* PM1b first: the machine may turn off at the PM1a write. */
	if (p->pm1b_ok)
		write_slp_typ(&p->pm1b, p->slp_typb);
	write_slp_typ(&p->pm1a, p->slp_typa);
}

void x86_reset(void)
{
	const struct x86_acpi_power *p = &x86_acpi_power;
	struct __attribute__((packed)) {
		u16 limit;
		u64 base;
	} no_idt = { 0, 0 };

	if (p->reset_ok) {
		x86_gas_write(&p->reset, p->reset_value);
		for (int i = 0; i < KBC_SPINS; i++)
			io_wait(); /* ~0.1 s for the reset to happen */
	}
	if (p->has_8042) {
		for (int i = 0; i < KBC_SPINS && (inb(KBC_STATUS) & KBC_INPUT_FULL); i++)
			io_wait();
		outb(KBC_COMMAND, KBC_PULSE_RESET);
		for (int i = 0; i < KBC_SPINS; i++)
			io_wait();
	}
	/* An exception with no IDT is a triple fault: the CPU resets (SDM vol. 3A §6.15, #DF). */
	__asm__ __volatile__("lidt %0; int3" ::"m"(no_idt));
	for (;;)
		__asm__ __volatile__("cli; hlt");
}
