// SPDX-License-Identifier: MIT
/*
 * execve of a "#!" script, with the rules of Linux's fs/binfmt_script.c:
 * the first line (within the first SCRIPT_LINE_MAX bytes) names the
 * interpreter, after optional spaces and tabs; whatever follows the next
 * run of spaces or tabs, trailing ones trimmed, is its one optional
 * argument. The interpreter runs with argv = { interpreter, [argument],
 * the script's path, the caller's argv[1..] }. No name, or a name cut off
 * by the end of the buffer, is ENOEXEC; more than SCRIPT_DEPTH_MAX
 * interpreters in a chain is ELOOP.
 */
#include <kernel/exec.h>
#include <kernel/kmem.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define SCRIPT_ARGS_MAX 1024 /* exec.c's MAX_ARGS */

static bool spacetab(char c)
{
	return c == ' ' || c == '\t';
}

static bool terminator(char c)
{
	return spacetab(c) || c == '\0';
}

long exec_script(char *line, size_t len, bool more, const char *path, const char *filename,
		 const char *const argv[], const char *const envp[], unsigned int depth)
{
	char buf[SCRIPT_LINE_MAX + 1];
	char *end, *name, *arg = NULL, *p;
	size_t argc = 0, extra;
	const char **nargv;
	long err;

	memset(buf, 0, sizeof(buf));
	memcpy(buf, line, MIN(len, (size_t)SCRIPT_LINE_MAX));
	end = NULL;
	for (p = buf; p < buf + SCRIPT_LINE_MAX && !end; p++)
		if (*p == '\n')
			end = p;
	if (!end) {
		/* No newline in the buffer: the name must still end inside it. */
		char *last = buf + SCRIPT_LINE_MAX - 1;

		for (p = buf + 2; p < last && spacetab(*p); p++)
			;
		if (p == last)
			return -ENOEXEC;
		while (p < last && !terminator(*p))
			p++;
		if (p == last && more)
			return -ENOEXEC;
		end = last;
	}
	*end = '\0';
	while (end > buf + 2 && spacetab(end[-1]))
		*--end = '\0';
	for (name = buf + 2; name < end && spacetab(*name); name++)
		;
	if (name == end || !*name)
		return -ENOEXEC;
	for (p = name; p < end && !terminator(*p); p++)
		;
	if (p < end && *p) {
		*p++ = '\0';
		while (p < end && spacetab(*p))
			p++;
		if (p < end && *p)
			arg = p;
	}
	if (depth + 1 > SCRIPT_DEPTH_MAX)
		return -ELOOP;
	while (argv && argv[argc])
		argc++;
	extra = arg ? 3 : 2;
	if (argc + extra > SCRIPT_ARGS_MAX)
		return -E2BIG;
	nargv = kmalloc((argc + extra + 1) * sizeof(*nargv));
	if (!nargv)
		return -ENOMEM;
	nargv[0] = name;
	if (arg)
		nargv[1] = arg;
	nargv[extra - 1] = path;
	for (size_t i = 1; i < argc; i++)
		nargv[extra - 1 + i] = argv[i];
	nargv[argc ? extra - 1 + argc : extra] = NULL;
	err = exec_kernel_depth(name, filename, nargv, envp, depth + 1);
	kfree(nargv);
	return err;
}
