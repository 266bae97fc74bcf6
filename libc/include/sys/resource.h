/* SPDX-License-Identifier: MIT */
/* Resource limits; RLIMIT_* and RLIM_INFINITY are <uapi/linux/resource.h>'s. */
#ifndef SYS_RESOURCE_H
#define SYS_RESOURCE_H

#include <stdint.h>
#include <sys/types.h>
#include <uapi/linux/resource.h>
#include <uapi/linux/time.h>

typedef unsigned long rlim_t;

/* The kernel's struct rlimit64, in the type POSIX gives it. */
struct rlimit {
	rlim_t rlim_cur;
	rlim_t rlim_max;
};

_Static_assert(sizeof(struct rlimit) == sizeof(struct rlimit64), "the kernel's layout");

/* struct rusage and the RUSAGE_* values are <uapi/linux/time.h>'s. */
int getrusage(int who, struct rusage *ru);

int getrlimit(int resource, struct rlimit *rl);
int setrlimit(int resource, const struct rlimit *rl);
int prlimit64(pid_t pid, int resource, const struct rlimit *new_rl, struct rlimit *old_rl);

#endif
