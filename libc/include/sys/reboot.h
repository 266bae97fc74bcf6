/* SPDX-License-Identifier: MIT */
/* reboot(2) magic numbers and commands (Linux include/uapi/linux/reboot.h). */
#ifndef SYS_REBOOT_H
#define SYS_REBOOT_H

#define LINUX_REBOOT_MAGIC1 0xfee1dead
#define LINUX_REBOOT_MAGIC2 672274793
#define LINUX_REBOOT_CMD_RESTART 0x01234567
#define LINUX_REBOOT_CMD_HALT 0xCDEF0123
#define LINUX_REBOOT_CMD_POWER_OFF 0x4321FEDC

int reboot(int magic1, int magic2, unsigned int cmd, void *arg);

#endif
