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

struct proc_buf;
struct dentry;
struct dir_out;

/* The symlinks of /proc (kernel/fs/proc/proc_links.c). */
enum proc_link {
	PROC_LINK_SELF,	       /* /proc/self: "PID" */
	PROC_LINK_THREAD_SELF, /* /proc/thread-self: "PID/task/TID" */
	PROC_LINK_MOUNTS,      /* /proc/mounts: "self/mounts" */
	PROC_LINK_CWD,
	PROC_LINK_ROOT,
	PROC_LINK_EXE,
	PROC_LINK_FD, /* PID/fd/N */
};

/* The directories of /proc. */
enum proc_dir {
	PROC_DIR_ROOT,
	PROC_DIR_PID,	/* /proc/PID: a process */
	PROC_DIR_TID,	/* /proc/PID/task/TID: one thread */
	PROC_DIR_FD,	/* PID/fd */
	PROC_DIR_TASK,	/* PID/task */
	PROC_DIR_SYS,	/* /proc/sys */
	PROC_DIR_KERNEL /* /proc/sys/kernel */
};

/* One file of a /proc directory's table. */
struct proc_entry {
	const char *name;
	unsigned int mode; /* S_IF* and permissions, as Linux's */
	void (*show)(struct proc_buf *b, struct task *t);
	int sub; /* a directory: its enum proc_dir; a symlink: its enum proc_link */
};

/* What a path below /proc names. */
struct proc_node {
	enum { PROC_NONE, PROC_DIR, PROC_FILE, PROC_LINK } kind;
	int sub;		    /* PROC_DIR: enum proc_dir; PROC_LINK: enum proc_link */
	struct task *t;		    /* the task of a PID or TID directory and what is below it */
	const struct proc_entry *e; /* PROC_FILE (and links and directories with a table line) */
	int fd;			    /* PROC_LINK_FD */
};

/*
 * Resolves path (a "/proc/..." string) for the caller: 0 with *n filled,
 * or -ENOENT / -ENOTDIR. A symlink as the last component is followed
 * when follow says so; one in the middle always. A link into the file
 * tree (cwd, root, exe, fd/N) that must be followed stops the walk: 0 with
 * *tree its dentry (not referenced) and *rest what is left of the path
 * after it; *tree is NULL otherwise.
 */
int procfs_resolve(const char *path, bool follow, struct proc_node *n, struct dentry **tree,
		   const char **rest);

/*
 * Opens a /proc file or directory: NULL with *err = -ENOENT (no such file,
 * or no such process in the caller's PID namespace), -ENOTDIR or -ENOMEM.
 */
struct file *procfs_open(const char *path, bool follow, long *err);

/* True for an open /proc directory below /proc itself. */
bool procfs_file_is_dir(const struct file *f);
/* Its path ("/proc/..."), for a walk relative to it. */
const char *procfs_dir_path(const struct file *f);

/* stat's mode, link count and inode number of a /proc path, or -errno. */
long procfs_stat(const char *path, bool follow, unsigned int *mode, unsigned long *nlink,
		 unsigned long *ino);

/* getdents64 of /proc itself (kernel/fs/proc/proc_readdir.c), f open on the mount point. */
long procfs_root_getdents(struct file *f, struct dir_out *o);

struct pid;
/* The task /proc shows for pid: its thread, or a live process's first thread; NULL. */
struct task *proc_pid_task(const struct pid *pid);
/* A directory kind's table of entries and their number (procfs.c). */
const struct proc_entry *proc_dir_table(int dir, size_t *n);
/* An open directory below /proc for n (proc_readdir.c). */
struct file *proc_dir_open(const struct proc_node *n, long *err);
/* The inode number stat and getdents give n. */
unsigned long proc_node_ino(const struct proc_node *n);

/* The task a /proc/PID directory name ("self", "thread-self", a PID) stands for, or NULL. */
struct task *proc_dir_task(const char *dir, size_t len);

/*
 * readlink of a /proc path (kernel/fs/proc/proc_links.c): self,
 * thread-self, mounts, PID/cwd, PID/root, PID/exe, PID/fd/N. The target's
 * length in buf (not NUL-terminated), -ENOENT, or -EINVAL for a file that
 * is no link.
 */
long proc_readlink(const char *path, char *buf, size_t size);
/* The text of link n, as readlink gives it. */
long proc_link_text(const struct proc_node *n, char *buf, size_t size);
/* The tree's dentry link n points at (not referenced), or NULL. */
struct dentry *proc_link_dentry(const struct proc_node *n);

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
void proc_syscall_show(struct proc_buf *b, struct task *t);	   /* proc_misc.c */
void proc_environ_show(struct proc_buf *b, struct task *t);	   /* proc_misc.c */
void proc_comm_show(struct proc_buf *b, struct task *t);	   /* proc_misc.c */
void proc_kernel_cmdline_show(struct proc_buf *b, struct task *t); /* proc_misc.c */
void proc_version_show(struct proc_buf *b, struct task *t);	   /* proc_misc.c */
void proc_cpuinfo_show(struct proc_buf *b, struct task *t);
void proc_pid_max_show(struct proc_buf *b, struct task *t);	/* proc_misc.c */
void proc_threads_max_show(struct proc_buf *b, struct task *t); /* proc_misc.c */
void proc_pid_stat_show(struct proc_buf *b, struct task *t);	/* proc_pid_stat.c: PID/stat */
void proc_tid_stat_show(struct proc_buf *b, struct task *t);	/* proc_pid_stat.c: TID/stat */
void proc_statm_show(struct proc_buf *b, struct task *t);	/* proc_pid_stat.c */
/* t's state as Linux's task_state_array names it ("t (tracing stop)"); stat shows its letter. */
const char *proc_task_state(const struct task *t);	      /* proc_pid_stat.c */
void proc_meminfo_show(struct proc_buf *b, struct task *t);   /* proc_system.c */
void proc_slabinfo_show(struct proc_buf *b, struct task *t);  /* proc_system.c */
void proc_uptime_show(struct proc_buf *b, struct task *t);    /* proc_system.c */
void proc_loadavg_show(struct proc_buf *b, struct task *t);   /* proc_system.c */
void proc_lock_stat_show(struct proc_buf *b, struct task *t); /* proc_system.c */
void proc_stat_show(struct proc_buf *b, struct task *t);      /* proc_system.c */
void proc_mounts_show(struct proc_buf *b, struct task *t);    /* proc_mounts.c */

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
