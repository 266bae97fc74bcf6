// SPDX-License-Identifier: MIT
/*
 * The first process: PID 1 of the initial PID namespace, reaper of every
 * orphan, its fds 0-2 on the console. Its exit powers the machine off with
 * its status (kernel/proc/exit.c).
 */
#include <kernel/cmdline.h>
#include <kernel/exec.h>
#include <kernel/file.h>
#include <kernel/init.h>
#include <kernel/initramfs.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/pid.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/task.h>
#include <kernel/timens.h>
#include <kernel/vfs.h>
#include <kernel/err.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define DEFAULT_STACK_LIMIT (8ul << 20) /* Linux's default RLIMIT_STACK soft limit */

static const char *init_path = "/init";

static void default_rlimits(struct process *p)
{
	for (int i = 0; i < RLIM_NLIMITS; i++)
		p->rlim[i] = (struct rlimit64){ RLIM_INFINITY, RLIM_INFINITY };
	p->rlim[RLIMIT_STACK].rlim_cur = DEFAULT_STACK_LIMIT;
	/* Linux's INR_OPEN_CUR and INR_OPEN_MAX. */
	p->rlim[RLIMIT_NOFILE] = (struct rlimit64){ 1024, 4096 };
	p->rlim[RLIMIT_CORE].rlim_cur = 0;
}

/*
 * The generic kernel's own parameters: never init's (init= is the cmdline
 * rule's). console= and initrd= are Linux's too (kernel/printk and
 * init/do_mounts_initrd.c take them), so a boot loader's or a user's
 * console=ttyS0 never lands in init's environment.
 */
static const char *const kernel_params[] = { "loglevel",     "crashtest", "console", "initrd",
					     "clone3_shstk", "nosmp",	  "maxcpus", "pts",
					     "memmap",	     NULL };

/*
 * Runs as the new task, in the kernel: becomes the init program, with the
 * command line's words the kernel does not take as its arguments and
 * environment (docs/ABI.md §7.3).
 */
static void init_exec(void)
{
	static struct init_args args;
	const char *known[ARRAY_SIZE(kernel_params) + 8], *which = "";
	size_t n = 0;

	for (const char *const *k = kernel_params; *k; k++)
		known[n++] = *k;
	for (const char *const *k = arch_cmdline_params; *k && n < ARRAY_SIZE(known) - 1; k++)
		known[n++] = *k;
	known[n] = NULL;

	const char *over = cmdline_init_args(&kernel_cmdline, known, &args, &which);

	if (over)
		panic("Too many boot %s vars at `%s'", which, over); /* Linux's words */
	args.argv[0] = init_path;

	long err = exec_kernel(init_path, args.argv, args.envp);

	if (err)
		panic("cannot run %s: error %ld", init_path, err);
}

int init_start(const struct boot_info *info)
{
	const char *name = cmdline_get(&kernel_cmdline, "init");

	if (name && *name)
		init_path = name;
	if (info->nr_modules == 0) {
		pr_err("init: no initramfs was loaded\n");
		return -ENOENT;
	}

	const struct boot_module *m = &info->modules[0];

	if (initramfs_init(phys_to_virt(m->range.start), m->range.end - m->range.start))
		return -EINVAL;
	if (rootfs_populate(phys_to_virt(m->range.start), m->range.end - m->range.start))
		panic("no memory for the root file system");
	/* The modules after the archive are files named by their paths (initramfs_add_file()). */
	for (unsigned int i = 1; i < info->nr_modules; i++) {
		m = &info->modules[i];
		if (!initramfs_add_file(m->name, phys_to_virt(m->range.start),
					m->range.end - m->range.start))
			rootfs_add_image(m->name, phys_to_virt(m->range.start),
					 m->range.end - m->range.start,
					 initramfs_lookup(m->name)->mode);
	}
	if (!rootfs_is_file(init_path)) {
		pr_err("init: %s is not in the initramfs\n", init_path);
		return -ENOENT;
	}

	struct task *t = task_alloc("init");
	struct process *p = kzalloc(sizeof(*p));
	struct pid *pid = pid_alloc(&init_pid_ns, NULL, 0);

	if (!t || !p || IS_ERR(pid))
		panic("no memory for the first process");
	t->files = files_create_console();
	t->fs = fs_struct_create();
	t->sighand = sighand_create();
	if (!t->files || !t->sighand)
		panic("no memory for the first process's files and handlers");
	t->altstack = (struct sigaltstack){ .flags = SS_DISABLE };
	itimers_init(p);
	refcount_set(&p->refs, 1);
	process_children_init(p);
	process_threads_init(p);
	pid->task = t;
	t->pid = pid;
	p->pid = pid;
	pid->proc = p;
	refcount_inc(&pid->refs);
	p->state = PROC_ALIVE;
	p->exit_signal = 0;
	p->pid_ns_for_children = &init_pid_ns;
	pid_ns_get(&init_pid_ns);
	p->time_ns = p->time_ns_for_children = &init_time_ns;
	time_ns_get(&init_time_ns);
	time_ns_get(&init_time_ns);
	p->is_ns_init = true;
	init_pid_ns.reaper = p;
	default_rlimits(p);
	unsigned long flags = spin_lock_irqsave(&p->siglock); /* nobody else sees p yet */

	process_thread_link_locked(p, t);
	spin_unlock_irqrestore(&p->siglock, flags);

	printk("init: starting %s\n", init_path);
	arch_task_start_in_kernel(t, init_exec);
	task_wake(t);
	return 0;
}
