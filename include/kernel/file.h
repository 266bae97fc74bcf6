/* SPDX-License-Identifier: MIT */
/*
 * Open files and file-descriptor tables. The kinds of file: the console,
 * read-only initramfs and /proc files, pidfds and the two ends of a pipe.
 */
#ifndef KERNEL_FILE_H
#define KERNEL_FILE_H

#include <kernel/atomic.h>
#include <kernel/spinlock.h>
#include <kernel/types.h>
#include <kernel/uaccess.h>

/*
 * Linux's sysctl_nr_open default: no fd table grows past this many fds, and
 * RLIMIT_NOFILE's hard limit cannot be raised above it (EPERM). Tables start
 * small and double as fds are needed (Linux's expand_files()).
 */
#define NR_OPEN (1u << 20)
#define NR_OPEN_DEFAULT 64u /* the first table's size */

struct dentry;
struct dir_out;
struct file;
struct pid;

struct file_ops {
	/*
	 * read(2) and write(2) call read/write without big_lock: the kind
	 * guards its state itself (a pipe's mutex) and takes big_lock where
	 * it needs more (<kernel/syscall_unlocked.h>).
	 */
	bool unlocked;
	/* read/write: a NULL op is EINVAL, as Linux's missing f_op. */
	long (*read)(struct file *f, char __user *buf, size_t n);
	long (*write)(struct file *f, const char __user *buf, size_t n);
	void (*release)(struct file *f);
	/* The POLL* bits ready now; NULL: always readable and writable (Linux's DEFAULT_POLLMASK). */
	unsigned int (*poll)(struct file *f);
	/* The file's own ioctl requests, -ENOTTY for others; NULL: none (ENOTTY). */
	long (*ioctl)(struct file *f, unsigned int cmd, unsigned long arg);
	/* fcntl(F_SETFL): 0 when the new flags suit the file, else -EINVAL (e.g. O_DIRECT). */
	int (*check_flags)(struct file *f, unsigned int flags);
	/* Linux sends SIGIO for this kind under O_ASYNC; Umbra does not, so F_SETFL refuses it. */
	bool fasync;
	/*
	 * lseek: sets and returns the new position, or -errno. NULL: the file
	 * cannot seek (ESPIPE), nor take pread/pwrite.
	 */
	long (*llseek)(struct file *f, long off, int whence);
	/*
	 * getdents64 of a directory not in the tree (/proc's): emits entries
	 * from f->pos on through dir_emit() (<kernel/vfs.h>), moving f->pos; 0
	 * or -errno (-EINVAL when not even one entry fit).
	 */
	long (*getdents)(struct file *f, struct dir_out *o);
};

/* file.fmode: what the open file allows, as Linux's f_mode (mmap checks it). */
#define FMODE_READ (1u << 0)
#define FMODE_WRITE (1u << 1)

struct file {
	refcount_t refs;
	unsigned int fmode;   /* FMODE_*: read-write unless open() says less */
	unsigned int f_flags; /* the O_* flags F_GETFL reports (access mode, O_NONBLOCK, ...) */
	const struct file_ops *ops;
	const void *data; /* initramfs: the contents */
	size_t size;
	u64 pos;
	struct pid *pid;       /* pidfd: the process it refers to */
	void *priv;	       /* the kind's own state (a pipe) */
	struct dentry *dentry; /* a file opened by path in the tree (<kernel/vfs.h>): held */
	/*
	 * A FIFO opened O_RDONLY | O_NONBLOCK before any writer: the pipe's
	 * count of writers' opens then, so poll says no POLLHUP until a writer
	 * has come (Linux's f_pipe).
	 */
	unsigned int fifo_writers_seen;
};

struct files {
	refcount_t refs;
	/*
	 * Guards fd, cloexec and max_fds against the readers that run
	 * without big_lock: read(2) and write(2), which look an fd up
	 * (fd_get_file()), and fork's copy (files_copy()). Everything that
	 * changes them holds big_lock too.
	 */
	struct spinlock lock;
	unsigned int max_fds; /* the table's size: fds 0 .. max_fds - 1 */
	/*
	 * 1 + the highest fd ever installed: every open fd is below it, so
	 * fork's copy and exit's close look at the few slots a program uses,
	 * not at all max_fds (Linux's count_open_files() finds the same bound).
	 */
	unsigned int fd_end;
	struct file **fd;
	u64 *cloexec; /* bit n: close fd n on execve */
	/*
	 * fd and cloexec while the table has its first size: in the struct
	 * itself, as Linux's fd_array, so a fork's copy of a small table is
	 * one allocation and one free, not three (each a hold of the heap's
	 * lock). A table grown past it has both on the heap.
	 */
	struct file *fd_array[NR_OPEN_DEFAULT];
	u64 cloexec_array[NR_OPEN_DEFAULT / 64];
};

/* The first table: fds 0, 1 and 2 on the console. NULL on failure. */
struct files *files_create_console(void);
/*
 * A private copy for fork without CLONE_FILES (shares the open files),
 * taken whole under src's lock: with or without big_lock.
 */
struct files *files_copy(struct files *src);
/* Drops a reference to the table; the last closes its files. big_lock held. */
void files_put(struct files *f);
/*
 * The same without big_lock (exit): a file whose last reference goes is
 * released under big_lock, taken for that file alone.
 */
void files_put_unlocked(struct files *f);
/*
 * For exit before it takes big_lock, when the caller holds a table's only
 * reference: closes every fd (a file whose last reference goes is released
 * under big_lock, taken for that file alone) and keeps the table, empty,
 * for the files_put() that follows under big_lock -- /proc may still reach
 * it through the task meanwhile.
 */
void files_close_all_unlocked(struct files *f);
/* The files_put() that follows it, with or without big_lock: the table goes after the lock's grace. */
void files_put_emptied(struct files *f);
void files_close_on_exec(struct files *f);

/*
 * The lowest free fd at or above from, below the caller's RLIMIT_NOFILE,
 * with f installed (f's reference moves in). -EMFILE when none is free
 * below the limit, -ENOMEM when the table cannot grow.
 */
int fd_install_from(struct files *t, struct file *f, unsigned int from, bool cloexec);
/* The same from fd 0. */
int fd_install(struct files *t, struct file *f, bool cloexec);
/*
 * dup2()/dup3(): installs f at newfd (a reference taken), closing what was
 * there. newfd must be below the caller's RLIMIT_NOFILE. 0 or -ENOMEM.
 */
int fd_replace(struct files *t, unsigned int newfd, struct file *f, bool cloexec);
/* The file at fd, or NULL. No reference taken: big_lock held. */
struct file *fd_get(const struct files *t, int fd);
/* The file at fd with a reference taken, or NULL; needs no big_lock. */
struct file *fd_get_file(struct files *t, int fd);
/* Closes fd: 0 or -EBADF. */
int fd_close(struct files *t, int fd);
bool fd_cloexec(const struct files *t, int fd);
void fd_set_cloexec(struct files *t, int fd, bool on);
/* The caller's RLIMIT_NOFILE soft limit, at most NR_OPEN: fds must stay below it. */
unsigned int fd_limit(void);

/* read/write for files whose contents are data..data+size in kernel memory. */
long file_read_memory(struct file *f, char __user *buf, size_t n);
long file_write_readonly(struct file *f, const char __user *buf, size_t n);
/* lseek for them: Linux's generic_file_llseek() over size bytes. */
long file_llseek_memory(struct file *f, long off, int whence);

/* A new file of kind ops, one reference, FMODE_READ | FMODE_WRITE and f_flags O_RDWR; NULL. */
struct file *file_new(const struct file_ops *ops);
/* A pidfd of pid (reference taken): f_flags O_RDWR | extra (PIDFD_NONBLOCK); NULL. */
struct file *file_open_pidfd(struct pid *pid, unsigned int extra_flags);
void file_put(struct file *f);
/* file_put() for a caller that may not hold big_lock: the last reference's release takes it. */
void file_put_late(struct file *f);
static inline struct file *file_get(struct file *f)
{
	refcount_inc(&f->refs);
	return f;
}

/* True when f is a pidfd. */
bool file_is_pidfd(const struct file *f);

/* ---- the console as a terminal (kernel/tty/tty_io.c) ---- */
long console_ioctl(struct file *f, unsigned int cmd, unsigned long arg);
/* A new open file on the console as /dev/console opens it (init's fd 0-2); NULL. */
struct file *console_file_new(void);

#endif
