/* SPDX-License-Identifier: MIT */
/* The x86_64 vDSO's names, as glibc and musl look them up (Linux's vdso.lds.S). */
#ifndef MACHINE_VDSO_H
#define MACHINE_VDSO_H

#define VDSO_VERSION "LINUX_2.6"
#define VDSO_CLOCK_GETTIME "__vdso_clock_gettime"
#define VDSO_GETTIMEOFDAY "__vdso_gettimeofday"

#endif
