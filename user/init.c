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
 *   /init                      run the table, then the commands of /opt/run.txt
 *   /init PATH...              run only these programs
 *   /init --root DIR [PATH...] prefix every path with DIR (host testing)
 *
 * /opt/run.txt holds a person's own programs (make PROGS= RUN=, or the USB
 * stick's \umbra\run.txt: README, "Running your own program"): one command
 * a line, a path and its arguments split at spaces; '#' starts a comment
 * line, and a line "only" skips the table. Such a program is announced and
 * counted as a table program is, but its output passes through init: one
 * that prints a KTAP document ("TAP version 13" or "KTAP version 1" first)
 * is copied as it is; any other output becomes "# " diagnostics of a
 * one-case document init writes around it, the case passing when the
 * program exits 0. A program built for the other architecture (a stick
 * carries both) is left out with a comment line, and not counted.
 *
 * An argument that is not a path (no leading '/') is a word of the kernel
 * command line the kernel passed on, as Linux passes its unknown bare words
 * to init (docs/ABI.md §7.3): ignored, as sysvinit ignores "splash".
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <uapi/linux/ioctls.h>

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

/*
 * The same for /dev: Linux's initramfs has only the nodes its archive
 * carries, and a Linux init mounts devtmpfs there (the kernel then makes
 * null, zero, full, random, urandom, tty and console). Umbra's /dev is
 * always there, and then this does nothing.
 */
static void mount_dev_if_missing(void)
{
	int fd = open("/dev/null", O_RDONLY);

	if (fd >= 0) {
		close(fd);
		return;
	}
	syscall(__NR_mkdirat, AT_FDCWD, "/dev", 0755);
	if (syscall(__NR_mount, "devtmpfs", "/dev", "devtmpfs", 0, NULL) != 0)
		printf("# init: mount(devtmpfs, /dev): errno %d\n", errno);
}

/*
 * And /tmp, which the programs write their files in (shm's mapped file):
 * Linux's rootfs has only the archive's directories, and the archive has
 * no /tmp; a distribution's image carries one. Umbra's kernel makes /tmp
 * (kernel/fs/rootfs.c), and then this does nothing (EEXIST).
 */
static void make_tmp_if_missing(void)
{
	syscall(__NR_mkdirat, AT_FDCWD, "/tmp", 01777);
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

/* ---- /opt/run.txt: a person's own programs ---- */

#define RUN_FILE "/opt/run.txt"
#define RUN_FILE_MAX 4096
#define RUN_ARGS_MAX 16
#define OUT_LINE_MAX 512

/* The ELF machine of this build's programs (the ELF gABI's e_machine values). */
#if defined(__x86_64__)
#define OWN_MACHINE 62 /* EM_X86_64 */
#define OWN_ARCH "x86_64"
#else
#define OWN_MACHINE 183 /* EM_AARCH64 */
#define OWN_ARCH "arm64"
#endif

/*
 * The architecture an ELF file is for, when it is not this one's: "x86_64"
 * or "arm64" (or "another machine"); NULL for this architecture's programs
 * and for anything that is no ELF file (execve then says what is wrong).
 */
static const char *foreign_arch(const char *path)
{
	unsigned char h[20];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, h, sizeof(h)) : -1;
	unsigned int machine;

	if (fd >= 0)
		close(fd);
	if (n != (ssize_t)sizeof(h) || memcmp(h, "\177ELF", 4) != 0)
		return NULL;
	machine = h[18] | (unsigned int)h[19] << 8; /* e_machine, little-endian */
	if (machine == OWN_MACHINE)
		return NULL;
	return machine == 62 ? "x86_64" : machine == 183 ? "arm64" : "another machine";
}

/* The program's output, line by line, as KTAP (see the top of the file). */
struct relay {
	char line[OUT_LINE_MAX];
	size_t len;
	bool decided, ktap; /* decided at the first line */
};

static void relay_line(struct relay *r)
{
	r->line[r->len] = '\0';
	if (!r->decided) {
		r->decided = true;
		r->ktap = strcmp(r->line, "TAP version 13") == 0 ||
			  strncmp(r->line, "KTAP version ", 13) == 0;
		if (!r->ktap)
			printf("TAP version 13\n1..1\n");
	}
	printf(r->ktap ? "%s\n" : "# %s\n", r->line);
	r->len = 0;
}

static void relay_bytes(struct relay *r, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\n' || r->len == sizeof(r->line) - 1) {
			relay_line(r);
			if (p[i] == '\n')
				continue;
		}
		r->line[r->len++] = p[i];
	}
}

/*
 * Copies the child's output from fd until it ends, then reaps the child.
 * A grandchild may keep the pipe open after the child is gone: once the
 * child has exited, what is left is drained and the rest not waited for.
 */
static int relay_until_exit(int fd, pid_t pid, struct relay *r)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	char buf[256];
	int status = 0;
	bool exited = false;

	for (;;) {
		int ready = poll(&pfd, 1, exited ? 0 : 100);

		if (ready > 0) {
			ssize_t n = read(fd, buf, sizeof(buf));

			if (n <= 0)
				break;
			relay_bytes(r, buf, (size_t)n);
			continue;
		}
		if (exited || ready < 0)
			break;
		exited = wait4(pid, &status, WNOHANG, NULL) == pid;
	}
	if (!exited && wait4(pid, &status, 0, NULL) != pid)
		return -1;
	if (r->len)
		relay_line(r);
	return status;
}

/*
 * Runs one command of run.txt (argv[0] a path): 1 if it passed, 0 if not,
 * -1 when it is another architecture's program and was not run.
 */
static int run_command(const char *root, char **argv, const char *line)
{
	char path[PATH_MAX_LEN];
	char *envp[1] = { NULL };
	const char *name = base_name(argv[0]), *other;
	struct relay r = { 0 };
	int fds[2], status;
	bool passed;
	pid_t pid;

	snprintf(path, sizeof(path), "%s%s", root, argv[0]);
	other = foreign_arch(path);
	if (other) {
		printf("# init: not run here: %s is a program for %s, this is %s\n", argv[0], other,
		       OWN_ARCH);
		return -1;
	}
	printf("# ktap-suite: %s\n", name);
	if (pipe2(fds, O_CLOEXEC) != 0) {
		printf("# %s: pipe2 failed: errno %d\n", name, errno);
		return false;
	}
	fflush_stdout();
	pid = fork();
	if (pid < 0) {
		printf("# %s: fork failed: errno %d\n", name, errno);
		close(fds[0]);
		close(fds[1]);
		return false;
	}
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		argv[0] = path;
		execve(path, argv, envp);
		dprintf(STDOUT_FILENO, "execve(%s) failed: errno %d\n", path, errno);
		_exit(127);
	}
	close(fds[1]);
	status = relay_until_exit(fds[0], pid, &r);
	close(fds[0]);
	passed = status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
	if (!r.decided)
		printf("TAP version 13\n1..1\n");
	if (!r.ktap)
		printf("%s 1 %s\n# Totals: pass:%d fail:%d xfail:0 xpass:0 skip:0 error:0\n",
		       passed ? "ok" : "not ok", line, passed, !passed);
	if (status < 0)
		printf("# %s: wait4 failed: errno %d\n", name, errno);
	else if (WIFEXITED(status))
		printf("# %s exited with status %d\n", name, WEXITSTATUS(status));
	else
		printf("# %s killed by signal %d\n", name, WTERMSIG(status));
	return passed;
}

/*
 * Splits line at spaces and tabs into argv (NUL-terminating the words in
 * place); returns the number of words, 0 for a blank or comment line.
 */
static int split_words(char *line, char **argv, int max)
{
	int n = 0;

	while (*line == ' ' || *line == '\t')
		line++;
	if (*line == '#')
		return 0;
	while (*line && n < max - 1) {
		argv[n++] = line;
		while (*line && *line != ' ' && *line != '\t')
			line++;
		while (*line == ' ' || *line == '\t')
			*line++ = '\0';
	}
	argv[n] = NULL;
	return n;
}

/* /opt/run.txt's text in buf (NUL-terminated), or false when there is none. */
static bool read_run_file(const char *root, char *buf, size_t size)
{
	char path[PATH_MAX_LEN];
	size_t len = 0;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s%s", root, RUN_FILE);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	while (len < size - 1 && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += (size_t)n;
	close(fd);
	buf[len] = '\0';
	return true;
}

/* Whether run.txt (in text) has the line "only": run its commands alone. */
static bool run_file_says_only(const char *text)
{
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		size_t len = n;

		while (len && (p[len - 1] == ' ' || p[len - 1] == '\r' || p[len - 1] == '\t'))
			len--;
		if (len == 4 && memcmp(p, "only", 4) == 0)
			return true;
		p += n + (p[n] == '\n');
	}
	return false;
}

/* Runs every command of run.txt's text; counts them into *failed and *total. */
static void run_commands(const char *root, char *text, int *failed, int *total)
{
	char *argv[RUN_ARGS_MAX + 1];
	char shown[OUT_LINE_MAX];

	for (char *line = text; line && *line;) {
		char *next = strchr(line, '\n');

		if (next)
			*next++ = '\0';
		for (size_t n = strlen(line); n && (line[n - 1] == '\r' || line[n - 1] == ' '); n--)
			line[n - 1] = '\0';
		strlcpy(shown, line, sizeof(shown));
		if (split_words(line, argv, RUN_ARGS_MAX + 1) > 0 && strcmp(argv[0], "only") != 0) {
			if (argv[0][0] == '/') {
				int ran = run_command(root, argv, shown);

				*failed += ran == 0;
				*total += ran >= 0; /* not another architecture's */
			} else {
				printf("# ktap-suite: %s\nTAP version 13\n1..1\nnot ok 1 %s\n"
				       "# Totals: pass:0 fail:1 xfail:0 xpass:0 skip:0 error:0\n"
				       "# init: \"%s\" is not a path (a command starts with '/')\n",
				       base_name(RUN_FILE), shown, argv[0]);
				(*failed)++;
				(*total)++;
			}
		}
		line = next;
	}
}

int main(int argc, char **argv)
{
	static char run_text[RUN_FILE_MAX];
	const char *root = "";
	int first = 1, failed = 0, total = 0, status;
	bool have_run_file, only = false;

	if (argc > 2 && strcmp(argv[1], "--root") == 0) {
		root = argv[2];
		first = 3;
	} else {
		mount_proc_if_missing();
		mount_dev_if_missing();
		make_tmp_if_missing();
	}
	for (int i = first; i < argc; i++) {
		if (argv[i][0] == '/') {
			failed += !run_program(root, argv[i]);
			total++;
		}
	}
	if (total == 0) {
		have_run_file = read_run_file(root, run_text, sizeof(run_text));
		only = have_run_file && run_file_says_only(run_text);
		for (size_t i = 0; !only && i < sizeof(programs) / sizeof(programs[0]);
		     i++, total++)
			failed += !run_program(root, programs[i]);
		if (have_run_file)
			run_commands(root, run_text, &failed, &total);
	}
	/* As pid 1 we inherit orphans: reap whatever is left. */
	while (wait4(-1, &status, WNOHANG | __WALL, NULL) > 0)
		;
	printf("# init: %d of %d programs failed\n", failed, total);
	/*
	 * tcdrain: Linux panics when init exits, and the panic drops what the
	 * serial driver has not sent yet -- the last lines, or on a short run
	 * (make test-linux SUITE=NAME) all of them. Umbra's console has sent
	 * everything by now, so there it returns at once.
	 */
	syscall(__NR_ioctl, 1, TCSBRK, 1);
	return failed ? 1 : 0;
}
