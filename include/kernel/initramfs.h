/* SPDX-License-Identifier: MIT */
/*
 * The initramfs: a cpio "newc" archive (the format of cpio -H newc; the
 * kernel's Documentation/driver-api/early-userspace/buffer-format.rst)
 * loaded by the boot loader as a module. Read-only; files are used in place.
 */
#ifndef KERNEL_INITRAMFS_H
#define KERNEL_INITRAMFS_H

#include <kernel/types.h>

struct cpio_entry {
	const char *name; /* not NUL-terminated: name_len bytes */
	size_t name_len;
	const u8 *data;
	size_t size;
	u32 mode;
	u32 ino, uid, gid, nlink, mtime, rdev_major, rdev_minor;
};

/*
 * Parses the entry at *off of archive[0..len): 1 with *e filled and *off
 * advanced, 0 at the TRAILER!!! entry, -EINVAL when malformed. Pure.
 */
int cpio_next(const u8 *archive, size_t len, size_t *off, struct cpio_entry *e);

/* Checks and indexes the archive. 0, or -EINVAL. */
int initramfs_init(const void *archive, size_t len);

/*
 * Adds a file the boot loader loaded on its own (the USB stick's extra
 * programs: a Multiboot2 module, or a file the arm64 EFI stub read) under
 * path, which must lie in /opt/; /opt/bin/ files are executable. It hides
 * an archive file of the same name. 0, -EINVAL for another path, -ENOSPC
 * when the table is full.
 */
int initramfs_add_file(const char *path, const void *data, size_t size);

/* The regular file at path ("/init", "bin/x", "./bin/x" alike), or NULL. */
const struct cpio_entry *initramfs_lookup(const char *path);

/* True when path names a file, or a directory holding files (the root included). */
bool initramfs_exists(const char *path);

#define CPIO_MODE_TYPE 0170000
#define CPIO_MODE_REG 0100000
#define CPIO_MODE_DIR 0040000
#define CPIO_MODE_LNK 0120000
#define CPIO_MODE_CHR 0020000
#define CPIO_MODE_EXEC_ANY 0111 /* S_IXUSR | S_IXGRP | S_IXOTH */

#endif
