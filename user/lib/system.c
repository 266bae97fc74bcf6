// SPDX-License-Identifier: MIT
/* System facts the test programs compare against (test.h). */
#include "test.h"
#include <machine/syscall.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <time.h>
#include <uapi/linux/sched.h>
#include <unistd.h>

unsigned long free_pages(void)
{
	struct sysinfo si;

	return sysinfo(&si) == 0 ? si.freeram : 0;
}

bool have_shadow_stacks(void)
{
	long r = syscall3(__NR_map_shadow_stack, 0, PAGE, 0);

	if (r < 0 && r > -4096)
		return false;
	munmap((void *)r, PAGE);
	return true;
}

unsigned long proc_number(const char *path)
{
	char text[32];
	int fd = open(path, O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, text, sizeof(text) - 1) : -1;
	unsigned long v = 0;

	if (fd >= 0)
		close(fd);
	if (n <= 0 || text[0] < '0' || text[0] > '9') {
		note("%s: no number (errno %d)", path, errno);
		return 0;
	}
	text[n] = '\0';
	for (char *p = text; *p >= '0' && *p <= '9'; p++)
		v = v * 10 + (unsigned long)(*p - '0');
	return v;
}

unsigned long rlimit_stack(void)
{
	struct rlimit rl;

	return getrlimit(RLIMIT_STACK, &rl) == 0 ? rl.rlim_cur : 0;
}

int clone3_shstk_booted(void)
{
	static const char *const names[] = CLONE3_SHSTK_NAMES;
	const char *key = "clone3_shstk="; /* the kernel parameter (docs/ABI.md §2.5) */
	char text[1024], *p, *found = NULL;
	size_t keylen = strlen(key);
	int fd = open("/proc/cmdline", O_RDONLY);
	ssize_t n;

	if (fd < 0) {
		note("/proc/cmdline: errno %d", errno);
		return -1;
	}
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	text[n] = '\0';
	/* Every word before "--" that starts with the key; the last one counts, as the kernel's. */
	for (p = text; *p;) {
		char *word = p;

		while (*p && *p != ' ' && *p != '\n')
			p++;
		if (*p)
			*p++ = '\0';
		if (strcmp(word, "--") == 0)
			break;
		if (strncmp(word, key, keylen) == 0)
			found = word + keylen;
	}
	if (!found)
		return CLONE3_SHSTK_RFC1;
	for (int i = 0; i < (int)(sizeof(names) / sizeof(names[0])); i++) {
		if (strcmp(found, names[i]) == 0)
			return i;
	}
	return CLONE3_SHSTK_RFC1; /* the kernel keeps rfc1 for a name it does not know */
}

bool on_umbra(void)
{
	static int known; /* 0 unknown, 1 Umbra, 2 not */
	struct utsname u;

	if (!known)
		known = uname(&u) == 0 && strcmp(u.sysname, "Umbra") == 0 ? 1 : 2;
	return known == 1;
}

void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}
