/* SPDX-License-Identifier: MIT */
/* A minimal /proc: /proc/self/maps and /proc/cmdline (kernel/procfs.c). */
#ifndef KERNEL_PROCFS_H
#define KERNEL_PROCFS_H

#include <kernel/types.h>

struct file;
struct mm;

/* True for paths procfs_open() serves. */
static inline bool procfs_path(const char *path)
{
	return path[0] == '/' && path[1] == 'p' && path[2] == 'r' && path[3] == 'o' &&
	       path[4] == 'c' && path[5] == '/';
}

/* Opens a /proc file (a snapshot); NULL with *err = -ENOENT / -ENOMEM. */
struct file *procfs_open(const char *path, long *err);

/* "start-end perms ... name" lines for mm's areas; returns the length. */
size_t mm_format_maps(const struct mm *mm, char *buf, size_t size);

#endif
