/* SPDX-License-Identifier: MIT */
/*
 * Deliberate kernel faults, chosen with `crashtest=<kind>` on the command
 * line, so the boot runner can prove that a kernel bug yields a panic report
 * and a failure exit instead of a hang. Kinds: null (a NULL dereference),
 * stack (unbounded recursion into the guard page).
 */
#ifndef KERNEL_CRASHTEST_H
#define KERNEL_CRASHTEST_H

/* Performs the crash `crashtest=` asks for; returns when none is asked. */
void crashtest_run_requested(void);

#endif
