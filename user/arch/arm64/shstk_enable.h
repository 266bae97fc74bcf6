/* SPDX-License-Identifier: MIT */
/*
 * Turning the Guarded Control Stack on for the calling thread, arm64:
 * prctl(PR_SET_SHADOW_STACK_STATUS, mode, 0, 0, 0).
 *
 * SHSTK_ENABLE() and SHSTK_SET_MODE(mode) are one inline `svc`, 0 or
 * -errno. GCS takes effect on the return from the call with a new, empty
 * GCS, so the function that enables it must never return: it leaves with
 * SHSTK_EXIT() (no call, no `ret`); calls made after it return normally. A
 * core or kernel without GCS answers EINVAL.
 */
#ifndef USER_SHSTK_ENABLE_H
#define USER_SHSTK_ENABLE_H

#include "gcs.h"

#define SHSTK_ENABLE() GCS_SET_MODE(PR_SHADOW_STACK_ENABLE)
#define SHSTK_ENABLE_NAME "prctl(PR_SET_SHADOW_STACK_STATUS, PR_SHADOW_STACK_ENABLE)"

/* The mode bits run_child() takes: prctl's PR_SHADOW_STACK_* bits, set at once. */
#define SHSTK_MODE_ENABLE PR_SHADOW_STACK_ENABLE
#define SHSTK_MODE_WRITE PR_SHADOW_STACK_WRITE

#define SHSTK_SET_MODE(mode) GCS_SET_MODE(mode)
#define SHSTK_SET_MODE_NAME "prctl(PR_SET_SHADOW_STACK_STATUS)"

/* exit_group(status) with no call: usable on any GCS. */
#define SHSTK_EXIT(status) GCS_EXIT(status)

/* The shadow-stack pointer: GCSPR_EL0 (only where the CPU has GCS). */
#define SHSTK_POINTER() gcs_read_gcspr()

#endif
