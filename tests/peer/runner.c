// SPDX-License-Identifier: MIT
/*
 * /init of the peer initramfs (make peer-test): runs Linux's kselftest
 * programs, staged under /peer/, in the order of /peer/list (one path
 * relative to /peer a line), each in its own directory (some exec helpers
 * by a relative path), with argv = { name } and a small environment. Each
 * program prints its own KTAP; this runner frames them on the console:
 *
 *   # peer-program: DIR/NAME
 *   ...the program's output...
 *   # peer-exit: DIR/NAME status N | signal N | timeout | exec-error ERRNO
 *
 * and ends with "# peer-done". A program still running after
 * PEER_TIMEOUT_S seconds is killed with everything it left behind
 * (kill(-1, SIGKILL) from init: only test processes exist). The host
 * (tests/peer/run) judges the output; this program's own status is 0.
 *
 * Built static with musl, so the same binary runs as init on Umbra and on
 * Linux (tests/peer/run --linux), where init exiting would panic: pid 1
 * powers the machine off with reboot(2) (Umbra: a passing poweroff). On
 * Linux it also mounts /proc first, as a distribution's init does before
 * the kselftests run (some look into /proc/self); Umbra's is always there.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define PEER_TIMEOUT_S 120
#define POLL_MS 20
#define LIST_MAX 8192
#define PATH_LEN 256

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* Runs /peer/REL; prints its peer-exit line. */
static void run_one(const char *rel)
{
	char dir[PATH_LEN], path[PATH_LEN];
	char *envp[] = { "PATH=/peer", "HOME=/", "TERM=dumb", NULL };
	const char *name;
	char *argv[2];
	int status, waited;
	pid_t pid;

	snprintf(path, sizeof(path), "/peer/%s", rel);
	snprintf(dir, sizeof(dir), "%s", path);
	*strrchr(dir, '/') = '\0';
	name = strrchr(path, '/') + 1;
	printf("# peer-program: %s\n", rel);
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		printf("# peer-exit: %s fork-error %d\n", rel, errno);
		return;
	}
	if (pid == 0) {
		/* A kernel without chdir leaves us in /: relative execs then fail. */
		if (chdir(dir) != 0)
			dprintf(STDOUT_FILENO, "# peer: chdir %s: errno %d\n", dir, errno);
		argv[0] = (char *)name;
		argv[1] = NULL;
		execve(path, argv, envp);
		dprintf(STDOUT_FILENO, "# peer-exit: %s exec-error %d\n", rel, errno);
		_exit(127);
	}
	for (waited = 0; waited < PEER_TIMEOUT_S * 1000; waited += POLL_MS) {
		pid_t r = waitpid(pid, &status, WNOHANG);

		if (r == pid)
			break;
		if (r < 0 && errno != EINTR) {
			printf("# peer-exit: %s wait-error %d\n", rel, errno);
			return;
		}
		sleep_ms(POLL_MS);
	}
	if (waited >= PEER_TIMEOUT_S * 1000) {
		kill(-1, SIGKILL);
		waitpid(pid, &status, 0);
		printf("# peer-exit: %s timeout\n", rel);
	} else if (WIFEXITED(status)) {
		if (WEXITSTATUS(status) == 127)
			return; /* the child said exec-error */
		printf("# peer-exit: %s status %d\n", rel, WEXITSTATUS(status));
	} else {
		printf("# peer-exit: %s signal %d\n", rel, WTERMSIG(status));
	}
	/* Reap what the program left: init inherits orphans. */
	while (waitpid(-1, &status, WNOHANG) > 0)
		;
	fflush(stdout);
}

/* Mounts /proc when it is not there (Linux's init must; Umbra's exists). */
static void mount_proc(void)
{
	int fd = open("/proc/self/maps", O_RDONLY);

	if (fd >= 0) {
		close(fd);
		return;
	}
	mkdir("/proc", 0555);
	if (mount("proc", "/proc", "proc", 0, NULL) != 0)
		printf("# peer: mount(proc, /proc): errno %d\n", errno);
}

int main(void)
{
	static char list[LIST_MAX];
	ssize_t n, len = 0;
	char *line, *save;
	int fd;

	setvbuf(stdout, NULL, _IOLBF, 0);
	mount_proc();
	fd = open("/peer/list", O_RDONLY);
	if (fd < 0) {
		printf("# peer: cannot open /peer/list: errno %d\n", errno);
	} else {
		while (len < LIST_MAX - 1 && (n = read(fd, list + len, LIST_MAX - 1 - len)) > 0)
			len += n;
		close(fd);
	}
	list[len] = '\0';
	for (line = strtok_r(list, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (line[0] != '#' && line[0] != '\0')
			run_one(line);
	printf("# peer-done\n");
	fflush(stdout);
	if (getpid() == 1) {
		/* Linux powers off at once: let the serial port send the last line first. */
		tcdrain(STDOUT_FILENO);
		sync();
		reboot(RB_POWER_OFF);
	}
	return 0;
}
