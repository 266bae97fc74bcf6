// SPDX-License-Identifier: MIT
/*
 * chdir, fchdir, chroot, getcwd and umask: the calls on the process's
 * fs_struct (Linux's fs/open.c, fs/d_path.c, kernel/sys.c).
 * Protected by big_lock (<kernel/vfs.h>).
 */
#include <kernel/err.h>
#include <kernel/file.h>
#include <kernel/kmem.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/vfs.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fcntl.h>

/* The directory path names, held: ERR_PTR for a missing one or one under /proc. */
static struct dentry *dir_of(const char __user *upath)
{
	char *path = kmalloc(2 * PATH_MAX);
	struct dentry *d;
	long err;

	if (!path)
		return ERR_PTR(-ENOMEM);
	err = path_from_user(path, upath);
	d = err < 0 ? ERR_PTR(err)
		    : walk(AT_FDCWD, path, WALK_FOLLOW | WALK_DIRECTORY, path + PATH_MAX);
	kfree(path);
	/* /proc's directories are not dentries of the tree yet: it cannot be entered. */
	return d == ERR_PTR(-EXDEV) ? ERR_PTR(-EACCES) : d;
}

SYSCALL(chdir)
{
	struct dentry *d = dir_of((const char __user *)a[0]);

	if (IS_ERR(d))
		return PTR_ERR(d);
	fs_struct_set_dir(current_fs(), &current_fs()->cwd, d);
	return 0;
}

SYSCALL(chroot)
{
	struct dentry *d = dir_of((const char __user *)a[0]);

	if (IS_ERR(d))
		return PTR_ERR(d);
	fs_struct_set_dir(current_fs(), &current_fs()->root, d);
	return 0;
}

SYSCALL(fchdir)
{
	struct file *f = fd_get(current->files, (int)a[0]);

	if (!f)
		return -EBADF;
	if (!f->dentry || !S_ISDIR(f->dentry->inode->mode))
		return -ENOTDIR;
	fs_struct_set_dir(current_fs(), &current_fs()->cwd, dentry_get(f->dentry));
	return 0;
}

/*
 * getcwd(buf, size): the length with its NUL; ENOENT when the cwd was
 * removed, ERANGE when size is too small (Linux's order: the removed cwd first).
 */
SYSCALL(getcwd)
{
	char *buf = kmalloc(PATH_MAX);
	struct fs_struct *fs = current_fs();
	long len;

	if (!buf)
		return -ENOMEM;
	len = dentry_path(fs->cwd, fs->root, buf, PATH_MAX);
	if (len >= 0) {
		if ((unsigned long)len + 1 > a[1])
			len = -ERANGE;
		else if (copy_to_user((char __user *)a[0], buf, (size_t)len + 1))
			len = -EFAULT;
		else
			len++;
	}
	kfree(buf);
	return len;
}

SYSCALL(umask)
{
	struct fs_struct *fs = current_fs();
	unsigned int old = fs->umask;

	fs->umask = (unsigned int)a[0] & 0777;
	return old;
}
