// SPDX-License-Identifier: MIT
/*
 * The path walk, with Linux's rules (fs/namei.c): components are taken
 * from the process's root for an absolute path, else from its cwd or the
 * directory dirfd names; "." stays, ".." goes up but never above the
 * root; a symlink is followed in the middle of a path always, and at its
 * end when asked (or when a slash follows it); more than MAXSYMLINKS
 * followed in one walk is ELOOP; a component longer than NAME_MAX is
 * ENAMETOOLONG; going through something that is not a directory is
 * ENOTDIR. What lies under /proc is procfs's: the walk stops at the mount
 * point and returns the rest as a "/proc/NAME" path (ERR_PTR(-EXDEV)),
 * unless it goes through one of procfs's links into the tree (cwd, root,
 * exe, fd/N), which it follows as Linux's magic links.
 * Protected by big_lock (<kernel/vfs.h>).
 */
#include <kernel/err.h>
#include <kernel/file.h>
#include <kernel/kmem.h>
#include <kernel/procfs.h>
#include <kernel/task.h>
#include <kernel/vfs.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fcntl.h>

long path_from_user(char *buf, const char __user *upath)
{
	long len = strncpy_from_user(buf, upath, PATH_MAX);

	if (len < 0)
		return len;
	if (len == 0)
		return -ENOENT;
	return len;
}

struct walk {
	struct dentry *cur; /* referenced */
	char *buf;	    /* the path still to walk, rewritten at each symlink */
	const char *p;
	unsigned int links;
};

/*
 * The directory a relative walk starts from. From a /proc directory's fd
 * the whole walk is procfs's: ERR_PTR(-EXDEV) with proc_path its path.
 */
static struct dentry *start_dir(int dirfd, const char *path, char *proc_path)
{
	struct fs_struct *fs = current_fs();
	struct file *f;
	struct dentry *d;

	if (path[0] == '/')
		return dentry_get(fs->root);
	if (dirfd == AT_FDCWD)
		return dentry_get(fs->cwd);
	f = fd_get(current->files, dirfd);
	if (!f)
		return ERR_PTR(-EBADF);
	if (procfs_file_is_dir(f)) {
		const char *dir = procfs_dir_path(f);
		size_t dlen = strlen(dir), plen = strlen(path);

		if (dlen + 1 + plen >= PATH_MAX)
			return ERR_PTR(-ENAMETOOLONG);
		memcpy(proc_path, dir, dlen);
		proc_path[dlen] = '/';
		memcpy(proc_path + dlen + 1, path, plen + 1);
		return ERR_PTR(-EXDEV);
	}
	d = file_dentry(f);
	if (!d || !S_ISDIR(d->inode->mode))
		return ERR_PTR(-ENOTDIR);
	return dentry_get(d);
}

static void walk_move(struct walk *w, struct dentry *d)
{
	dentry_get(d);
	dentry_put(w->cur);
	w->cur = d;
}

/*
 * Replaces the walk's path with the link's target followed by rest (what
 * came after the link's name: empty, or starting with '/'). 0, -ELOOP,
 * -ENAMETOOLONG or -ENOMEM.
 */
static int follow(struct walk *w, struct dentry *link, const char *rest)
{
	size_t tlen = (size_t)link->inode->size, rlen = strlen(rest);
	char *nbuf;

	if (++w->links > MAXSYMLINKS)
		return -ELOOP;
	if (tlen + rlen >= PATH_MAX)
		return -ENAMETOOLONG;
	nbuf = kmalloc(PATH_MAX);
	if (!nbuf)
		return -ENOMEM;
	inode_read(link->inode, 0, nbuf, tlen);
	memcpy(nbuf + tlen, rest, rlen + 1);
	kfree(w->buf);
	w->buf = nbuf;
	w->p = nbuf;
	if (nbuf[0] == '/')
		walk_move(w, current_fs()->root);
	return 0;
}

/*
 * The walk reached procfs with proc_path left: a magic link into the tree
 * that is to be followed (PID/cwd, root, exe, fd/N) moves the walk to its
 * target with the rest of the path, counting as a symlink (0, -ELOOP,
 * -ENOMEM); anything else is procfs's to serve (-EXDEV).
 */
static int enter_proc_link(struct walk *w, unsigned int flags, const char *proc_path)
{
	struct proc_node n;
	struct dentry *tree;
	const char *rest;
	char *nbuf;

	if (procfs_resolve(proc_path, flags & WALK_FOLLOW, &n, &tree, &rest) || !tree)
		return -EXDEV;
	if (++w->links > MAXSYMLINKS)
		return -ELOOP;
	nbuf = kmalloc(PATH_MAX);
	if (!nbuf)
		return -ENOMEM;
	memcpy(nbuf, rest, strlen(rest) + 1);
	kfree(w->buf);
	w->buf = nbuf;
	w->p = nbuf;
	walk_move(w, tree);
	return 0;
}

static const char *skip_slashes(const char *p)
{
	while (*p == '/')
		p++;
	return p;
}

/*
 * Walks w's path. With want_parent, stops before the last component and
 * leaves it in *name and *len; else resolves it too. 0 or -errno; -EXDEV
 * with proc_path filled for a path under /proc.
 */
static int walk_path(struct walk *w, unsigned int flags, bool want_parent, const char **name,
		     size_t *nlen, bool *trailing, char *proc_path)
{
	for (;;) {
		const char *c = skip_slashes(w->p);
		size_t len = 0;

		if (!*c) {
			if (want_parent) {
				*name = c;
				*nlen = 0;
			}
			return 0;
		}
		while (c[len] && c[len] != '/')
			len++;

		const char *next = skip_slashes(c + len);
		bool last = !*next, slash_after = c[len] == '/';

		if (!S_ISDIR(w->cur->inode->mode))
			return -ENOTDIR;
		if (w->cur->inode->mounted == MNT_PROC) {
			size_t rest = strlen(c);

			if (6 + rest >= PATH_MAX)
				return -ENAMETOOLONG;
			memcpy(proc_path, "/proc/", 6);
			memcpy(proc_path + 6, c, rest + 1);
			if (want_parent)
				return -EXDEV;
			int err = enter_proc_link(w, flags, proc_path);

			if (err)
				return err;
			continue;
		}
		if (len > NAME_MAX)
			return -ENAMETOOLONG;
		if (last && want_parent) {
			*name = c;
			*nlen = len;
			*trailing = slash_after;
			return 0;
		}
		w->p = c + len;
		if (len == 1 && c[0] == '.')
			continue;
		if (len == 2 && c[0] == '.' && c[1] == '.') {
			if (w->cur != current_fs()->root && w->cur->parent)
				walk_move(w, w->cur->parent);
			continue;
		}

		struct dentry *d = dentry_lookup(w->cur, c, len);

		if (!d)
			return -ENOENT;
		if (S_ISLNK(d->inode->mode) && (!last || slash_after || (flags & WALK_FOLLOW))) {
			int err = follow(w, d, c + len);

			if (err)
				return err;
			continue;
		}
		if (last && slash_after && !S_ISDIR(d->inode->mode))
			return -ENOTDIR;
		walk_move(w, d);
	}
}

static struct dentry *walk_begin(struct walk *w, int dirfd, const char *path, char *proc_path)
{
	w->cur = start_dir(dirfd, path, proc_path);
	w->buf = NULL;
	w->p = path;
	w->links = 0;
	return w->cur;
}

struct dentry *walk(int dirfd, const char *path, unsigned int flags, char *proc_path)
{
	struct walk w;
	int err;

	if (IS_ERR(walk_begin(&w, dirfd, path, proc_path)))
		return w.cur;
	err = walk_path(&w, flags, false, NULL, NULL, NULL, proc_path);
	kfree(w.buf);
	if (!err && (flags & WALK_DIRECTORY) && !S_ISDIR(w.cur->inode->mode))
		err = -ENOTDIR;
	if (err) {
		dentry_put(w.cur);
		return ERR_PTR(err);
	}
	return w.cur;
}

struct dentry *walk_parent(int dirfd, const char *path, const char **name, size_t *len,
			   bool *trailing_slash, char *proc_path)
{
	struct walk w;
	int err;

	*trailing_slash = false;
	if (IS_ERR(walk_begin(&w, dirfd, path, proc_path)))
		return w.cur;
	err = walk_path(&w, 0, true, name, len, trailing_slash, proc_path);
	if (!err && !S_ISDIR(w.cur->inode->mode))
		err = -ENOTDIR;
	if (!err && w.buf) {
		/* The name points into the symlink buffer: move it to the caller's path copy. */
		size_t n = *len;

		memmove(proc_path, *name, n);
		proc_path[n] = '\0';
		*name = proc_path;
	}
	kfree(w.buf);
	if (err) {
		dentry_put(w.cur);
		return ERR_PTR(err);
	}
	return w.cur;
}
