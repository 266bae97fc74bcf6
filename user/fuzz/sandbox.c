// SPDX-License-Identifier: MIT
/*
 * The fuzzer's sandbox: the one directory its calls may change.
 *
 * The root file system is writable (docs/DESIGN.md §5.9), so a call that
 * makes, removes, renames or rewrites a file would otherwise leave files
 * behind or change the programs of the image -- not a kernel leak, but
 * pages the fuzz_free_pages_exact check would count as one (or count the
 * other way, when an image file is removed). So the fuzzer runs with its
 * working directory in FZ_SANDBOX, and every call that may change the tree
 * names a path of sandbox_path(): absolute ones inside FZ_SANDBOX and
 * relative ones from the working directory, which only ever moves among
 * the sandbox's directories (ops_fs.c). Symbolic links made there point
 * inside it too (sandbox_link_target()): a link to "/bin" would let a
 * create through it escape. Read-only calls still draw every path of
 * pick_path().
 *
 * sandbox_clean() puts it back as it was before the first count: the file
 * systems mounted inside unmounted, every entry but FZ_KEEP removed at any
 * depth, and the directory entered again.
 */
#include "fuzz.h"
#include <fuzz_arch.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <uapi/linux/stat.h>

#define FZ_SANDBOX "/tmp/fuzz"
/*
 * An entry no sandbox path names, so no call can remove it: the sandbox is
 * never empty, so never removed, renamed over or replaced by a link (a
 * link at FZ_SANDBOX's own name would take creates elsewhere).
 */
#define FZ_KEEP "keep"
#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char *const sandbox_paths[] = {
	FZ_SANDBOX "/a",
	FZ_SANDBOX "/b",
	FZ_SANDBOX "/c",
	FZ_SANDBOX "/d",
	FZ_SANDBOX "/d/e",
	FZ_SANDBOX "/d/a",
	FZ_SANDBOX "/s",
	FZ_SANDBOX "/s/a",
	FZ_SANDBOX "/",
	FZ_SANDBOX "/.",
	FZ_SANDBOX "/d/..",
	FZ_SANDBOX "/missing/a",
	FZ_SANDBOX "/a/",
	FZ_SANDBOX,
	"a",
	"b",
	"d",
	"d/e",
	"d/e/a",
	"s",
	"s/b",
	".",
	"",
};

/* Where a symbolic link in the sandbox may point: inside it, dangling, or at itself. */
static const char *const link_targets[] = {
	"a", "b", "d", "d/e", "s", ".", "missing", "", FZ_SANDBOX "/a", FZ_SANDBOX "/d", FZ_SANDBOX,
};

void sandbox_enter(void)
{
	syscall3(__NR_mkdirat, AT_FDCWD, (long)FZ_SANDBOX, 0700);
	syscall3(__NR_mkdirat, AT_FDCWD, (long)FZ_SANDBOX "/" FZ_KEEP, 0700);
	syscall1(__NR_chdir, (long)FZ_SANDBOX);
}

uintptr_t sandbox_path(struct ctx *c)
{
	return (uintptr_t)sandbox_paths[rng_below(&c->rng, N(sandbox_paths))];
}

uintptr_t sandbox_link_target(struct ctx *c)
{
	return (uintptr_t)link_targets[rng_below(&c->rng, N(link_targets))];
}

const char *sandbox_dir(void)
{
	return FZ_SANDBOX;
}

/*
 * Unmounts one file system mounted at or below the sandbox, the last in
 * /proc/mounts first (a mount made later may sit on an earlier one's tree).
 * False when there is none left, or none would go.
 */
static bool umount_one(bool *left)
{
	char buf[4096], last[512] = "";
	size_t plen = strlen(FZ_SANDBOX);
	long fd = syscall4(__NR_openat, AT_FDCWD, (long)"/proc/mounts", O_RDONLY, 0);
	long n, got = 0;

	if (fd < 0)
		return false;
	while (got < (long)sizeof(buf) - 1 &&
	       (n = syscall3(__NR_read, fd, (long)buf + got, sizeof(buf) - 1 - got)) > 0)
		got += n;
	syscall1(__NR_close, fd);
	buf[got] = '\0';
	/* Each line: source, mount point, type, options, 0, 0. */
	for (char *line = buf; *line;) {
		char *end = strchr(line, '\n'), *dir = strchr(line, ' '), *sp;

		if (end)
			*end = '\0';
		if (dir && (sp = strchr(++dir, ' ')) != NULL) {
			*sp = '\0';
			if (strncmp(dir, FZ_SANDBOX, plen) == 0 &&
			    (dir[plen] == '\0' || dir[plen] == '/'))
				snprintf(last, sizeof(last), "%s", dir);
		}
		if (!end)
			break;
		line = end + 1;
	}
	if (last[0] && syscall2(__NR_umount2, (long)last, 0) == 0)
		return true;
	if (last[0])
		printf("# fuzz: %s stays mounted\n", last);
	*left = last[0] != '\0';
	return false;
}

void fz_each_entry(long fd, void (*fn)(const char *name, void *ctx), void *ctx)
{
	char buf[1024];
	long n;

	syscall3(__NR_lseek, fd, 0, 0 /* SEEK_SET */);
	while ((n = syscall3(__NR_getdents64, fd, (long)buf, sizeof(buf))) > 0) {
		for (long off = 0; off < n;) {
			/* struct linux_dirent64: ino 8, off 8, reclen 2, type 1, name. */
			unsigned short reclen;
			const char *name = buf + off + 19;

			memcpy(&reclen, buf + off + 16, sizeof(reclen));
			off += reclen;
			if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0)
				fn(name, ctx);
		}
	}
}

struct removal {
	long fd;	   /* the directory being emptied */
	int depth;	   /* how far below the sandbox */
	bool removed;	   /* this pass removed an entry */
	unsigned int kept; /* entries this pass could not remove */
};

static unsigned int remove_below(long fd, int depth);

/* One entry of a removal's pass: a file, or a directory emptied first. */
static void remove_entry(const char *name, void *ctx)
{
	struct removal *r = ctx;

	if (r->depth == 0 && strcmp(name, FZ_KEEP) == 0)
		return;
	if (syscall3(__NR_unlinkat, r->fd, (long)name, 0) == 0) {
		r->removed = true;
		return;
	}
	/* A directory: empty it, then remove it. */
	long sub = syscall4(__NR_openat, r->fd, (long)name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW, 0);

	if (sub >= 0) {
		if (r->depth < 64)
			remove_below(sub, r->depth + 1);
		syscall1(__NR_close, sub);
	}
	if (syscall3(__NR_unlinkat, r->fd, (long)name, AT_REMOVEDIR) == 0) {
		r->removed = true;
	} else {
		r->kept++;
		if (r->depth == 0)
			printf("# fuzz: %s/%s cannot be removed\n", FZ_SANDBOX, name);
	}
}

/*
 * Removes every entry below the directory open at fd (depth bounds the
 * recursion), at the top all but FZ_KEEP. Reads it again from the start
 * while a pass removed something: entries went away under the reading.
 */
static unsigned int remove_below(long fd, int depth)
{
	struct removal r = { .fd = fd, .depth = depth, .removed = true };

	while (r.removed) {
		r.removed = false;
		r.kept = 0;
		fz_each_entry(fd, remove_entry, &r);
	}
	return r.kept;
}

bool sandbox_clean(void)
{
	bool mounted = false;
	unsigned int kept = 0;
	long fd;

	/* Nothing of ours may hold a mount inside busy: leave for the root directory. */
	syscall1(__NR_chdir, (long)"/");
	for (int i = 0; i < 64 && umount_one(&mounted); i++)
		;
	fd = syscall4(__NR_openat, AT_FDCWD, (long)FZ_SANDBOX, O_RDONLY | O_DIRECTORY | O_NOFOLLOW,
		      0);
	if (fd >= 0) {
		kept = remove_below(fd, 0);
		syscall1(__NR_close, fd);
	}
	sandbox_enter();
	return !mounted && !kept;
}
