// SPDX-License-Identifier: MIT
/* panic() and poweroff(): the two ways the kernel leaves the machine. */
#include <kernel/arch.h>
#include <kernel/console.h>
#include <kernel/panic.h>
#include <kernel/pid.h>
#include <kernel/printk.h>
#include <kernel/task.h>

static bool in_panic;

void poweroff(enum poweroff_status status)
{
	arch_irq_disable();
	/* The runner reads this line on emulators whose exit status says nothing (Bochs). */
	printk("umbra: poweroff status=%d\n", (int)status);
	arch_console_flush();
	arch_poweroff((int)status);
}

static void vpanic_begin(const char *fmt, va_list ap)
{
	arch_irq_disable();
	if (in_panic) {
		printk("\n" PANIC_BANNER " while reporting a panic\n");
		poweroff(POWEROFF_PANIC);
	}
	in_panic = true;
	printk("\n" PANIC_BANNER ": ");
	vprintk(fmt, ap);
	if (current && current->pid)
		printk("\ntask: %s (tid %d)\n", current->name, task_tid_in(current, &init_pid_ns));
	else
		printk("\ntask: %s\n", current ? current->name : "kernel boot thread");
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
