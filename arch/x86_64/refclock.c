// SPDX-License-Identifier: MIT
/*
 * Clocks of known rate the local APIC timer is measured against:
 *
 * - the ACPI power-management timer (FADT X_PM_TMR_BLK or PM_TMR_BLK),
 *   3.579545 MHz, 24 or 32 bits wide (FADT TMR_VAL_EXT): ACPI 6.5 §4.8.3.3;
 *   absent on hardware-reduced ACPI machines;
 * - the HPET's main counter (ACPI table "HPET", IA-PC HPET specification
 *   1.0a §2.3: capabilities at 0x000 with the period in femtoseconds in
 *   bits 63:32 and the counter width in bit 13, configuration at 0x010 with
 *   ENABLE_CNF in bit 0, the counter at 0x0f0);
 * - the 8254 PIT's channel 2 in mode 2, gated through port 0x61 bit 0 with
 *   the speaker off (bit 1), 1.193182 MHz, 16 bits counting down (Intel
 *   82C54 data sheet); many new PCs have none.
 *
 * A clock is used only once it is seen counting: a missing device reads as
 * all ones, which never changes.
 */
#include <asm/acpi_hw.h>
#include <asm/io.h>
#include <asm/mmu.h>
#include <kernel/printk.h>
#include <string.h>

/* Reads a live counter moves within: it ticks every 1 us at most, a read takes ~1 us. */
#define PROBE_READS 100000

/* ---- ACPI PM timer ---- */

static struct acpi_gas pm_gas;
static volatile u32 *pm_mmio;

static u64 pm_read(void)
{
	if (pm_mmio)
		return *pm_mmio;
	return inl((u16)pm_gas.address);
}

static struct refclock pm_clock = { .name = "pm-timer", .hz = ACPI_PM_TIMER_HZ, .read = pm_read };

static bool pm_setup(void)
{
	struct acpi_fadt f;

	if (!acpi_fadt(&f) || (f.flags & ACPI_FADT_HW_REDUCED_ACPI))
		return false;
	if (x86_gas_usable(&f.x_pm_tmr_blk) && f.x_pm_tmr_blk.space_id != ACPI_GAS_PCI_CONFIG) {
		pm_gas = f.x_pm_tmr_blk;
	} else if (f.pm_tmr_blk && f.pm_tmr_len == 4) {
		memset(&pm_gas, 0, sizeof(pm_gas));
		pm_gas.space_id = ACPI_GAS_IO;
		pm_gas.bit_width = 32;
		pm_gas.address = f.pm_tmr_blk;
	} else {
		return false;
	}
	if (pm_gas.space_id == ACPI_GAS_MEMORY) {
		pm_mmio = x86_map_mmio(pm_gas.address, sizeof(u32));
		if (!pm_mmio)
			return false;
	}
	pm_clock.mask = (f.flags & ACPI_FADT_TMR_VAL_EXT) ? 0xffffffffull : 0xffffffull;
	return true;
}

/* ---- HPET ---- */

#define HPET_TABLE_BASE 40 /* the GAS of the register block in table "HPET" */
#define HPET_GCAP_ID 0x000
#define HPET_GEN_CONF 0x010
#define HPET_MAIN_COUNTER 0x0f0
#define HPET_REGS_SIZE 0x100
#define HPET_COUNT_SIZE_CAP (1ull << 13)
#define HPET_ENABLE_CNF (1ull << 0)
#define HPET_MAX_PERIOD_FS 100000000ull /* at most 100 ns per count (§2.3.4) */
#define FS_PER_SEC 1000000000000000ull

static volatile u64 *hpet;

static u64 hpet_read(void)
{
	return hpet[HPET_MAIN_COUNTER / 8];
}

static struct refclock hpet_clock = { .name = "hpet", .read = hpet_read };

static bool hpet_setup(void)
{
	const struct acpi_table_header *t = acpi_find_table("HPET", 0);
	struct acpi_gas base;
	u64 cap, period;

	if (!t || t->length < HPET_TABLE_BASE + sizeof(base))
		return false;
	memcpy(&base, (const u8 *)t + HPET_TABLE_BASE, sizeof(base));
	if (base.space_id != ACPI_GAS_MEMORY || !base.address)
		return false;
	hpet = x86_map_mmio(base.address, HPET_REGS_SIZE);
	if (!hpet)
		return false;
	cap = hpet[HPET_GCAP_ID / 8];
	period = cap >> 32;
	if (period == 0 || period > HPET_MAX_PERIOD_FS)
		return false;
	hpet_clock.hz = FS_PER_SEC / period;
	hpet_clock.mask = (cap & HPET_COUNT_SIZE_CAP) ? ~0ull : 0xffffffffull;
	/* Start the main counter; no comparator is enabled, so nothing interrupts. */
	if (!(hpet[HPET_GEN_CONF / 8] & HPET_ENABLE_CNF))
		hpet[HPET_GEN_CONF / 8] |= HPET_ENABLE_CNF;
	return true;
}

/* ---- 8254 PIT, channel 2 ---- */

#define PIT_CH2 0x42
#define PIT_CMD 0x43
#define PIT_CMD_CH2_LOHI_MODE2 0xb4 /* channel 2, lobyte/hibyte, mode 2, binary */
#define PIT_CMD_CH2_LATCH 0x80	    /* counter latch command for channel 2 */
#define PIT_INPUT_HZ 1193182u
#define PORT_61 0x61 /* NMI status and control (the PC's port B) */
#define PORT_61_GATE2 0x01
#define PORT_61_SPEAKER 0x02

static u64 pit_read(void)
{
	u8 lo, hi;

	outb(PIT_CMD, PIT_CMD_CH2_LATCH);
	lo = inb(PIT_CH2);
	hi = inb(PIT_CH2);
	/* Counting down from 65536 (written as 0): up = -count mod 2^16. */
	return (u64)(0x10000u - ((u32)hi << 8 | lo)) & 0xffff;
}

static struct refclock pit_clock = { .name = "pit",
				     .hz = PIT_INPUT_HZ,
				     .mask = 0xffff,
				     .read = pit_read };

static bool pit_setup(void)
{
	outb(PORT_61, (u8)((inb(PORT_61) & ~PORT_61_SPEAKER) | PORT_61_GATE2));
	outb(PIT_CMD, PIT_CMD_CH2_LOHI_MODE2);
	outb(PIT_CH2, 0);
	outb(PIT_CH2, 0);
	return true;
}

/* ---- common ---- */

static struct {
	struct refclock *rc;
	bool (*setup)(void);
	bool probed, usable;
} clocks[NR_REFCLOCKS] = {
	[REFCLOCK_PM_TIMER] = { &pm_clock, pm_setup },
	[REFCLOCK_HPET] = { &hpet_clock, hpet_setup },
	[REFCLOCK_PIT] = { &pit_clock, pit_setup },
};

static bool counts(const struct refclock *rc)
{
	u64 first = rc->read();

	for (int i = 0; i < PROBE_READS; i++) {
		if (rc->read() != first)
			return true;
	}
	return false;
}

const struct refclock *refclock_get(enum refclock_kind kind)
{
	if (kind >= NR_REFCLOCKS)
		return NULL;
	if (!clocks[kind].probed) {
		clocks[kind].probed = true;
		clocks[kind].usable = clocks[kind].setup() && counts(clocks[kind].rc);
		pr_info("refclock: %s %s\n", clocks[kind].rc->name,
			clocks[kind].usable ? "counts" : "absent");
	}
	return clocks[kind].usable ? clocks[kind].rc : NULL;
}

void refclock_watch_start(struct refclock_watch *w, const struct refclock *rc)
{
	w->rc = rc;
	w->last = rc->read();
	w->total = 0;
}

u64 refclock_watch_read(struct refclock_watch *w)
{
	u64 now = w->rc->read();

	w->total += (now - w->last) & w->rc->mask;
	w->last = now;
	return w->total;
}
