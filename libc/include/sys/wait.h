/* SPDX-License-Identifier: MIT */
/* wait4/waitid and the status macros (Linux encoding). */
#ifndef SYS_WAIT_H
#define SYS_WAIT_H

#include <signal.h>
#include <sys/resource.h>
#include <sys/types.h>

#define WNOHANG 0x00000001
#define WUNTRACED 0x00000002
#define WSTOPPED WUNTRACED
#define WEXITED 0x00000004
#define WCONTINUED 0x00000008
#define WNOWAIT 0x01000000
#define __WNOTHREAD 0x20000000
#define __WALL 0x40000000
#define __WCLONE 0x80000000

/* idtype_t for waitid */
#define P_ALL 0
#define P_PID 1
#define P_PGID 2
#define P_PIDFD 3

/* Status word: exit code in bits 8..15, terminating signal in bits 0..6. */
#define WEXITSTATUS(s) (((s) >> 8) & 0xff)
#define WTERMSIG(s) ((s)&0x7f)
#define WSTOPSIG(s) WEXITSTATUS(s)
#define WIFEXITED(s) (WTERMSIG(s) == 0)
#define WIFSIGNALED(s) (((s)&0x7f) != 0 && ((s)&0x7f) != 0x7f)
#define WIFSTOPPED(s) (((s)&0xff) == 0x7f)
#define WCOREDUMP(s) ((s)&0x80)

pid_t wait4(pid_t pid, int *status, int options, struct rusage *ru);
pid_t waitpid(pid_t pid, int *status, int options);
int waitid(int idtype, pid_t id, siginfo_t *info, int options);

#endif
