// SPDX-License-Identifier: MIT
/*
 * poweroff() (<kernel/panic.h>): every run ends here -- init's exit, reboot(2),
 * a panic. The verdict is decided from what the run counted, printed for the
 * runner, held on the screen when one is watched, and handed to the machine
 * as the emulator's exit status (docs/DESIGN.md §6).
 */
#include <kernel/acpi.h>
#include <kernel/arch.h>
#include <kernel/console.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/verdict.h>

void poweroff(enum poweroff_status status)
{
	static struct verdict_facts facts; /* the panic path may be on a small stack */
	const char *why;
	int verdict_status_code;

	arch_irq_disable();
	verdict_gather(&facts, status);
	verdict_status_code = verdict_status(&facts, verdict_decide(&facts, &why));
	/* The runner reads this line on emulators whose exit status says nothing (Bochs). */
	printk("umbra: poweroff status=%d\n", verdict_status_code);
	if (verdict_screen_show(status)) {
		console_flush();
		verdict_hold();
	}
	console_flush();
	/* After the verdict is out: what the firmware asks for before S5 (Linux's order). */
	acpi_prepare_poweroff(status == POWEROFF_PANIC);
	console_flush();
	arch_poweroff(verdict_status_code);
}
