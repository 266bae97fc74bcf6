// SPDX-License-Identifier: MIT
/*
 * The fuzzer's sandbox: the one directory its calls may change.
 *
 * The root file system is writable (docs/DESIGN.md §5.9), so an open() with
 * O_CREAT, O_TRUNC or write access would otherwise leave files behind or
 * rewrite the programs of the image -- not a kernel leak, but pages the
 * fuzz_free_pages_exact check would count as one. So the fuzzer runs with
 * its working directory in FZ_SANDBOX, an open() that may change a file
 * names one of the sandbox's (op_open()), and everything there is removed
 * before the free pages are counted again. Read-only opens still draw
 * every path of the pool.
 */
#include "fuzz.h"
#include <fuzz_arch.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#define FZ_SANDBOX "/tmp/fuzz"

static const char *const sandbox_paths[] = {
	FZ_SANDBOX "/a",
	FZ_SANDBOX "/b",
	FZ_SANDBOX "/c",
	FZ_SANDBOX "/",
	FZ_SANDBOX "/missing/a",
	FZ_SANDBOX,
	"a",
	"b",
	"",
};

void sandbox_enter(void)
{
	syscall3(__NR_mkdirat, AT_FDCWD, (long)FZ_SANDBOX, 0700);
	syscall1(__NR_chdir, (long)FZ_SANDBOX);
}

uintptr_t sandbox_path(struct ctx *c)
{
	return (uintptr_t)
		sandbox_paths[rng_below(&c->rng, sizeof(sandbox_paths) / sizeof(sandbox_paths[0]))];
}

/* Removes every entry of the sandbox (only open() makes them: files, no directories). */
void sandbox_clean(void)
{
	char buf[4096];
	long fd = syscall4(__NR_openat, AT_FDCWD, (long)FZ_SANDBOX, O_RDONLY | O_DIRECTORY, 0);
	long n;

	if (fd < 0)
		return;
	while ((n = syscall3(__NR_getdents64, fd, (long)buf, sizeof(buf))) > 0) {
		for (long off = 0; off < n;) {
			/* struct linux_dirent64: ino 8, off 8, reclen 2, type 1, name. */
			unsigned short reclen;
			const char *name = buf + off + 19;

			memcpy(&reclen, buf + off + 16, sizeof(reclen));
			if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0)
				syscall3(__NR_unlinkat, fd, (long)name, 0);
			off += reclen;
		}
	}
	syscall1(__NR_close, fd);
}
