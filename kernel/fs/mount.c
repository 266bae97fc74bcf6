// SPDX-License-Identifier: MIT
/*
 * mount(2). Umbra's one file tree is the read-only initramfs with /proc
 * over it; it has no filesystem type to mount and no mount tree to change.
 * So mount fails as Linux's would for each request, in Linux's order
 * (fs/namespace.c): the strings copied in (EFAULT), the target looked up
 * (ENOENT when it does not exist), then MS_NOUSER → EINVAL; a remount,
 * bind, move or propagation change → EINVAL (Umbra's answer: there is no
 * mount to act on); a new mount without a type → EINVAL, and with one →
 * ENODEV, what Linux says of a type it was built without.
 */
#include <kernel/initramfs.h>
#include <kernel/procfs.h>
#include <kernel/file.h>
#include <kernel/syscalls.h>
#include <kernel/uaccess.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mount.h>

#define MOUNT_STR_MAX 4096 /* a page, as Linux's strndup_user() for the type and source */

/* A mount string: 0 (absent or copied) or -EFAULT; too long is -EINVAL, as strndup_user. */
static long copy_mount_string(const char __user *u, char *buf)
{
	long len;

	if (!u)
		return 0;
	len = strncpy_from_user(buf, u, MOUNT_STR_MAX);
	if (len == -ENAMETOOLONG)
		return -EINVAL;
	return len < 0 ? len : 0;
}

/* The target exists: the root, an initramfs file or directory, or a /proc file. */
static bool target_exists(const char *path)
{
	struct file *f;
	long err;

	if (initramfs_exists(path))
		return true;
	if (!procfs_path(path))
		return false;
	f = procfs_open(path, true, &err);
	if (!f)
		return false;
	file_put(f);
	return true;
}

SYSCALL(mount)
{
	const char __user *udev = (const char __user *)a[0];
	const char __user *udir = (const char __user *)a[1];
	const char __user *utype = (const char __user *)a[2];
	unsigned long flags = a[3];
	static char type[MOUNT_STR_MAX], dev[MOUNT_STR_MAX], dir[MOUNT_STR_MAX];
	long err, len;

	err = copy_mount_string(utype, type);
	if (!err)
		err = copy_mount_string(udev, dev);
	if (err)
		return err;
	/* The options page: only a fault on its very first byte fails (Linux's copy_mount_options()). */
	if (a[4]) {
		char c;

		if (copy_from_user(&c, (const void __user *)a[4], 1))
			return -EFAULT;
	}
	len = strncpy_from_user(dir, udir, sizeof(dir));
	if (len < 0)
		return len;
	if (len == 0 || !target_exists(dir))
		return -ENOENT;
	if ((flags & MS_MGC_MSK) == MS_MGC_VAL)
		flags &= ~MS_MGC_MSK;
	if (flags & MS_NOUSER)
		return -EINVAL;
	if (flags &
	    (MS_REMOUNT | MS_BIND | MS_MOVE | MS_SHARED | MS_PRIVATE | MS_SLAVE | MS_UNBINDABLE))
		return -EINVAL;
	return utype ? -ENODEV : -EINVAL;
}
