/* SPDX-License-Identifier: MIT */
/* Resource limits; RLIMIT_* and RLIM_INFINITY are <uapi/linux/resource.h>'s. */
#ifndef SYS_RESOURCE_H
#define SYS_RESOURCE_H

#include <stdint.h>
#include <sys/types.h>
#include <uapi/linux/resource.h>

typedef unsigned long rlim_t;

/* The kernel's struct rlimit64, in the type POSIX gives it. */
struct rlimit {
	rlim_t rlim_cur;
	rlim_t rlim_max;
};

_Static_assert(sizeof(struct rlimit) == sizeof(struct rlimit64), "the kernel's layout");

struct timeval {
	time_t tv_sec;
	suseconds_t tv_usec;
};

/* struct rusage, as wait4 fills it (18 longs after the two timevals). */
struct rusage {
	struct timeval ru_utime;
	struct timeval ru_stime;
	long ru_rest[14];
};

int getrlimit(int resource, struct rlimit *rl);
int setrlimit(int resource, const struct rlimit *rl);
int prlimit64(pid_t pid, int resource, const struct rlimit *new_rl, struct rlimit *old_rl);

#endif
