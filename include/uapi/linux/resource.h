/* SPDX-License-Identifier: MIT */
/* Resource limits (include/uapi/linux/resource.h, asm-generic/resource.h values). */
#ifndef UAPI_LINUX_RESOURCE_H
#define UAPI_LINUX_RESOURCE_H

/* What prlimit64() reads and writes; getrlimit/setrlimit use the same layout on LP64. */
struct rlimit64 {
	unsigned long long rlim_cur;
	unsigned long long rlim_max;
};

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
#define RLIMIT_LOCKS 10
#define RLIMIT_SIGPENDING 11
#define RLIMIT_MSGQUEUE 12
#define RLIMIT_NICE 13
#define RLIMIT_RTPRIO 14
#define RLIMIT_RTTIME 15
#define RLIM_NLIMITS 16
#define RLIM_INFINITY (~0ull)

#endif
