/* SPDX-License-Identifier: MIT */
/*
 * sysinfo()'s structure (include/uapi/linux/sysinfo.h), 112 bytes on LP64.
 * Memory sizes are in units of mem_unit bytes; Umbra reports mem_unit = the
 * page size, so freeram is its exact free page count.
 */
#ifndef UAPI_LINUX_SYSINFO_H
#define UAPI_LINUX_SYSINFO_H

struct sysinfo {
	long uptime;
	unsigned long loads[3];
	unsigned long totalram;
	unsigned long freeram;
	unsigned long sharedram;
	unsigned long bufferram;
	unsigned long totalswap;
	unsigned long freeswap;
	unsigned short procs;
	unsigned short pad;
	unsigned long totalhigh;
	unsigned long freehigh;
	unsigned int mem_unit;
	char _f[20 - 2 * sizeof(long) - sizeof(int)];
};

#endif
