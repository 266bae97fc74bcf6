/* SPDX-License-Identifier: MIT */
/*
 * Every spinlock of the kernel, in the one order they may nest: a CPU
 * holding a lock may take only locks of a higher level, except by
 * spin_trylock(), which never waits and so closes no cycle. The lock
 * debugger (kernel/locking/lockdep.c) checks this on every acquisition, along with
 * ownership and interrupt discipline; docs/DESIGN.md §7 says why there are
 * so few.
 *
 *   lock          level  interrupts       what it guards
 *   big_lock      1      off (always)     all kernel state but what a lock
 *                                         below names: tasks, pid lookups, files
 *                                         but pipes, signals, shared memory
 *                                         objects' pages (<kernel/shmem.h>).
 *                                         Dropped on the way to user mode,
 *                                         and by a task that gives up its
 *                                         CPU until it runs again. The
 *                                         calls and faults of
 *                                         docs/DESIGN.md §7.3's list run
 *                                         without it.
 *   mm->lock      2      off (irqsave)    one address space: its VMA tree,
 *                                         page tables, brk and resident
 *                                         counts (<kernel/vm.h>: mm_lock()).
 *                                         One at a time: fork's new space and
 *                                         exec's are nobody else's yet.
 *   pid_lock      2      off (irqsave)    the PID numbers: each namespace's
 *                                         bitmap, last number and lookup
 *                                         chains (kernel/proc/pid.c). Clone
 *                                         numbers its child holding it alone;
 *                                         a last put holds it, with big_lock
 *                                         or (wait4's reap) without it.
 *                                         Lookups take none (pid.c says why).
 *   children_lock 2      off (irqsave)    one process's children list's
 *                                         links (kernel/proc/task.c): every
 *                                         change takes it, under big_lock but
 *                                         for wait4's claim of a zombie, and
 *                                         wait4's scan without big_lock takes
 *                                         it alone (kernel/proc/wait.c), as
 *                                         do a plain fork's link of its child
 *                                         (kernel/proc/fork.c) and the zombie
 *                                         mark of a process whose only thread
 *                                         exits without big_lock, in its
 *                                         parent's (kernel/proc/exit.c).
 *                                         Never two at once: a move to a new
 *                                         parent holds the old one's, then
 *                                         the new one's.
 *   futex bucket  2      off (irqsave)    one futex hash bucket's waiters
 *                                         (kernel/proc/futex.c). Never held
 *                                         with an mm->lock: the futex word
 *                                         is read outside it.
 *   waitq lock    3      off (irqsave)    the sleepers of the wait queues
 *                                         hashed to it, one of 64
 *                                         (kernel/proc/sched.c). Never two
 *                                         at once.
 *   timed_lock    3      off (irqsave)    the sleepers with a time-out.
 *                                         Never held with a waitq lock.
 *   siglock       3      off (irqsave)    one process's thread list and
 *                                         count, its exited threads' CPU
 *                                         time, and a sender's choice of
 *                                         the thread to wake for a signal
 *                                         (<kernel/task.h>): a thread that
 *                                         is not the last exits holding it
 *                                         alone (kernel/proc/exit.c); also
 *                                         the process's parent pointer, its
 *                                         group and session, and a change of
 *                                         its handlers (rt_sigaction). Inside
 *                                         children_lock where both are
 *                                         held; never with a waitq lock,
 *                                         timed_lock or another siglock.
 *   runq->lock    4      off (irqsave)    one CPU's run queue, its running
 *                                         task, and the state of every task
 *                                         whose `cpu` is that CPU
 *                                         (kernel/proc/sched.c). Held across
 *                                         a context switch: the task switched
 *                                         to drops it. A second one only by
 *                                         spin_trylock(). Nothing may sleep
 *                                         holding a lock of a higher level
 *                                         or any but big_lock below.
 *   files->lock   5      off (irqsave)    one fd table's slots against
 *                                         read(2)/write(2)'s lookup without
 *                                         big_lock (fd_get_file()).
 *   fs->lock      5      off (irqsave)    one fs struct's root and cwd
 *                                         pointers against a fork's copy
 *                                         without big_lock (kernel/fs/
 *                                         fs_struct.c). Takes nothing.
 *   tlb_lock      5      off (irqsave)    x86: the one TLB shootdown in
 *                                         flight (arch/x86_64/tlb.c); each
 *                                         CPU has a single request slot.
 *   heap_lock     6      off (irqsave)    kmalloc's slabs (kernel/mm/heap.c)
 *   kstack_lock   6      off (irqsave)    the kernel-stack slots (kstack.c)
 *   page_lock     7      off (irqsave)    the page pool, every frame's
 *                                         reference count, and the per-CPU
 *                                         free-page lists against one another
 *                                         (page_alloc.c, cpu_pages.h): a
 *                                         list's owner takes and gives pages
 *                                         without a lock, interrupts off;
 *                                         other CPUs only empty its slots,
 *                                         holding page_lock. The heap
 *                                         allocates pages under heap_lock,
 *                                         hence its higher level.
 *   console_lock  8      off (irqsave)    the output devices, so lines from
 *                                         two CPUs do not interleave. Taken
 *                                         by printk under any other lock;
 *                                         a panic takes it only if free.
 *
 * The allocators have their own locks, below big_lock, because they are
 * used before the scheduler exists (big_lock is first taken by
 * sched_init()) and by a secondary CPU starting up.
 *   lock_test_*   9, 10  off (irqsave)    the lock debugger's self-test only.
 *
 * Lock-free by design: the TLB shootdown request of each CPU (written
 * under tlb_lock, answered by the target with an atomic store), the tick
 * counter (atomic), smp_cpus[] reports (release/acquire), the panic owner
 * (one compare-and-swap), a CPU's free-page list (its owner; each slot
 * exchanged atomically).
 */
#ifndef KERNEL_LOCK_ORDER_H
#define KERNEL_LOCK_ORDER_H

enum lock_level {
	LOCK_LEVEL_BIG = 1,
	LOCK_LEVEL_MM = 2,
	LOCK_LEVEL_FUTEX = 2,
	LOCK_LEVEL_PID = 2,
	LOCK_LEVEL_CHILDREN = 2,
	LOCK_LEVEL_WAITQ = 3,
	LOCK_LEVEL_SIGLOCK = 3,
	LOCK_LEVEL_RUNQ = 4,
	LOCK_LEVEL_TLB = 5,
	LOCK_LEVEL_FILES = 5,
	LOCK_LEVEL_FS = 5,
	LOCK_LEVEL_HEAP = 6,
	LOCK_LEVEL_KSTACK = 6,
	LOCK_LEVEL_PAGE = 7,
	LOCK_LEVEL_CONSOLE = 8,
	LOCK_LEVEL_TEST_OUTER = 9,
	LOCK_LEVEL_TEST_INNER = 10,
};

#endif
