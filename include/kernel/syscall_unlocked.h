/* SPDX-License-Identifier: MIT */
/*
 * The system calls that run without big_lock (docs/DESIGN.md §7.3), by
 * name: each arch's table (arch/<arch>/syscall_table.c) turns the list
 * into arch_syscall_unlocked[], indexed by its own numbers, by defining
 * SYSCALL_UNLOCKED(name) and including this file. What each touches:
 *
 *   getpid, gettid   the caller's own IDs, fixed while it runs
 *   getppid          process->ppid, one word kept by process_set_parent()
 *   mmap, munmap,    the caller's address space, under its mm->lock
 *   mprotect,        (<kernel/vm.h>); mmap of a file or of shared memory
 *   madvise, brk     takes big_lock itself (big_lock_take_late())
 *
 * A call whose handler reads anything else big_lock guards must not be
 * here. Its return to user mode skips the return-to-user loop: a signal or
 * reschedule meant for the caller comes with the IPI or tick that made it.
 */
SYSCALL_UNLOCKED(getpid)
SYSCALL_UNLOCKED(gettid)
SYSCALL_UNLOCKED(getppid)
SYSCALL_UNLOCKED(mmap)
SYSCALL_UNLOCKED(munmap)
SYSCALL_UNLOCKED(mprotect)
SYSCALL_UNLOCKED(madvise)
SYSCALL_UNLOCKED(brk)
