// SPDX-License-Identifier: MIT
/*
 * /bin/musl_pthreads: a program built with Debian's musl (musl-gcc -static),
 * not with Umbra's libc -- an ordinary static Linux binary.
 *
 * Proves: a foreign libc's start-up, printf, malloc and pthreads run: 8
 * threads each add to a mutex-protected counter, are joined, and the total
 * is exact; and musl's signal(), sigaction() with SA_SIGINFO (its own
 * restorer, so the kernel's frame layout is what musl expects),
 * sigprocmask and pthread_kill. Prints its own KTAP.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NTHREADS 8
#define ADDS 10000

static pthread_mutex_t counter_lock = PTHREAD_MUTEX_INITIALIZER;
static long counter;
static int passed, failed, number;

static void report(int ok, const char *name)
{
	number++;
	if (ok)
		passed++;
	else
		failed++;
	printf("%sok %d %s\n", ok ? "" : "not ", number, name);
}

static volatile sig_atomic_t sig_hits, sig_signo, sig_code, sig_pid;
static volatile int handler_is_target;
static pthread_t target;

static void on_plain(int sig)
{
	sig_signo = sig;
	sig_hits++;
}

static void on_info(int sig, siginfo_t *si, void *uc)
{
	sig_signo = sig;
	sig_code = si->si_code;
	sig_pid = si->si_pid;
	handler_is_target = uc != NULL && pthread_equal(pthread_self(), target);
	sig_hits++;
}

static void *waiter(void *arg)
{
	(void)arg;
	while (!sig_hits)
		usleep(1000);
	return NULL;
}

static void signal_cases(void)
{
	struct sigaction sa;
	sigset_t set, pend;
	pthread_t t;
	void *ret;

	sig_hits = 0;
	report(signal(SIGUSR1, on_plain) == SIG_DFL && raise(SIGUSR1) == 0 && sig_hits == 1 &&
		       sig_signo == SIGUSR1,
	       "signal_handler_runs");

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_info;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sig_hits = 0;
	target = pthread_self();
	report(sigaction(SIGUSR2, &sa, NULL) == 0 && kill(getpid(), SIGUSR2) == 0 &&
		       sig_hits == 1 && sig_signo == SIGUSR2 && sig_code == SI_USER &&
		       sig_pid == getpid() && handler_is_target,
	       "sigaction_siginfo_kill_fields");

	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sig_hits = 0;
	int blocked = sigprocmask(SIG_BLOCK, &set, NULL) == 0 && kill(getpid(), SIGUSR2) == 0 &&
		      sig_hits == 0 && sigpending(&pend) == 0 && sigismember(&pend, SIGUSR2) == 1;
	report(blocked && sigprocmask(SIG_UNBLOCK, &set, NULL) == 0 && sig_hits == 1,
	       "sigprocmask_blocks_until_unblock");

	sig_hits = 0;
	handler_is_target = 0;
	int ok = pthread_create(&t, NULL, waiter, NULL) == 0;

	target = t;
	ok = ok && pthread_kill(t, SIGUSR2) == 0 && pthread_join(t, &ret) == 0;
	report(ok && sig_hits == 1 && sig_code == SI_TKILL && handler_is_target,
	       "pthread_kill_runs_handler_in_thread");
}

static void *adder(void *arg)
{
	long *mine = arg;

	for (int i = 0; i < ADDS; i++) {
		pthread_mutex_lock(&counter_lock);
		counter++;
		pthread_mutex_unlock(&counter_lock);
		(*mine)++;
	}
	return mine;
}

int main(void)
{
	pthread_t tids[NTHREADS];
	long *counts = calloc(NTHREADS, sizeof(long));
	char *text = malloc(64);
	int created = 0, joined = 0, each = 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n1..9\n");
	report(counts && text, "malloc_calloc_work");
	if (text) {
		snprintf(text, 64, "%d-%s", 42, "musl");
		report(strcmp(text, "42-musl") == 0, "snprintf_formats");
	} else {
		report(0, "snprintf_formats");
	}
	for (int i = 0; counts && i < NTHREADS; i++)
		created += pthread_create(&tids[i], NULL, adder, &counts[i]) == 0;
	report(created == NTHREADS, "pthread_create_8_threads");
	for (int i = 0; i < created; i++) {
		void *ret = NULL;

		joined += pthread_join(tids[i], &ret) == 0 && ret == &counts[i];
		each &= counts[i] == ADDS;
	}
	report(joined == NTHREADS && each, "pthread_join_returns_value");
	printf("# counter %ld, expected %d\n", counter, NTHREADS * ADDS);
	report(counter == NTHREADS * ADDS, "mutex_protected_counter_exact");
	signal_cases();
	printf("# Totals: pass:%d fail:%d xfail:0 xpass:0 skip:0 error:0\n", passed, failed);
	free(text);
	free(counts);
	return failed ? 1 : 0;
}
