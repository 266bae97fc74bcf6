// SPDX-License-Identifier: MIT
/*
 * execve(). The new image is built in a fresh address space while the old
 * one still runs, so every failure leaves the caller intact; only when all
 * of it is ready does the task switch over. The initial stack has Linux's
 * layout (System V x86-64 ABI §3.4.1, the same on arm64):
 *
 *	sp -> argc, argv[0..argc-1], NULL, envp[..], NULL, auxv pairs, AT_NULL
 *	      ... 16 random bytes, the platform string, the strings ...
 */
#include <kernel/cputime.h>
#include <kernel/elf.h>
#include <kernel/err.h>
#include <kernel/exec.h>
#include <kernel/random.h>
#include <kernel/shmem.h>
#include <kernel/exit.h>
#include <kernel/file.h>
#include <kernel/initramfs.h>
#include <kernel/kmem.h>
#include <kernel/ptrace.h>
#include <kernel/shstk.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/vdso.h>
#include <kernel/vfs.h>
#include <kernel/vm.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/mman.h>
#include <uapi/linux/signal.h>
#include <uapi/linux/types.h>
#include <uapi/linux/wait.h>

#define ARG_MAX (128 * 1024) /* bytes of argument and environment strings */
#define MAX_ARGS 1024
#define EXEC_PATH_MAX 256
#define STACK_INITIAL_PAGES 1
/* What exec reads of a file to parse it: the ELF and program headers lie in it. */
#define EXEC_HEAD_MAX 4096

/*
 * Maps each PT_LOAD of img into mm in file order, as Linux's
 * load_elf_binary() maps them: the file's own pages, private (shared with
 * every other process running the file until one writes a page, which
 * then gets its copy), and zero pages past the file bytes (.bss). Each
 * segment is mapped MAP_FIXED over what is there, so on a page two
 * segments share the later one's rights and bytes win, whatever their
 * order in memory. A file mapping shows whole pages of the file: the bytes
 * before p_vaddr in the first page, and after p_filesz in the last file
 * page unless a bss follows (then that tail is zeroed in a private copy,
 * Linux's padzero()).
 */
static int load_segments(struct mm *mm, const struct elf_image *img, struct shmem *file)
{
	for (unsigned int i = 0; i < img->nr_loads; i++) {
		const struct elf_load *l = &img->loads[i];
		uintptr_t start = ALIGN_DOWN(l->vaddr, PAGE_SIZE);
		uintptr_t end = ALIGN_UP(l->vaddr + l->memsz, PAGE_SIZE);
		uintptr_t file_end = ALIGN_UP(l->vaddr + l->filesz, PAGE_SIZE);
		/* elf_parse() checked p_vaddr and p_offset agree within a page. */
		size_t pgoff = (l->offset - (l->vaddr - start)) / PAGE_SIZE;
		int err = 0;

		if (!l->filesz)
			file_end = start;
		if (file_end > start)
			err = mm_map_file(mm, start, file_end - start, l->prot, VM_IMAGE, file,
					  pgoff, true);
		if (!err && end > file_end)
			err = mm_map(mm, file_end, end - file_end, l->prot, VM_IMAGE, true);
		if (err)
			return err;

		size_t tail = (l->vaddr + l->filesz) % PAGE_SIZE;

		if (l->filesz && l->memsz > l->filesz && tail) {
			static const u8 zeros[PAGE_SIZE];

			if (mm_write(mm, l->vaddr + l->filesz, zeros, PAGE_SIZE - tail))
				return -ENOMEM;
		}
	}
	return 0;
}

struct stack_builder {
	struct mm *mm;
	uintptr_t sp;
	int err;
};

static uintptr_t push_bytes(struct stack_builder *b, const void *data, size_t n)
{
	b->sp -= n;
	if (!b->err)
		b->err = mm_write(b->mm, b->sp, data, n);
	return b->sp;
}

static void push_word(struct stack_builder *b, u64 w)
{
	push_bytes(b, &w, sizeof(w));
}

static size_t count(const char *const v[])
{
	size_t n = 0;

	while (v && v[n])
		n++;
	return n;
}

/* Builds the initial stack; returns the stack pointer or 0 on failure. */
static uintptr_t build_stack(struct mm *mm, const struct elf_image *img, const char *path,
			     const char *const argv[], const char *const envp[])
{
	struct stack_builder b = { mm, STACK_TOP, 0 };
	size_t argc = count(argv), envc = count(envp);
	uintptr_t *argp = kmalloc((argc + envc + 2) * sizeof(uintptr_t)), *envpp;
	u8 random[16];
	u64 rlim = current->proc->rlim[RLIMIT_STACK].rlim_cur;
	size_t stack_size = rlim == RLIM_INFINITY || rlim > (1ul << 30) ? (8ul << 20) : rlim;

	if (!argp)
		return 0;
	envpp = argp + argc + 1;
	stack_size = ALIGN_UP(MAX(stack_size, 128 * 1024ul), PAGE_SIZE);
	if (mm_map(mm, STACK_TOP - stack_size, stack_size, PROT_READ | PROT_WRITE, VM_STACK,
		   false)) {
		kfree(argp);
		return 0;
	}

	uintptr_t execfn = push_bytes(&b, path, strlen(path) + 1);

	for (size_t i = envc; i-- > 0;)
		envpp[i] = push_bytes(&b, envp[i], strlen(envp[i]) + 1);
	/* The strings lie back to back: argv's, then envp's (Linux's layout). */
	mm->env_start = b.sp;
	mm->env_end = execfn;
	for (size_t i = argc; i-- > 0;)
		argp[i] = push_bytes(&b, argv[i], strlen(argv[i]) + 1);
	mm->arg_start = b.sp;
	mm->arg_end = mm->env_start;

	uintptr_t platform = push_bytes(&b, arch_elf_platform, strlen(arch_elf_platform) + 1);

	get_random_bytes(random, sizeof(random)); /* AT_RANDOM: from the kernel generator */

	uintptr_t at_random = push_bytes(&b, random, sizeof(random));
	u64 auxv[][2] = {
		{ AT_SYSINFO_EHDR, VDSO_BASE }, /* first, as Linux's ARCH_DLINFO */
		{ AT_PHDR, img->phdr_vaddr },
		{ AT_PHENT, img->phentsize },
		{ AT_PHNUM, img->phnum },
		{ AT_PAGESZ, PAGE_SIZE },
		{ AT_BASE, 0 },
		{ AT_FLAGS, 0 },
		{ AT_ENTRY, img->entry },
		{ AT_UID, 0 },
		{ AT_EUID, 0 },
		{ AT_GID, 0 },
		{ AT_EGID, 0 },
		{ AT_HWCAP, arch_elf_hwcap() },
		{ AT_HWCAP2, arch_elf_hwcap2() },
		{ AT_HWCAP3, arch_elf_hwcap3() }, /* dropped below where the arch has none */
		{ AT_CLKTCK, 100 },
		{ AT_SECURE, 0 },
		{ AT_RANDOM, at_random },
		{ AT_PLATFORM, platform },
		{ AT_EXECFN, execfn },
		{ AT_NULL, 0 },
	};
	size_t nauxv = ARRAY_SIZE(auxv);

	if (!arch_elf_has_hwcap3) {
		size_t at = 0;

		for (size_t i = 0; i < nauxv; i++)
			if (auxv[i][0] != AT_HWCAP3)
				memcpy(auxv[at++], auxv[i], sizeof(auxv[i]));
		nauxv = at;
	}

	size_t words = 1 + argc + 1 + envc + 1 + 2 * nauxv;

	/* The ABI wants sp 16-byte aligned at the entry, pointing at argc. */
	b.sp = ALIGN_DOWN(b.sp, 16);
	if (words & 1)
		b.sp -= 8;
	for (size_t i = nauxv; i-- > 0;) {
		push_word(&b, auxv[i][1]);
		push_word(&b, auxv[i][0]);
	}
	push_word(&b, 0);
	for (size_t i = envc; i-- > 0;)
		push_word(&b, envpp[i]);
	push_word(&b, 0);
	for (size_t i = argc; i-- > 0;)
		push_word(&b, argp[i]);
	push_word(&b, argc);
	kfree(argp);
	return b.err ? 0 : b.sp;
}

static const char *basename_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

long exec_kernel_depth(const char *path, const char *filename, const char *const argv[],
		       const char *const envp[], unsigned int depth)
{
	char *scratch = kmalloc(PATH_MAX);
	struct dentry *d = scratch ? walk(AT_FDCWD, path, WALK_FOLLOW, scratch) : ERR_PTR(-ENOMEM);
	struct elf_image img;
	struct mm *mm, *old;
	struct shmem *pages;
	u8 *head;
	const u8 *data;
	bool copied = false;
	size_t size, head_len;
	uintptr_t sp;
	int err;

	kfree(scratch);
	/*
	 * Linux's may_open() for MAY_EXEC: a directory or any other
	 * non-regular file is EACCES (/proc's files too), and so is a file
	 * with no execute bit at all (root's override needs one).
	 */
	if (d == ERR_PTR(-EXDEV))
		return -EACCES;
	if (IS_ERR(d))
		return PTR_ERR(d);
	if (!S_ISREG(d->inode->mode) || !(d->inode->mode & CPIO_MODE_EXEC_ANY)) {
		dentry_put(d);
		return -EACCES;
	}
	if (count(argv) > MAX_ARGS || count(envp) > MAX_ARGS) {
		dentry_put(d);
		return -E2BIG;
	}
	/*
	 * The head of the file is all exec reads: the script line, or the
	 * ELF and program headers (a file whose headers lie further in is
	 * read whole, once). The segments map the file's pages.
	 */
	size = (size_t)d->inode->size;
	head_len = MIN(size, (size_t)EXEC_HEAD_MAX);
	head = kmalloc(MAX(head_len, (size_t)1));
	if (!head) {
		dentry_put(d);
		return -ENOMEM;
	}
	inode_read(d->inode, 0, head, head_len);
	data = head;
	if (size >= 2 && data[0] == '#' && data[1] == '!') {
		/* A script (kernel/proc/exec_script.c): its first line names the program to run. */
		char line[SCRIPT_LINE_MAX];
		size_t n = (size_t)MIN((u64)sizeof(line), d->inode->size);
		bool more = d->inode->size > n;

		memcpy(line, data, n);
		kfree(head);
		dentry_put(d);
		return exec_script(line, n, more, path, filename, argv, envp, depth);
	}
	err = elf_parse_head(data, head_len, size, arch_elf_machine, MMAP_BOTTOM, MMAP_TOP, &img);
	if (!err)
		err = elf_apply_properties(data, head_len, arch_elf_property_type,
					   arch_elf_exec_prot, &img);
	if (err && head_len < size) {
		/* Headers or the property note past the head: parse the whole file. */
		data = inode_contents(d->inode, &copied);
		err = data ? elf_parse(data, size, arch_elf_machine, MMAP_BOTTOM, MMAP_TOP, &img)
			   : -ENOMEM;
		if (!err)
			err = elf_apply_properties(data, size, arch_elf_property_type,
						   arch_elf_exec_prot, &img);
		if (data)
			inode_contents_done(data, d->inode, copied);
	}
	kfree(head);
	pages = err ? NULL : inode_pages(d->inode);
	if (!err && !pages)
		err = -ENOMEM;
	mm = err ? NULL : mm_create();
	if (!err && !mm)
		err = -ENOMEM;
	if (mm)
		mm->exe = dentry_get(d);
	dentry_put(d);
	if (err && !mm)
		return err;
	/*
	 * The new space is nobody else's until it is installed, but the
	 * functions that fill it check their caller holds its lock: it does,
	 * and makes no user-memory access meanwhile (argv and envp are copies).
	 */
	mm_lock(mm);
	if (!err)
		err = load_segments(mm, &img, pages);
	if (!err)
		err = arch_exec_mm(mm);
	if (!err)
		err = vdso_map(mm, current->proc->time_ns);
	sp = err ? 0 : build_stack(mm, &img, filename, argv, envp);
	if (!err && !sp)
		err = -ENOMEM;
	mm->start_brk = mm->brk = ALIGN_UP(img.end, PAGE_SIZE);
	mm_unlock(mm);
	if (!err)
		err = signal_exec(current);
	if (err)
		goto fail;

	/* The point of no return. */
	/* A stack the kernel gave this task leaves the old space now: vfork's lives on in it. */
	shstk_release(current, current->mm);
	cputime_mm_leave(current); /* getrusage's maxrss remembers the old image */
	old = current->mm;
	current->mm = mm;
	mm_activate(mm);
	if (old)
		mm_put(old);
	shstk_exec(current);
	if (current->files)
		files_close_on_exec(current->files);
	posix_timers_delete_all(current->proc); /* setitimer's stay; POSIX timers do not (Linux) */
	/* Named after the file execve named, a script and not its interpreter (Linux's begin_new_exec). */
	strlcpy(current->name, basename_of(filename), sizeof(current->name));
	current->clear_child_tid = 0;
	current->proc->did_exec = true;
	vfork_release(current);
	if (img.entry >= TASK_SIZE) {
		/*
		 * Linux's load_elf_binary() finds a BAD_ADDR(e_entry) past its
		 * point of no return: the process dies by SIGSEGV. It never
		 * returns to user space, so the bad address reaches no register.
		 */
		process_begin_exit(current->proc, WAIT_STATUS_SIGNALED(SIGSEGV));
		arch_task_exec(current, 0, sp);
		return 0;
	}
	arch_task_exec(current, img.entry, sp);
	return 0;
fail:
	mm_put(mm);
	return err;
}

long exec_kernel(const char *path, const char *const argv[], const char *const envp[])
{
	return exec_kernel_depth(path, path, argv, envp, 0);
}

/* Copies a user string array into buf; fills ptrs (NULL-terminated). */
static long copy_strings(const char __user *const __user *uv, const char **ptrs, char *buf,
			 size_t *used)
{
	size_t n = 0;

	if (!uv) {
		ptrs[0] = NULL;
		return 0;
	}
	for (;; n++) {
		const char __user *us;

		if (n == MAX_ARGS)
			return -E2BIG;
		if (copy_from_user(&us, &uv[n], sizeof(us)))
			return -EFAULT;
		if (!us)
			break;

		long len = strncpy_from_user(buf + *used, us, ARG_MAX - *used);

		if (len == -ENAMETOOLONG)
			return -E2BIG;
		if (len < 0)
			return len;
		ptrs[n] = buf + *used;
		*used += (size_t)len + 1;
	}
	ptrs[n] = NULL;
	return 0;
}

SYSCALL(execve)
{
	char path[EXEC_PATH_MAX];
	long len = strncpy_from_user(path, (const char __user *)a[0], sizeof(path));
	long err;

	if (len < 0)
		return len;
	if (len == 0)
		return -ENOENT;

	char *strings = kmalloc(ARG_MAX);
	const char **argv = kmalloc((MAX_ARGS + 1) * sizeof(char *));
	const char **envp = kmalloc((MAX_ARGS + 1) * sizeof(char *));
	size_t used = 0;

	err = -ENOMEM;
	if (!strings || !argv || !envp)
		goto out;
	err = copy_strings((const char __user *const __user *)a[1], argv, strings, &used);
	if (!err)
		err = copy_strings((const char __user *const __user *)a[2], envp, strings, &used);
	if (!err)
		err = exec_kernel(path, argv, envp);
	if (!err)
		ptrace_exec(); /* a traced program stops before its first instruction */
out:
	kfree(strings);
	kfree(argv);
	kfree(envp);
	return err;
}
