// SPDX-License-Identifier: MIT
/*
 * /bin/ptrace's memory cases: process_vm_readv/writev (iovecs on both
 * sides, a transfer cut exactly at the first unreachable remote page or
 * faulting local byte, the areas' own rights: no write to read-only
 * memory, no read of PROT_NONE) and /proc/PID/mem (pread/pwrite/lseek at
 * the process's addresses; writes force through read-only pages as a
 * debugger's do; a write into a page fork shares lands in a copy), each
 * with Linux's errnos.
 */
#include <errno.h>
#include <fcntl.h>
#include <ktap.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <uapi/linux/fs.h>

#include "ptrace_test.h"
#include "ptrace_arch.h"

#define NO_SUCH_PID 99999

static char *pbuf; /* 2 pages, the same address in parent and children */

static long vm_rw(bool write, int pid, const struct iovec *l, unsigned long nl,
		  const struct iovec *r, unsigned long nr, unsigned long flags)
{
	return syscall6(write ? __NR_process_vm_writev : __NR_process_vm_readv, pid, (long)l,
			(long)nl, (long)r, (long)nr, (long)flags);
}

static long pread_at(int fd, void *buf, unsigned long n, unsigned long off)
{
	return syscall4(__NR_pread64, fd, (long)buf, (long)n, (long)off);
}

static long pwrite_at(int fd, const void *buf, unsigned long n, unsigned long off)
{
	return syscall4(__NR_pwrite64, fd, (long)buf, (long)n, (long)off);
}

static long seek(int fd, unsigned long off, int whence)
{
	return syscall3(__NR_lseek, fd, (long)off, whence);
}

/* The child's side: its own pattern in pbuf, stopped while the parent works, then checks. */
static int fill_stop_check(void)
{
	memset(pbuf, 'C', 2 * PAGE);
	stop_self();
	for (int i = 0; i < 16; i++) {
		if (pbuf[PAGE - 8 + i] != 'W')
			return 1;
	}
	return pbuf[PAGE - 9] == 'C' && pbuf[PAGE + 8] == 'C' ? 0 : 2;
}

static int vm_read_write(void)
{
	char a[100], b[200], w[16];
	struct iovec l[2] = { { a, sizeof(a) }, { b, sizeof(b) } };
	struct iovec r[2] = { { pbuf + 10, 50 }, { pbuf + PAGE - 20, 100 } };
	struct iovec lw = { w, sizeof(w) }, rw = { pbuf + PAGE - 8, sizeof(w) };
	int pid;

	memset(pbuf, 'P', 2 * PAGE);
	pid = fork_traced(fill_stop_check);
	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	EXPECT("readv: 150 bytes", vm_rw(false, pid, l, 2, r, 2, 0), 150);
	EXPECT("the child's bytes, first local vector full", a[99], 'C');
	EXPECT("then the second", b[49], 'C');
	EXPECT("no further", b[50], 0);
	memset(w, 'W', sizeof(w));
	EXPECT("writev across a page boundary", vm_rw(true, pid, &lw, 1, &rw, 1, 0), sizeof(w));
	EXPECT("the parent's own pbuf", pbuf[PAGE - 8], 'P');
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("the child saw the write", wait_status(pid), 0);
	return 0;
}

static int vm_partial(void)
{
	char *edge =
		mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *hole = edge + PAGE, buf[64];
	struct iovec l = { buf, sizeof(buf) }, r = { hole - 16, 64 };
	struct iovec r2[2] = { { edge, 8 }, { hole, 8 } };
	struct iovec l2[2] = { { buf, 8 }, { hole, 8 } };
	int pid = getpid();

	munmap(hole, PAGE);
	EXPECT("read cut at the unmapped page", vm_rw(false, pid, &l, 1, &r, 1, 0), 16);
	r = (struct iovec){ hole, 8 };
	EXPECT("nothing readable: EFAULT", vm_rw(false, pid, &l, 1, &r, 1, 0), -EFAULT);
	EXPECT("second remote vector unmapped", vm_rw(false, pid, &l, 1, r2, 2, 0), 8);
	r = (struct iovec){ edge, 16 };
	EXPECT("second local vector unmapped", vm_rw(false, pid, l2, 2, &r, 1, 0), 8);
	l = (struct iovec){ (void *)ARCH_KERNEL_ADDR, 8 };
	EXPECT("local vector in the kernel half", vm_rw(false, pid, &l, 1, &r, 1, 0), -EFAULT);
	munmap(edge, PAGE);
	return 0;
}

static int vm_errnos(void)
{
	char buf[8];
	void *ro = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *none = mmap(NULL, PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct iovec l = { buf, 8 }, r = { ro, 8 }, empty = { buf, 0 };
	struct iovec neg = { buf, 1ul << 63 };
	int pid = getpid();

	EXPECT("flags 1", vm_rw(false, pid, &l, 1, &r, 1, 1), -EINVAL);
	EXPECT("no such PID", vm_rw(false, NO_SUCH_PID, &l, 1, &r, 1, 0), -ESRCH);
	EXPECT("nothing to move: 0 before the PID", vm_rw(false, NO_SUCH_PID, &empty, 1, &r, 1, 0),
	       0);
	EXPECT("1025 local vectors", vm_rw(false, pid, &l, 1025, &r, 1, 0), -EINVAL);
	EXPECT("1025 remote vectors", vm_rw(false, pid, &l, 1, &r, 1025, 0), -EINVAL);
	EXPECT("negative length", vm_rw(false, pid, &neg, 1, &r, 1, 0), -EINVAL);
	EXPECT("bad local iovec array", vm_rw(false, pid, (void *)8, 1, &r, 1, 0), -EFAULT);
	EXPECT("bad remote iovec array", vm_rw(false, pid, &l, 1, (void *)8, 1, 0), -EFAULT);
	EXPECT("read of read-only", vm_rw(false, pid, &l, 1, &r, 1, 0), 8);
	EXPECT("write to read-only", vm_rw(true, pid, &l, 1, &r, 1, 0), -EFAULT);
	r.iov_base = none;
	EXPECT("read of PROT_NONE (no force)", vm_rw(false, pid, &l, 1, &r, 1, 0), -EFAULT);
	munmap(ro, PAGE);
	munmap(none, PAGE);
	return 0;
}

static int proc_self_mem(void)
{
	volatile unsigned long *ro =
		mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned long v = 0, w = 0x7777777766666666ul, addr = (unsigned long)ro;
	int fd = open("/proc/self/mem", O_RDWR), rd = open("/proc/self/mem", O_RDONLY);

	ro[1] = 0x1234;
	mprotect((void *)ro, PAGE, PROT_READ);
	EXPECT_TRUE("open O_RDWR", fd >= 0 && rd >= 0);
	EXPECT("pread", pread_at(fd, &v, 8, addr + 8), 8);
	EXPECT("value read", v, 0x1234);
	EXPECT("pwrite into read-only memory", pwrite_at(fd, &w, 8, addr + 8), 8);
	EXPECT("forced through", ro[1], w);
	EXPECT("lseek SEEK_SET to an address", seek(fd, addr + 8, SEEK_SET), (long)(addr + 8));
	EXPECT("read", read(fd, &v, 8), 8);
	EXPECT("what pwrite wrote", v, w);
	EXPECT("position moved", seek(fd, 0, SEEK_CUR), (long)(addr + 16));
	EXPECT("pread left the position", (pread_at(fd, &v, 8, addr), seek(fd, 0, SEEK_CUR)),
	       (long)(addr + 16));
	EXPECT("pread of an unmapped address", pread_at(fd, &v, 8, 8), -EIO);
	EXPECT("pread at a negative offset", pread_at(fd, &v, 8, 1ul << 63), -EINVAL);
	EXPECT("SEEK_END", seek(fd, 0, SEEK_END), -EINVAL);
	EXPECT("write through O_RDONLY", pwrite_at(rd, &w, 8, addr), -EBADF);
	EXPECT("pread into a bad buffer", pread_at(fd, (void *)8, 8, addr), -EFAULT);
	EXPECT("no such process", open("/proc/99999/mem", O_RDONLY) == -1 ? errno : 0, ENOENT);
	EXPECT("lseek on the console", seek(1, 0, SEEK_SET), -ESPIPE);
	close(fd);
	close(rd);
	munmap((void *)ro, PAGE);
	return 0;
}

static int proc_child_mem(void)
{
	char path[32], c = 0;
	int pid, fd;

	memset(pbuf, 'P', 2 * PAGE);
	pid = fork_traced(fill_stop_check);
	EXPECT("stop", wait_status(pid), STOPPED_WITH(SIGSTOP));
	snprintf(path, sizeof(path), "/proc/%d/mem", pid);
	fd = open(path, O_RDWR);
	EXPECT_TRUE("open /proc/CHILD/mem", fd >= 0);
	EXPECT("pread the child's byte", pread_at(fd, &c, 1, (unsigned long)pbuf + 5), 1);
	EXPECT("the child's, not ours", c, 'C');
	EXPECT("pwrite 16 bytes",
	       pwrite_at(fd, "WWWWWWWWWWWWWWWW", 16, (unsigned long)pbuf + PAGE - 8), 16);
	EXPECT("CONT", pt(PTRACE_CONT, pid, 0, 0), 0);
	EXPECT("the child saw the write", wait_status(pid), 0);
	/* Its address space is gone: the open file reads nothing (Linux's mmget_not_zero()). */
	EXPECT("after exit: 0 bytes", pread_at(fd, &c, 1, (unsigned long)pbuf), 0);
	close(fd);
	return 0;
}

static int write_own_copy(void)
{
	int fd = open("/proc/self/mem", O_RDWR);
	long r = pwrite_at(fd, "B", 1, (unsigned long)pbuf);

	close(fd);
	return r == 1 && pbuf[0] == 'B' ? 0 : 1;
}

static int proc_mem_cow(void)
{
	int pid;

	pbuf[0] = 'A';
	pid = fork();
	if (pid == 0)
		_exit(write_own_copy());
	EXPECT("the child wrote its copy", wait_status(pid), 0);
	EXPECT("the parent's page is its own", pbuf[0], 'A');
	return 0;
}

static void run(const char *name, int (*fn)(void))
{
	int code = fn();

	if (code)
		note("%s: failed at line code %d", name, code);
	ktap_ok(code == 0, "%s", name);
}

void mem_cases(void)
{
	pbuf = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	run("process_vm_readv_writev", vm_read_write);
	run("process_vm_partial_transfers", vm_partial);
	run("process_vm_errnos", vm_errnos);
	run("proc_self_mem", proc_self_mem);
	run("proc_child_mem", proc_child_mem);
	run("proc_mem_write_copies_shared_page", proc_mem_cow);
}
