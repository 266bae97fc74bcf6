/* SPDX-License-Identifier: MIT */
/*
 * sysinfo(2), Linux struct sysinfo on LP64 (112 bytes). Memory sizes are in
 * units of mem_unit bytes; Umbra reports mem_unit = page size, so freeram is
 * its exact free page count.
 */
#ifndef SYS_SYSINFO_H
#define SYS_SYSINFO_H

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
	char reserved[4];
};

int sysinfo(struct sysinfo *info);

#endif
