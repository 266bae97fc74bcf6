// SPDX-License-Identifier: MIT
/*
 * /bin/shm: shared anonymous memory (MAP_SHARED|MAP_ANONYMOUS) and madvise.
 *
 * Proves: a child's writes to a shared page after fork are what the parent
 * reads (also in a page nobody touched before fork, and from a fork of a
 * fork), and the parent's writes after fork are what the child reads; a
 * munmap in the middle of a shared area leaves both ends shared at their own
 * offsets (the hole faults SIGSEGV), an mprotect of part makes a write there
 * fault while the rest stays shared, and writable again it is shared again;
 * /proc/self/maps shows the area as rw-s (a private one as rw-p);
 * madvise(MADV_DONTNEED) makes a private page read zero and leaves a shared
 * page's content; madvise's errnos are Linux's (EINVAL for an unaligned
 * start, unknown advice or a wrapping length; ENOMEM for a hole, after
 * dropping the mapped part; 0 for an empty range); mmap's for what stays
 * unsupported are Linux's (MAP_SHARED_VALIDATE with MAP_ANONYMOUS and a
 * growing shared area EINVAL; of a read-only file, a writable shared
 * mapping EACCES, an unknown flag under MAP_SHARED_VALIDATE EOPNOTSUPP;
 * of a /proc file or the console ENODEV; a bad fd EBADF).
 *
 * File mappings, as Linux's of tmpfs: a private one reads the file (zeros
 * past its end in the last page), a write is the process's own copy, and
 * a write to the file shows in a page not yet copied, and a PROT_WRITE-only
 * one reads as well (no page table can say write-only), the kernel's reads
 * of it as the program's; a shared one's
 * writes reach the file and the file's writes show in it; a page wholly
 * past the end is SIGBUS; an unlinked, closed file lives on in its
 * mapping; truncation makes the pages past the new end SIGBUS, mapped
 * ones and private copies too.
 */
#include <errno.h>
#include <fcntl.h>
#include <ktap.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test.h"

#define NTESTS 32
#define SHARED (MAP_SHARED | MAP_ANONYMOUS)
#define ANON (MAP_PRIVATE | MAP_ANONYMOUS)
#define RW (PROT_READ | PROT_WRITE)

static volatile char *map_shared(size_t pages)
{
	void *p = mmap(NULL, pages * PAGE, RW, SHARED, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* Waits for pid; true when it exited 0. */
static bool child_ok(pid_t pid)
{
	int status;

	return pid > 0 && wait4(pid, &status, 0, NULL) == pid && status_is(status, 0, 0);
}

/* True when a child writing (write) or reading p dies of SIGSEGV. */
static bool child_segfaults(volatile char *p, bool write)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		if (write)
			*p = 1;
		else
			(void)*p;
		_exit(0);
	}
	return pid > 0 && wait4(pid, &status, 0, NULL) == pid && status_is(status, 0, SIGSEGV);
}

static void test_fork(void)
{
	volatile char *m = map_shared(2);
	pid_t pid;

	if (!m) {
		ktap_ok(false, "child_write_after_fork_seen_by_parent");
		ktap_ok(false, "page_first_touched_after_fork_is_shared");
		ktap_ok(false, "parent_write_after_fork_seen_by_child");
		ktap_ok(false, "fork_of_fork_writes_seen_by_all");
		return;
	}
	m[0] = 1; /* page 0 exists before fork; page 1 only after */
	pid = fork();
	if (pid == 0) {
		m[0] = 0x42;
		m[PAGE] = 0x43;
		_exit(0);
	}
	bool ok = child_ok(pid);

	ktap_ok(ok && m[0] == 0x42, "child_write_after_fork_seen_by_parent");
	ktap_ok(ok && m[PAGE] == 0x43, "page_first_touched_after_fork_is_shared");

	/* The parent writes after fork; the child waits for the flag in page 1. */
	m[PAGE] = 0;
	pid = fork();
	if (pid == 0) {
		for (long spins = 0; m[PAGE] != 1; spins++) {
			if (spins > 1000000)
				_exit(2);
			sched_yield();
		}
		_exit(m[1] == 0x21 ? 0 : 1);
	}
	m[1] = 0x21;
	m[PAGE] = 1;
	ktap_ok(child_ok(pid), "parent_write_after_fork_seen_by_child");

	pid = fork();
	if (pid == 0) {
		pid_t grandchild = fork();

		if (grandchild == 0) {
			m[2] = 0x31;
			_exit(0);
		}
		_exit(child_ok(grandchild) && m[2] == 0x31 ? 0 : 1);
	}
	ktap_ok(child_ok(pid) && m[2] == 0x31, "fork_of_fork_writes_seen_by_all");
	munmap((void *)m, 2 * PAGE);
}

static void test_split(void)
{
	volatile char *m = map_shared(3);
	pid_t pid;

	if (!m) {
		for (int i = 0; i < 4; i++)
			ktap_ok(false, "shared_split_case_%d", i);
		return;
	}
	for (int i = 0; i < 3; i++)
		m[i * PAGE] = (char)(0x10 + i);
	ktap_ok(munmap((void *)(m + PAGE), PAGE) == 0 && m[0] == 0x10 && m[2 * PAGE] == 0x12 &&
			child_segfaults(m + PAGE, false),
		"munmap_middle_keeps_both_ends");
	pid = fork();
	if (pid == 0) {
		m[0] = 0x20;
		m[2 * PAGE] = 0x22;
		_exit(0);
	}
	ktap_ok(child_ok(pid) && m[0] == 0x20 && m[2 * PAGE] == 0x22,
		"munmap_middle_both_ends_still_shared");

	/* mprotect of the high piece: a write there faults, the low one stays shared. */
	bool faults = mprotect((void *)(m + 2 * PAGE), PAGE, PROT_READ) == 0 &&
		      child_segfaults(m + 2 * PAGE, true) && m[2 * PAGE] == 0x22;

	pid = fork();
	if (pid == 0) {
		m[0] = 0x30;
		_exit(0);
	}
	ktap_ok(faults && child_ok(pid) && m[0] == 0x30, "mprotect_part_read_only_faults_on_write");
	pid = fork();
	if (pid == 0)
		_exit(mprotect((void *)(m + 2 * PAGE), PAGE, RW) == 0 && (m[2 * PAGE] = 0x40) ? 0
											      : 1);
	ktap_ok(child_ok(pid) && m[2 * PAGE] == 0x40, "mprotect_back_writable_still_shared");
	munmap((void *)m, 3 * PAGE);
}

static void test_maps(void)
{
	volatile char *m = map_shared(1);
	char *p = mmap(NULL, PAGE, RW, ANON, -1, 0);
	const struct area *a = m ? find_area((unsigned long)m) : NULL;

	ktap_ok(a && strcmp(a->perms, "rw-s") == 0, "maps_shows_shared_area_rw_s");
	a = p != MAP_FAILED ? find_area((unsigned long)p) : NULL;
	ktap_ok(a && strcmp(a->perms, "rw-p") == 0, "maps_shows_private_area_rw_p");
	munmap((void *)m, PAGE);
	munmap(p, PAGE);
}

static void test_madvise(void)
{
	volatile char *s = map_shared(2);
	char *p = mmap(NULL, 2 * PAGE, RW, ANON, -1, 0);
	pid_t pid;

	if (!s || p == MAP_FAILED) {
		ktap_ok(false, "madvise_mappings");
		return;
	}
	p[0] = 0x55;
	p[PAGE] = 0x56;
	ktap_ok(madvise(p, 2 * PAGE, MADV_DONTNEED) == 0 && p[0] == 0 && p[PAGE] == 0,
		"madvise_dontneed_private_reads_zero");
	s[0] = 0x66;
	pid = fork();
	if (pid == 0)
		_exit(madvise((void *)s, PAGE, MADV_DONTNEED) == 0 && s[0] == 0x66 ? 0 : 1);
	ktap_ok(child_ok(pid) && madvise((void *)s, 2 * PAGE, MADV_DONTNEED) == 0 && s[0] == 0x66,
		"madvise_dontneed_shared_keeps_content");
	pid = fork();
	if (pid == 0) {
		madvise((void *)s, PAGE, MADV_DONTNEED);
		s[0] = 0x67;
		_exit(0);
	}
	ktap_ok(child_ok(pid) && s[0] == 0x67, "madvise_dontneed_shared_then_write_still_shared");
	ktap_ok(madvise(p, PAGE, MADV_NORMAL) == 0 && madvise(p, PAGE, MADV_RANDOM) == 0 &&
			madvise(p, PAGE, MADV_SEQUENTIAL) == 0 &&
			madvise(p, PAGE, MADV_WILLNEED) == 0,
		"madvise_hints_accepted");
	ktap_ok(fails_with(madvise(p + 1, PAGE, MADV_DONTNEED), EINVAL),
		"madvise_unaligned_einval");
	ktap_ok(fails_with(madvise(p, PAGE, 999), EINVAL) &&
			fails_with(madvise(p, PAGE, -1), EINVAL),
		"madvise_unknown_advice_einval");
	ktap_ok(fails_with(madvise(p, (size_t)-1, MADV_DONTNEED), EINVAL),
		"madvise_wrapping_length_einval");
	ktap_ok(madvise(p + 1, 0, 999) == -1 && madvise(p, 0, MADV_DONTNEED) == 0,
		"madvise_empty_range_ok_after_checks");
	/* [p, p + PAGE) mapped, the page above not: ENOMEM, and the mapped page is dropped. */
	munmap(p + PAGE, PAGE);
	p[0] = 0x57;
	ktap_ok(fails_with(madvise(p, 2 * PAGE, MADV_DONTNEED), ENOMEM) && p[0] == 0,
		"madvise_hole_enomem_after_dropping_mapped_part");
	ktap_ok(fails_with(madvise(p + PAGE, PAGE, MADV_WILLNEED), ENOMEM),
		"madvise_unmapped_enomem");
	munmap(p, PAGE);
	munmap((void *)s, 2 * PAGE);
}

static void test_mmap_errnos(void)
{
	int fd = open("/init", O_RDONLY), proc = open("/proc/self/maps", O_RDONLY);

	ktap_ok(mmap_fails_with(mmap(NULL, PAGE, RW, MAP_SHARED_VALIDATE | MAP_ANONYMOUS, -1, 0),
				EINVAL),
		"mmap_shared_validate_anonymous_einval");
	ktap_ok(mmap_fails_with(mmap(NULL, PAGE, RW, SHARED | MAP_GROWSDOWN, -1, 0), EINVAL),
		"mmap_shared_growsdown_einval");
	ktap_ok(fd >= 0 && mmap_fails_with(mmap(NULL, PAGE, RW, MAP_SHARED, fd, 0), EACCES) &&
			mmap_fails_with(mmap(NULL, PAGE, RW, MAP_SHARED_VALIDATE, fd, 0), EACCES),
		"mmap_file_shared_writable_read_only_fd_eacces");
	/* A file without pages to map: /proc's, the console. */
	ktap_ok(proc >= 0 &&
			mmap_fails_with(mmap(NULL, PAGE, PROT_READ, MAP_SHARED, proc, 0), ENODEV) &&
			mmap_fails_with(mmap(NULL, PAGE, RW, MAP_PRIVATE, proc, 0), ENODEV) &&
			mmap_fails_with(mmap(NULL, PAGE, RW, MAP_SHARED, 1, 0), ENODEV),
		"mmap_file_otherwise_enodev");
	/* MAP_SYNC is for DAX files only; MAP_SHARED ignores what it does not know. */
	ktap_ok(mmap_fails_with(mmap(NULL, PAGE, PROT_READ, MAP_SHARED_VALIDATE | MAP_SYNC, fd, 0),
				EOPNOTSUPP) &&
			mmap_fails_with(mmap(NULL, PAGE, PROT_READ, MAP_SHARED | MAP_SYNC, proc, 0),
					ENODEV),
		"mmap_shared_validate_unknown_flag_eopnotsupp");
	ktap_ok(mmap_fails_with(mmap(NULL, PAGE, PROT_READ, MAP_SHARED, 99, 0), EBADF),
		"mmap_file_bad_fd_ebadf");
	close(fd);
	close(proc);
}

/* ---- file mappings ---- */

#define FILE_PATH "/tmp/shm-file"
#define FILE_SIZE (2 * PAGE + 100) /* three pages, the last one partly */

static long pread_at(int fd, char *c, long off)
{
	return syscall(__NR_pread64, fd, c, 1, off);
}

static long pwrite_at(int fd, const char *c, long off)
{
	return syscall(__NR_pwrite64, fd, c, 1, off);
}

static long unlink_path(const char *path)
{
	return syscall(__NR_unlinkat, AT_FDCWD, path, 0);
}

/* True when a child reading p dies of SIGBUS. */
static bool child_bus_error(volatile char *p)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		(void)*p;
		_exit(0);
	}
	return pid > 0 && wait4(pid, &status, 0, NULL) == pid && status_is(status, 0, SIGBUS);
}

/* A new file of FILE_SIZE bytes, byte n being n % 251: its fd (read-write), or -1. */
static int make_file(void)
{
	static char buf[FILE_SIZE];
	int fd = open(FILE_PATH, O_RDWR | O_CREAT | O_TRUNC, 0644);

	for (size_t i = 0; i < FILE_SIZE; i++)
		buf[i] = (char)(i % 251);
	if (fd >= 0 && write(fd, buf, FILE_SIZE) != (ssize_t)FILE_SIZE) {
		close(fd);
		return -1;
	}
	return fd;
}

static bool is_pattern(const volatile char *p, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (p[i] != (char)(i % 251))
			return false;
	return true;
}

static void test_file_private(void)
{
	int fd = make_file();
	volatile char *p = fd < 0 ? MAP_FAILED : mmap(NULL, 3 * PAGE, RW, MAP_PRIVATE, fd, 0);
	char c = 0;
	bool ok = p != MAP_FAILED && is_pattern(p, 0, FILE_SIZE);

	/* The last page past the end reads zero; a write is the process's own. */
	for (size_t i = FILE_SIZE; ok && i < 3 * PAGE; i++)
		ok = p[i] == 0;
	if (ok) {
		p[0] = 'X';
		p[PAGE + 1] = 'Y';
		ok = pread_at(fd, &c, 0) == 1 && c == 0 && p[0] == 'X' && p[PAGE + 1] == 'Y';
	}
	/* A write to the file shows in a page the mapping has not copied. */
	if (ok)
		ok = pwrite_at(fd, "Z", 2 * PAGE) == 1 && p[2 * PAGE] == 'Z';
	ktap_ok(ok, "mmap_file_private_reads_file_copies_on_write");
	if (p != MAP_FAILED)
		munmap((void *)p, 3 * PAGE);
	close(fd);
}

/*
 * PROT_WRITE alone: neither x86's page tables nor arm64's can say
 * write-only, so Linux maps the file's page readable until the first write
 * copies it. Before the copy the page must read as the file: a kernel read
 * (a pipe's write() from it) first, then the program's own, and again after
 * a trip through PROT_NONE. A page left unreadable here made the kernel's
 * copy fault forever under the big lock (make fuzz, 2026-12-06).
 */
static void test_file_private_write_only(void)
{
	int fd = make_file(), pfd[2] = { -1, -1 };
	volatile char *p = fd < 0 ? MAP_FAILED
				  : mmap(NULL, 3 * PAGE, PROT_WRITE, MAP_PRIVATE, fd, 0);
	char got[64], c = 1;
	bool ok = p != MAP_FAILED && pipe(pfd) == 0;

	ok = ok && write(pfd[1], (const void *)p, sizeof(got)) == (ssize_t)sizeof(got) &&
	     read(pfd[0], got, sizeof(got)) == (ssize_t)sizeof(got) &&
	     is_pattern(got, 0, sizeof(got));
	ok = ok && is_pattern(p, PAGE, PAGE + 64);
	ok = ok && mprotect((void *)p, 3 * PAGE, PROT_NONE) == 0 &&
	     mprotect((void *)p, 3 * PAGE, PROT_WRITE) == 0 && is_pattern(p, 0, 64) &&
	     is_pattern(p, PAGE, PAGE + 64);
	if (ok) {
		p[0] = 'X';
		ok = p[0] == 'X' && pread_at(fd, &c, 0) == 1 && c == 0;
	}
	ktap_ok(ok, "mmap_file_private_write_only_reads_the_file");
	if (p != MAP_FAILED)
		munmap((void *)p, 3 * PAGE);
	if (pfd[0] >= 0) {
		close(pfd[0]);
		close(pfd[1]);
	}
	close(fd);
}

static void test_file_shared(void)
{
	int fd = make_file();
	volatile char *p = fd < 0 ? MAP_FAILED : mmap(NULL, 4 * PAGE, RW, MAP_SHARED, fd, 0);
	char c = 0;
	bool ok = p != MAP_FAILED && is_pattern(p, 0, FILE_SIZE);

	if (ok) {
		p[5] = 'Y';
		ok = pread_at(fd, &c, 5) == 1 && c == 'Y';
		ok = ok && pwrite_at(fd, "W", PAGE + 7) == 1 && p[PAGE + 7] == 'W';
	}
	ktap_ok(ok, "mmap_file_shared_writes_reach_the_file");
	/* The fourth page lies wholly past the end: Linux's SIGBUS. */
	ktap_ok(p != MAP_FAILED && child_bus_error(p + 3 * PAGE), "mmap_file_past_end_sigbus");
	/* Unlinked and closed, the file lives on in the mapping. */
	ok = p != MAP_FAILED && unlink_path(FILE_PATH) == 0 && close(fd) == 0;
	if (ok) {
		p[PAGE] = 'U';
		ok = p[PAGE] == 'U' && p[5] == 'Y' && is_pattern(p, 6, PAGE);
	}
	ktap_ok(ok, "mmap_file_unlinked_keeps_its_pages");
	if (p != MAP_FAILED)
		munmap((void *)p, 4 * PAGE);
}

static void test_file_truncate(void)
{
	int fd = make_file();
	volatile char *p = fd < 0 ? MAP_FAILED : mmap(NULL, 3 * PAGE, RW, MAP_PRIVATE, fd, 0);
	bool ok = p != MAP_FAILED && is_pattern(p, 0, FILE_SIZE);

	/* Every page mapped, one a private copy; then the file shrinks to one page. */
	if (ok) {
		p[2 * PAGE] = 'C';
		ok = syscall(__NR_ftruncate, fd, PAGE) == 0;
	}
	ktap_ok(ok && is_pattern(p, 0, PAGE) && child_bus_error(p + PAGE) &&
			child_bus_error(p + 2 * PAGE),
		"mmap_file_truncated_past_end_sigbus");
	if (p != MAP_FAILED)
		munmap((void *)p, 3 * PAGE);
	close(fd);
	unlink_path(FILE_PATH);
}

int main(void)
{
	ktap_header();
	ktap_plan(NTESTS);
	test_fork();
	test_split();
	test_maps();
	test_madvise();
	test_mmap_errnos();
	test_file_private();
	test_file_private_write_only();
	test_file_shared();
	test_file_truncate();
	return ktap_finish();
}
