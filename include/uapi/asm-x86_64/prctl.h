/* SPDX-License-Identifier: MIT */
/* arch_prctl() codes, x86_64 only (arch/x86/include/uapi/asm/prctl.h values). */
#ifndef UAPI_ASM_X86_64_PRCTL_H
#define UAPI_ASM_X86_64_PRCTL_H

#define ARCH_SET_GS 0x1001
#define ARCH_SET_FS 0x1002
#define ARCH_GET_FS 0x1003
#define ARCH_GET_GS 0x1004

/* CET shadow stacks: the operations, then the feature bits they take. */
#define ARCH_SHSTK_ENABLE 0x5001
#define ARCH_SHSTK_DISABLE 0x5002
#define ARCH_SHSTK_LOCK 0x5003
#define ARCH_SHSTK_UNLOCK 0x5004
#define ARCH_SHSTK_STATUS 0x5005
#define ARCH_SHSTK_SHSTK (1ul << 0)
#define ARCH_SHSTK_WRSS (1ul << 1)
/*
 * Umbra's own (docs/ABI.md §4.8; Linux has merged no user IBT): indirect
 * branch tracking for the calling thread, enabled, disabled, locked and
 * reported through the same operations.
 */
#define ARCH_SHSTK_IBT (1ul << 2)
/*
 * Umbra's own ucontext flag with ARCH_SHSTK_IBT on: the interrupted context
 * was waiting for an ENDBR64 (an indirect CALL/JMP had just gone to the
 * saved RIP). rt_sigreturn resumes it waiting again; a handler that
 * repairs a missing-ENDBR64 fault clears it.
 */
#define UC_WAIT_ENDBR 0x100

#endif
