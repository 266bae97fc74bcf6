/* SPDX-License-Identifier: MIT */
/*
 * Deliberate kernel faults, chosen with `crashtest=<kind>` on the command
 * line, so the boot runner can prove that a kernel bug yields a panic report
 * and a failure exit instead of a hang. Kinds: null (a NULL dereference),
 * stack (unbounded recursion into the guard page), lockorder (a lock-order
 * inversion), kernel_jop (an indirect call past a function's landing pad:
 * a forward-edge hijack that kernel IBT/BTI must stop), kernel_rop (an
 * overwritten return address), waitq (an object freed while a task sleeps
 * on its wait queue: the check at the free must name it).
 */
#ifndef KERNEL_CRASHTEST_H
#define KERNEL_CRASHTEST_H

#include <kernel/types.h>

/*
 * The size of the landing pad fn opens with (x86 ENDBR64, arm64 BTI C), or
 * 0 when it has none: where crashtest=kernel_jop aims past it.
 */
size_t arch_cfi_landing_pad_size(const void *fn);

/* Performs the crash `crashtest=` asks for; returns when none is asked, or waitq. */
void crashtest_run_requested(void);
/* The kinds that need the scheduler (waitq), run once it exists; returns when none is asked. */
void crashtest_run_scheduled(void);

#endif
