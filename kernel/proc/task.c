// SPDX-License-Identifier: MIT
/* Task allocation and the PID views of a task (see <kernel/task.h>). */
#include <asm/trap.h>
#include <kernel/arch.h>
#include <kernel/big_lock.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/pid.h>
#include <kernel/sched_stat.h>
#include <kernel/signal.h>
#include <kernel/task.h>
#include <kernel/timer.h>
#include <kernel/timens.h>
#include <kernel/vdso.h>
#include <string.h>

struct time_ns init_time_ns = { .refs = REFCOUNT_INIT(1) };

/* Tasks allocated and not yet freed, and processes dead but not yet reaped. */
/* nr_tasks rises in task_alloc(), which clone calls without big_lock (kernel/proc/fork.c). */
static atomic_t nr_tasks;
static unsigned int nr_zombies;

/*
 * Linux's threads-max (kernel/fork.c, set_max_threads()), derived from the
 * machine: kernel stacks may take at most an eighth of RAM, never fewer
 * than 20 tasks. Linux caps it with the largest thread ID a futex can
 * hold; here the cap is the kernel stack area's slots (kernel/mm/kstack.c),
 * reached from 8 GiB of RAM. /proc/sys/kernel/threads-max shows it, so a
 * test expects the limit of the machine it runs on.
 */
unsigned int task_count(void)
{
	return (unsigned int)atomic_read(&nr_tasks);
}

size_t task_max(void)
{
	size_t max = page_total_count() / (8 * KSTACK_PAGES);

	if (max < 20)
		max = 20;
	return MIN(max, kstack_slots_total());
}

/*
 * Counting zombies too, as Linux's nr_threads does, bounds a pile of
 * unreaped children. Root is exempt from RLIMIT_NPROC in Linux
 * (copy_process() spares INIT_USER) and everything runs as root here, so
 * this is the limit a fork bomb meets: -EAGAIN.
 */
bool task_limit_reached(void)
{
	/* Read without big_lock (clone's check, kernel/proc/fork.c): a count another CPU may change next. */
	return (unsigned int)atomic_read(&nr_tasks) + READ_ONCE(nr_zombies) >= task_max() ||
	       !kstack_slots_free();
}

void task_count_zombie(int delta)
{
	__atomic_fetch_add(&nr_zombies, delta, __ATOMIC_RELAXED); /* a reap without big_lock too */
}

struct task *task_alloc(const char *name)
{
	struct task *t;

	t = kzalloc(sizeof(*t));
	if (!t)
		return NULL;
	if (kstack_alloc(&t->kstack)) {
		kfree(t);
		return NULL;
	}
	atomic_inc(&nr_tasks);
	sched_stat_fork();
	t->start_tick = timer_ticks();
	strlcpy(t->name, name, sizeof(t->name));
	t->state = TASK_SLEEPING; /* not runnable until task_wake() */
	t->cpus_allowed = ~0ull;  /* every CPU; fork copies the parent's */
	return t;
}

void task_release(struct task *t)
{
	/* A task is freed only once it ran its last: asleep on a queue, it cannot have. */
	if (t->waiting_on)
		panic("task: %s freed while it sleeps on wait queue %p", t->name, t->waiting_on);
	arch_task_free(t);
	sighand_put(t->sighand_to_put); /* an atomic count, and the heap's own lock */
	t->sighand_to_put = NULL;
	big_lock_free_deferred(t); /* what its exit unlinked: a reaped child, its PID */
	atomic_dec(&nr_tasks);
	kstack_free(&t->kstack);
}

void task_zombie_put(struct task *t)
{
	if (atomic_add_return(&t->zombie_owners, -1) == 0)
		kfree(t);
}

void task_zombie_put_after_big_lock(struct task *t)
{
	if (atomic_add_return(&t->zombie_owners, -1) == 0)
		kfree_after_big_lock(t);
}

void task_free(struct task *t)
{
	task_release(t);
	kfree(t);
}

static void set_parent_locked(struct process *c, struct process *parent)
{
	assert_spin_held(&c->siglock);
	WRITE_ONCE(c->parent, parent);
	/* The process's own namespace: that of its ID, which all its threads share. */
	WRITE_ONCE(c->ppid, parent ? pid_nr_in(parent->pid, c->pid->ns[c->pid->level]) : 0);
}

void process_set_parent_unpublished(struct process *c, struct process *parent)
{
	unsigned long flags = spin_lock_irqsave(&c->siglock);

	set_parent_locked(c, parent);
	spin_unlock_irqrestore(&c->siglock, flags);
}

void process_set_parent(struct process *c, struct process *parent)
{
	assert_big_lock_held();
	process_set_parent_unpublished(c, parent);
}

void process_move_begin(struct process *c)
{
	unsigned long flags;

	assert_big_lock_held();
	assert_spin_held(&c->parent->children_lock);
	flags = spin_lock_irqsave(&c->siglock);
	WRITE_ONCE(c->reparenting, true);
	spin_unlock_irqrestore(&c->siglock, flags);
}

void process_move_end(struct process *c, struct process *parent)
{
	unsigned long flags;

	assert_big_lock_held();
	if (parent)
		assert_spin_held(&parent->children_lock);
	flags = spin_lock_irqsave(&c->siglock);
	set_parent_locked(c, parent);
	WRITE_ONCE(c->reparenting, false);
	spin_unlock_irqrestore(&c->siglock, flags);
}

/*
 * The parent read under c's siglock is alive: it is freed only once
 * reaped, after its own exit moved c away, which takes that lock to change
 * c->parent. So its count may be raised there. Once its children_lock is
 * held, the parent it still is stays so until that lock is let go.
 */
struct process *process_lock_parent(struct process *c, unsigned long *flags)
{
	for (;;) {
		unsigned long f = spin_lock_irqsave(&c->siglock);
		struct process *parent = c->parent;
		bool moving = c->reparenting;

		if (parent && !moving)
			refcount_inc(&parent->refs);
		spin_unlock_irqrestore(&c->siglock, f);
		if (moving) {
			arch_cpu_relax(); /* the mover holds big_lock and waits for nothing of ours */
			continue;
		}
		if (!parent)
			return NULL;
		*flags = spin_lock_irqsave(&parent->children_lock);
		if (READ_ONCE(c->parent) == parent && !READ_ONCE(c->reparenting))
			return parent;
		spin_unlock_irqrestore(&parent->children_lock, *flags);
		process_put(parent);
	}
}

void process_put(struct process *p)
{
	if (refcount_dec_and_test(&p->refs))
		kfree_after_big_lock(p);
}

void process_children_init(struct process *p)
{
	p->children = NULL;
	p->children_lock = (struct spinlock)SPINLOCK_INIT(LOCK_LEVEL_CHILDREN, "children_lock");
}

void process_children_push_locked(struct process *p, struct process *c)
{
	assert_spin_held(&p->children_lock);
	c->sibling = p->children;
	/* Whole before a walker holding big_lock alone can see it: a fork may push without that lock. */
	__atomic_store_n(&p->children, c, __ATOMIC_RELEASE);
}

void process_children_push(struct process *p, struct process *c)
{
	unsigned long flags;

	assert_big_lock_held();
	flags = spin_lock_irqsave(&p->children_lock);
	process_children_push_locked(p, c);
	spin_unlock_irqrestore(&p->children_lock, flags);
}

void process_children_unlink_locked(struct process *p, struct process *c)
{
	assert_spin_held(&p->children_lock);
	/*
	 * c->sibling stays: a walker holding big_lock that stands on c goes on
	 * from it, and c's memory outlives its walk (a reap without the lock
	 * waits for big_lock's grace period before it frees c).
	 */
	for (struct process **pp = &p->children; *pp; pp = &(*pp)->sibling) {
		if (*pp == c) {
			WRITE_ONCE(*pp, c->sibling);
			break;
		}
	}
}

void process_children_unlink(struct process *p, struct process *c)
{
	unsigned long flags;

	assert_big_lock_held();
	flags = spin_lock_irqsave(&p->children_lock);
	process_children_unlink_locked(p, c);
	spin_unlock_irqrestore(&p->children_lock, flags);
}

void process_threads_init(struct process *p)
{
	p->threads = NULL;
	p->nr_threads = 0;
	p->siglock = (struct spinlock)SPINLOCK_INIT(LOCK_LEVEL_SIGLOCK, "siglock");
}

void process_thread_link_locked(struct process *p, struct task *t)
{
	assert_spin_held(&p->siglock);
	t->proc = p;
	t->thread_next = p->threads;
	if (t->thread_next)
		t->thread_next->thread_pprev = &t->thread_next;
	t->thread_pprev = &p->threads;
	/* Whole before a walker holding big_lock alone can see it. */
	__atomic_store_n(&p->threads, t, __ATOMIC_RELEASE);
	WRITE_ONCE(p->nr_threads, p->nr_threads + 1);
}

void process_thread_unlink_locked(struct task *t)
{
	struct process *p = t->proc;

	assert_spin_held(&p->siglock);
	/*
	 * t->thread_next stays: a walker holding big_lock that stands on t
	 * goes on from it, and t outlives its walk (an exit without the lock
	 * waits for big_lock's grace period before t can be freed).
	 */
	WRITE_ONCE(*t->thread_pprev, t->thread_next);
	if (t->thread_next)
		t->thread_next->thread_pprev = t->thread_pprev;
	WRITE_ONCE(p->nr_threads, p->nr_threads - 1);
}

int task_tid_in(const struct task *t, const struct pid_ns *ns)
{
	return pid_nr_in(t->pid, ns);
}

int task_tgid_in(const struct task *t, const struct pid_ns *ns)
{
	return t->proc ? pid_nr_in(t->proc->pid, ns) : 0;
}

struct time_ns *time_ns_create(void)
{
	struct time_ns *ns = kzalloc(sizeof(*ns));

	if (ns && vdso_timens_init(ns)) {
		kfree(ns);
		return NULL;
	}
	if (ns)
		refcount_set(&ns->refs, 1);
	return ns;
}

void time_ns_get(struct time_ns *ns)
{
	refcount_inc(&ns->refs);
}

void time_ns_put(struct time_ns *ns)
{
	if (refcount_dec_and_test(&ns->refs) && ns != &init_time_ns) {
		vdso_timens_free(ns);
		kfree(ns);
	}
}

void kfree_after_big_lock(void *ptr)
{
	struct task *t = current;

	if (!ptr)
		return; /* as kfree(NULL) */
	if (!spin_held(&big_lock)) {
		/* A holder on another CPU may still read it: kept for the grace period. */
		if (t->nr_free_later == TASK_FREE_LATER)
			big_lock_free_deferred(t); /* full: waits for the older ones' grace now */
		t->free_later_grace = spin_grace_begin(&big_lock);
		t->free_later_waits = true;
		t->free_later[t->nr_free_later++] = ptr;
		return;
	}
	if (t->nr_free_later < TASK_FREE_LATER)
		t->free_later[t->nr_free_later++] = ptr;
	else
		kfree(ptr);
}

void big_lock_release_for_return(void)
{
	spin_unlock(&big_lock);
	if (current->nr_free_later)
		big_lock_free_deferred(current);
}

void big_lock_free_deferred(struct task *t)
{
	unsigned int n = t->nr_free_later;

	/*
	 * The grace of the latest pointer kept without the lock covers the
	 * older ones: holds are served in ticket order. Passed already when t
	 * has held the lock since (its exit, say).
	 */
	if (t->free_later_waits) {
		spin_grace_wait(&big_lock, t->free_later_grace);
		t->free_later_waits = false;
	}
	t->nr_free_later = 0;
	kfree_bulk(t->free_later, n);
}

struct trap_frame *task_user_frame(const struct task *t)
{
	return (struct trap_frame *)(t->kstack.top - sizeof(struct trap_frame));
}
