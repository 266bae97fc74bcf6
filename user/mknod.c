// SPDX-License-Identifier: MIT
/*
 * /bin/mknod: special files, against Linux's fs/namei.c (do_mknodat,
 * may_mknod, filename_create) and fs/pipe.c (fifo_open), every errno exact.
 * It works under /mknodtest, which it makes and removes, so it runs the
 * same on Linux's initramfs root (as root: CAP_MKNOD held).
 *
 * Proves: mknodat's type rules (a directory EPERM before the path is even
 * read, a symlink or unknown type EINVAL, no type a regular file), the
 * umask, EEXIST for a taken name (a dangling symlink, ".", "/"), ENOENT
 * for a missing parent or a new name ending in '/', ENOTDIR through a
 * file, x86_64's old mknod; device nodes keep their number (stat's st_rdev,
 * statx's major and minor, a minor past 255 included) and open as their
 * driver -- 1:3 as /dev/null, 1:5 as /dev/zero -- while a number without a
 * driver, a block device and a socket open with ENXIO; a FIFO's open rules:
 * O_WRONLY | O_NONBLOCK without a reader ENXIO, O_RDONLY | O_NONBLOCK at
 * once (end of file, no POLLHUP before a writer came, POLLHUP after one
 * left), O_RDWR at once, access mode 3 EINVAL; a blocking O_RDONLY open
 * sleeps until a writer opens and a blocking O_WRONLY until a reader
 * does, the bytes then flowing as through a pipe; a signal ends a waiting
 * open with EINTR and leaves no reader behind; the bytes go with the last
 * close, and FIFOs give their pages back.
 */
#include "sig_arch.h"
#include "test.h"
#include <errno.h>
#include <fcntl.h>
#include <ktap.h>
#include <machine/stat.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <uapi/linux/fs.h>
#include <uapi/linux/stat.h>
#include <unistd.h>

#define DIR_ "/mknodtest"
#define FIFO DIR_ "/fifo"
/* Linux's new_encode_dev(), as stat's st_rdev shows a device number. */
#define DEV(ma, mi) (((mi)&0xffu) | (ma) << 8 | ((mi) & ~0xffu) << 12)

static volatile int got_signal;

static long do_mknod(const char *p, unsigned int mode, unsigned int dev)
{
	return syscall(__NR_mknodat, AT_FDCWD, p, mode, dev);
}

static long do_stat(const char *p, struct stat *s)
{
	return syscall(__NR_newfstatat, AT_FDCWD, p, s, AT_SYMLINK_NOFOLLOW);
}

static long do_unlink(const char *p)
{
	return syscall(__NR_unlinkat, AT_FDCWD, p, 0);
}

/* The type and permission bits of path, or -1. */
static long mode_of(const char *p)
{
	struct stat s;

	return do_stat(p, &s) == 0 ? (long)s.st_mode : -1;
}

static int poll_events(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, 0) < 0 ? -1 : p.revents;
}

static int types_and_errnos(void)
{
	static const char *const made[] = { "/p", "/r0", "/r1", "/s", "/l", "/q" };
	int dfd;

	EXPECT("FIFO", do_mknod(DIR_ "/p", S_IFIFO | 0666, 0), 0);
	EXPECT("FIFO's mode, umask 022", mode_of(DIR_ "/p"), S_IFIFO | 0644);
	EXPECT("no type: regular", do_mknod(DIR_ "/r0", 0640, 0), 0);
	EXPECT("its mode", mode_of(DIR_ "/r0"), S_IFREG | 0640);
	EXPECT("S_IFREG", do_mknod(DIR_ "/r1", S_IFREG | 07777, 0), 0);
	EXPECT("special bits kept, umask taken", mode_of(DIR_ "/r1"), S_IFREG | 07755);
	EXPECT("socket", do_mknod(DIR_ "/s", S_IFSOCK | 0700, 0), 0);
	EXPECT("its mode", mode_of(DIR_ "/s"), S_IFSOCK | 0700);
	EXPECT_TRUE("socket opens ENXIO", fails_with(open(DIR_ "/s", O_RDWR), ENXIO));
	EXPECT_TRUE("a directory: EPERM before the path",
		    fails_with(do_mknod(NULL, S_IFDIR | 0755, 0), EPERM));
	EXPECT_TRUE("a symlink: EINVAL",
		    fails_with(do_mknod(DIR_ "/x", S_IFLNK | 0777, 0), EINVAL));
	EXPECT_TRUE("type 030000: EINVAL", fails_with(do_mknod(DIR_ "/x", 030000, 0), EINVAL));
	EXPECT_TRUE("bad path: EFAULT", fails_with(do_mknod(NULL, S_IFIFO, 0), EFAULT));
	EXPECT_TRUE("empty path", fails_with(do_mknod("", S_IFIFO, 0), ENOENT));
	EXPECT_TRUE("taken", fails_with(do_mknod(DIR_ "/p", S_IFIFO, 0), EEXIST));
	EXPECT_TRUE("taken, with a slash", fails_with(do_mknod(DIR_ "/p/", S_IFIFO, 0), EEXIST));
	EXPECT("dangling symlink", syscall(__NR_symlinkat, "none", AT_FDCWD, DIR_ "/l"), 0);
	EXPECT_TRUE("a symlink is not followed",
		    fails_with(do_mknod(DIR_ "/l", S_IFIFO, 0), EEXIST));
	EXPECT_TRUE(".", fails_with(do_mknod(DIR_ "/.", S_IFIFO, 0), EEXIST));
	EXPECT_TRUE("/", fails_with(do_mknod("/", S_IFIFO, 0), EEXIST));
	EXPECT_TRUE("new name with a slash", fails_with(do_mknod(DIR_ "/n/", S_IFIFO, 0), ENOENT));
	EXPECT_TRUE("missing parent", fails_with(do_mknod(DIR_ "/no/n", S_IFIFO, 0), ENOENT));
	EXPECT_TRUE("through a file", fails_with(do_mknod(DIR_ "/r0/n", S_IFIFO, 0), ENOTDIR));
	dfd = open(DIR_, O_RDONLY | O_DIRECTORY);
	EXPECT("relative to a dirfd", syscall(__NR_mknodat, dfd, "q", S_IFIFO | 0600, 0), 0);
	EXPECT_TRUE("bad dirfd", fails_with(syscall(__NR_mknodat, 99, "q", S_IFIFO, 0), EBADF));
	close(dfd);
	EXPECT("made there", mode_of(DIR_ "/q"), S_IFIFO | 0600);
#ifdef __NR_mknod
	EXPECT("x86_64's mknod", syscall(__NR_mknod, DIR_ "/m", S_IFIFO | 0600, 0), 0);
	EXPECT("made", mode_of(DIR_ "/m"), S_IFIFO | 0600);
	EXPECT_TRUE("mknod: EEXIST",
		    fails_with(syscall(__NR_mknod, DIR_ "/m", S_IFIFO, 0), EEXIST));
	do_unlink(DIR_ "/m");
#endif
	for (unsigned int i = 0; i < sizeof(made) / sizeof(made[0]); i++) {
		char path[64];

		snprintf(path, sizeof(path), DIR_ "%s", made[i]);
		EXPECT("unlink", do_unlink(path), 0);
	}
	return 0;
}

static int device_nodes(void)
{
	struct statx x;
	struct stat s;
	char buf[8] = "abcdefg";
	int fd;

	EXPECT("1:3", do_mknod(DIR_ "/null", S_IFCHR | 0666, DEV(1, 3)), 0);
	EXPECT("stat", do_stat(DIR_ "/null", &s), 0);
	EXPECT("a character device", s.st_mode & S_IFMT, S_IFCHR);
	EXPECT("st_rdev", s.st_rdev, 0x103);
	fd = open(DIR_ "/null", O_RDWR);
	EXPECT_TRUE("opens", fd >= 0);
	EXPECT("writes vanish", write(fd, buf, 5), 5);
	EXPECT("reads end", read(fd, buf, 5), 0);
	close(fd);
	EXPECT("1:5", do_mknod(DIR_ "/zero", S_IFCHR | 0444, DEV(1, 5)), 0);
	fd = open(DIR_ "/zero", O_RDONLY);
	EXPECT("reads", read(fd, buf, 4), 4);
	EXPECT("zeros", buf[0] | buf[1] | buf[2] | buf[3], 0);
	close(fd);
	EXPECT("no driver", do_mknod(DIR_ "/none", S_IFCHR | 0600, DEV(4000, 70000)), 0);
	EXPECT("its number", do_stat(DIR_ "/none", &s) == 0 ? (long)s.st_rdev : -1,
	       DEV(4000, 70000));
	EXPECT("statx", syscall(__NR_statx, AT_FDCWD, DIR_ "/none", 0, 0x7ff, &x), 0);
	EXPECT("statx major", x.stx_rdev_major, 4000);
	EXPECT("statx minor", x.stx_rdev_minor, 70000);
	EXPECT_TRUE("opens ENXIO", fails_with(open(DIR_ "/none", O_RDONLY), ENXIO));
	EXPECT("block device", do_mknod(DIR_ "/blk", S_IFBLK | 0600, DEV(4000, 1)), 0);
	EXPECT("its mode", mode_of(DIR_ "/blk"), S_IFBLK | 0600);
	EXPECT_TRUE("no disk: ENXIO", fails_with(open(DIR_ "/blk", O_RDONLY), ENXIO));
	EXPECT("a FIFO drops dev", do_mknod(FIFO, S_IFIFO | 0600, DEV(1, 3)), 0);
	EXPECT("st_rdev 0", do_stat(FIFO, &s) == 0 ? (long)s.st_rdev : -1, 0);
	do_unlink(FIFO);
	do_unlink(DIR_ "/blk");
	do_unlink(DIR_ "/none");
	do_unlink(DIR_ "/zero");
	return do_unlink(DIR_ "/null") == 0 ? 0 : FAIL_CODE;
}

static int fifo_nonblocking_opens(void)
{
	char buf[8];
	struct stat s;
	int r, w, rw;

	EXPECT("mkfifo", do_mknod(FIFO, S_IFIFO | 0600, 0), 0);
	EXPECT_TRUE("writer without a reader",
		    fails_with(open(FIFO, O_WRONLY | O_NONBLOCK), ENXIO));
	EXPECT_TRUE("access mode 3", fails_with(open(FIFO, O_ACCMODE), EINVAL));
	r = open(FIFO, O_RDONLY | O_NONBLOCK);
	EXPECT_TRUE("reader opens at once", r >= 0);
	EXPECT("no writer: end of file", read(r, buf, sizeof(buf)), 0);
	EXPECT("no POLLHUP before a writer", poll_events(r), 0);
	EXPECT("fstat", syscall(__NR_fstat, r, &s), 0);
	EXPECT("a FIFO", s.st_mode & S_IFMT, S_IFIFO);
	EXPECT("a pipe's capacity", fcntl(r, F_GETPIPE_SZ), 65536);
	EXPECT_TRUE("no seeking", fails_with(syscall(__NR_lseek, r, 0, SEEK_SET), ESPIPE));
	w = open(FIFO, O_WRONLY | O_NONBLOCK);
	EXPECT_TRUE("now the writer opens", w >= 0);
	EXPECT("write", write(w, "fifo", 4), 4);
	EXPECT("readable", poll_events(r), POLLIN);
	EXPECT("read", read(r, buf, sizeof(buf)), 4);
	EXPECT("bytes", memcmp(buf, "fifo", 4), 0);
	EXPECT_TRUE("empty with a writer: EAGAIN", fails_with(read(r, buf, 1), EAGAIN));
	close(w);
	EXPECT("the writer left: POLLHUP", poll_events(r), POLLHUP);
	close(r);
	rw = open(FIFO, O_RDWR);
	EXPECT_TRUE("O_RDWR never waits", rw >= 0);
	EXPECT("talks to itself", write(rw, "x", 1) + read(rw, buf, 1), 2);
	close(rw);
	return do_unlink(FIFO) == 0 ? 0 : FAIL_CODE;
}

/* The child's side of a blocking open: opens FIFO with flags, reports, then moves a byte. */
static int open_then_talk(int flags, int report)
{
	char c = 'c';
	int fd = open(FIFO, flags);

	if (fd < 0)
		return 1;
	if (write(report, "o", 1) != 1)
		return 2;
	if ((flags & O_ACCMODE) == O_RDONLY)
		return read(fd, &c, 1) == 1 && c == 'w' ? 0 : 3;
	return write(fd, "r", 1) == 1 ? 0 : 4;
}

/* A child opens the FIFO with child_flags and sleeps there until we open it with ours. */
static int blocked_open(int child_flags, int our_flags)
{
	int report[2], fd, st;
	char c;
	pid_t pid;

	EXPECT("pipe", pipe(report), 0);
	pid = fork();
	if (pid == 0)
		_exit(open_then_talk(child_flags, report[1]));
	close(report[1]);
	EXPECT_TRUE("the child sleeps in open", wait_sleeping(pid));
	EXPECT("not opened yet", poll_events(report[0]), 0);
	fd = open(FIFO, our_flags);
	EXPECT_TRUE("our open", fd >= 0);
	EXPECT("then the child's returns", read(report[0], &c, 1), 1);
	if ((our_flags & O_ACCMODE) == O_WRONLY)
		EXPECT("write", write(fd, "w", 1), 1);
	else
		EXPECT("read the child's byte", read(fd, &c, 1) == 1 ? c : 0, 'r');
	EXPECT("wait", waitpid(pid, &st, 0), pid);
	EXPECT_TRUE("the child moved its byte", status_is(st, 0, 0));
	close(fd);
	close(report[0]);
	return 0;
}

static int fifo_blocking_opens(void)
{
	int r;

	EXPECT("mkfifo", do_mknod(FIFO, S_IFIFO | 0600, 0), 0);
	r = blocked_open(O_RDONLY, O_WRONLY);
	if (r)
		return r;
	r = blocked_open(O_WRONLY, O_RDONLY);
	if (r)
		return r;
	return do_unlink(FIFO) == 0 ? 0 : FAIL_CODE;
}

static void on_usr1(int sig)
{
	got_signal = sig;
}

static long on_signal(int sig, void (*fn)(int))
{
	struct kernel_sigaction a = { (unsigned long)fn, SA_RESTORER, (unsigned long)sig_restorer,
				      0 };

	return syscall(__NR_rt_sigaction, sig, &a, NULL, 8);
}

static int fifo_open_interrupted(void)
{
	pid_t parent = getpid(), pid;
	int st;

	EXPECT("mkfifo", do_mknod(FIFO, S_IFIFO | 0600, 0), 0);
	EXPECT("handler", on_signal(SIGUSR1, on_usr1), 0);
	got_signal = 0;
	pid = fork();
	if (pid == 0) {
		wait_sleeping(parent);
		kill(parent, SIGUSR1);
		_exit(0);
	}
	EXPECT_TRUE("EINTR", fails_with(open(FIFO, O_RDONLY), EINTR));
	EXPECT("the handler ran", got_signal, SIGUSR1);
	EXPECT("wait", waitpid(pid, &st, 0), pid);
	EXPECT("default", on_signal(SIGUSR1, (void (*)(int))SIG_DFL), 0);
	EXPECT_TRUE("no reader left behind", fails_with(open(FIFO, O_WRONLY | O_NONBLOCK), ENXIO));
	return do_unlink(FIFO) == 0 ? 0 : FAIL_CODE;
}

static int fifo_bytes_go_with_last_close(void)
{
	static char page[4096];
	unsigned long before = 0;
	int fd;

	EXPECT("mkfifo", do_mknod(FIFO, S_IFIFO | 0600, 0), 0);
	for (int round = 0; round < 3; round++) {
		if (round == 1)
			before = free_pages(); /* round 0 was the warm-up */
		fd = open(FIFO, O_RDWR | O_NONBLOCK);
		EXPECT("write", write(fd, page, sizeof(page)), sizeof(page));
		EXPECT("write more", write(fd, page, 100), 100);
		close(fd);
		fd = open(FIFO, O_RDWR | O_NONBLOCK);
		EXPECT_TRUE("the bytes went with the last close",
			    fails_with(read(fd, page, 1), EAGAIN));
		close(fd);
	}
	EXPECT("free pages", free_pages(), before);
	return do_unlink(FIFO) == 0 ? 0 : FAIL_CODE;
}

static const struct test_case cases[] = {
	{ "mknodat_types_umask_errnos", types_and_errnos },
	{ "device_nodes_open_as_driver_or_enxio", device_nodes },
	{ "fifo_nonblocking_opens_enxio_eof_pollhup", fifo_nonblocking_opens },
	{ "fifo_open_waits_for_other_side", fifo_blocking_opens },
	{ "fifo_open_eintr_leaves_no_reader", fifo_open_interrupted },
	{ "fifo_bytes_and_pages_go_at_last_close", fifo_bytes_go_with_last_close },
};

int main(void)
{
	unsigned int n = sizeof(cases) / sizeof(cases[0]);

	ktap_header();
	ktap_plan(n);
	syscall(__NR_umask, 022);
	if (syscall(__NR_mkdirat, AT_FDCWD, DIR_, 0755) != 0 && errno != EEXIST)
		note("mkdir %s: errno %d", DIR_, errno);
	for (unsigned int i = 0; i < n; i++)
		test_case_run(&cases[i], false);
	syscall(__NR_unlinkat, AT_FDCWD, DIR_, AT_REMOVEDIR);
	return ktap_finish();
}
