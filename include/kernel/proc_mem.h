/* SPDX-License-Identifier: MIT */
/* /proc/PID/mem (kernel/fs/proc/proc_mem.c). */
#ifndef KERNEL_PROC_MEM_H
#define KERNEL_PROC_MEM_H

#include <kernel/types.h>

struct file;

/* True for "/proc/self/mem", "/proc/thread-self/mem" and "/proc/N/mem". */
bool proc_mem_path(const char *path);

/*
 * Opens one of them with open()'s access mode (O_RDONLY, O_WRONLY,
 * O_RDWR): the process's address space as it is now. NULL with *err =
 * -ENOENT (no such process) or -ENOMEM.
 */
struct file *proc_mem_open(const char *path, int flags, long *err);

#endif
