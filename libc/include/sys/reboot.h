/* SPDX-License-Identifier: MIT */
/* reboot(2); the magic numbers and commands come from <uapi/linux/reboot.h>. */
#ifndef SYS_REBOOT_H
#define SYS_REBOOT_H

#include <uapi/linux/reboot.h>

int reboot(int magic1, int magic2, unsigned int cmd, void *arg);

#endif
