// SPDX-License-Identifier: MIT
/*
 * The suite busybox (staged as /usr/libexec/umbra/busybox: /bin/busybox is
 * Debian's busybox-static, user/busybox.mk): everyday commands as a person
 * types them, each run by Debian's unmodified BusyBox as
 *
 *   /bin/busybox sh -c SCRIPT
 *
 * in a fresh empty directory /tmp/busybox/NAME, stdin /dev/null, the
 * environment PATH=/bin HOME=/tmp; its standard output and exit status must
 * equal the case's exactly (its standard error is shown when they do not).
 * The cases are in cases.c: files and directories, text tools, pipes and
 * redirections, background jobs and wait, scripts, /dev, /proc, cd/pwd/env.
 * A case that outlives TIMEOUT_MS is killed and fails (the
 * `sleep 0 & wait` hang was one); a case leaves nothing running behind it.
 *
 * The same initramfs boots as /init of Debian's Linux (make test-linux):
 * there /dev has only the console, so the suite mounts devtmpfs on /dev
 * first when /dev/null is missing, as a Linux init does, and makes /tmp.
 *
 *   busybox-suite [--busybox PATH] [--dir DIR] [NAME...]
 *                                        host testing: another busybox, another
 *                                        scratch directory, only the cases named
 */
#include "busybox.h"
#include <errno.h>
#include <fcntl.h>
#include <ktap.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <machine/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TIMEOUT_MS 30000
#define OUT_MAX 8192

static const char *busybox = "/bin/busybox";
static const char *scratch = "/tmp/busybox";

struct result {
	char out[OUT_MAX], err[OUT_MAX];
	size_t out_len, err_len;
	int status; /* wait status */
	bool timed_out;
};

static long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* A Linux init's first steps, where they are missing (Umbra has them from the start). */
static void prepare_root(void)
{
	struct stat s;

	if (syscall(__NR_newfstatat, AT_FDCWD, "/dev/null", &s, 0) != 0 &&
	    syscall(__NR_mount, "devtmpfs", "/dev", "devtmpfs", 0, NULL) != 0)
		ktap_print_msg("mount(devtmpfs, /dev): errno %d", errno);
	syscall(__NR_mkdirat, AT_FDCWD, "/tmp", 01777);
	syscall(__NR_mkdirat, AT_FDCWD, scratch, 0755);
}

static void child(const struct bb_case *c, const char *dir, int out, int err)
{
	char *argv[] = { "sh", "-c", (char *)c->script, NULL };
	char *envp[] = { "PATH=/bin", "HOME=/tmp", NULL };
	int in = open("/dev/null", O_RDONLY);

	if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0 ||
	    syscall(__NR_chdir, dir) != 0)
		_exit(126);
	execve(busybox, argv, envp);
	_exit(127);
}

/* Appends what fd has to buf; false at end of file. */
static bool drain(int fd, char *buf, size_t *len)
{
	char scrap[512];
	long n;

	if (*len < OUT_MAX - 1)
		n = read(fd, buf + *len, OUT_MAX - 1 - *len);
	else
		n = read(fd, scrap, sizeof(scrap));
	if (n <= 0)
		return false;
	if (*len < OUT_MAX - 1)
		*len += n;
	buf[*len] = '\0';
	return true;
}

static int run(const struct bb_case *c, const char *dir, struct result *r)
{
	int out[2], err[2];
	long deadline;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	if (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0)
		return -errno;
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0)
		child(c, dir, out[1], err[1]);
	close(out[1]);
	close(err[1]);
	deadline = now_ms() + TIMEOUT_MS;
	struct pollfd p[2] = { { out[0], POLLIN, 0 }, { err[0], POLLIN, 0 } };
	while (p[0].fd >= 0 || p[1].fd >= 0) {
		long left = deadline - now_ms();

		if (left <= 0) {
			r->timed_out = true;
			kill(pid, SIGKILL);
			break;
		}
		if (poll(p, 2, (int)left) < 0 && errno != EINTR)
			break;
		if (p[0].revents && !drain(out[0], r->out, &r->out_len))
			p[0].fd = -1;
		if (p[1].revents && !drain(err[0], r->err, &r->err_len))
			p[1].fd = -1;
	}
	close(out[0]);
	close(err[0]);
	if (waitpid(pid, &r->status, 0) != pid)
		return -errno;
	return 0;
}

/* Each line of text as a "# " note, with a prefix. */
static void show(const char *what, const char *text)
{
	const char *line = text;

	while (*line) {
		const char *end = strchr(line, '\n');
		int n = end ? (int)(end - line) : (int)strlen(line);

		ktap_print_msg("  %s| %.*s", what, n, line);
		line += n + (end ? 1 : 0);
	}
}

static bool judge(const struct bb_case *c, const struct result *r)
{
	bool ok = !r->timed_out && WIFEXITED(r->status) && WEXITSTATUS(r->status) == c->status &&
		  strcmp(r->out, c->out) == 0;

	if (ok)
		return true;
	if (r->timed_out)
		ktap_print_msg("%s: still running after %d ms: killed", c->name, TIMEOUT_MS);
	else if (!WIFEXITED(r->status))
		ktap_print_msg("%s: killed by signal %d", c->name, WTERMSIG(r->status));
	else
		ktap_print_msg("%s: exit status %d, want %d", c->name, WEXITSTATUS(r->status),
			       c->status);
	ktap_print_msg("%s: script: %s", c->name, c->script);
	show("want", c->out);
	show("got ", r->out);
	show("err ", r->err);
	return false;
}

static bool wanted(const char *name, int argc, char **argv, int first)
{
	if (first >= argc)
		return true;
	for (int i = first; i < argc; i++)
		if (strcmp(argv[i], name) == 0)
			return true;
	return false;
}

int main(int argc, char **argv)
{
	static struct result r;
	char dir[256];
	int first = 1, n = 0;
	long t0 = now_ms(), slowest = 0, t;
	const char *slowest_name = "";

	while (first + 1 < argc && argv[first][0] == '-' && argv[first][1] == '-') {
		if (strcmp(argv[first], "--busybox") == 0)
			busybox = argv[first + 1];
		else if (strcmp(argv[first], "--dir") == 0)
			scratch = argv[first + 1];
		else
			break;
		first += 2;
	}
	for (int i = 0; bb_cases[i].name; i++)
		n += wanted(bb_cases[i].name, argc, argv, first);
	ktap_header();
	ktap_plan(n);
	prepare_root();
	for (int i = 0; bb_cases[i].name; i++) {
		const struct bb_case *c = &bb_cases[i];
		const char *why;
		int e;

		if (!wanted(c->name, argc, argv, first))
			continue;
		why = c->skip ? c->skip() : NULL;
		if (why) {
			ktap_skip(c->name, "%s", why);
			continue;
		}
		snprintf(dir, sizeof(dir), "%s/%s", scratch, c->name);
		if (syscall(__NR_mkdirat, AT_FDCWD, dir, 0755) != 0 && errno != EEXIST) {
			ktap_print_msg("mkdir %s: errno %d", dir, errno);
			ktap_ok(false, "%s", c->name);
			continue;
		}
		t = now_ms();
		e = run(c, dir, &r);
		t = now_ms() - t;
		if (t > slowest) {
			slowest = t;
			slowest_name = c->name;
		}
		if (e < 0) {
			ktap_print_msg("%s: cannot run it: errno %d", c->name, -e);
			ktap_ok(false, "%s", c->name);
			continue;
		}
		ktap_ok(judge(c, &r), "%s", c->name);
	}
	ktap_print_msg("%d cases in %ld ms, the slowest %s: %ld ms", n, now_ms() - t0, slowest_name,
		       slowest);
	return ktap_finish();
}
