/* SPDX-License-Identifier: MIT */
/*
 * The ACPI fixed hardware on x86: registers a Generic Address Structure
 * (ACPI 6.5 §5.2.3.2) names in I/O, memory or PCI configuration space, and
 * the reference clocks the local APIC timer is calibrated and checked
 * against (refclock.c).
 */
#ifndef ASM_ACPI_HW_H
#define ASM_ACPI_HW_H

#include <kernel/acpi.h>
#include <kernel/types.h>

/* True when g names a register this code can reach (I/O, memory, PCI bus 0). */
bool x86_gas_usable(const struct acpi_gas *g);

/* Reads or writes the register g names, at its width (8..64 bits). */
u64 x86_gas_read(const struct acpi_gas *g);
void x86_gas_write(const struct acpi_gas *g, u64 v);

/*
 * A free-running counter of known rate: the ACPI PM timer, the HPET's main
 * counter, or the 8254 PIT's channel 2. read() returns the counter, which
 * counts up and wraps at mask.
 */
enum refclock_kind { REFCLOCK_PM_TIMER, REFCLOCK_HPET, REFCLOCK_PIT, NR_REFCLOCKS };

struct refclock {
	const char *name;
	u64 hz;
	u64 mask;
	u64 (*read)(void);
};

/*
 * The clock of that kind when this machine has one that counts, else NULL.
 * The first call of each kind probes (and may start it: the HPET's counter,
 * the PIT's channel 2).
 */
const struct refclock *refclock_get(enum refclock_kind kind);

/*
 * Elapsed counts since refclock_watch_start(), wraps included, as long as
 * refclock_watch_read() is called at least once per wrap period (the PIT's
 * is 55 ms, the 24-bit PM timer's 4.7 s).
 */
struct refclock_watch {
	const struct refclock *rc;
	u64 last;
	u64 total;
};

void refclock_watch_start(struct refclock_watch *w, const struct refclock *rc);
u64 refclock_watch_read(struct refclock_watch *w);

/* How the tick was set up (timer.c), for the log and the self-tests. */
struct x86_timer_info {
	const char *source;	     /* "cpuid-0x15", "pm-timer", "hpet", "pit" */
	const struct refclock *used; /* the clock it was measured against, or NULL */
	u64 apic_timer_hz;	     /* the APIC timer's count rate after the divider */
	u32 initial_count;	     /* per tick */
};

extern struct x86_timer_info x86_timer;

/*
 * One reading of the APIC timer's current count with the reference time
 * of w, taken between two reference reads close together (retried when
 * they are not: a stall between the reads cannot skew it). false when no
 * try succeeded.
 */
bool apic_timer_sample(struct refclock_watch *w, u64 *ref, u32 *count);

/* What x86_acpi_power_init() found for leaving the machine (acpi_power.c). */
struct x86_acpi_power {
	bool s5_found;	       /* \_S5 decoded */
	u8 slp_typa, slp_typb; /* its first two values */
	bool hw_reduced;       /* pm1a is then the sleep control register */
	bool pm1a_ok, pm1b_ok;
	struct acpi_gas pm1a, pm1b;
	u32 smi_cmd;
	u8 acpi_enable;
	bool reset_ok; /* the FADT's reset register works */
	struct acpi_gas reset;
	u8 reset_value;
	bool has_8042;
};

extern struct x86_acpi_power x86_acpi_power;

/* Reads the FADT and \_S5 once, after acpi_init(); logs what it found. */
void x86_acpi_power_init(void);

/* Enters S5 through ACPI; returns only when that did not turn the machine off. */
void x86_acpi_poweroff(void);

/* Resets the machine: the ACPI reset register, the 8042, a triple fault. */
__attribute__((noreturn)) void x86_reset(void);

#endif
