/* SPDX-License-Identifier: MIT */
/* Resource limits (Linux include/uapi/asm-generic/resource.h values). */
#ifndef SYS_RESOURCE_H
#define SYS_RESOURCE_H

#include <stdint.h>
#include <sys/types.h>

#define RLIMIT_CPU 0
#define RLIMIT_FSIZE 1
#define RLIMIT_DATA 2
#define RLIMIT_STACK 3
#define RLIMIT_CORE 4
#define RLIMIT_RSS 5
#define RLIMIT_NPROC 6
#define RLIMIT_NOFILE 7
#define RLIMIT_MEMLOCK 8
#define RLIMIT_AS 9
#define RLIM_INFINITY (~0UL)

typedef unsigned long rlim_t;

/* The same layout as the kernel's struct rlimit64 on LP64. */
struct rlimit {
	rlim_t rlim_cur;
	rlim_t rlim_max;
};

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
