/* SPDX-License-Identifier: MIT */
/*
 * Open files and file-descriptor tables. There are three kinds of file:
 * the console, read-only initramfs files, and pidfds (CLONE_PIDFD).
 */
#ifndef KERNEL_FILE_H
#define KERNEL_FILE_H

#include <kernel/types.h>
#include <kernel/uaccess.h>

#define FD_MAX 64

struct file;
struct pid;

struct file_ops {
	long (*read)(struct file *f, char __user *buf, size_t n);
	long (*write)(struct file *f, const char __user *buf, size_t n);
	void (*release)(struct file *f);
	/*
	 * lseek: sets and returns the new position, or -errno. NULL: the file
	 * cannot seek (ESPIPE), nor take pread/pwrite.
	 */
	long (*llseek)(struct file *f, long off, int whence);
};

/* file.fmode: what the open file allows, as Linux's f_mode (mmap checks it). */
#define FMODE_READ (1u << 0)
#define FMODE_WRITE (1u << 1)

struct file {
	int refs;
	unsigned int fmode; /* FMODE_*: read-write unless open() says less */
	const struct file_ops *ops;
	const void *data; /* initramfs: the contents */
	size_t size;
	u64 pos;
	struct pid *pid; /* pidfd: the process it refers to */
};

struct files {
	int refs;
	struct file *fd[FD_MAX];
	u64 cloexec; /* bit n: close fd n on execve */
};

/* The first table: fds 0, 1 and 2 on the console. NULL on failure. */
struct files *files_create_console(void);
/* A private copy for fork without CLONE_FILES (shares the open files). */
struct files *files_copy(const struct files *src);
void files_put(struct files *f);
void files_close_on_exec(struct files *f);

/* Lowest free fd with f installed (f's reference moves in); -EMFILE. */
int fd_install(struct files *t, struct file *f, bool cloexec);
/* The file at fd, or NULL. No reference taken. */
struct file *fd_get(const struct files *t, int fd);
/* Closes fd: 0 or -EBADF. */
int fd_close(struct files *t, int fd);

/* read/write for files whose contents are data..data+size in kernel memory. */
long file_read_memory(struct file *f, char __user *buf, size_t n);
long file_write_readonly(struct file *f, const char __user *buf, size_t n);
/* lseek for them: Linux's generic_file_llseek() over size bytes. */
long file_llseek_memory(struct file *f, long off, int whence);

struct file *file_open_initramfs(const char *path, long *err);
struct file *file_open_pidfd(struct pid *pid);
void file_put(struct file *f);

#endif
