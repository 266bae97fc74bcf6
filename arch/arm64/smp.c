// SPDX-License-Identifier: MIT
/*
 * Starting the secondary CPUs through PSCI CPU_ON (Arm DEN 0022D §5.1.4:
 * function 0xC4000003, x1 = the target's MPIDR affinity, x2 = the physical
 * entry point, x3 = a context ID the CPU finds in x0), the CPUs from the
 * device tree's cpu nodes or the MADT's GICC entries (arm64_platform.cpus).
 *
 * Each runs head.S's secondary_entry (EL2 -> EL1 as the boot CPU, MMU on
 * with the kernel's tables), then arm64_secondary_main(): its per-CPU
 * pointer, the exception vectors, PAN, the GCS/S1PIE self-check
 * (arm64_gcs_check_secondary()), a report in smp_cpus[], GCS at EL1
 * (kernel_gcs.c), and the generic smp_secondary_main(), which sets up its GIC interface and timer
 * (arch_smp_secondary_init()) and enters the idle loop. CPUs wake each
 * other with SGIs (gic.c).
 */
#include <asm/gcs.h>
#include <asm/kernel_gcs.h>
#include <asm/mmu.h>
#include <asm/page.h>
#include <asm/setup.h>
#include <asm/smp.h>
#include <asm/sysreg.h>
#include <kernel/arch.h>
#include <kernel/boot.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <kernel/task.h>
#include <stddef.h>
#include <uapi/linux/errno.h>

_Static_assert(offsetof(struct arm64_secondary_boot, mair) == SB_MAIR, "asm/smp.h");
_Static_assert(offsetof(struct arm64_secondary_boot, tcr) == SB_TCR, "asm/smp.h");
_Static_assert(offsetof(struct arm64_secondary_boot, ttbr1) == SB_TTBR1, "asm/smp.h");
_Static_assert(offsetof(struct arm64_secondary_boot, sctlr) == SB_SCTLR, "asm/smp.h");
_Static_assert(offsetof(struct arm64_secondary_boot, stack_top) == SB_STACK, "asm/smp.h");
_Static_assert(offsetof(struct arm64_secondary_boot, cpu) == SB_CPU, "asm/smp.h");
_Static_assert(sizeof(struct arm64_secondary_boot) == SB_SIZE, "asm/smp.h");

#define PSCI_CPU_ON_64 0xc4000003ul
/* PSCI return codes (DEN 0022D §5.2.2). */
#define PSCI_NOT_SUPPORTED (-1)
#define PSCI_INVALID_PARAMETERS (-2)
#define PSCI_DENIED (-3)
#define PSCI_ALREADY_ON (-4)
#define PSCI_ON_PENDING (-5)
#define PSCI_INVALID_ADDRESS (-9)

#define CACHE_STEP 16 /* no data cache line is smaller (CTR_EL0.DminLine >= 2 words) */

const char arch_smp_id_name[] = "MPIDR";

/* Read with the MMU off by the starting CPU: cleaned to the point of coherency first. */
static struct arm64_secondary_boot boot_block __aligned(64);

void arm64_add_cpu(u64 mpidr)
{
	struct arm64_platform *p = &arm64_platform;

	mpidr &= MPIDR_AFFINITY_MASK;
	for (unsigned int i = 0; i < p->nr_cpus; i++)
		if (p->cpus[i] == mpidr)
			return;
	if (p->nr_cpus < SMP_MAX_CPUS)
		p->cpus[p->nr_cpus++] = mpidr;
}

u64 arch_smp_this_cpu_id(void)
{
	return read_sysreg(mpidr_el1) & MPIDR_AFFINITY_MASK;
}

unsigned int arch_smp_list_cpus(const struct boot_info *info, struct smp_cpu *cpus,
				unsigned int max)
{
	const struct arm64_platform *p = &arm64_platform;
	u64 me = arch_smp_this_cpu_id();
	unsigned int n = 0;
	bool found_me = false;

	(void)info;
	if (!p->psci)
		return 0; /* no way to start another CPU */
	for (unsigned int i = 0; i < p->nr_cpus && n < max; i++) {
		cpus[n] = (struct smp_cpu){ .hw_id = p->cpus[i], .boot = p->cpus[i] == me };
		found_me |= cpus[n].boot;
		n++;
	}
	if (!found_me && n) {
		pr_warn("smp: the firmware does not list the boot CPU (MPIDR %#lx): secondaries "
			"left off\n",
			(unsigned long)me);
		return 0;
	}
	return n;
}

static long psci_cpu_on(u64 mpidr, phys_addr_t entry, u64 context)
{
	register u64 x0 __asm__("x0") = PSCI_CPU_ON_64;
	register u64 x1 __asm__("x1") = mpidr;
	register u64 x2 __asm__("x2") = entry;
	register u64 x3 __asm__("x3") = context;

	/* SMC Calling Convention (Arm DEN 0028): x4-x17 are not preserved across the call. */
	if (arm64_platform.psci_hvc)
		__asm__ __volatile__("hvc #0"
				     : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
				     :
				     : "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12",
				       "x13", "x14", "x15", "x16", "x17", "memory");
	else
		__asm__ __volatile__("smc #0"
				     : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
				     :
				     : "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12",
				       "x13", "x14", "x15", "x16", "x17", "memory");
	return (long)x0;
}

static int psci_errno(long r)
{
	switch (r) {
	case PSCI_NOT_SUPPORTED:
		return -EOPNOTSUPP;
	case PSCI_INVALID_PARAMETERS:
	case PSCI_INVALID_ADDRESS:
		return -EINVAL;
	case PSCI_DENIED:
		return -EPERM;
	case PSCI_ALREADY_ON:
	case PSCI_ON_PENDING:
		return -EBUSY;
	default:
		return -EIO;
	}
}

int arch_smp_start_cpu(const struct boot_info *info, struct smp_cpu *c, uintptr_t stack_top)
{
	struct arm64_secondary_boot *b = &boot_block;
	long r;

	(void)info;
	b->mair = read_sysreg(mair_el1);
	b->tcr = read_sysreg(tcr_el1);
	b->ttbr1 = read_sysreg(ttbr1_el1);
	b->sctlr = read_sysreg(sctlr_el1);
	b->stack_top = stack_top;
	b->cpu = (u64)(c - smp_cpus);
	/* Clean to the point of coherency: the CPU reads it with its MMU and caches off. */
	for (uintptr_t a = (uintptr_t)b; a < (uintptr_t)(b + 1); a += CACHE_STEP)
		__asm__ __volatile__("dc civac, %0" ::"r"(a) : "memory");
	__asm__ __volatile__("dsb sy" ::: "memory");

	r = psci_cpu_on(c->hw_id, kernel_image_to_phys(arm64_secondary_entry),
			kernel_image_to_phys(b));
	return r ? psci_errno(r) : 0;
}

void arch_smp_started_all(void)
{
}

__noreturn void arm64_secondary_main(u64 cpu);

static void secondary_run(void *c)
{
	smp_secondary_main(c);
}

/*
 * On the new CPU, MMU on, on its idle task's stack, every interrupt
 * masked. First TPIDR_EL1 (this_cpu(), which every lock and `current`
 * read), then what the boot CPU set for itself outside head.S: its
 * exception vectors (VBAR_EL1), PAN, the S1PIE/GCS registers (set and
 * checked by arm64_gcs_check_secondary()). MAIR, TCR, TTBR1, SCTLR and
 * CPACR (FP/SIMD) came from head.S, EL2's traps from el2_to_el1; the GIC,
 * the timer and EL0's counter access (CNTKCTL_EL1) come with
 * arch_smp_secondary_init(). MDSCR_EL1 stays as reset left it, as on the
 * boot CPU, which never writes it.
 */
void arm64_secondary_main(u64 cpu)
{
	enum smp_shstk verdict;
	u64 detail = 0;

	arch_set_this_cpu(&cpus[cpu]);
	write_sysreg(ttbr0_el1, arm64_empty_pgd());
	isb();
	__asm__ __volatile__("tlbi vmalle1\n\tdsb nsh\n\tisb" ::: "memory");
	arm64_traps_init();
	if (arm64_pan_enabled)
		arm64_pan_init();
	/*
	 * A GICv3 CPU whose redistributor no region holds could take no
	 * interrupt: it says so, reports itself failed and parks, and the
	 * suite runs on the CPUs that came up.
	 */
	if (arm64_platform.gic_version == 3 && !gic_find_redistributor()) {
		pr_warn("smp: MPIDR %#lx has no redistributor in the %u regions the firmware gave; "
			"left out\n",
			(unsigned long)arch_smp_this_cpu_id(), arm64_platform.nr_gicr);
		__atomic_store_n(&smp_cpus[cpu].state, SMP_CPU_FAILED, __ATOMIC_RELEASE);
		for (;;)
			__asm__ __volatile__("msr daifset, #0xf\n\twfi" ::: "memory");
	}
	verdict = arm64_gcs_check_secondary(&detail);
	smp_report(&smp_cpus[cpu], arch_smp_this_cpu_id(), verdict, detail);
	/* Afresh on the same stack, with GCS at EL1 on where the kernel keeps it (kernel_gcs.c). */
	arm64_kgcs_run_secondary(&smp_cpus[cpu].idle->kstack, secondary_run, &smp_cpus[cpu]);
}

/* ---- scheduling on this CPU ---- */

/* Before the idle loop, big_lock not held: only this CPU's own registers are touched. */
void arch_smp_secondary_init(struct cpu *c)
{
	arm64_timer_init_secondary(c);
}

static void send_sgi(unsigned int sgi, unsigned int cpu)
{
	gic_send_sgi(sgi, smp_cpus[cpu].hw_id, cpus[cpu].arch.gic_cpu_mask);
}

void arch_smp_send_reschedule(unsigned int cpu)
{
	send_sgi(SGI_RESCHEDULE, cpu);
}

/*
 * A lock waiter's halt (kernel/locking/spinlock.c): WFI with interrupts
 * masked, until the unlock that serves its ticket sends SGI_KICK. WFI
 * wakes on any interrupt the GIC signals, masked by PSTATE.I or not (Arm
 * ARM D1.6.2), so the priority mask lets only the kick (and the EL1
 * physical timer, the backstop below) through meanwhile (gic.c): a pending tick --
 * or the very interrupt whose entry waits for the lock, not yet
 * acknowledged -- would otherwise end the WFI at once and turn the halt
 * into a spin. The kick outranks every other interrupt, so it also wakes
 * a CPU that waits for a lock inside an interrupt handler (the running
 * priority is the handler's). Once awake the CPU takes the kick itself
 * (gic_take_kick()): no interrupt entry follows. A kick sent before the
 * WFI stays pending and ends it at once. A backstop all the same: the
 * EL1 physical timer ends the halt after 1 ms (timer.c, arm64_lock_halt()),
 * so a kick lost to a path not thought of costs a millisecond, not a hung
 * CPU: one qemu-arm64-gcs boot without it hung in a thread join, with
 * waiters halting at once, and the lost wake-up was not found.
 *
 * Not WFE and SEV, the usual pairing (Arm ARM D1.6.1, "Wait for Event":
 * a store that clears the waiter's exclusive monitor wakes it, no
 * interrupt needed): QEMU's TCG, where every arm64 platform runs,
 * implements WFE as YIELD -- its vCPU thread goes back to QEMU's loop
 * and runs again at once, never sleeps -- so 8 waiting vCPUs would still
 * spin on 2 host cores, starving the one whose ticket is next. A WFI
 * with nothing pending does halt the vCPU thread until an interrupt.
 * Before this CPU's GIC takes the kick: a plain YIELD.
 */
void arch_spin_halt(void)
{
	if (!this_cpu()->arch.kick_ready) {
		__asm__ __volatile__("yield" ::: "memory");
		return;
	}
	arm64_lock_halt();
}

/* Wakes a CPU from arch_spin_halt(); the GIC keeps it pending until taken. */
void arch_spin_kick_cpu(unsigned int cpu)
{
	send_sgi(SGI_KICK, cpu);
}

/*
 * Nothing to answer: the TLB maintenance that keeps other CPUs' TLBs right
 * is broadcast by the hardware (TLBI ...IS, asm/pgtable.h) and completes
 * with the sender's DSB, without the other CPUs doing anything.
 */
void arch_smp_poll(void)
{
}

/* Every other CPU that takes interrupts stops (before the machine is left: poweroff.c). */
void arm64_smp_stop_others(void)
{
	unsigned int me = this_cpu()->id;

	for (unsigned int i = 0; i < smp_nr_cpus; i++)
		if (i != me && READ_ONCE(cpus[i].idle))
			send_sgi(SGI_STOP, i);
}

void arm64_sgi(unsigned int sgi)
{
	/*
	 * SGI_RESCHEDULE: the sender set need_resched first; the idle loop or
	 * the way back to user mode acts on it. SGI_KICK (one that came while
	 * this entry waited for big_lock): the wait it was for is over.
	 * SGI_STOP: park for good, every interrupt masked (a CPU spinning on
	 * big_lock never takes it, and never gets the lock either).
	 */
	if (sgi == SGI_STOP)
		for (;;)
			__asm__ __volatile__("msr daifset, #0xf\n\twfi" ::: "memory");
}
