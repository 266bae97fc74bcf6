/* SPDX-License-Identifier: MIT */
/*
 * x86_64 CET shadow-stack helpers for the user tests, all inline: nothing
 * here is a function call, so they may run at the moment the shadow stack
 * changes under the caller (an enable, a pivot).
 *
 * Enabling gives the thread a new, empty shadow stack (docs/ABI.md §4.4): every
 * frame entered before the enable can no longer return (its `ret` finds no
 * matching entry and raises #CP). So CET_ENABLE belongs in a function that
 * never returns -- main, or a child right after fork -- which leaves with
 * _exit()/exit(), and calls made after it return normally.
 *
 * Instructions: Intel SDM vol. 1 §17.3 and vol. 2 (RDSSP, INCSSP, RSTORSSP,
 * SAVEPREVSSP, WRSS). RDSSP is a NOP while shadow stacks are off, so
 * cet_rdssp() returns 0 then.
 */
#ifndef USER_CET_H
#define USER_CET_H

#include <machine/prctl.h>
#include <machine/syscall_nr.h>

#define CET_ALWAYS_INLINE static inline __attribute__((always_inline))

/* arch_prctl(code, arg) as one `syscall` instruction; the raw result (-errno). */
#define CET_ARCH_PRCTL(code, arg)                                                                  \
	({                                                                                         \
		long cet_r_;                                                                       \
		__asm__ volatile("syscall"                                                         \
				 : "=a"(cet_r_)                                                    \
				 : "a"((long)__NR_arch_prctl), "D"((long)(code)), "S"((long)(arg)) \
				 : "rcx", "r11", "memory");                                        \
		cet_r_;                                                                            \
	})

/* ARCH_SHSTK_ENABLE of SHSTK, inline; 0 or -errno. See the rule above. */
#define CET_ENABLE_SHSTK() CET_ARCH_PRCTL(ARCH_SHSTK_ENABLE, ARCH_SHSTK_SHSTK)

/* map_shadow_stack(addr, size, flags) inline; the address or -errno. */
#define CET_MAP_SHADOW_STACK(addr, size, flags)                                         \
	({                                                                              \
		long cet_r_;                                                            \
		__asm__ volatile("syscall"                                              \
				 : "=a"(cet_r_)                                         \
				 : "a"((long)__NR_map_shadow_stack), "D"((long)(addr)), \
				   "S"((long)(size)), "d"((long)(flags))                \
				 : "rcx", "r11", "memory");                             \
		cet_r_;                                                                 \
	})

/* exit_group(status) without a call: usable on any shadow stack. */
#define CET_EXIT(status)                                                           \
	do {                                                                       \
		__asm__ volatile("syscall"                                         \
				 :                                                 \
				 : "a"((long)__NR_exit_group), "D"((long)(status)) \
				 : "rcx", "r11", "memory");                        \
		__builtin_unreachable();                                           \
	} while (0)

/* The current SSP (the address of the newest entry), or 0 with shadow stacks off. */
CET_ALWAYS_INLINE unsigned long cet_rdssp(void)
{
	unsigned long ssp = 0;

	__asm__ volatile("rdsspq %0" : "+r"(ssp));
	return ssp;
}

/* Pops n (1..255) entries off the shadow stack without checking them. */
CET_ALWAYS_INLINE void cet_incssp(unsigned long n)
{
	__asm__ volatile("incsspq %0" : : "r"(n) : "memory");
}

/*
 * Switches SSP to token, which must hold the restore token (token + 8) | 1;
 * the CPU replaces it by a previous-SSP token (old SSP | 2 | 1) and SSP
 * becomes token. A bad token raises #CP (error code 4, "rstorssp").
 */
CET_ALWAYS_INLINE void cet_rstorssp(unsigned long token)
{
	__asm__ volatile("rstorssp (%0)" : : "r"(token) : "memory");
}

/*
 * Pops the previous-SSP token RSTORSSP left and writes a restore token on
 * the previous shadow stack, just below the SSP it had: (old - 8) holds old | 1.
 */
CET_ALWAYS_INLINE void cet_saveprevssp(void)
{
	__asm__ volatile("saveprevssp" : : : "memory");
}

/* A shadow-stack store (needs ARCH_SHSTK_WRSS, else #UD). */
CET_ALWAYS_INLINE void cet_wrss(unsigned long addr, unsigned long value)
{
	__asm__ volatile("wrssq %1, (%0)" : : "r"(addr), "r"(value) : "memory");
}

#endif
