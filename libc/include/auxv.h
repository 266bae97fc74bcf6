/* SPDX-License-Identifier: MIT */
/* Auxiliary vector lookup; the AT_* types come from <uapi/linux/auxvec.h>. */
#ifndef AUXV_H
#define AUXV_H

#include <uapi/linux/auxvec.h>

unsigned long getauxval(unsigned long type);

/*
 * The address of the vDSO's function name of version (Linux's names:
 * "__vdso_clock_gettime" / "LINUX_2.6" on x86_64, "__kernel_clock_gettime"
 * / "LINUX_2.6.39" on arm64), or NULL without a vDSO or that symbol.
 */
void *__vdso_lookup(const char *name, const char *version);

#endif
