/* SPDX-License-Identifier: MIT */
/*
 * The hooks generic kernel code calls into the architecture. Every arch
 * implements all of them under arch/<arch>/; generic code never tests which
 * arch it runs on. Memory hooks are in <kernel/kmem.h>, the timer's in
 * <kernel/timer.h>, the console's in <kernel/console.h>.
 */
#ifndef KERNEL_ARCH_H
#define KERNEL_ARCH_H

#include <kernel/compiler.h>
#include <kernel/types.h>

/* The arch's name as the boot log and `uname -m` print it. */
extern const char arch_name[];

/* Detects CPU features, prints them, and enables the ones the kernel uses. */
void arch_cpu_probe(void);

/* The CPU's model as people know it (brand string, core name), NUL-terminated in buf. */
void arch_cpu_model(char *buf, size_t size);

/* Interrupt flag control. arch_irq_save() returns a cookie for restore. */
void arch_irq_enable(void);
void arch_irq_disable(void);
unsigned long arch_irq_save(void);
void arch_irq_restore(unsigned long flags);
/* True when interrupts are off on this CPU. */
bool arch_irqs_disabled(void);

/*
 * With interrupts off: enables them and waits for one, atomically (so a
 * wake-up cannot slip in between), then disables them again.
 */
void arch_idle_wait(void);

/* A polite spin-wait hint (pause / yield). */
void arch_cpu_relax(void);

/*
 * A lock waiter's sleep (kernel/locking/spinlock.c): with interrupts off or
 * on, halts until arch_spin_kick_cpu() names this CPU -- or any earlier
 * wake-up -- without running anything that could want a lock, and returns
 * with the interrupt state it had. The kick may come before the halt, and
 * must not be lost then.
 */
void arch_spin_halt(void);
void arch_spin_kick_cpu(unsigned int cpu);
/*
 * How many arch_cpu_relax() steps a lock waiter takes before it halts: a
 * short hold ends sooner than a halt and a kick where a step is a PAUSE
 * (x86); where a step is itself a timed sleep (arm64), one is enough.
 */
extern const unsigned int arch_spin_relax_steps;

/* Runs fn(arg) on the stack whose top is stack_top; fn must not return. */
__noreturn void arch_call_on_stack(uintptr_t stack_top, void (*fn)(void *), void *arg);

struct kstack;

/*
 * The kernel's own shadow stacks (x86 supervisor shadow stacks, arm64 GCS
 * at EL1; kshstk=off turns them off). arch_kstack_shadow_alloc() gives the
 * new kernel stack ks a shadow stack of KSTACK_SHADOW_PAGES pages mapped
 * at [at, at + KSTACK_SHADOW_PAGES * PAGE_SIZE) and sets ks->shadow_top,
 * or leaves it 0 where the kernel keeps none; 0 or -ENOMEM.
 * arch_kstack_shadow_free() undoes it.
 */
int arch_kstack_shadow_alloc(struct kstack *ks, uintptr_t at);
void arch_kstack_shadow_free(struct kstack *ks);

/*
 * The boot CPU leaves its boot stack for ks, the first kernel stack, for
 * good: fn(arg) runs there, on ks's shadow stack too where the kernel
 * keeps them (they are switched on here, so nothing before returns).
 */
__noreturn void arch_start_on_kstack(const struct kstack *ks, void (*fn)(void *), void *arg);

/* Prints a frame-pointer backtrace of the caller. */
void arch_dump_stack(void);

/*
 * Leaves the machine with status: emulator exit devices, else the
 * platform's power-off (ACPI S5, PSCI SYSTEM_OFF), else halt forever.
 */
__noreturn void arch_poweroff(int status);

/* Resets the machine (ACPI reset register, PSCI SYSTEM_RESET, ...). */
__noreturn void arch_restart(void);

#endif
