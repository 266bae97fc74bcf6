/* SPDX-License-Identifier: MIT */
/* sysinfo(2); struct sysinfo is <uapi/linux/sysinfo.h>'s. */
#ifndef SYS_SYSINFO_H
#define SYS_SYSINFO_H

#include <uapi/linux/sysinfo.h>

int sysinfo(struct sysinfo *info);

#endif
