// SPDX-License-Identifier: MIT
/*
 * /bin/musl_pthreads: a program built with Debian's musl (musl-gcc -static),
 * not with Umbra's libc -- an ordinary static Linux binary.
 *
 * Proves: a foreign libc's start-up, printf, malloc and pthreads run: 8
 * threads each add to a mutex-protected counter, are joined, and the total
 * is exact. Prints its own KTAP.
 */
#include <pthread.h>
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
	printf("TAP version 13\n1..5\n");
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
	printf("# Totals: pass:%d fail:%d xfail:0 xpass:0 skip:0 error:0\n", passed, failed);
	free(text);
	free(counts);
	return failed ? 1 : 0;
}
