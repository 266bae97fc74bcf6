/* SPDX-License-Identifier: MIT */
/*
 * What the test programs share (user/lib/, linked into every program of
 * user/): diagnostics, the checks a case body makes, the children a case
 * runs in, /proc/self/maps, and a few system facts. KTAP itself is libc's
 * <ktap.h>.
 *
 * A case body returns 0 when every check held. A failed EXPECT notes what
 * it got and leaves the body with a small code (its line number), through
 * TEST_FAIL(code): `return code` unless the program defines TEST_FAIL
 * before including this file -- /bin/gcs leaves through an exit system
 * call instead, because its bodies run on a GCS they cannot return from.
 */
#ifndef USER_LIB_TEST_H
#define USER_LIB_TEST_H

#include <stdbool.h>

#define PAGE 4096UL
#define PAGE_ALIGN(x) (((x) + PAGE - 1) & ~(PAGE - 1))

/* Exit statuses a child uses to say what went wrong. */
#define SURVIVED 66	 /* it outlived what should have killed it */
#define LANDED 77	 /* a tampered return or a handler that must not run did */
#define ENABLE_FAILED 90 /* run_child: the shadow-stack enable before the body failed */

/* A "# " diagnostic, unbuffered (children) and after any buffered KTAP lines. */
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- checks in a case body ---- */

#define FAIL_CODE (__LINE__ % 200 + 1)

#ifndef TEST_FAIL
#define TEST_FAIL(code) return (code)
#endif

#define EXPECT(what, got, want)                                                                    \
	do {                                                                                       \
		unsigned long got_ = (unsigned long)(got), want_ = (unsigned long)(want);          \
		if (got_ != want_) {                                                               \
			note("%s: got %#lx (%ld), want %#lx (%ld)", what, got_, (long)got_, want_, \
			     (long)want_);                                                         \
			TEST_FAIL(FAIL_CODE);                                                      \
		}                                                                                  \
	} while (0)

#define EXPECT_TRUE(what, cond)                  \
	do {                                     \
		if (!(cond)) {                   \
			note("%s: false", what); \
			TEST_FAIL(FAIL_CODE);    \
		}                                \
	} while (0)

/* A libc call failed as Linux says: it returned -1 with errno e (else a KTAP note). */
bool fails_with(long r, int e);
/* The same for mmap(), whose failure is MAP_FAILED. */
bool mmap_fails_with(void *r, int e);

/* ---- cases ---- */

/* Which machines a case runs on: all, those with shadow stacks, those without. */
enum need { ANY, LIVE, UNSUPPORTED };

/*
 * Reports name as skipped and returns true when need is not met on this
 * machine (supported: it has the program's shadow-stack feature, named by
 * feature in the reason: "# SKIP <feature> not supported").
 */
bool case_skipped(const char *name, enum need need, bool supported, const char *feature);

/* ---- children ---- */

/*
 * Runs body in a forked child and returns its wait status, or -1 when fork
 * or wait failed. With mode not 0 the child first sets that shadow-stack
 * mode (SHSTK_MODE_* of "shstk_enable.h": x86_64 arch_prctl features,
 * arm64 PR_SHADOW_STACK_* bits) inline in this frame, which it never
 * returns from, so body is entered on the new shadow stack and may return;
 * its result becomes the exit status.
 */
int run_child(int (*body)(void), unsigned long mode);

/*
 * run_child() with a watchdog on the child's progress, not on its total
 * time: a child that has not called test_progress() for ms milliseconds
 * (or since it started) is killed (SIGKILL) and the answer is -1, after a
 * note. However slow the machine or however many CPUs share its host, a
 * child that keeps going is never killed; one that is stuck is.
 */
int run_child_within(int (*body)(void), unsigned long mode, long ms);

/* Says that the child of run_child_within() (any of its threads) moved on. */
void test_progress(void);

/* Whether wait status st is exit exit_code (sig 0) or death by signal sig; notes why not. */
bool status_is(int st, int exit_code, int sig);

/* status_is(run_child(body, mode), exit_code, sig). */
bool child_result(int (*body)(void), unsigned long mode, int sig, int exit_code);

/* Runs the program self again as "self mode" (its child modes); 120 if execve failed. */
int exec_self(const char *self, const char *mode);

/* A case of a plain table: its KTAP name and its body (0, or the failed check's code). */
struct test_case {
	const char *name;
	int (*fn)(void);
};

/*
 * Runs one case -- in this process, or with in_child in a run_child() child
 * (a failure then leaves no descriptor, limit or mask behind for the next)
 * -- notes the failed check's code and reports the case ok or not ok.
 */
bool test_case_run(const struct test_case *c, bool in_child);

/* The KTAP header and plan, then every case of the table in order; ktap_finish()'s result. */
int test_cases_run(const struct test_case *cases, unsigned int n, bool in_child);

/* ---- /proc/self/smaps ---- */

struct area {
	unsigned long start, end;
	char perms[5];
	char name[24];
	bool ss; /* a shadow stack: "ss" in its VmFlags (Linux names it nothing) */
};

/* Reads /proc/self/smaps; the number of areas, or -1. maps_area(i) is the i-th, from 0. */
int read_maps(void);
const struct area *maps_area(int i);

/* The area containing addr (re-reading maps), or NULL. */
const struct area *find_area(unsigned long addr);

/* How many shadow-stack areas (VmFlags "ss") there are. */
int count_ss_areas(void);

/*
 * The shadow-stack area containing addr if it is exactly size bytes, rw-p
 * and unnamed, as Linux shows a shadow stack (and starts at start when that
 * is not 0); else NULL, after a note saying what differs.
 */
const struct area *expect_ss_area(unsigned long addr, unsigned long start, unsigned long size);

/* ---- threads ---- */

/*
 * 9 create+join rounds of threads running fn(i), which must return i + 1
 * (i plus whether its shadow-stack pointer is set), on a thread with
 * shadow stacks on: after the warm-up round only the caller's shadow-stack
 * area is left and (on Umbra, whose count is exact) the free pages are back. 0 or a failure code.
 */
int implicit_shadow_stacks_freed(int (*fn)(void *));

/* ---- the system ---- */

/* The free page count (sysinfo's freeram, mem_unit being the page), or 0. */
unsigned long free_pages(void);

/* Whether this machine and kernel give shadow stacks: a probe map_shadow_stack() works. */
bool have_shadow_stacks(void);

/* RLIMIT_STACK's soft limit, or 0. */
unsigned long rlimit_stack(void);

/*
 * The number a /proc file holds (/proc/sys/kernel/threads-max, pid_max:
 * the limits of the machine the test runs on), or 0 (said in a note) when
 * it cannot be read.
 */
unsigned long proc_number(const char *path);

/*
 * The shape of clone3's shadow-stack fields the kernel booted with
 * (clone3_shstk= in /proc/cmdline: an enum clone3_shstk_abi), or -1 when
 * /proc/cmdline cannot be read.
 */
int clone3_shstk_booted(void);

/*
 * Whether the kernel is Umbra (uname's sysname), not Linux (make test-linux
 * boots the same programs on Debian's Linux): a case whose answer is a
 * documented difference (docs/TEST-LINUX.md) asserts each kernel's own.
 */
bool on_umbra(void);

/*
 * Sleeps ms milliseconds (nanosleep; a signal may end it early). Never a
 * synchronization: a test waits for the other side through the waits
 * below; scripts/lint lets a sleep_ms() in a program of user/ stand only with a
 * "sleep-ok:" comment on its line saying why it is not one.
 */
void sleep_ms(long ms);

/* ---- waiting for the other side (wait.c) ---- */

/*
 * The bound of a wait for something that must happen: a minute of the
 * guest's clock, reached only by a hang on any machine however slow or
 * loaded -- never tuned to an emulator's speed. A case that waits longer
 * fails, with a note, rather than hang the boot.
 */
#define HANG_MS 60000

/* Polls cond(arg) until it holds: true, or false after HANG_MS (a note names what). */
bool wait_until(bool (*cond)(void *), void *arg, const char *what);

/* wait_until() *flag is not 0 (set by another thread or process). */
bool wait_flag(volatile int *flag, const char *what);

/*
 * The state letter of /proc/TID/status (a process's or a thread's): 'R',
 * 'S' (an interruptible sleep: a blocking system call), ...; 0 when unreadable.
 */
char task_state(int tid);

/*
 * wait_until() task tid sleeps interruptibly: it is in the blocking call
 * the test is about (the only one it makes then), so a signal or a write
 * sent now finds it there.
 */
bool wait_sleeping(int tid);

/*
 * A handshake: a pipe one side blocks on (gate_pass) until the other lifts
 * it (gate_lift, one byte a pass). A forked child that only waits calls
 * gate_waiter() first: then its parent's exit (a failed check) also ends
 * the wait, gate_pass saying false.
 */
struct gate {
	int rd, wr;
};
bool gate_make(struct gate *g);
void gate_waiter(struct gate *g);
void gate_lift(struct gate *g);
bool gate_pass(struct gate *g);
void gate_close(struct gate *g);

#endif
