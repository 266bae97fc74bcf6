/* SPDX-License-Identifier: MIT */
/* The arm64 vDSO's names, as glibc and musl look them up (Linux's vdso.lds.S). */
#ifndef MACHINE_VDSO_H
#define MACHINE_VDSO_H

#define VDSO_VERSION "LINUX_2.6.39"
#define VDSO_CLOCK_GETTIME "__kernel_clock_gettime"
#define VDSO_GETTIMEOFDAY "__kernel_gettimeofday"

#endif
