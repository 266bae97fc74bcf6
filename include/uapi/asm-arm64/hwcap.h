/* SPDX-License-Identifier: MIT */
/* arm64 AT_HWCAP bits Umbra reports (arch/arm64/include/uapi/asm/hwcap.h values). */
#ifndef UAPI_ASM_ARM64_HWCAP_H
#define UAPI_ASM_ARM64_HWCAP_H

#define HWCAP_FP (1ul << 0)
#define HWCAP_ASIMD (1ul << 1)
#define HWCAP_CPUID (1ul << 11)
#define HWCAP_GCS (1ul << 32) /* Guarded Control Stacks */

#endif
