/* SPDX-License-Identifier: MIT */
/*
 * The file tree (kernel/fs/): a writable in-memory file system (ramfs)
 * that the initramfs populates at boot, as Linux's rootfs. A directory
 * entry (dentry) names an inode inside its parent directory; hard links
 * are several dentries of one inode, and directories have exactly one.
 * /proc is a mount point: the walk hands what follows it to procfs.
 *
 * Locking: every structure here is protected by big_lock (kernel code
 * runs holding it, docs/DESIGN.md §7.3); nothing sleeps while walking.
 */
#ifndef KERNEL_VFS_H
#define KERNEL_VFS_H

#include <kernel/atomic.h>
#include <kernel/spinlock.h>
#include <kernel/uaccess.h>
#include <kernel/types.h>
#include <uapi/linux/stat.h>
#include <uapi/linux/time.h>

#define PATH_MAX 4096
#define NAME_MAX 255
#define MAXSYMLINKS 40 /* Linux's limit on symlinks followed in one walk: then ELOOP */

#define S_IALLUGO 07777

/* What kind of file system a directory's contents come from. */
enum mount_kind { MNT_NONE, MNT_PROC, MNT_TMPFS /* the root of a tmpfs */ };

struct dentry;
struct pipe;

struct inode {
	unsigned long ino;
	unsigned int mode; /* S_IF* | permission bits */
	unsigned int uid, gid;
	unsigned int nlink; /* dentries naming it (directories: 2 + subdirectories) */
	unsigned int refs;  /* dentries + open files + cwd/root holding it */
	u64 size;
	/*
	 * Device nodes: the number as stat's st_rdev shows it (Linux's
	 * new_encode_dev: minor's low byte, major's 12 bits, minor's rest).
	 */
	u32 rdev;
	struct pipe *pipe; /* a FIFO's pipe while it is open (kernel/fs/pipe.c) */
	struct timespec atime, mtime, ctime;
	/*
	 * Contents of a regular file or symlink: an image in place (the
	 * initramfs archive, never written) until the first write or mapping
	 * copies it into pages; then data's page n holds bytes
	 * [n * PAGE_SIZE, ...), none for a hole (reads as zeros). data is
	 * the object mappings of the file share (<kernel/shmem.h>).
	 */
	const u8 *image;
	struct shmem *data;
	struct dentry *children; /* a directory's entries, oldest first */
	enum mount_kind mounted; /* a directory something is mounted on */
};

struct dentry {
	char *name;
	size_t name_len;
	struct inode *inode;
	struct dentry *parent; /* NULL at the root and once unlinked */
	struct dentry *next;   /* sibling in parent->inode->children */
	refcount_t refs; /* 1 while linked into its parent, + holders: dentry_put_unlocked() */
	bool unlinked;
	u64 serial; /* order of linking into its directory: a readdir position stays valid */
};

/*
 * Per-process cwd and root (Linux's fs_struct), shared under CLONE_FS.
 * lock (Linux's fs->lock) keeps root and cwd against a fork that copies
 * them without big_lock (fs_struct_copy_into()): chdir, fchdir and chroot
 * swap a pointer under it, and let the old dentry go after.
 */
struct fs_struct {
	refcount_t refs;
	struct spinlock lock;
	struct dentry *root, *cwd;
	unsigned int umask;
};

extern struct dentry *vfs_root;

/* ---- inodes and file data (kernel/fs/ramfs.c) ---- */
struct inode *inode_new(unsigned int mode);
void inode_get(struct inode *i);
void inode_put(struct inode *i);
/* Copies up to n bytes at pos into a kernel buffer: bytes read. */
size_t inode_read(struct inode *i, u64 pos, void *buf, size_t n);
/* Reads into user memory: bytes read, or -EFAULT when none could be. */
long inode_read_user(struct inode *i, u64 pos, char __user *buf, size_t n);
/* Writes at pos from user memory (growing the file): bytes written, -EFAULT, -ENOSPC, -EFBIG. */
long inode_write_user(struct inode *i, u64 pos, const char __user *buf, size_t n);
/* Writes from a kernel buffer: 0 or -ENOSPC. */
int inode_write_kernel(struct inode *i, u64 pos, const void *buf, size_t n);
/* Sets the size, freeing pages past it; bytes beyond the old size read as zeros. 0, -ENOSPC. */
int inode_truncate(struct inode *i, u64 size);
/*
 * The file's pages for a mapping (exec, mmap): an image in place is copied
 * into pages first. The object, no reference taken; NULL (-ENOSPC) without
 * memory.
 */
struct shmem *inode_pages(struct inode *i);
/* The contents in one contiguous buffer for exec: the image, or a copy (*copy true) to free. */
const u8 *inode_contents(struct inode *i, bool *copy);
void inode_contents_done(const u8 *data, struct inode *i, bool copy);
void inode_touch(struct inode *i, bool mtime, bool ctime);
/* Pages the file system holds (statfs's blocks in use). */
size_t ramfs_pages_used(void);

/* ---- the tree (kernel/fs/dentry.c) ---- */
/* The root's dentry, holding inode (its reference moves in). NULL. */
struct dentry *dentry_new_root(struct inode *inode);
struct dentry *dentry_get(struct dentry *d);
void dentry_put(struct dentry *d);
void dentry_put_unlocked(struct dentry *d);
/* The child of dir named name, or NULL. No reference taken. */
struct dentry *dentry_lookup(struct dentry *dir, const char *name, size_t len);
/* Links a new entry name → inode under dir (inode reference moves in): the dentry or NULL. */
struct dentry *dentry_add(struct dentry *dir, const char *name, size_t len, struct inode *inode);
/* Unlinks d from its parent (drops the parent's reference). */
void dentry_unlink(struct dentry *d);
/* Moves d under newdir as name: 0 or -ENOMEM. */
int dentry_move(struct dentry *d, struct dentry *newdir, const char *name, size_t len);
/*
 * The path of d from root into buf ("/a/b"): its length, -ENAMETOOLONG,
 * or -ENOENT when d was unlinked.
 */
long dentry_path(struct dentry *d, struct dentry *root, char *buf, size_t size);
/* True when anc is d or one of its ancestors. */
bool dentry_is_ancestor(const struct dentry *anc, const struct dentry *d);

/* ---- the walk (kernel/fs/namei.c) ---- */
#define WALK_FOLLOW 1u	  /* follow a symlink in the last component */
#define WALK_DIRECTORY 2u /* the result must be a directory */

/*
 * Resolves path from dirfd (AT_FDCWD or a directory fd) for the caller:
 * the dentry (referenced), or an ERR_PTR (-ENOENT, -ENOTDIR, -ELOOP,
 * -ENAMETOOLONG, -EBADF). A path into /proc returns ERR_PTR(-EXDEV) with
 * *proc_path set to its "/proc/..." form (buf of PATH_MAX bytes).
 */
struct dentry *walk(int dirfd, const char *path, unsigned int flags, char *proc_path);

/*
 * Resolves all but the last component: the parent directory (referenced)
 * and the last name in *name and *len (may be "." or ".."; empty for the root).
 * trailing_slash says the path ended in '/'.
 */
struct dentry *walk_parent(int dirfd, const char *path, const char **name, size_t *len,
			   bool *trailing_slash, char *proc_path);

/* Copies a user path: its length, -EFAULT, -ENAMETOOLONG, or -ENOENT when empty. */
long path_from_user(char *buf, const char __user *upath);

/* ---- per-process cwd and root (kernel/fs/fs_struct.c) ---- */
struct fs_struct *fs_struct_create(void);
/*
 * src's root, cwd and umask in fs, memory a fork allocated before it took
 * big_lock (kernel/proc/fork.c); the dentries' references are the lock's.
 */
struct fs_struct *fs_struct_copy_into(struct fs_struct *fs, struct fs_struct *src);
/* *slot (src's root or cwd) becomes d, whose reference moves in; the old one is let go. */
void fs_struct_set_dir(struct fs_struct *fs, struct dentry **slot, struct dentry *d);
void fs_struct_put(struct fs_struct *fs);
/* fs_struct_put() without big_lock: the lock is taken for a dentry's last reference alone. */
void fs_struct_put_unlocked(struct fs_struct *fs);
/* The caller's; the first process's before any exists. */
struct fs_struct *current_fs(void);

/* ---- the root file system (kernel/fs/rootfs.c) ---- */
/* Builds / from a cpio archive (and those after it), then /dev, /proc, /tmp. 0 or -errno. */
int rootfs_populate(const void *archive, size_t len);
/* Adds a regular file at path (its data in place, never written until copied). 0 or -errno. */
int rootfs_add_image(const char *path, const void *data, size_t size, unsigned int mode);
/* True when path names a regular file (symlinks followed): init's check. */
bool rootfs_is_file(const char *path);

/* ---- open files on the tree (kernel/fs/ramfs_file.c) ---- */
struct file;
/* Opens d for flags (already checked); the file takes a reference on d. NULL on no memory. */
struct file *ramfs_open(struct dentry *d, int flags, long *err);
/* The dentry behind an open file of the tree, or NULL for other kinds. */
struct dentry *file_dentry(const struct file *f);
/* True for an open directory of the tree. */
bool file_is_dir(const struct file *f);

/* ---- mounts (kernel/fs/mount.c) ---- */
struct mount {
	struct dentry *mountpoint; /* held */
	struct inode *covered;	   /* tmpfs: the mount point's own inode, back at umount */
	enum mount_kind kind;
	unsigned long flags; /* MS_* given to mount(2) */
	char source[64];     /* mount(2)'s source, as /proc/mounts prints it */
	bool expiry_marked;  /* umount2(MNT_EXPIRE) once: the next one unmounts */
	struct mount *next;
};
/* Calls fn for every mount, oldest first (the rootfs is none of them). */
void mount_for_each(void (*fn)(const struct mount *m, void *ctx), void *ctx);
/* rootfs.c: procfs on d, the kernel's own /proc. 0 or -ENOMEM. */
int mount_proc_at_boot(struct dentry *d);

/* ---- getdents64 (kernel/fs/dir.c) ---- */
/* The user's buffer being filled. */
struct dir_out {
	char __user *buf;
	size_t size, used;
	long err; /* -EFAULT once a copy faulted */
};
/* Emits one entry (mode's S_IF* bits give d_type): false when it does not fit or faulted. */
bool dir_emit(struct dir_out *o, u64 ino, s64 next, unsigned int mode, const char *name,
	      size_t len);

/* ---- devices (kernel/fs/devices.c) ---- */
/* The file for character device rdev, or NULL with *err = -ENXIO. */
struct file *chrdev_open(u32 rdev, int flags, long *err);
#define MKDEV(ma, mi) ((u32)(((mi)&0xffu) | ((ma)&0xfffu) << 8 | ((mi) & ~0xffu) << 12))
#define RDEV_MAJOR(dev) (((dev) >> 8) & 0xfffu)
#define RDEV_MINOR(dev) (((dev)&0xffu) | (((dev) >> 12) & 0xfff00u))

#endif
