/* SPDX-License-Identifier: MIT */
/* wait4/waitid and the status macros (Linux encoding); the options are <uapi/linux/wait.h>'s. */
#ifndef SYS_WAIT_H
#define SYS_WAIT_H

#include <signal.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <uapi/linux/wait.h>

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
