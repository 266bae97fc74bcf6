// SPDX-License-Identifier: MIT
/*
 * /bin/fs: the file tree, against Linux's fs/namei.c, fs/open.c, fs/stat.c
 * and fs/readdir.c, every errno exact. It works under /fstest, which it
 * makes and removes, so it runs the same on Linux's initramfs root.
 *
 * Proves: the archive's files, directories and /dev's nodes are in the
 * root with their types and modes; open's O_CREAT/O_EXCL/O_TRUNC/O_APPEND/
 * O_DIRECTORY/O_NOFOLLOW/O_CLOEXEC and its EISDIR/ENOTDIR/ELOOP/EEXIST
 * answers; mkdir/rmdir/unlink and their errnos, directory link counts;
 * symlinks (readlink's bytes, stat follows, lstat does not, ELOOP for a
 * loop and past 40 links while 40 resolve); hard links; rename and
 * renameat2's NOREPLACE/EXCHANGE with the directory rules; getdents64's
 * entries, types, EINVAL for a small buffer and no entry skipped when one
 * is removed between calls; chdir/fchdir/getcwd, relative paths, ERANGE,
 * a removed cwd (ENOENT), a fork's own cwd and CLONE_FS's shared one;
 * umask, chmod, chown (set-user-ID cleared); truncate/ftruncate;
 * utimensat; access; statx; /dev's null, zero, full, urandom; fsync and
 * statfs; an unlinked open file living on; a program copied into the
 * tree runs; /proc/self/exe, cwd and fd links; "#!" scripts (the
 * interpreter's argv, ENOEXEC, ENOENT, EACCES, ELOOP past five; the
 * process named after the script, AT_EXECFN its path); and that
 * files give their pages back.
 */
#include "test.h"
#include <errno.h>
#include <fcntl.h>
#include <ktap.h>
#include <machine/stat.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <uapi/linux/auxvec.h>
#include <uapi/linux/fs.h>
#include <uapi/linux/sched.h>
#include <uapi/linux/stat.h>
#include <unistd.h>

#define DIR_ "/fstest"
#define CHILD_STATUS 42
#define SCRIPT_STATUS 43

static char self_path[256];

/* ---- the calls, raw (libc has no wrappers for most) ---- */

static long do_stat(const char *p, struct stat *s)
{
	return syscall(__NR_newfstatat, AT_FDCWD, p, s, 0);
}

static long do_lstat(const char *p, struct stat *s)
{
	return syscall(__NR_newfstatat, AT_FDCWD, p, s, AT_SYMLINK_NOFOLLOW);
}

static long do_fstat(int fd, struct stat *s)
{
	return syscall(__NR_fstat, fd, s);
}

static long do_mkdir(const char *p, int mode)
{
	return syscall(__NR_mkdirat, AT_FDCWD, p, mode);
}

static long do_rmdir(const char *p)
{
	return syscall(__NR_unlinkat, AT_FDCWD, p, AT_REMOVEDIR);
}

static long do_unlink(const char *p)
{
	return syscall(__NR_unlinkat, AT_FDCWD, p, 0);
}

static long do_symlink(const char *t, const char *p)
{
	return syscall(__NR_symlinkat, t, AT_FDCWD, p);
}

static long do_link(const char *o, const char *n)
{
	return syscall(__NR_linkat, AT_FDCWD, o, AT_FDCWD, n, 0);
}

static long do_rename(const char *o, const char *n, unsigned int flags)
{
	return syscall(__NR_renameat2, AT_FDCWD, o, AT_FDCWD, n, flags);
}

static long do_readlink(const char *p, char *buf, size_t n)
{
	return syscall(__NR_readlinkat, AT_FDCWD, p, buf, n);
}

static long do_chdir(const char *p)
{
	return syscall(__NR_chdir, p);
}

static long do_getcwd(char *buf, size_t n)
{
	return syscall(__NR_getcwd, buf, n);
}

static long do_access(const char *p, int mode)
{
	return syscall(__NR_faccessat, AT_FDCWD, p, mode);
}

static long do_lseek(int fd, long off, int whence)
{
	return syscall(__NR_lseek, fd, off, whence);
}

static long do_pread(int fd, void *buf, size_t n, long off)
{
	return syscall(__NR_pread64, fd, buf, n, off);
}

/* Writes text to a new file path; 0 or -1. */
static int put_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	long n = (long)strlen(text);

	if (fd < 0)
		return -1;
	if (write(fd, text, (size_t)n) != n) {
		close(fd);
		return -1;
	}
	return close(fd);
}

/* Reads path into buf (NUL-terminated): the length or -1. */
static long get_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	long n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n >= 0)
		buf[n] = '\0';
	return n;
}

/* ---- cases ---- */

static int root_from_archive(void)
{
	struct stat s;

	EXPECT("stat /init", do_stat("/init", &s), 0);
	EXPECT("/init regular", s.st_mode & S_IFMT, S_IFREG);
	EXPECT_TRUE("/init executable", (s.st_mode & 0111) != 0);
	EXPECT("stat /bin", do_stat("/bin", &s), 0);
	EXPECT("/bin a directory", s.st_mode & S_IFMT, S_IFDIR);
	EXPECT("stat /", do_stat("/", &s), 0);
	EXPECT("/ a directory", s.st_mode & S_IFMT, S_IFDIR);
	EXPECT("stat /dev/null", do_stat("/dev/null", &s), 0);
	EXPECT("/dev/null a character device", s.st_mode & S_IFMT, S_IFCHR);
	EXPECT("/dev/null is 1:3", s.st_rdev, 0x103);
	EXPECT("/dev/zero", do_stat("/dev/zero", &s) == 0 && s.st_rdev == 0x105, 1);
	EXPECT("/dev/urandom", do_stat("/dev/urandom", &s) == 0 && s.st_rdev == 0x109, 1);
	EXPECT_TRUE("missing", fails_with(do_stat("/no/such", &s), ENOENT));
	EXPECT_TRUE("through a file", fails_with(do_stat("/init/x", &s), ENOTDIR));
	EXPECT_TRUE("empty path", fails_with(do_stat("", &s), ENOENT));
	return 0;
}

static int create_write_read(void)
{
	char buf[64];
	struct stat s;
	int fd = open(DIR_ "/a", O_RDWR | O_CREAT | O_EXCL, 0644);

	EXPECT_TRUE("created", fd >= 0);
	EXPECT("write", write(fd, "hello, tree", 11), 11);
	EXPECT("fstat size", do_fstat(fd, &s) == 0 ? s.st_size : -1, 11);
	EXPECT("fstat regular", s.st_mode & S_IFMT, S_IFREG);
	EXPECT("nlink", s.st_nlink, 1);
	EXPECT("lseek", do_lseek(fd, 7, SEEK_SET), 7);
	EXPECT("read", read(fd, buf, sizeof(buf)), 4);
	EXPECT("bytes", memcmp(buf, "tree", 4), 0);
	EXPECT("read at end", read(fd, buf, sizeof(buf)), 0);
	EXPECT("hole", do_lseek(fd, 8192, SEEK_SET), 8192);
	EXPECT("write past a hole", write(fd, "z", 1), 1);
	EXPECT("pread in the hole", do_pread(fd, buf, 4, 4096), 4);
	EXPECT("hole reads zeros", buf[0] | buf[1] | buf[2] | buf[3], 0);
	close(fd);
	EXPECT_TRUE("O_EXCL on it",
		    fails_with(open(DIR_ "/a", O_RDWR | O_CREAT | O_EXCL, 0644), EEXIST));
	EXPECT("unlink", do_unlink(DIR_ "/a"), 0);
	EXPECT_TRUE("gone", fails_with(open(DIR_ "/a", O_RDONLY), ENOENT));
	EXPECT_TRUE("unlink again", fails_with(do_unlink(DIR_ "/a"), ENOENT));
	EXPECT_TRUE("create in a missing dir",
		    fails_with(open(DIR_ "/none/a", O_RDWR | O_CREAT, 0644), ENOENT));
	return 0;
}

static int trunc_and_append(void)
{
	char buf[64];
	int fd;

	EXPECT("put", put_file(DIR_ "/t", "0123456789"), 0);
	fd = open(DIR_ "/t", O_WRONLY | O_APPEND);
	EXPECT_TRUE("open append", fd >= 0);
	EXPECT("seek to 0", do_lseek(fd, 0, SEEK_SET), 0);
	EXPECT("append", write(fd, "ab", 2), 2);
	EXPECT("position after append", do_lseek(fd, 0, SEEK_CUR), 12);
	EXPECT("F_GETFL", fcntl(fd, F_GETFL), O_WRONLY | O_APPEND | O_LARGEFILE);
	close(fd);
	EXPECT("appended", get_file(DIR_ "/t", buf, sizeof(buf)), 12);
	EXPECT("bytes", strcmp(buf, "0123456789ab"), 0);
	fd = open(DIR_ "/t", O_RDWR | O_TRUNC);
	EXPECT_TRUE("open trunc", fd >= 0);
	close(fd);
	EXPECT("truncated", get_file(DIR_ "/t", buf, sizeof(buf)), 0);
	EXPECT("read-only fd refuses write",
	       write(open(DIR_ "/t", O_RDONLY | O_CLOEXEC), "x", 1) == -1 && errno == EBADF, 1);
	return do_unlink(DIR_ "/t") == 0 ? 0 : FAIL_CODE;
}

static int open_flags(void)
{
	int fd;

	EXPECT("put", put_file(DIR_ "/f", "x"), 0);
	EXPECT("symlink", do_symlink("f", DIR_ "/l"), 0);
	EXPECT_TRUE("O_DIRECTORY on a file",
		    fails_with(open(DIR_ "/f", O_RDONLY | O_DIRECTORY), ENOTDIR));
	EXPECT_TRUE("trailing slash on a file", fails_with(open(DIR_ "/f/", O_RDONLY), ENOTDIR));
	EXPECT_TRUE("O_NOFOLLOW on a symlink",
		    fails_with(open(DIR_ "/l", O_RDONLY | O_NOFOLLOW), ELOOP));
	EXPECT_TRUE("a directory for writing", fails_with(open(DIR_, O_WRONLY), EISDIR));
	EXPECT_TRUE("a directory for O_RDWR", fails_with(open(DIR_, O_RDWR), EISDIR));
	EXPECT_TRUE("O_CREAT on a directory",
		    fails_with(open(DIR_, O_RDONLY | O_CREAT, 0644), EISDIR));
	EXPECT_TRUE("O_CREAT with a slash",
		    fails_with(open(DIR_ "/new/", O_RDWR | O_CREAT, 0644), EISDIR));
	EXPECT_TRUE("O_CREAT|O_EXCL on a symlink",
		    fails_with(open(DIR_ "/l", O_RDWR | O_CREAT | O_EXCL, 0644), EEXIST));
	fd = open(DIR_ "/l", O_RDONLY | O_CLOEXEC);
	EXPECT_TRUE("through the symlink", fd >= 0);
	EXPECT("O_CLOEXEC", fcntl(fd, F_GETFD), FD_CLOEXEC);
	close(fd);
	fd = open(DIR_, O_RDONLY | O_DIRECTORY);
	EXPECT_TRUE("a directory read-only", fd >= 0);
	EXPECT_TRUE("read on a directory", fails_with(read(fd, &fd, 1), EISDIR));
	close(fd);
	EXPECT("unlink l", do_unlink(DIR_ "/l"), 0);
	EXPECT("unlink f", do_unlink(DIR_ "/f"), 0);
	return 0;
}

static int mkdir_rmdir(void)
{
	struct stat s;

	EXPECT("mkdir", do_mkdir(DIR_ "/d", 0755), 0);
	EXPECT("nlink of a new dir", do_stat(DIR_ "/d", &s) == 0 ? s.st_nlink : 0, 2);
	EXPECT("mkdir sub", do_mkdir(DIR_ "/d/e", 0755), 0);
	EXPECT("nlink with a subdir", do_stat(DIR_ "/d", &s) == 0 ? s.st_nlink : 0, 3);
	EXPECT_TRUE("mkdir existing", fails_with(do_mkdir(DIR_ "/d", 0755), EEXIST));
	EXPECT_TRUE("mkdir with slash", fails_with(do_mkdir(DIR_ "/d/", 0755), EEXIST));
	EXPECT_TRUE("mkdir /", fails_with(do_mkdir("/", 0755), EEXIST));
	EXPECT_TRUE("mkdir missing parent", fails_with(do_mkdir(DIR_ "/x/y", 0755), ENOENT));
	EXPECT("put", put_file(DIR_ "/file", ""), 0);
	EXPECT_TRUE("mkdir under a file", fails_with(do_mkdir(DIR_ "/file/y", 0755), ENOTDIR));
	EXPECT_TRUE("rmdir non-empty", fails_with(do_rmdir(DIR_ "/d"), ENOTEMPTY));
	EXPECT_TRUE("rmdir a file", fails_with(do_rmdir(DIR_ "/file"), ENOTDIR));
	EXPECT_TRUE("rmdir .", fails_with(do_rmdir(DIR_ "/d/."), EINVAL));
	EXPECT_TRUE("rmdir ..", fails_with(do_rmdir(DIR_ "/d/e/.."), ENOTEMPTY));
	EXPECT_TRUE("rmdir missing", fails_with(do_rmdir(DIR_ "/nope"), ENOENT));
	EXPECT_TRUE("unlink a dir", fails_with(do_unlink(DIR_ "/d"), EISDIR));
	EXPECT_TRUE("unlink file/", fails_with(do_unlink(DIR_ "/file/"), ENOTDIR));
	EXPECT_TRUE("unlinkat bad flag",
		    fails_with(syscall(__NR_unlinkat, AT_FDCWD, DIR_ "/file", 1), EINVAL));
	EXPECT("rmdir sub", do_rmdir(DIR_ "/d/e"), 0);
	EXPECT("nlink back", do_stat(DIR_ "/d", &s) == 0 ? s.st_nlink : 0, 2);
	EXPECT("rmdir", do_rmdir(DIR_ "/d"), 0);
	EXPECT("unlink", do_unlink(DIR_ "/file"), 0);
	return 0;
}

static int symlinks(void)
{
	char buf[64], name[64], target[64];
	struct stat s;

	EXPECT("put", put_file(DIR_ "/target", "abc"), 0);
	EXPECT("symlink", do_symlink("target", DIR_ "/sl"), 0);
	EXPECT("readlink", do_readlink(DIR_ "/sl", buf, sizeof(buf)), 6);
	EXPECT("its bytes", memcmp(buf, "target", 6), 0);
	EXPECT("readlink cut", do_readlink(DIR_ "/sl", buf, 3), 3);
	EXPECT_TRUE("readlink size 0", fails_with(do_readlink(DIR_ "/sl", buf, 0), EINVAL));
	EXPECT_TRUE("readlink a file",
		    fails_with(do_readlink(DIR_ "/target", buf, sizeof(buf)), EINVAL));
	EXPECT("stat follows", do_stat(DIR_ "/sl", &s) == 0 ? s.st_size : -1, 3);
	EXPECT("lstat does not", do_lstat(DIR_ "/sl", &s) == 0 ? s.st_mode & S_IFMT : 0, S_IFLNK);
	EXPECT("lstat size is the target's length", s.st_size, 6);
	EXPECT_TRUE("symlink over a name", fails_with(do_symlink("x", DIR_ "/sl"), EEXIST));
	EXPECT_TRUE("empty target", fails_with(do_symlink("", DIR_ "/e"), ENOENT));
	EXPECT("loop a", do_symlink("lb", DIR_ "/la"), 0);
	EXPECT("loop b", do_symlink("la", DIR_ "/lb"), 0);
	EXPECT_TRUE("loop", fails_with(open(DIR_ "/la", O_RDONLY), ELOOP));
	EXPECT("dangling", do_symlink("nowhere", DIR_ "/dang"), 0);
	EXPECT_TRUE("dangling stat", fails_with(do_stat(DIR_ "/dang", &s), ENOENT));
	/* A chain of 40 links resolves; 41 is one too many (Linux's MAXSYMLINKS). */
	for (int i = 1; i <= 41; i++) {
		snprintf(name, sizeof(name), DIR_ "/c%d", i);
		snprintf(target, sizeof(target), i == 1 ? "target" : "c%d", i - 1);
		EXPECT("chain link", do_symlink(target, name), 0);
	}
	EXPECT("40 links resolve", do_stat(DIR_ "/c40", &s), 0);
	EXPECT_TRUE("41 links", fails_with(do_stat(DIR_ "/c41", &s), ELOOP));
	for (int i = 1; i <= 41; i++) {
		snprintf(name, sizeof(name), DIR_ "/c%d", i);
		do_unlink(name);
	}
	EXPECT("symlink to a dir", do_symlink("/dev", DIR_ "/dl"), 0);
	EXPECT("through it", do_stat(DIR_ "/dl/null", &s) == 0 ? s.st_rdev : 0, 0x103);
	do_unlink(DIR_ "/dl");
	do_unlink(DIR_ "/dang");
	do_unlink(DIR_ "/la");
	do_unlink(DIR_ "/lb");
	do_unlink(DIR_ "/sl");
	return do_unlink(DIR_ "/target") == 0 ? 0 : FAIL_CODE;
}

static int hard_links(void)
{
	char buf[16];
	struct stat s, s2;

	EXPECT("put", put_file(DIR_ "/h1", "data"), 0);
	EXPECT("link", do_link(DIR_ "/h1", DIR_ "/h2"), 0);
	EXPECT("nlink 2", do_stat(DIR_ "/h1", &s) == 0 ? s.st_nlink : 0, 2);
	EXPECT("same inode", do_stat(DIR_ "/h2", &s2) == 0 && s.st_ino == s2.st_ino, 1);
	EXPECT_TRUE("link over a name", fails_with(do_link(DIR_ "/h1", DIR_ "/h2"), EEXIST));
	EXPECT_TRUE("link a directory", fails_with(do_link(DIR_, DIR_ "/dd"), EPERM));
	EXPECT_TRUE("link a missing file", fails_with(do_link(DIR_ "/none", DIR_ "/h3"), ENOENT));
	EXPECT("unlink one", do_unlink(DIR_ "/h1"), 0);
	EXPECT("data through the other", get_file(DIR_ "/h2", buf, sizeof(buf)), 4);
	EXPECT("nlink 1", do_stat(DIR_ "/h2", &s) == 0 ? s.st_nlink : 0, 1);
	return do_unlink(DIR_ "/h2") == 0 ? 0 : FAIL_CODE;
}

static int renames(void)
{
	char buf[16];
	struct stat s;

	EXPECT("put a", put_file(DIR_ "/ra", "A"), 0);
	EXPECT("put b", put_file(DIR_ "/rb", "B"), 0);
	EXPECT("mkdir", do_mkdir(DIR_ "/rd", 0755), 0);
	EXPECT("mkdir full", do_mkdir(DIR_ "/rf", 0755), 0);
	EXPECT("put in full", put_file(DIR_ "/rf/x", ""), 0);
	EXPECT_TRUE("NOREPLACE",
		    fails_with(do_rename(DIR_ "/ra", DIR_ "/rb", RENAME_NOREPLACE), EEXIST));
	EXPECT_TRUE("both flags", fails_with(do_rename(DIR_ "/ra", DIR_ "/rb",
						       RENAME_NOREPLACE | RENAME_EXCHANGE),
					     EINVAL));
	EXPECT("EXCHANGE", do_rename(DIR_ "/ra", DIR_ "/rb", RENAME_EXCHANGE), 0);
	EXPECT("swapped", get_file(DIR_ "/ra", buf, sizeof(buf)) == 1 && buf[0] == 'B', 1);
	EXPECT_TRUE("EXCHANGE with nothing",
		    fails_with(do_rename(DIR_ "/ra", DIR_ "/none", RENAME_EXCHANGE), ENOENT));
	EXPECT("over a file", do_rename(DIR_ "/ra", DIR_ "/rb", 0), 0);
	EXPECT("replaced", get_file(DIR_ "/rb", buf, sizeof(buf)) == 1 && buf[0] == 'B', 1);
	EXPECT_TRUE("old name gone", fails_with(do_stat(DIR_ "/ra", &s), ENOENT));
	EXPECT_TRUE("missing", fails_with(do_rename(DIR_ "/ra", DIR_ "/rc", 0), ENOENT));
	EXPECT_TRUE("file over dir", fails_with(do_rename(DIR_ "/rb", DIR_ "/rd", 0), EISDIR));
	EXPECT_TRUE("dir over file", fails_with(do_rename(DIR_ "/rd", DIR_ "/rb", 0), ENOTDIR));
	EXPECT_TRUE("dir over non-empty",
		    fails_with(do_rename(DIR_ "/rd", DIR_ "/rf", 0), ENOTEMPTY));
	EXPECT_TRUE("dir into itself", fails_with(do_rename(DIR_ "/rd", DIR_ "/rd/in", 0), EINVAL));
	EXPECT_TRUE("file/ as old", fails_with(do_rename(DIR_ "/rb/", DIR_ "/rc", 0), ENOTDIR));
	EXPECT_TRUE("rename .", fails_with(do_rename(DIR_ "/rd/.", DIR_ "/rc", 0), EBUSY));
	EXPECT("to itself", do_rename(DIR_ "/rb", DIR_ "/rb", 0), 0);
	EXPECT("dir over empty dir", do_rename(DIR_ "/rd", DIR_ "/re", 0), 0);
	EXPECT("into a dir", do_rename(DIR_ "/rb", DIR_ "/re/rb", 0), 0);
	EXPECT("there", get_file(DIR_ "/re/rb", buf, sizeof(buf)), 1);
	do_unlink(DIR_ "/re/rb");
	do_rmdir(DIR_ "/re");
	do_unlink(DIR_ "/rf/x");
	return do_rmdir(DIR_ "/rf") == 0 ? 0 : FAIL_CODE;
}

/* Entries of one getdents64 call into names (joined by spaces, sorted by the caller's eye). */
static long list(int fd, char *buf, size_t size, char *names, size_t nsize, int *ndirs)
{
	long n = syscall(__NR_getdents64, fd, buf, size);
	size_t at = strlen(names);

	for (long off = 0; off < n;) {
		unsigned short reclen;
		unsigned char type;
		const char *name = buf + off + 19;

		memcpy(&reclen, buf + off + 16, 2);
		type = (unsigned char)buf[off + 18];
		if (type == 4)
			(*ndirs)++;
		at += (size_t)snprintf(names + at, nsize - at, "%s ", name);
		off += reclen;
	}
	return n;
}

static int directory_entries(void)
{
	char buf[512], names[256] = "";
	int fd, ndirs = 0;

	EXPECT("mkdir", do_mkdir(DIR_ "/g", 0755), 0);
	EXPECT("a", put_file(DIR_ "/g/a", ""), 0);
	EXPECT("b", put_file(DIR_ "/g/b", ""), 0);
	EXPECT("sub", do_mkdir(DIR_ "/g/sub", 0755), 0);
	fd = open(DIR_ "/g", O_RDONLY | O_DIRECTORY);
	EXPECT_TRUE("open", fd >= 0);
	EXPECT_TRUE("tiny buffer", fails_with(syscall(__NR_getdents64, fd, buf, 8), EINVAL));
	EXPECT_TRUE("entries", list(fd, buf, sizeof(buf), names, sizeof(names), &ndirs) > 0);
	EXPECT("then the end", syscall(__NR_getdents64, fd, buf, sizeof(buf)), 0);
	EXPECT_TRUE("all five", strstr(names, ". ") && strstr(names, ".. ") &&
					strstr(names, "a ") && strstr(names, "b ") &&
					strstr(names, "sub "));
	EXPECT("three directories", ndirs, 3);
	/* From the start again, one entry at a time (24-byte records), removing b after a. */
	EXPECT("rewind", do_lseek(fd, 0, SEEK_SET), 0);
	names[0] = '\0';
	for (int i = 0; i < 8; i++) {
		long n = list(fd, buf, 24, names, sizeof(names), &ndirs);

		if (n <= 0)
			break;
		if (strstr(names, "a ") && !strstr(names, "b "))
			do_unlink(DIR_ "/g/b");
	}
	EXPECT_TRUE("sub still listed", strstr(names, "sub ") != NULL);
	close(fd);
	fd = open(DIR_ "/g/a", O_RDONLY);
	EXPECT_TRUE("getdents64 on a file",
		    fails_with(syscall(__NR_getdents64, fd, buf, sizeof(buf)), ENOTDIR));
	close(fd);
	EXPECT_TRUE("bad fd", fails_with(syscall(__NR_getdents64, 99, buf, sizeof(buf)), EBADF));
	do_unlink(DIR_ "/g/a");
	do_unlink(DIR_ "/g/b");
	do_rmdir(DIR_ "/g/sub");
	return do_rmdir(DIR_ "/g") == 0 ? 0 : FAIL_CODE;
}

static int cwd_body(void)
{
	char buf[128];
	int st, fd;
	long pid;

	EXPECT("mkdir", do_mkdir(DIR_ "/w", 0755), 0);
	EXPECT("mkdir 2", do_mkdir(DIR_ "/w/v", 0755), 0);
	EXPECT("chdir", do_chdir(DIR_ "/w"), 0);
	EXPECT("getcwd", do_getcwd(buf, sizeof(buf)), sizeof(DIR_ "/w"));
	EXPECT("its path", strcmp(buf, DIR_ "/w"), 0);
	EXPECT_TRUE("getcwd ERANGE", fails_with(do_getcwd(buf, 4), ERANGE));
	EXPECT("relative create", put_file("rel", "r"), 0);
	EXPECT("seen absolutely", do_access(DIR_ "/w/rel", F_OK), 0);
	EXPECT("chdir ..", do_chdir(".."), 0);
	EXPECT("getcwd", do_getcwd(buf, sizeof(buf)) > 0 && strcmp(buf, DIR_) == 0, 1);
	EXPECT_TRUE("chdir to a file", fails_with(do_chdir(DIR_ "/w/rel"), ENOTDIR));
	EXPECT_TRUE("chdir missing", fails_with(do_chdir(DIR_ "/none"), ENOENT));
	fd = open(DIR_ "/w/v", O_RDONLY | O_DIRECTORY);
	EXPECT("fchdir", syscall(__NR_fchdir, fd), 0);
	EXPECT("getcwd after fchdir",
	       do_getcwd(buf, sizeof(buf)) > 0 && strcmp(buf, DIR_ "/w/v") == 0, 1);
	close(fd);
	fd = open(DIR_ "/w/rel", O_RDONLY);
	EXPECT_TRUE("fchdir to a file", fails_with(syscall(__NR_fchdir, fd), ENOTDIR));
	close(fd);
	/* A forked child's chdir stays its own; CLONE_FS shares it. */
	pid = fork();
	if (pid == 0)
		_exit(do_chdir("/") == 0 ? 0 : 1);
	EXPECT("fork child", waitpid((int)pid, &st, 0) == pid && st == 0, 1);
	EXPECT("parent's cwd kept",
	       do_getcwd(buf, sizeof(buf)) > 0 && strcmp(buf, DIR_ "/w/v") == 0, 1);
	pid = syscall(__NR_clone, CLONE_FS | SIGCHLD, 0, 0, 0, 0);
	if (pid == 0)
		_exit(do_chdir(DIR_) == 0 ? 0 : 1);
	EXPECT("CLONE_FS child", waitpid((int)pid, &st, 0) == pid && st == 0, 1);
	EXPECT("cwd moved by the child", do_getcwd(buf, sizeof(buf)) > 0 && strcmp(buf, DIR_) == 0,
	       1);
	/* A removed cwd: getcwd is ENOENT, creating in it too. */
	EXPECT("into v", do_chdir(DIR_ "/w/v"), 0);
	EXPECT("rmdir the cwd", do_rmdir(DIR_ "/w/v"), 0);
	EXPECT_TRUE("getcwd removed", fails_with(do_getcwd(buf, sizeof(buf)), ENOENT));
	EXPECT_TRUE("create in removed", fails_with(open("x", O_RDWR | O_CREAT, 0644), ENOENT));
	EXPECT("back", do_chdir("/"), 0);
	do_unlink(DIR_ "/w/rel");
	EXPECT("rmdir w", do_rmdir(DIR_ "/w"), 0);
	return 0;
}

static int cwd_cases(void)
{
	/* In a child, so a failure leaves the rest of the program at "/". */
	return child_result(cwd_body, 0, 0, 0) ? 0 : FAIL_CODE;
}

static int modes_and_owners(void)
{
	struct stat s;
	int fd;

	EXPECT("umask", syscall(__NR_umask, 027), 022);
	EXPECT("umask back", syscall(__NR_umask, 022), 027);
	fd = open(DIR_ "/m", O_RDWR | O_CREAT, 0666);
	EXPECT("created 0644", do_fstat(fd, &s) == 0 ? s.st_mode : 0, S_IFREG | 0644);
	EXPECT("mkdir 0755", do_mkdir(DIR_ "/md", 0777), 0);
	EXPECT("its mode", do_stat(DIR_ "/md", &s) == 0 ? s.st_mode : 0, S_IFDIR | 0755);
	EXPECT("chmod", syscall(__NR_fchmodat, AT_FDCWD, DIR_ "/m", 04755), 0);
	EXPECT("set-user-ID", do_stat(DIR_ "/m", &s) == 0 ? s.st_mode : 0, S_IFREG | 04755);
	EXPECT("chown", syscall(__NR_fchownat, AT_FDCWD, DIR_ "/m", 1000, 1001, 0), 0);
	EXPECT("owner", do_stat(DIR_ "/m", &s) == 0 && s.st_uid == 1000 && s.st_gid == 1001, 1);
	EXPECT("set-user-ID cleared", s.st_mode, S_IFREG | 0755);
	EXPECT("chown -1 keeps", syscall(__NR_fchown, fd, -1, 7), 0);
	EXPECT("kept uid", do_fstat(fd, &s) == 0 && s.st_uid == 1000 && s.st_gid == 7, 1);
	EXPECT("fchmod", syscall(__NR_fchmod, fd, 0600), 0);
	EXPECT("fchmod'ed", do_fstat(fd, &s) == 0 ? s.st_mode : 0, S_IFREG | 0600);
	EXPECT_TRUE("chmod missing",
		    fails_with(syscall(__NR_fchmodat, AT_FDCWD, DIR_ "/none", 0600), ENOENT));
	EXPECT_TRUE("fchownat bad flag",
		    fails_with(syscall(__NR_fchownat, AT_FDCWD, DIR_ "/m", 0, 0, 1), EINVAL));
	close(fd);
	do_rmdir(DIR_ "/md");
	return do_unlink(DIR_ "/m") == 0 ? 0 : FAIL_CODE;
}

static int truncation(void)
{
	char buf[16];
	struct stat s;
	int fd;

	EXPECT("put", put_file(DIR_ "/tr", "abcdef"), 0);
	EXPECT("truncate down", syscall(__NR_truncate, DIR_ "/tr", 2), 0);
	EXPECT("truncate up", syscall(__NR_truncate, DIR_ "/tr", 5), 0);
	EXPECT("size", get_file(DIR_ "/tr", buf, sizeof(buf)), 5);
	EXPECT("zeros past the old end",
	       buf[0] == 'a' && buf[1] == 'b' && !buf[2] && !buf[3] && !buf[4], 1);
	EXPECT_TRUE("negative", fails_with(syscall(__NR_truncate, DIR_ "/tr", -1L), EINVAL));
	EXPECT_TRUE("a directory", fails_with(syscall(__NR_truncate, DIR_, 0), EISDIR));
	EXPECT_TRUE("missing", fails_with(syscall(__NR_truncate, DIR_ "/none", 0), ENOENT));
	fd = open(DIR_ "/tr", O_RDONLY);
	EXPECT_TRUE("ftruncate read-only", fails_with(syscall(__NR_ftruncate, fd, 0), EINVAL));
	close(fd);
	fd = open(DIR_ "/tr", O_RDWR);
	EXPECT("ftruncate", syscall(__NR_ftruncate, fd, 1), 0);
	EXPECT("ftruncated", do_fstat(fd, &s) == 0 ? s.st_size : -1, 1);
	EXPECT_TRUE("ftruncate negative", fails_with(syscall(__NR_ftruncate, fd, -1L), EINVAL));
	close(fd);
	EXPECT_TRUE("ftruncate bad fd", fails_with(syscall(__NR_ftruncate, 99, 0), EBADF));
	return do_unlink(DIR_ "/tr") == 0 ? 0 : FAIL_CODE;
}

static int times_and_access(void)
{
	struct timespec t[2] = { { 1000, 5 }, { 2000, 7 } };
	struct stat s;

	EXPECT("put", put_file(DIR_ "/u", "x"), 0);
	EXPECT("utimensat", syscall(__NR_utimensat, AT_FDCWD, DIR_ "/u", t, 0), 0);
	EXPECT("stat", do_stat(DIR_ "/u", &s), 0);
	EXPECT("atime", s.st_atime_sec == 1000 && s.st_atime_nsec == 5, 1);
	EXPECT("mtime", s.st_mtime_sec == 2000 && s.st_mtime_nsec == 7, 1);
	t[0].tv_nsec = UTIME_OMIT;
	t[1] = (struct timespec){ 3000, 0 };
	EXPECT("omit atime", syscall(__NR_utimensat, AT_FDCWD, DIR_ "/u", t, 0), 0);
	EXPECT("kept atime",
	       do_stat(DIR_ "/u", &s) == 0 && s.st_atime_sec == 1000 && s.st_mtime_sec == 3000, 1);
	t[1].tv_nsec = 1000000000;
	EXPECT_TRUE("bad nsec",
		    fails_with(syscall(__NR_utimensat, AT_FDCWD, DIR_ "/u", t, 0), EINVAL));
	EXPECT("access F_OK", do_access(DIR_ "/u", F_OK), 0);
	EXPECT("access R_OK|W_OK", do_access(DIR_ "/u", R_OK | W_OK), 0);
	EXPECT_TRUE("X_OK without x bits", fails_with(do_access(DIR_ "/u", X_OK), EACCES));
	EXPECT("X_OK /init", do_access("/init", X_OK), 0);
	EXPECT_TRUE("missing", fails_with(do_access(DIR_ "/none", F_OK), ENOENT));
	EXPECT_TRUE("bad mode", fails_with(do_access(DIR_ "/u", 8), EINVAL));
	return do_unlink(DIR_ "/u") == 0 ? 0 : FAIL_CODE;
}

static int statx_calls(void)
{
	struct statx x;
	int fd;

	EXPECT("put", put_file(DIR_ "/x", "12345"), 0);
	memset(&x, 0xff, sizeof(x));
	EXPECT("statx", syscall(__NR_statx, AT_FDCWD, DIR_ "/x", 0, STATX_BASIC_STATS, &x), 0);
	EXPECT("basic stats", x.stx_mask & STATX_BASIC_STATS, STATX_BASIC_STATS);
	EXPECT("size", x.stx_size, 5);
	EXPECT("mode", x.stx_mode & S_IFMT, S_IFREG);
	fd = open(DIR_ "/x", O_RDONLY);
	EXPECT("AT_EMPTY_PATH",
	       syscall(__NR_statx, fd, "", AT_EMPTY_PATH, STATX_SIZE, &x) == 0 && x.stx_size == 5,
	       1);
	close(fd);
	EXPECT_TRUE("bad flags",
		    fails_with(syscall(__NR_statx, AT_FDCWD, DIR_ "/x", 0x10000000, 0, &x),
			       EINVAL));
	EXPECT_TRUE("both sync kinds",
		    fails_with(syscall(__NR_statx, AT_FDCWD, DIR_ "/x", AT_STATX_SYNC_TYPE, 0, &x),
			       EINVAL));
	EXPECT_TRUE("reserved mask",
		    fails_with(syscall(__NR_statx, AT_FDCWD, DIR_ "/x", 0, STATX__RESERVED, &x),
			       EINVAL));
	EXPECT_TRUE("empty path without flag",
		    fails_with(syscall(__NR_statx, AT_FDCWD, "", 0, 0, &x), ENOENT));
	return do_unlink(DIR_ "/x") == 0 ? 0 : FAIL_CODE;
}

static int devices(void)
{
	char buf[64];
	int fd;
	bool nonzero = false;

	fd = open("/dev/null", O_RDWR);
	EXPECT("null read", read(fd, buf, sizeof(buf)), 0);
	EXPECT("null write", write(fd, buf, sizeof(buf)), sizeof(buf));
	close(fd);
	fd = open("/dev/zero", O_RDONLY);
	memset(buf, 1, sizeof(buf));
	EXPECT("zero read", read(fd, buf, sizeof(buf)), sizeof(buf));
	EXPECT("zeros", buf[0] | buf[31] | buf[63], 0);
	close(fd);
	fd = open("/dev/full", O_WRONLY);
	EXPECT_TRUE("full write", fails_with(write(fd, buf, 1), ENOSPC));
	close(fd);
	fd = open("/dev/urandom", O_RDONLY);
	EXPECT("urandom read", read(fd, buf, sizeof(buf)), sizeof(buf));
	for (int i = 0; i < 64; i++)
		nonzero |= buf[i] != 0;
	EXPECT_TRUE("random bytes", nonzero);
	close(fd);
	return 0;
}

static int sync_and_statfs(void)
{
	struct statfs f;
	int fds[2], fd;

	fd = open(DIR_ "/s", O_RDWR | O_CREAT, 0644);
	EXPECT("fsync", syscall(__NR_fsync, fd), 0);
	EXPECT("fdatasync", syscall(__NR_fdatasync, fd), 0);
	EXPECT("fstatfs", syscall(__NR_fstatfs, fd, &f), 0);
	EXPECT("block size", f.f_bsize, 4096);
	EXPECT("name length", f.f_namelen, 255);
	close(fd);
	EXPECT("statfs", syscall(__NR_statfs, "/", &f), 0);
	EXPECT_TRUE("statfs missing", fails_with(syscall(__NR_statfs, "/none", &f), ENOENT));
	EXPECT("pipe", pipe(fds), 0);
	EXPECT_TRUE("fsync a pipe", fails_with(syscall(__NR_fsync, fds[0]), EINVAL));
	close(fds[0]);
	close(fds[1]);
	EXPECT_TRUE("fsync bad fd", fails_with(syscall(__NR_fsync, 99), EBADF));
	return do_unlink(DIR_ "/s") == 0 ? 0 : FAIL_CODE;
}

static int unlinked_file_lives(void)
{
	char buf[8];
	struct stat s;
	int fd = open(DIR_ "/gone", O_RDWR | O_CREAT, 0644);

	EXPECT("unlink while open", do_unlink(DIR_ "/gone"), 0);
	EXPECT("write", write(fd, "live", 4), 4);
	EXPECT("pread", do_pread(fd, buf, 4, 0), 4);
	EXPECT("nlink 0", do_fstat(fd, &s) == 0 ? s.st_nlink : 1, 0);
	return close(fd) == 0 ? 0 : FAIL_CODE;
}

static int program_copied_runs(void)
{
	static char image[4 << 20];
	int in = open(self_path, O_RDONLY), out, st;
	long n, total = 0;
	pid_t pid;

	EXPECT_TRUE("open self", in >= 0);
	while ((n = read(in, image + total, sizeof(image) - (size_t)total)) > 0)
		total += n;
	close(in);
	out = open(DIR_ "/prog", O_WRONLY | O_CREAT | O_TRUNC, 0755);
	EXPECT("write the copy", write(out, image, (size_t)total), total);
	close(out);
	pid = fork();
	if (pid == 0)
		_exit(exec_self(DIR_ "/prog", "child-exit"));
	EXPECT("ran", waitpid(pid, &st, 0) == pid && WIFEXITED(st) ? WEXITSTATUS(st) : -1,
	       CHILD_STATUS);
	EXPECT("chmod -x", syscall(__NR_fchmodat, AT_FDCWD, DIR_ "/prog", 0644), 0);
	pid = fork();
	if (pid == 0)
		_exit(exec_self(DIR_ "/prog", "child-exit"));
	EXPECT("not executable",
	       waitpid(pid, &st, 0) == pid && WIFEXITED(st) ? WEXITSTATUS(st) : -1, 120);
	return do_unlink(DIR_ "/prog") == 0 ? 0 : FAIL_CODE;
}

/* Runs path with argument "extra" in a child: its exit status, or 200 + errno when execve failed. */
static int run_script(const char *path)
{
	char *argv[] = { (char *)path, "extra", NULL };
	char *envp[] = { NULL };
	int st;
	pid_t pid = fork();

	if (pid == 0) {
		execve(path, argv, envp);
		_exit(200 + errno);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

static int scripts(void)
{
	char line[300], name[64], target[64];

	/* The interpreter (this program) checks its argv: { self, "child-script", script, "extra" }. */
	snprintf(line, sizeof(line), "#! \t%s  child-script  \nexit 1\n", self_path);
	EXPECT("put", put_file(DIR_ "/s1", line), 0);
	EXPECT("chmod", syscall(__NR_fchmodat, AT_FDCWD, DIR_ "/s1", 0755), 0);
	EXPECT("script runs its interpreter", run_script(DIR_ "/s1"), SCRIPT_STATUS);
	EXPECT("put empty", put_file(DIR_ "/s2", "#!  \n"), 0);
	syscall(__NR_fchmodat, AT_FDCWD, DIR_ "/s2", 0755);
	EXPECT("no interpreter: ENOEXEC", run_script(DIR_ "/s2"), 200 + ENOEXEC);
	EXPECT("put missing", put_file(DIR_ "/s3", "#!/no/such\n"), 0);
	syscall(__NR_fchmodat, AT_FDCWD, DIR_ "/s3", 0755);
	EXPECT("missing interpreter: ENOENT", run_script(DIR_ "/s3"), 200 + ENOENT);
	EXPECT("put no x", put_file(DIR_ "/s4", line), 0);
	EXPECT("no execute bit: EACCES", run_script(DIR_ "/s4"), 200 + EACCES);
	/* Five scripts in a chain run; six are ELOOP (Linux's exec_binprm()). */
	for (int i = 1; i <= 5; i++) {
		snprintf(name, sizeof(name), DIR_ "/n%d", i);
		snprintf(target, sizeof(target), i == 1 ? DIR_ "/s1" : DIR_ "/n%d", i - 1);
		snprintf(line, sizeof(line), "#!%s\n", target);
		EXPECT("put chain", put_file(name, line), 0);
		syscall(__NR_fchmodat, AT_FDCWD, name, 0755);
	}
	/* n4 → n3 → n2 → n1 → s1 → this program, which sees 8 arguments and says 44. */
	EXPECT("five scripts deep", run_script(DIR_ "/n4"), 44);
	EXPECT("six scripts deep: ELOOP", run_script(DIR_ "/n5"), 200 + ELOOP);
	for (int i = 1; i <= 5; i++) {
		snprintf(name, sizeof(name), DIR_ "/n%d", i);
		do_unlink(name);
	}
	do_unlink(DIR_ "/s2");
	do_unlink(DIR_ "/s3");
	do_unlink(DIR_ "/s4");
	return do_unlink(DIR_ "/s1") == 0 ? 0 : FAIL_CODE;
}

/*
 * The interpreter of "comm-script" (this program, "child-comm"): Linux
 * names the process after the script (begin_new_exec() takes comm from
 * bprm->filename, which binfmt_script leaves alone) and AT_EXECFN points
 * to the script's path: SCRIPT_STATUS when both hold, 45 or 46 when not.
 */
static int script_comm_child(const char *script)
{
	char stat[256], *open_paren, *close_paren;
	const char *execfn = (const char *)getauxval(AT_EXECFN);

	if (get_file("/proc/self/stat", stat, sizeof(stat)) <= 0 ||
	    !(open_paren = strchr(stat, '(')) || !(close_paren = strrchr(stat, ')')))
		return 45;
	*close_paren = '\0';
	if (strcmp(open_paren + 1, "comm-script") != 0) {
		note("comm is %s", open_paren + 1);
		return 45;
	}
	return execfn && strcmp(execfn, script) == 0 ? SCRIPT_STATUS : 46;
}

static int script_names_process(void)
{
	char line[300];

	snprintf(line, sizeof(line), "#!%s child-comm\n", self_path);
	EXPECT("put", put_file(DIR_ "/comm-script", line), 0);
	EXPECT("chmod", syscall(__NR_fchmodat, AT_FDCWD, DIR_ "/comm-script", 0755), 0);
	EXPECT("comm and AT_EXECFN are the script's", run_script(DIR_ "/comm-script"),
	       SCRIPT_STATUS);
	return do_unlink(DIR_ "/comm-script") == 0 ? 0 : FAIL_CODE;
}

static int proc_links(void)
{
	char buf[128], want[32];
	int fd;

	EXPECT_TRUE("exe",
		    do_readlink("/proc/self/exe", buf, sizeof(buf)) == (long)strlen(self_path) &&
			    memcmp(buf, self_path, strlen(self_path)) == 0);
	EXPECT("cwd", do_readlink("/proc/self/cwd", buf, sizeof(buf)), 1);
	EXPECT("cwd is /", buf[0], '/');
	snprintf(want, sizeof(want), "%d", getpid());
	EXPECT("self", do_readlink("/proc/self", buf, sizeof(buf)), (long)strlen(want));
	EXPECT("self is the pid", memcmp(buf, want, strlen(want)), 0);
	fd = open("/dev/null", O_RDONLY);
	snprintf(want, sizeof(want), "/proc/self/fd/%d", fd);
	EXPECT("fd link", do_readlink(want, buf, sizeof(buf)), 9);
	EXPECT("fd is /dev/null", memcmp(buf, "/dev/null", 9), 0);
	close(fd);
	EXPECT_TRUE("closed fd", fails_with(do_readlink(want, buf, sizeof(buf)), ENOENT));
	EXPECT_TRUE("not a link",
		    fails_with(do_readlink("/proc/self/status", buf, sizeof(buf)), EINVAL));
	return 0;
}

static int pages_given_back(void)
{
	static char chunk[4096];
	unsigned long before = 0;

	memset(chunk, 'p', sizeof(chunk));
	for (int round = 0; round < 3; round++) {
		int fd;

		if (round == 1)
			before = free_pages(); /* round 0 was the warm-up */
		fd = open(DIR_ "/big", O_RDWR | O_CREAT | O_TRUNC, 0644);
		for (int i = 0; i < 64; i++)
			EXPECT("write", write(fd, chunk, sizeof(chunk)), sizeof(chunk));
		EXPECT("ftruncate", syscall(__NR_ftruncate, fd, 4096), 0);
		close(fd);
		EXPECT("unlink", do_unlink(DIR_ "/big"), 0);
	}
	EXPECT("free pages", free_pages(), before);
	return 0;
}

static const struct test_case cases[] = {
	{ "root_from_archive_with_dev_nodes", root_from_archive },
	{ "create_write_read_unlink", create_write_read },
	{ "o_trunc_and_o_append", trunc_and_append },
	{ "open_flags_eisdir_enotdir_eloop_eexist", open_flags },
	{ "mkdir_rmdir_unlink_errnos", mkdir_rmdir },
	{ "symlinks_readlink_eloop_at_40", symlinks },
	{ "hard_links", hard_links },
	{ "rename_and_renameat2", renames },
	{ "getdents64_entries_and_cursor", directory_entries },
	{ "cwd_chdir_getcwd_fork_clone_fs", cwd_cases },
	{ "umask_chmod_chown", modes_and_owners },
	{ "truncate_ftruncate", truncation },
	{ "utimensat_and_access", times_and_access },
	{ "statx", statx_calls },
	{ "dev_null_zero_full_urandom", devices },
	{ "fsync_and_statfs", sync_and_statfs },
	{ "unlinked_open_file_lives", unlinked_file_lives },
	{ "program_written_to_the_tree_runs", program_copied_runs },
	{ "proc_self_exe_cwd_fd_links", proc_links },
	{ "execve_scripts_interpreter_enoexec_eloop", scripts },
	{ "execve_script_names_process_after_script", script_names_process },
	{ "files_free_pages_exact", pages_given_back },
};

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "child-exit") == 0)
		return CHILD_STATUS;
	if (argc > 1 && strcmp(argv[1], "child-script") == 0)
		return argc == 4 && strcmp(argv[2], DIR_ "/s1") == 0 &&
				       strcmp(argv[3], "extra") == 0
			       ? SCRIPT_STATUS
			       : 44;
	if (argc > 2 && strcmp(argv[1], "child-comm") == 0)
		return script_comm_child(argv[2]);
	snprintf(self_path, sizeof(self_path), "%s", argv[0]);
	ktap_header();
	ktap_plan(sizeof(cases) / sizeof(cases[0]));
	syscall(__NR_umask, 022);
	if (do_mkdir(DIR_, 0755) != 0 && errno != EEXIST)
		note("mkdir %s: errno %d", DIR_, errno);
	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		test_case_run(&cases[i], false);
	do_rmdir(DIR_);
	return ktap_finish();
}
