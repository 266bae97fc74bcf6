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
 *   read, write      the fd table under its lock (fd_get_file()); a pipe
 *                    under its mutex, every other kind of file takes
 *                    big_lock (file_ops.unlocked)
 *   futex            its hash bucket's waiters under the bucket's lock
 *                    (kernel/proc/futex.c), the caller's own user memory
 *   clone3, clone,   their arguments, copied from the caller's memory,
 *   fork, vfork      and checked; kernel_clone() makes the child's task,
 *                    stacks, address space and fd table, then takes
 *                    big_lock for the rest -- but a thread sharing the
 *                    caller's fs struct, which joins the process under its
 *                    siglock alone, and a plain fork's child of a one-thread
 *                    process, which joins its parent under the parent's
 *                    children_lock and siglock (fork_link_unlocked())
 *                    (fork and vfork: x86_64 only)
 *   wait4            the caller's children list, under its own lock
 *                    (children_lock), scanned, slept on and a zombie
 *                    claimed when the caller traces nobody; the reap
 *                    after big_lock's grace period (big_lock_synchronize());
 *                    big_lock for a tracer, WUNTRACED, WCONTINUED and a
 *                    group given by number
 *   exit,            the caller's shadow stack, unmapped under its
 *   exit_group       mm->lock; for a process's only thread, the last user
 *                    of its space, also the joiner word, the space emptied
 *                    under its lock and the fds closed (a last release
 *                    takes big_lock); then big_lock for the rest of the
 *                    exit. exit() of a thread that is not its process's
 *                    last, untraced, with no child of its own, needs none:
 *                    it leaves the thread list under the process's siglock,
 *                    waits out big_lock's grace period, then wakes its
 *                    joiner and lets go of space, fds and fs struct; nor
 *                    does a process's only thread with nothing to hand on
 *                    (no child, timer, session, tracer): it makes the
 *                    zombie and its SIGCHLD under its parent's
 *                    children_lock and siglock (exit_process_unlocked())
 *
 * A call whose handler reads anything else big_lock guards must not be
 * here. Its return to user mode takes the return-to-user loop only when
 * there is work for it (kernel/entry.c): a signal that ended a sleep, a
 * reschedule; a signal for a caller that did not sleep comes with the IPI
 * that made it.
 */
SYSCALL_UNLOCKED(getpid)
SYSCALL_UNLOCKED(gettid)
SYSCALL_UNLOCKED(getppid)
SYSCALL_UNLOCKED(mmap)
SYSCALL_UNLOCKED(munmap)
SYSCALL_UNLOCKED(mprotect)
SYSCALL_UNLOCKED(madvise)
SYSCALL_UNLOCKED(brk)
SYSCALL_UNLOCKED(read)
SYSCALL_UNLOCKED(write)
SYSCALL_UNLOCKED(futex)
SYSCALL_UNLOCKED(clone3)
SYSCALL_UNLOCKED(clone)
#ifdef __NR_fork
SYSCALL_UNLOCKED(fork)
#endif
#ifdef __NR_vfork
SYSCALL_UNLOCKED(vfork)
#endif
SYSCALL_UNLOCKED(wait4)
SYSCALL_UNLOCKED(exit)
SYSCALL_UNLOCKED(exit_group)
