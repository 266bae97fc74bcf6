// SPDX-License-Identifier: MIT
/*
 * /init: the test runner. Runs every test program of the table below in
 * turn (fork + execve, argv = { path }, empty environment), announces each
 * with "# ktap-suite: NAME", waits for it and reports how it ended. Each
 * program prints its own KTAP document.
 *
 * Proves: the whole userland runs, and the image's verdict is one exit
 * status -- 0 if every program exited 0, else 1 (on Umbra the kernel powers
 * off with it).
 *
 *   /init                      run the table
 *   /init PATH...              run only these programs
 *   /init --root DIR [PATH...] prefix every path with DIR (host testing)
 *
 * An argument that is not a path (no leading '/') is a word of the kernel
 * command line the kernel passed on, as Linux passes its unknown bare words
 * to init (docs/ABI.md §7.3): ignored, as sysvinit ignores "splash".
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * The programs this architecture builds, in user/build.mk's USER_RUN_ORDER
 * (generated: x86_64 has /bin/shstk and /bin/musl_pthreads, arm64 not).
 */
static const char *const programs[] = {
#include "user_programs.h"
};

#define PATH_MAX_LEN 256

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/*
 * As Linux's init (make test-linux boots this initramfs on Linux), /proc is
 * not mounted yet: mount it, as every Linux init does, so the programs find
 * /proc/self/maps. Umbra's /proc is always there, and then this does nothing.
 */
static void mount_proc_if_missing(void)
{
	int fd = open("/proc/self/maps", O_RDONLY);

	if (fd >= 0) {
		close(fd);
		return;
	}
	syscall(__NR_mkdirat, AT_FDCWD, "/proc", 0555);
	if (syscall(__NR_mount, "proc", "/proc", "proc", 0, NULL) != 0)
		printf("# init: mount(proc, /proc): errno %d\n", errno);
}

/* Runs one program to completion; returns true if it exited with status 0. */
static int run_program(const char *root, const char *prog)
{
	char path[PATH_MAX_LEN];
	const char *name = base_name(prog);
	char *argv[2];
	char *envp[1] = { NULL };
	int status;
	pid_t pid;

	snprintf(path, sizeof(path), "%s%s", root, prog);
	printf("# ktap-suite: %s\n", name);
	pid = fork();
	if (pid < 0) {
		printf("# %s: fork failed: errno %d\n", name, errno);
		return 0;
	}
	if (pid == 0) {
		argv[0] = path;
		argv[1] = NULL;
		execve(path, argv, envp);
		dprintf(STDOUT_FILENO, "# %s: execve failed: errno %d\n", name, errno);
		_exit(127);
	}
	if (wait4(pid, &status, 0, NULL) != pid) {
		printf("# %s: wait4 failed: errno %d\n", name, errno);
		return 0;
	}
	if (WIFEXITED(status)) {
		printf("# %s exited with status %d\n", name, WEXITSTATUS(status));
		return WEXITSTATUS(status) == 0;
	}
	printf("# %s killed by signal %d\n", name, WTERMSIG(status));
	return 0;
}

int main(int argc, char **argv)
{
	const char *root = "";
	int first = 1, failed = 0, total = 0, status;

	if (argc > 2 && strcmp(argv[1], "--root") == 0) {
		root = argv[2];
		first = 3;
	} else {
		mount_proc_if_missing();
	}
	for (int i = first; i < argc; i++) {
		if (argv[i][0] == '/') {
			failed += !run_program(root, argv[i]);
			total++;
		}
	}
	if (total == 0) {
		for (size_t i = 0; i < sizeof(programs) / sizeof(programs[0]); i++, total++)
			failed += !run_program(root, programs[i]);
	}
	/* As pid 1 we inherit orphans: reap whatever is left. */
	while (wait4(-1, &status, WNOHANG | __WALL, NULL) > 0)
		;
	printf("# init: %d of %d programs failed\n", failed, total);
	return failed ? 1 : 0;
}
