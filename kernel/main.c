// SPDX-License-Identifier: MIT
/*
 * kernel_main(): the start-up order, after the arch has a console, its
 * descriptor tables and struct boot_info. Everything here is generic.
 */
#include <kernel/acpi.h>
#include <kernel/arch.h>
#include <kernel/boot.h>
#include <kernel/cmdline.h>
#include <kernel/crashtest.h>
#include <kernel/fbcon.h>
#include <kernel/fork.h>
#include <kernel/init.h>
#include <kernel/ktest.h>
#include <kernel/kstack.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/random.h>
#include <kernel/sched.h>
#include <kernel/smp.h>
#include <kernel/time.h>
#include <kernel/timer.h>
#include <kernel/verdict.h>

static struct kstack main_stack;
static struct boot_info *boot;

/*
 * Runs on a guarded kernel stack, so an overflow here is caught. The
 * kernel's self-tests come first; user space runs only when they pass.
 * This thread then becomes the idle task.
 */
static __noreturn void kernel_main_late(void *unused)
{
	(void)unused;
	crashtest_run_requested();

	sched_init();
	time_init();
	crashtest_run_scheduled();
	random_init();
	smp_init(boot); /* the secondaries check their shadow stacks and idle */
	printk("# ktap-suite: kernel\n");
	if (ktest_run_all())
		poweroff(POWEROFF_FAIL);

	arch_irq_disable(); /* from here the kernel runs with interrupts off */
	smp_start_scheduling();
	if (init_start(boot))
		poweroff(POWEROFF_FAIL); /* nothing to run: say so instead of idling forever */
	sched_idle_loop();
}

void kernel_main(struct boot_info *info)
{
	unsigned long loglevel;

	boot = info;
	cmdline_parse(&kernel_cmdline, info->cmdline);
	if (cmdline_get_ulong(&kernel_cmdline, "loglevel", &loglevel))
		printk_set_loglevel((int)loglevel);

	printk("Umbra (%s), booted by %s\n", arch_name, info->loader[0] ? info->loader : "?");
	pr_info("cmdline: %s\n", info->cmdline);
	if (kernel_cmdline.truncated)
		pr_warn("cmdline: too long or too many words; the rest is ignored\n");
	clone3_shstk_setup();
	verdict_note_boot(info);

	for (unsigned int i = 0; i < info->nr_usable; i++)
		pr_info("mem: usable %012lx-%012lx\n", (unsigned long)info->usable[i].start,
			(unsigned long)info->usable[i].end - 1);
	const char *memmap = cmdline_get(&kernel_cmdline, "memmap");
	unsigned int nr_firm = info->nr_reserved;

	if (memmap && boot_memmap_reserve(info, memmap) < 0)
		pr_warn("cmdline: memmap=%s: not nn[KMG]$ss[KMG][,...]; the rest is ignored\n",
			memmap);
	for (unsigned int i = nr_firm; i < info->nr_reserved; i++)
		pr_info("mem: reserved %012lx-%012lx (memmap=)\n",
			(unsigned long)info->reserved[i].start,
			(unsigned long)info->reserved[i].end - 1);

	arch_cpu_probe();
	page_alloc_init(info);
	arch_mm_init(info);
	fbcon_init(&info->fb);
	acpi_init(info); /* before the timer: it may be calibrated against ACPI's */
	arch_timer_init(HZ);
	verdict_note_machine(info); /* the CPUs the firmware lists are known now */
	verdict_hold_mark();
	arch_irq_enable();

	if (kstack_alloc(&main_stack))
		panic("no memory for the main kernel stack");
	arch_start_on_kstack(&main_stack, kernel_main_late, NULL);
}
