// SPDX-License-Identifier: MIT
/*
 * PID allocation and namespaces (see <kernel/pid.h>). Every live pid is on
 * one list; lookups scan it. With a few hundred tasks at most, that is
 * simpler than per-namespace maps and fast enough.
 */
#include <kernel/err.h>
#include <kernel/mm.h>
#include <kernel/panic.h>
#include <kernel/pid.h>
#include <uapi/linux/errno.h>

struct pid_ns init_pid_ns = { .refs = 1, .level = 0, .parent = NULL, .last_nr = 0 };

static struct pid *all_pids;

struct pid_ns *pid_ns_create(struct pid_ns *parent)
{
	if (parent->level + 1 > MAX_PID_NS_LEVEL)
		return ERR_PTR(-ENOSPC);

	struct pid_ns *ns = kzalloc(sizeof(*ns));

	if (!ns)
		return ERR_PTR(-ENOMEM);
	ns->refs = 1;
	ns->level = parent->level + 1;
	ns->parent = parent;
	pid_ns_get(parent);
	return ns;
}

void pid_ns_get(struct pid_ns *ns)
{
	ns->refs++;
}

void pid_ns_put(struct pid_ns *ns)
{
	while (ns && --ns->refs == 0) {
		struct pid_ns *parent = ns->parent;

		BUG_ON(ns == &init_pid_ns);
		kfree(ns);
		ns = parent;
	}
}

static bool nr_in_use(const struct pid_ns *ns, int nr)
{
	for (const struct pid *p = all_pids; p; p = p->all_next) {
		if (p->level >= ns->level && p->ns[ns->level] == ns && p->nr[ns->level] == nr)
			return true;
	}
	return false;
}

/* The next free number in ns after its last one, wrapping; 0 if full. */
static int next_free_nr(struct pid_ns *ns)
{
	int nr = ns->last_nr;

	for (int tries = 0; tries < PID_MAX - 1; tries++) {
		nr = nr + 1 >= PID_MAX ? 1 : nr + 1;
		if (!nr_in_use(ns, nr)) {
			ns->last_nr = nr;
			return nr;
		}
	}
	return 0;
}

struct pid *pid_alloc(struct pid_ns *ns, const int *set_tid, size_t set_tid_size)
{
	if (set_tid_size > ns->level + 1)
		return ERR_PTR(-EINVAL);

	struct pid *pid = kzalloc(sizeof(*pid));

	if (!pid)
		return ERR_PTR(-ENOMEM);
	pid->refs = 1;
	pid->level = ns->level;

	/* set_tid[0] is for the innermost namespace, set_tid[1] its parent, ... */
	size_t i = 0;

	for (struct pid_ns *n = ns; n; n = n->parent, i++) {
		int nr;

		if (i < set_tid_size) {
			nr = set_tid[i];
			if (nr < 1 || nr >= PID_MAX)
				goto einval;
			/* A number other than 1 needs the namespace's init to exist. */
			if (nr != 1 && !n->reaper)
				goto einval;
			if (nr_in_use(n, nr)) {
				kfree(pid);
				return ERR_PTR(-EEXIST);
			}
		} else {
			nr = next_free_nr(n);
			if (!nr) {
				kfree(pid);
				return ERR_PTR(-EAGAIN);
			}
		}
		pid->nr[n->level] = nr;
		pid->ns[n->level] = n;
	}
	for (unsigned int l = 0; l <= pid->level; l++)
		pid_ns_get(pid->ns[l]);
	pid->all_next = all_pids;
	all_pids = pid;
	return pid;
einval:
	kfree(pid);
	return ERR_PTR(-EINVAL);
}

void pid_put(struct pid *pid)
{
	if (--pid->refs)
		return;
	for (struct pid **pp = &all_pids; *pp; pp = &(*pp)->all_next) {
		if (*pp == pid) {
			*pp = pid->all_next;
			break;
		}
	}
	for (unsigned int l = 0; l <= pid->level; l++)
		pid_ns_put(pid->ns[l]);
	kfree(pid);
}

int pid_nr_in(const struct pid *pid, const struct pid_ns *ns)
{
	if (!pid || ns->level > pid->level || pid->ns[ns->level] != ns)
		return 0;
	return pid->nr[ns->level];
}

struct pid *pid_find(const struct pid_ns *ns, int nr)
{
	for (struct pid *p = all_pids; p; p = p->all_next) {
		if (p->level >= ns->level && p->ns[ns->level] == ns && p->nr[ns->level] == nr)
			return p;
	}
	return NULL;
}

void pid_for_each_in_ns(const struct pid_ns *ns, void (*fn)(struct pid *pid, void *ctx), void *ctx)
{
	for (struct pid *p = all_pids; p; p = p->all_next) {
		if (p->level >= ns->level && p->ns[ns->level] == ns)
			fn(p, ctx);
	}
}
