// SPDX-License-Identifier: MIT
/*
 * panic() and restart(): the ways the kernel leaves the machine besides the
 * verdict's poweroff() (kernel/verdict/poweroff.c), which a panic ends in too.
 */
#include <kernel/arch.h>
#include <kernel/console.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/pid.h>
#include <kernel/printk.h>
#include <kernel/task.h>

/*
 * True when the 8 bytes at addr can be read without faulting: a mapped
 * kernel address. A user address never is (SMAP, PAN), and a panic report
 * must not fault on a frame pointer that still holds a user value.
 */
static bool readable_u64(uintptr_t addr)
{
	phys_addr_t phys;
	unsigned int prot;

	return addr >= TASK_SIZE && IS_ALIGNED(addr, 8) && arch_translate(addr, &phys, &prot) &&
	       (prot & KPROT_READ);
}

void backtrace_from(uintptr_t pc, uintptr_t fp)
{
	extern const char __text_start[], __text_end[];

	printk("backtrace:\n  [<%016lx>]\n", (unsigned long)pc);
	for (int depth = 0; depth < 16 && fp; depth++) {
		if (!readable_u64(fp) || !readable_u64(fp + 8))
			break;
		uintptr_t ret = ((uintptr_t *)fp)[1];

		if (ret < (uintptr_t)__text_start || ret >= (uintptr_t)__text_end)
			break;
		printk("  [<%016lx>]\n", (unsigned long)ret);
		fp = ((uintptr_t *)fp)[0];
	}
}

/* The CPU reporting a panic, or -1: the first one to panic owns the report. */
static int panic_cpu = -1;

bool panic_in_progress(void)
{
	return READ_ONCE(panic_cpu) != -1;
}

void restart(void)
{
	arch_irq_disable();
	printk("umbra: restart\n");
	arch_console_flush();
	arch_restart();
}

/*
 * True when [p, p + n) is kernel memory that is mapped: the report must not
 * fault on a corrupted pointer (nor touch user memory, which SMAP/PAN forbid).
 */
static bool readable(const void *p, size_t n)
{
	uintptr_t a = (uintptr_t)p;
	phys_addr_t phys;
	unsigned int prot;

	return a >= DIRECT_MAP_BASE && a + n > a && arch_translate(a, &phys, &prot) &&
	       arch_translate(a + n - 1, &phys, &prot);
}

/*
 * The task line. A kernel bug may have left current (or its pid) pointing
 * at freed or reused memory; the report says so instead of faulting on it
 * and losing the registers and backtrace that follow.
 */
static void print_task_line(void)
{
	const struct task *t = current;

	if (!t) {
		printk("\ntask: kernel boot thread\n");
		return;
	}
	if (!readable(t, sizeof(*t))) {
		printk("\ntask: unreadable (current = %p)\n", (const void *)t);
		return;
	}
	char name[sizeof(t->name)];

	for (size_t i = 0; i < sizeof(name); i++)
		name[i] = t->name[i];
	name[sizeof(name) - 1] = '\0';
	if (t->pid && readable(t->pid, sizeof(*t->pid)))
		printk("\ntask: %s (tid %d)\n", name, task_tid_in(t, &init_pid_ns));
	else
		printk("\ntask: %s\n", name);
}

static void vpanic_begin(const char *fmt, va_list ap)
{
	int me, owner = -1;

	arch_irq_disable();
	me = (int)this_cpu()->id;
	if (!__atomic_compare_exchange_n(&panic_cpu, &owner, me, false, __ATOMIC_SEQ_CST,
					 __ATOMIC_SEQ_CST)) {
		if (owner == me) {
			printk("\n" PANIC_BANNER " while reporting a panic\n");
			poweroff(POWEROFF_PANIC);
		}
		for (;;) /* another CPU reports its panic and powers off: keep out of its way */
			arch_idle_wait();
	}
	printk("\n" PANIC_BANNER ": ");
	vprintk(fmt, ap);
	print_task_line();
}

void panic_begin(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vpanic_begin(fmt, ap);
	va_end(ap);
}

void panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vpanic_begin(fmt, ap);
	va_end(ap);
	arch_dump_stack();
	poweroff(POWEROFF_PANIC);
}
