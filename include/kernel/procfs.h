/* SPDX-License-Identifier: MIT */
/*
 * /proc (kernel/fs/proc/procfs.c): the files Linux's static programs read, in
 * Linux's formats (docs/ABI.md §7.4). Each file is printed whole into a
 * buffer when it is opened -- a snapshot -- and reads walk that.
 */
#ifndef KERNEL_PROCFS_H
#define KERNEL_PROCFS_H

#include <kernel/compiler.h>
#include <kernel/types.h>

struct file;
struct mm;
struct task;
struct vma;

/* True for paths procfs_open() serves. */
static inline bool procfs_path(const char *path)
{
	return path[0] == '/' && path[1] == 'p' && path[2] == 'r' && path[3] == 'o' &&
	       path[4] == 'c' && path[5] == '/';
}

/*
 * Opens a /proc file: NULL with *err = -ENOENT (no such file, or no such
 * process in the caller's PID namespace) or -ENOMEM.
 */
struct file *procfs_open(const char *path, long *err);

/* The task a /proc/PID directory name ("self", "thread-self", a PID) stands for, or NULL. */
struct task *proc_dir_task(const char *dir, size_t len);

/*
 * readlink of a /proc path (kernel/fs/proc/proc_links.c): self,
 * thread-self, PID/cwd, PID/root, PID/exe, PID/fd/N. The target's length
 * in buf (not NUL-terminated), -ENOENT, or -EINVAL for a file that is no
 * link.
 */
long proc_readlink(const char *path, char *buf, size_t size);

/* A text that grows as it is printed into; failed once memory ran out. */
struct proc_buf {
	char *text;
	size_t len, cap;
	bool failed;
};

void proc_printf(struct proc_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void proc_puts(struct proc_buf *b, const char *s);
void proc_putc(struct proc_buf *b, char c); /* any byte, NUL included */
/* Pads the current line with spaces up to column col (Linux's seq_pad). */
void proc_pad_to(struct proc_buf *b, size_t line_start, size_t col);

/*
 * The files' printers: t is the task the path names (a thread, or its
 * process's leader for /proc/PID), NULL for the files of /proc itself.
 */
void proc_maps_show(struct proc_buf *b, struct task *t);	   /* proc_maps.c */
void proc_smaps_show(struct proc_buf *b, struct task *t);	   /* proc_maps.c */
void proc_status_show(struct proc_buf *b, struct task *t);	   /* proc_status.c */
void proc_cmdline_show(struct proc_buf *b, struct task *t);	   /* proc_misc.c */
void proc_environ_show(struct proc_buf *b, struct task *t);	   /* proc_misc.c */
void proc_kernel_cmdline_show(struct proc_buf *b, struct task *t); /* proc_misc.c */
void proc_version_show(struct proc_buf *b, struct task *t);	   /* proc_misc.c */
void proc_cpuinfo_show(struct proc_buf *b, struct task *t);
void proc_pid_max_show(struct proc_buf *b, struct task *t);	/* proc_misc.c */
void proc_threads_max_show(struct proc_buf *b, struct task *t); /* proc_misc.c */

/* What status's memory lines need of an address space (proc_maps.c). */
struct mm_usage {
	unsigned long size;		   /* every area */
	unsigned long data;		   /* private writable, not the stack (Linux's data_vm) */
	unsigned long stack;		   /* the main stack */
	unsigned long exe;		   /* executable, from the ELF image */
	unsigned long lib;		   /* other executable areas */
	unsigned long rss_anon, rss_shmem; /* pages mapped, private / shared memory */
};
void mm_usage(const struct mm *mm, struct mm_usage *u);

/* ---- arch hooks (arch/ARCH/proc.c) ---- */
/*
 * /proc/cpuinfo's block for CPU cpu, in Linux's format for the arch. Every
 * CPU's features are the boot CPU's: start-up checked they agree.
 */
void arch_proc_cpuinfo(struct proc_buf *b, unsigned int cpu);
/* The arch's last lines of /proc/PID/status for t (x86_64: x86_Thread_features). */
void arch_proc_status(struct proc_buf *b, const struct task *t);

#endif
