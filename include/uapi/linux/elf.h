/* SPDX-License-Identifier: MIT */
/*
 * ELF note types that name register sets (PTRACE_GETREGSET/SETREGSET's
 * addr), Linux's values (include/uapi/linux/elf.h).
 */
#ifndef UAPI_LINUX_ELF_H
#define UAPI_LINUX_ELF_H

#define NT_PRSTATUS 1	   /* the general registers: the arch's user_regs_struct / user_pt_regs */
#define NT_X86_SHSTK 0x204 /* x86_64: the user shadow-stack pointer, 8 bytes */
#define NT_ARM_GCS 0x410   /* arm64: struct user_gcs */

/*
 * The GNU property note a linker writes for a whole program (PT_GNU_PROPERTY
 * segment, NT_GNU_PROPERTY_TYPE_0 note named "GNU"), and the two "feature 1
 * AND" properties: a bit is set only when every object of the program has it.
 */
#define PT_GNU_PROPERTY 0x6474e553
#define NT_GNU_PROPERTY_TYPE_0 5
#define GNU_PROPERTY_AARCH64_FEATURE_1_AND 0xc0000000
#define GNU_PROPERTY_AARCH64_FEATURE_1_BTI (1 << 0)
#define GNU_PROPERTY_AARCH64_FEATURE_1_PAC (1 << 1)
#define GNU_PROPERTY_X86_FEATURE_1_AND 0xc0000002
#define GNU_PROPERTY_X86_FEATURE_1_IBT (1 << 0)
#define GNU_PROPERTY_X86_FEATURE_1_SHSTK (1 << 1)

#endif
