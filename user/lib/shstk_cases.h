/* SPDX-License-Identifier: MIT */
/*
 * The shadow-stack cases of /bin/shstk (x86_64 CET) and /bin/gcs (arm64
 * GCS): one case table each program runs, the cases both share written
 * once (shstk_cases.c, on the hooks of the architecture's shstk_arch.h),
 * and the helpers the programs' own ISA-specific cases use as well.
 *
 * A case body runs in a forked child (child_result()); a case with mode
 * not 0 runs with that shadow-stack mode set (SHSTK_MODE_* of
 * shstk_enable.h) where the machine has the feature. Names are the
 * program's KTAP case names: the expect files of tests/boot/expect list
 * every one as shstk/NAME or gcs/NAME.
 */
#ifndef USER_SHSTK_CASES_H
#define USER_SHSTK_CASES_H

#include "test.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* want's value for "0 where the feature is there, else the enable's errno". */
#define WANT_ENABLE_RESULT (-1)

struct shstk_case {
	const char *name;
	enum need need;
	int (*body)(void);
	unsigned long mode; /* set in the child before body, where supported */
	int signal;	    /* 0: exit `want` expected; else death by this signal */
	int want;	    /* the exit status, or WANT_ENABLE_RESULT */
	const char *proves; /* a "# name: proves" line before the result, or NULL */
};

/* Whether this machine has the feature (set by shstk_cases_start()). */
extern bool shstk_supported;

/*
 * The program's start: handles the exec'd child modes of argv[1] (never
 * returning then), else prints the KTAP header and a plan of own + the
 * shared cases, and notes supported.
 */
void shstk_cases_start(int argc, char **argv, bool supported, unsigned int own);

/* Runs one case, or reports it skipped where its need is not met. */
void shstk_case_run(const struct shstk_case *c);

/* Runs the cases both architectures share. */
void shstk_cases_run_shared(void);

/*
 * Bodies the programs list under their own names (Linux's selftest name on
 * arm64), each run with the feature enabled: a fork child keeps the
 * shadow-stack pointer, a copy of the area at the same place, the status
 * and working calls; 1000 nested calls return their sum.
 */
int shstk_case_fork(void);
int shstk_case_deep_calls(void);

/*
 * The restorer trampoline the shared cases' SIGSEGV handler names (x86_64
 * has no kernel one): the program defines it by including sig_arch.h,
 * which only one file of a program may include.
 */
void sig_restorer(void);

/* ---- helpers for the programs' own cases ---- */

/* map_shadow_stack(addr, size, flags): the address or -errno. */
long shstk_map(unsigned long addr, unsigned long size, unsigned long flags);

/* A free, page-aligned range of 4 pages (a shadow stack mapped, then unmapped); 0 on failure. */
unsigned long shstk_free_range(void);

/* clone3 with the seed's shadow-stack fields whose child exits 0 at once; 0 or -errno. */
long shstk_clone3_exit0(uint64_t flags, uint64_t ss, uint64_t ss_size);

/* The sum 1..n by n real nested calls (each one shadow-stack entry). */
long shstk_deep(int n);

/* The perms /proc/self/maps shows for the area holding addr, or "none". */
const char *shstk_perms_of(unsigned long addr);

#endif
