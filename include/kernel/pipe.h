/* SPDX-License-Identifier: MIT */
/* Pipes (kernel/fs/pipe.c): pipe, pipe2, and fcntl's F_GETPIPE_SZ/F_SETPIPE_SZ. */
#ifndef KERNEL_PIPE_H
#define KERNEL_PIPE_H

#include <kernel/types.h>

struct file;
struct inode;

/* fcntl(F_GETPIPE_SZ / F_SETPIPE_SZ) on f: -EBADF when f is not a pipe. */
long pipe_fcntl(struct file *f, unsigned int cmd, unsigned int arg);
/* True when f is either end of a pipe. */
bool file_is_pipe(const struct file *f);

/*
 * Opens FIFO inode i (Linux's fifo_open() rules, kernel/fs/pipe.c): the
 * file, or NULL with *err set (-EINVAL, -ENXIO, -ENOMEM, -ERESTARTSYS).
 */
struct file *fifo_open(struct inode *i, int flags, long *err);

#endif
