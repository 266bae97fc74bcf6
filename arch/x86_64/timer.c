// SPDX-License-Identifier: MIT
/*
 * The tick: each CPU's local APIC timer in periodic mode (Intel SDM
 * vol. 3A §11.5.4): divide configuration /16, the LVT timer entry with our
 * vector and mode 01b, and an initial count of (count rate / HZ); the
 * counter reloads itself at 0, so nothing is reprogrammed per tick. The
 * TSC-deadline mode (§11.5.4.1) would need the TSC's rate and a WRMSR
 * every tick, and Bochs and QEMU both give periodic mode; it is what every
 * x86_64 CPU has. The same timer serves every platform: new PCs have no
 * 8254 PIT and no 8259, and their APIC timer is always there.
 *
 * Its count rate is the core crystal clock when CPUID leaf 0x15 enumerates
 * the TSC/crystal ratio (§11.5.4), and otherwise the bus clock, which no
 * register gives: it is measured. In order of preference:
 * 1. CPUID 0x15 ECX, the crystal's Hz (SDM vol. 2A, CPUID leaf 15H); when
 *    ECX is 0 but EAX/EBX give the ratio, the crystal is leaf 0x16's base
 *    frequency times EAX/EBX (leaf 16H). Only on Intel, and only on bare
 *    metal: a hypervisor's virtual APIC timer runs at its own rate (QEMU's
 *    and KVM's at 1 GHz) whatever the host's crystal is. Leaf 0x16's bus
 *    frequency (ECX) alone is not used: on the CPUs that have leaf 0x16 the
 *    APIC timer runs on the crystal, not on that 100 MHz bus clock.
 * 2. The ACPI PM timer, 3. the HPET, 4. the PIT when there is one
 *    (refclock.c): the APIC counter's fall over 50 ms of the reference.
 * CPUID's rate is checked against the first of 2-4 the machine has: where
 * they differ by more than CPUID_TOLERANCE_PCT the measurement wins (Bochs
 * 2.7's "tigerlake" says 38.4 MHz but counts at its instruction rate).
 * The kernel option timer.ref=cpuid|pm-timer|hpet|pit forces one source,
 * unchecked.
 *
 * The 8259s, when the MADT says they exist (PCAT_COMPAT) or there is no
 * MADT, are remapped to vectors 32..47 and masked, so a line the firmware
 * left enabled cannot fire; their spurious IRQ 7/15 is ignored (traps.c).
 */
#include <asm/acpi_hw.h>
#include <asm/apic.h>
#include <asm/cpu.h>
#include <asm/pic.h>
#include <asm/setup.h>
#include <kernel/cmdline.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/timer.h>
#include <string.h>

#define MEASURE_DIVISOR 20	     /* a window of 1/20 s: 50 ms */
#define SAMPLE_MAX_GAP_DIVISOR 20000 /* one sample's reads within 50 us of the reference */
#define SAMPLE_TRIES 32
#define WINDOW_SPINS 200000000ul /* a reference that stops counting is given up */
#define CPUID_TOLERANCE_PCT 2

struct x86_timer_info x86_timer;
static bool have_8259;

bool x86_has_8259(void)
{
	return have_8259;
}

/* The crystal's Hz from CPUID 0x15 (and 0x16), or 0 where it is not to be trusted. */
static u64 cpuid_crystal_hz(void)
{
	struct cpuid_regs r15, r16;
	u32 max_leaf = cpuid(0, 0).eax;

	if (x86_features.hypervisor || strcmp(x86_features.vendor, "GenuineIntel") ||
	    max_leaf < 0x15)
		return 0;
	r15 = cpuid(0x15, 0); /* EAX denominator, EBX numerator, ECX crystal Hz */
	if (r15.ecx)
		return r15.ecx;
	if (r15.eax == 0 || r15.ebx == 0 || max_leaf < 0x16)
		return 0;
	r16 = cpuid(0x16, 0); /* EAX base frequency in MHz */
	return (u64)r16.eax * 1000000ull * r15.eax / r15.ebx;
}

/*
 * One reading of the APIC counter against the reference: bracketed by two
 * reference reads close together (else retried), so a stall between the
 * reads cannot skew it. The reference time is the midpoint.
 */
bool apic_timer_sample(struct refclock_watch *w, u64 *ref, u32 *count)
{
	u64 max_gap = w->rc->hz / SAMPLE_MAX_GAP_DIVISOR;

	for (int i = 0; i < SAMPLE_TRIES; i++) {
		u64 a = refclock_watch_read(w);
		u32 c = lapic_read(APIC_TIMER_CURRENT);
		u64 b = refclock_watch_read(w);

		if (b - a <= max_gap) {
			*ref = a + (b - a) / 2;
			*count = c;
			return true;
		}
	}
	return false;
}

/* The APIC timer's count rate (after the /16) measured against rc, or 0. */
static u64 measure(const struct refclock *rc)
{
	struct refclock_watch w;
	u64 r0, r1, window = rc->hz / MEASURE_DIVISOR;
	u32 c0, c1;
	unsigned long spins = 0;

	lapic_write(APIC_TIMER_DIVIDE, APIC_TIMER_DIVIDE_16);
	lapic_write(APIC_LVT_TIMER, APIC_LVT_MASKED | VEC_APIC_TIMER); /* one-shot, silent */
	lapic_write(APIC_TIMER_INITIAL, 0xffffffffu);
	refclock_watch_start(&w, rc);
	if (!apic_timer_sample(&w, &r0, &c0))
		return 0;
	while (refclock_watch_read(&w) < r0 + window && spins++ < WINDOW_SPINS)
		;
	if (!apic_timer_sample(&w, &r1, &c1) || r1 <= r0 || c1 >= c0)
		return 0;
	lapic_write(APIC_TIMER_INITIAL, 0);
	return (u64)(c0 - c1) * rc->hz / (r1 - r0);
}

static const struct {
	const char *name;
	int kind; /* enum refclock_kind, or -1 for CPUID */
} sources[] = {
	{ "cpuid-0x15", -1 },
	{ "pm-timer", REFCLOCK_PM_TIMER },
	{ "hpet", REFCLOCK_HPET },
	{ "pit", REFCLOCK_PIT },
};

/* The first reference clock's measurement of the APIC timer, or 0. */
static u64 measure_first(const struct refclock **used)
{
	for (size_t i = 1; i < ARRAY_SIZE(sources); i++) {
		const struct refclock *rc = refclock_get((enum refclock_kind)sources[i].kind);
		u64 hz = rc ? measure(rc) : 0;

		if (hz >= HZ) {
			*used = rc;
			return hz;
		}
	}
	return 0;
}

static void use(const char *source, const struct refclock *rc, u64 hz)
{
	x86_timer.source = source;
	x86_timer.used = rc;
	x86_timer.apic_timer_hz = hz;
}

/* Fills x86_timer from timer.ref's source, else from the preferred one that works. */
static void calibrate(void)
{
	const char *want = cmdline_get(&kernel_cmdline, "timer.ref");
	const struct refclock *rc = NULL;
	u64 hz;

	if (want && !strcmp(want, "cpuid"))
		want = "cpuid-0x15";
	for (size_t i = 1; want && i < ARRAY_SIZE(sources); i++) {
		if (strcmp(want, sources[i].name))
			continue;
		rc = refclock_get((enum refclock_kind)sources[i].kind);
		hz = rc ? measure(rc) : 0;
		if (hz < HZ)
			panic("timer: timer.ref=%s gives no rate for the local APIC timer", want);
		use(sources[i].name, rc, hz);
		return;
	}
	hz = cpuid_crystal_hz() / APIC_TIMER_DIVISOR;
	if (want && strcmp(want, "cpuid-0x15"))
		panic("timer: timer.ref=%s is not cpuid, pm-timer, hpet or pit", want);
	if (want) {
		if (hz < HZ)
			panic("timer: timer.ref=cpuid, but CPUID gives no crystal rate");
		use("cpuid-0x15", NULL, hz);
		return;
	}

	u64 measured = measure_first(&rc);

	if (hz >= HZ && measured) {
		u64 diff = hz > measured ? hz - measured : measured - hz;

		if (diff * 100 <= hz * CPUID_TOLERANCE_PCT) {
			use("cpuid-0x15", NULL, hz);
			return;
		}
		pr_warn("timer: CPUID 0x15 says %lu Hz, the %s measures %lu Hz: using the "
			"measurement\n",
			(unsigned long)(hz * APIC_TIMER_DIVISOR), rc->name,
			(unsigned long)(measured * APIC_TIMER_DIVISOR));
	} else if (hz >= HZ) {
		use("cpuid-0x15", NULL, hz);
		return;
	}
	if (!measured)
		panic("timer: no clock to calibrate the local APIC timer against (no CPUID 0x15, "
		      "ACPI PM timer, HPET or PIT)");
	use(rc->name, rc, measured);
}

/*
 * This CPU's tick: its own local APIC timer, periodic, at the count the
 * boot CPU calibrated -- every local APIC timer runs on the same clock
 * (§11.5.4). Each CPU's tick ends its time slices (sched_tick()); only the
 * boot CPU's also counts time (traps.c).
 */
void x86_timer_start_this_cpu(void)
{
	lapic_write(APIC_TIMER_DIVIDE, APIC_TIMER_DIVIDE_16);
	lapic_write(APIC_LVT_TIMER, APIC_LVT_TIMER_PERIODIC | VEC_APIC_TIMER);
	lapic_write(APIC_TIMER_INITIAL, x86_timer.initial_count);
}

/*
 * Also the x86 platform's ACPI set-up, the first arch code after
 * acpi_init(): the MADT before the APIC, and what poweroff needs.
 */
void arch_timer_init(unsigned int hz)
{
	serial_init_acpi(); /* the first arch code after acpi_init(): the SPCR's console */
	madt_parse();
	x86_acpi_power_init();
	have_8259 = !x86_madt.found || x86_madt.pcat_compat;
	if (have_8259)
		pic_init();
	lapic_init();
	calibrate();

	u64 count = (x86_timer.apic_timer_hz + hz / 2) / hz;

	if (count == 0 || count > 0xffffffffull)
		panic("timer: %lu Hz cannot make a %u Hz tick",
		      (unsigned long)x86_timer.apic_timer_hz, hz);
	x86_timer.initial_count = (u32)count;
	x86_timer_start_this_cpu();
	/* The boot runner's expectations read this line. */
	printk("timer: local APIC timer, %lu Hz (input %lu Hz / %u) by %s, tick %u Hz\n",
	       (unsigned long)x86_timer.apic_timer_hz,
	       (unsigned long)(x86_timer.apic_timer_hz * APIC_TIMER_DIVISOR), APIC_TIMER_DIVISOR,
	       x86_timer.source, hz);
}
