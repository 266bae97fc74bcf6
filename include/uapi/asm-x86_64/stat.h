/* SPDX-License-Identifier: MIT */
/* struct stat as x86_64's stat/fstat/lstat/newfstatat fill it (arch/x86/include/uapi/asm/stat.h). */
#ifndef UAPI_ASM_X86_64_STAT_H
#define UAPI_ASM_X86_64_STAT_H

struct stat {
	unsigned long st_dev;
	unsigned long st_ino;
	unsigned long st_nlink;
	unsigned int st_mode;
	unsigned int st_uid;
	unsigned int st_gid;
	unsigned int __pad0;
	unsigned long st_rdev;
	long st_size;
	long st_blksize;
	long st_blocks;
	unsigned long st_atime_sec, st_atime_nsec;
	unsigned long st_mtime_sec, st_mtime_nsec;
	unsigned long st_ctime_sec, st_ctime_nsec;
	long __unused[3];
};

#endif
