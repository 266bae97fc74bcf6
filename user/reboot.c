// SPDX-License-Identifier: MIT
/*
 * /bin/reboot: restarts the machine (reboot(2) with LINUX_REBOOT_CMD_RESTART;
 * x86_64: the ACPI reset register, the 8042, a triple fault; arm64: PSCI
 * SYSTEM_RESET). Not a test program: booted as init=/bin/reboot it proves
 * the restart path on a real machine (which then boots again). Prints the
 * errno and exits 1 if the call returns.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/reboot.h>
#include <unistd.h>

int main(void)
{
	reboot((int)LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2, LINUX_REBOOT_CMD_RESTART, NULL);
	printf("reboot: the restart failed (errno %d)\n", errno);
	return 1;
}
