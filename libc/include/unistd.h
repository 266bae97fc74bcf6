/* SPDX-License-Identifier: MIT */
/*
 * POSIX-style system call wrappers. Each returns -1 and sets errno on
 * failure, otherwise the kernel's result.
 */
#ifndef UNISTD_H
#define UNISTD_H

#include <stdint.h>
#include <sys/types.h>

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2

extern char **environ;

ssize_t read(int fd, void *buf, size_t n);
ssize_t write(int fd, const void *buf, size_t n);
int close(int fd);
void _exit(int status) __attribute__((noreturn));
void exit_thread(int status) __attribute__((noreturn)); /* exit(2): this thread only */
pid_t getpid(void);
pid_t getppid(void);
pid_t gettid(void);
uid_t getuid(void);
uid_t geteuid(void);
gid_t getgid(void);
gid_t getegid(void);
pid_t fork(void);
pid_t vfork(void); /* in assembly: the child borrows the parent's stack */
int execve(const char *path, char *const argv[], char *const envp[]);
int sched_yield(void);
unsigned int alarm(unsigned int seconds);
int brk(void *addr);	    /* 0, or -1 with ENOMEM */
void *sbrk(intptr_t delta); /* old break, or (void *)-1 with ENOMEM */
void *sys_brk(void *addr);  /* the raw call: returns the new (or unchanged) break */
long syscall(long n, ...);
int pipe(int fds[2]);
int pipe2(int fds[2], int flags);
int dup(int fd);
int dup2(int oldfd, int newfd);
int dup3(int oldfd, int newfd, int flags);
long getpagesize(void);
int set_tid_address(int *tidptr);
int reboot(int magic1, int magic2, unsigned int cmd, void *arg);

/* Auxiliary vector lookup (AT_* values in <auxv.h>); 0 when absent. */
unsigned long getauxval(unsigned long type);

#endif
