/* SPDX-License-Identifier: MIT */
/* execve(): replacing the current program with an ELF file or a script of the file tree. */
#ifndef KERNEL_EXEC_H
#define KERNEL_EXEC_H

#include <kernel/types.h>

struct mm;

/*
 * Replaces current's program with path, with kernel-space argv/envp
 * (NULL-terminated). On success the task returns to user space at the new
 * entry point; on failure the old program is untouched and -errno returned.
 */
long exec_kernel(const char *path, const char *const argv[], const char *const envp[]);
/*
 * The same as the depth-th interpreter of a script chain (0: the file
 * execve named). filename is the path execve named, as Linux's
 * bprm->filename: the process is named after it and AT_EXECFN points to
 * it, whatever interpreter finally runs.
 */
long exec_kernel_depth(const char *path, const char *filename, const char *const argv[],
		       const char *const envp[], unsigned int depth);

/*
 * Runs a "#!" script (kernel/proc/exec_script.c) whose first len bytes are
 * line (more: the file goes on past them): its interpreter with the one
 * optional argument, then path and argv[1..], as Linux's binfmt_script.
 * -ENOEXEC without an interpreter name or with a first line longer than
 * SCRIPT_LINE_MAX, -ELOOP past SCRIPT_DEPTH_MAX nested scripts, -E2BIG,
 * or what running the interpreter says.
 */
#define SCRIPT_LINE_MAX 256 /* Linux's BINPRM_BUF_SIZE */
#define SCRIPT_DEPTH_MAX 5  /* Linux's exec_binprm(): depth > 5 is ELOOP */
long exec_script(char *line, size_t len, bool more, const char *path, const char *filename,
		 const char *const argv[], const char *const envp[], unsigned int depth);

/* ---- arch hooks ---- */
/* The ELF machine this kernel runs (EM_X86_64 62, EM_AARCH64 183). */
extern const unsigned short arch_elf_machine;
/* AT_HWCAP, AT_HWCAP2 and (where the arch has it) AT_HWCAP3, and AT_PLATFORM's string. */
unsigned long arch_elf_hwcap(void);
unsigned long arch_elf_hwcap2(void);
extern const bool arch_elf_has_hwcap3;
unsigned long arch_elf_hwcap3(void);
extern const char arch_elf_platform[];
/*
 * The GNU property the loader reads (GNU_PROPERTY_*_FEATURE_1_AND, or 0:
 * none) and the protection bits its value adds to executable segments
 * (arm64: PROT_BTI).
 */
extern const u32 arch_elf_property_type;
unsigned int arch_elf_exec_prot(u32 features);
/* Maps what the arch adds to every program (arm64: the signal trampoline). */
int arch_exec_mm(struct mm *mm);

#endif
