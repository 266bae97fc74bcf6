/* SPDX-License-Identifier: MIT */
/* What /bin/time's files share: vdso.c's cases, main.c's clock restorer. */
#ifndef TIME_CASES_H
#define TIME_CASES_H

#include <stdbool.h>
#include <time.h>

/* Puts CLOCK_REALTIME back at saved_rt plus the time since saved_mono (main.c). */
void restore_realtime(long long saved_rt, long long saved_mono);

struct user_siginfo;
/*
 * Installs fn (SA_SIGINFO | SA_RESTART) for sig, with the program's own
 * restorer or (restorer false) none: arm64's kernel then returns through the
 * vDSO (main.c, which holds sig_arch.h). 0 or -errno.
 */
long set_handler(int sig, void (*fn)(int, struct user_siginfo *, void *), bool restorer);

/*
 * Spins in user mode until clock clk advanced by ns (HANG_MS of wall time
 * at most); how far it advanced (main.c).
 */
long long spin_cpu(clockid_t clk, long long ns);

/* argv[0], for the cases that exec the program again (main.c). */
extern const char *time_self_path;

/* timers.c: POSIX timers and timerfds; posix_timers_gone() is the exec'd check. */
#define EXEC_CHECK_TIMERS "--posix-timers-gone"
int posix_timers_gone(void);
int body_posix_timer_once(void);
int body_posix_timer_periodic_overruns(void);
int body_posix_timer_sigev_none(void);
int body_posix_timer_thread_id(void);
int body_posix_timer_cpu_clocks(void);
int body_posix_timer_realtime_follows_clock(void);
int body_posix_timer_errnos(void);
int body_posix_timers_fork_exec(void);
int body_timerfd_counts(void);
int body_timerfd_errnos(void);
int body_timerfd_cancel_on_set(void);
int body_timerfd_fork_and_close(void);

/* vdso.c: bodies for run(), and a case that reports itself. */
int body_vdso_mapped(void);
int body_vdso_agrees_with_syscalls(void);
int body_vdso_follows_settimeofday(void);
int body_vdso_in_new_time_namespace(void);
void case_vdso_million_calls_on_shadow_stack(void);

#ifdef __x86_64__
#define VDSO_ARCH_CASES 0
#else
#define VDSO_ARCH_CASES 1
int body_vdso_sigreturn_trampoline(void);
#endif

#endif
