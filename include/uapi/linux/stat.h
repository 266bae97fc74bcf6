/* SPDX-License-Identifier: MIT */
/*
 * File types, modes and the stat family's shared ABI (include/uapi/linux/
 * stat.h, fcntl.h's AT_* flags, asm-generic/statfs.h on both 64-bit
 * architectures). struct stat differs per architecture: <uapi/asm-ARCH/stat.h>.
 */
#ifndef UAPI_LINUX_STAT_H
#define UAPI_LINUX_STAT_H

#define S_IFMT 0170000
#define S_IFSOCK 0140000
#define S_IFLNK 0120000
#define S_IFREG 0100000
#define S_IFBLK 0060000
#define S_IFDIR 0040000
#define S_IFCHR 0020000
#define S_IFIFO 0010000
#define S_ISUID 04000
#define S_ISGID 02000
#define S_ISVTX 01000
#define S_ISDIR(m) (((m)&S_IFMT) == S_IFDIR)
#define S_ISREG(m) (((m)&S_IFMT) == S_IFREG)
#define S_ISLNK(m) (((m)&S_IFMT) == S_IFLNK)
#define S_ISCHR(m) (((m)&S_IFMT) == S_IFCHR)
#define S_ISFIFO(m) (((m)&S_IFMT) == S_IFIFO)
#define S_ISBLK(m) (((m)&S_IFMT) == S_IFBLK)
#define S_ISSOCK(m) (((m)&S_IFMT) == S_IFSOCK)

/* The *at() calls' flags (include/uapi/linux/fcntl.h). */
#define AT_SYMLINK_NOFOLLOW 0x100
#define AT_REMOVEDIR 0x200
#define AT_EACCESS 0x200 /* faccessat2 */
#define AT_SYMLINK_FOLLOW 0x400
#define AT_NO_AUTOMOUNT 0x800
#define AT_EMPTY_PATH 0x1000
#define AT_STATX_SYNC_TYPE 0x6000
#define AT_STATX_FORCE_SYNC 0x2000
#define AT_STATX_DONT_SYNC 0x4000

/* renameat2() flags (include/uapi/linux/fs.h). */
#define RENAME_NOREPLACE (1 << 0)
#define RENAME_EXCHANGE (1 << 1)
#define RENAME_WHITEOUT (1 << 2)

/* access() modes (unistd.h). */
#define F_OK 0
#define X_OK 1
#define W_OK 2
#define R_OK 4

/* utimensat()'s special tv_nsec values. */
#define UTIME_NOW ((1l << 30) - 1l)
#define UTIME_OMIT ((1l << 30) - 2l)

struct statx_timestamp {
	long long tv_sec;
	unsigned int tv_nsec;
	int __reserved;
};

struct statx {
	unsigned int stx_mask;
	unsigned int stx_blksize;
	unsigned long long stx_attributes;
	unsigned int stx_nlink;
	unsigned int stx_uid;
	unsigned int stx_gid;
	unsigned short stx_mode;
	unsigned short __spare0;
	unsigned long long stx_ino;
	unsigned long long stx_size;
	unsigned long long stx_blocks;
	unsigned long long stx_attributes_mask;
	struct statx_timestamp stx_atime, stx_btime, stx_ctime, stx_mtime;
	unsigned int stx_rdev_major, stx_rdev_minor;
	unsigned int stx_dev_major, stx_dev_minor;
	unsigned long long stx_mnt_id;
	unsigned int stx_dio_mem_align, stx_dio_offset_align;
	unsigned long long __spare3[12];
};

#define STATX_TYPE 0x0001u
#define STATX_MODE 0x0002u
#define STATX_NLINK 0x0004u
#define STATX_UID 0x0008u
#define STATX_GID 0x0010u
#define STATX_ATIME 0x0020u
#define STATX_MTIME 0x0040u
#define STATX_CTIME 0x0080u
#define STATX_INO 0x0100u
#define STATX_SIZE 0x0200u
#define STATX_BLOCKS 0x0400u
#define STATX_BASIC_STATS 0x07ffu
#define STATX_MNT_ID 0x1000u
#define STATX__RESERVED 0x80000000u

struct statfs {
	long f_type;
	long f_bsize;
	unsigned long long f_blocks, f_bfree, f_bavail, f_files, f_ffree;
	int f_fsid[2];
	long f_namelen;
	long f_frsize;
	long f_flags;
	long f_spare[4];
};

#define RAMFS_MAGIC 0x858458f6
#define PROC_SUPER_MAGIC 0x9fa0

#endif
