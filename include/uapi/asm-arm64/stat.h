/* SPDX-License-Identifier: MIT */
/* struct stat as arm64's fstat/newfstatat fill it (include/uapi/asm-generic/stat.h). */
#ifndef UAPI_ASM_ARM64_STAT_H
#define UAPI_ASM_ARM64_STAT_H

struct stat {
	unsigned long st_dev;
	unsigned long st_ino;
	unsigned int st_mode;
	unsigned int st_nlink;
	unsigned int st_uid;
	unsigned int st_gid;
	unsigned long st_rdev;
	unsigned long __pad1;
	long st_size;
	int st_blksize;
	int __pad2;
	long st_blocks;
	long st_atime_sec;
	unsigned long st_atime_nsec;
	long st_mtime_sec;
	unsigned long st_mtime_nsec;
	long st_ctime_sec;
	unsigned long st_ctime_nsec;
	unsigned int __unused4, __unused5;
};

#endif
