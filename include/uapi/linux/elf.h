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

#endif
