/* SPDX-License-Identifier: MIT */
/* reboot() magic numbers and commands (include/uapi/linux/reboot.h). */
#ifndef UAPI_LINUX_REBOOT_H
#define UAPI_LINUX_REBOOT_H

#define LINUX_REBOOT_MAGIC1 0xfee1dead
#define LINUX_REBOOT_MAGIC2 672274793
#define LINUX_REBOOT_MAGIC2A 85072278
#define LINUX_REBOOT_MAGIC2B 369367448
#define LINUX_REBOOT_MAGIC2C 537993216
#define LINUX_REBOOT_CMD_RESTART 0x01234567
#define LINUX_REBOOT_CMD_HALT 0xcdef0123
#define LINUX_REBOOT_CMD_POWER_OFF 0x4321fedc

#endif
