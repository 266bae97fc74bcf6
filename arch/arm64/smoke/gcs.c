// SPDX-License-Identifier: MIT
/*
 * A freestanding GCS check for the arm64 port, until libc/ and user/ build
 * for arm64: a KTAP suite "arm64_gcs" run by the smoke /init. With
 * HWCAP_GCS (QEMU -cpu max) it checks the prctl controls, map_shadow_stack
 * tokens, the enabled GCS (GCSPR_EL0 in its [ss] area, pushes on BL, a
 * deep call chain), that a tampered RET and a plain store to GCS memory
 * kill with SIGSEGV, fork/exec/threads; without it (cortex-a72) the "not
 * supported" answers. Built with -ffreestanding -nostdlib: no libc.
 *
 * GCS is enabled by an inline SVC in main_gcs(), which never returns: a
 * function entered before the enable would pop a return address that
 * was never pushed. GCS instructions are written as binutils 2.40 accepts
 * them (ABI.md §4.8). System calls: asm-generic numbers, x8 + SVC #0.
 */
typedef unsigned long u64;
typedef long s64;

#define NR_OPENAT 56
#define NR_CLOSE 57
#define NR_READ 63
#define NR_WRITE 64
#define NR_EXIT 93
#define NR_EXIT_GROUP 94
#define NR_SCHED_YIELD 124
#define NR_PRCTL 167
#define NR_CLONE 220
#define NR_EXECVE 221
#define NR_WAIT4 260
#define NR_CLONE3 435
#define NR_MAP_SHADOW_STACK 453

#define PR_GET 74
#define PR_SET 75
#define PR_LOCK 76
#define GCS_ENABLE 1ul
#define GCS_WRITE 2ul
#define GCS_PUSH 4ul
#define SET_TOKEN 1ul
#define SET_MARKER 2ul
#define HWCAP_GCS (1ul << 32)
#define AT_HWCAP 16
#define SIGCHLD 17
#define SIGSEGV 11
#define CLONE_THREAD_FLAGS 0x10f00ul /* VM | FS | FILES | SIGHAND | THREAD */

#define EINVAL 22
#define EBUSY 16
#define EOPNOTSUPP 95

#define always_inline inline __attribute__((always_inline))
#define noinline __attribute__((noinline))

static always_inline s64 svc6(s64 n, s64 a, s64 b, s64 c, s64 d, s64 e, s64 f)
{
	register s64 x8 __asm__("x8") = n;
	register s64 x0 __asm__("x0") = a;
	register s64 x1 __asm__("x1") = b;
	register s64 x2 __asm__("x2") = c;
	register s64 x3 __asm__("x3") = d;
	register s64 x4 __asm__("x4") = e;
	register s64 x5 __asm__("x5") = f;

	__asm__ __volatile__("svc #0"
			     : "+r"(x0)
			     : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
			     : "memory");
	return x0;
}
#define sys(n, a, b, c) svc6(n, (s64)(a), (s64)(b), (s64)(c), 0, 0, 0)
#define prctl(o, a, b) svc6(NR_PRCTL, o, (s64)(a), (s64)(b), 0, 0, 0)

static always_inline u64 read_gcspr(void)
{
	u64 v;

	__asm__ __volatile__("mrs %0, S3_3_C2_C5_1" : "=r"(v)::"memory");
	return v;
}

static __attribute__((noreturn)) void exit_group(int code)
{
	for (;;)
		sys(NR_EXIT_GROUP, code, 0, 0);
}

/* What the compiler may call for a zeroed array (-fno-tree-loop-distribute-patterns keeps this a loop). */
__attribute__((used)) void *memset(void *d, int c, unsigned long n)
{
	char *p = d;

	while (n--)
		*p++ = (char)c;
	return d;
}

/* ---- output ---- */

static char out[4096];
static unsigned int out_len;

static void flush(void)
{
	sys(NR_WRITE, 1, out, out_len);
	out_len = 0;
}

static void puts_(const char *s)
{
	while (*s) {
		if (out_len == sizeof(out))
			flush();
		out[out_len++] = *s++;
	}
}

static void putu(u64 v, int base)
{
	char b[24];
	int i = 0;

	if (base == 16)
		puts_("0x");
	do {
		b[i++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	if (out_len + sizeof(b) > sizeof(out))
		flush();
	while (i)
		out[out_len++] = b[--i];
}

static unsigned int nr, failed;

static void result(int ok, const char *name)
{
	puts_(ok ? "ok " : "not ok ");
	putu(++nr, 10);
	puts_(" ");
	puts_(name);
	puts_("\n");
	flush();
	failed += !ok;
}

static void note(const char *what, u64 v)
{
	puts_("# ");
	puts_(what);
	puts_(" ");
	putu(v, 16);
	puts_("\n");
}

/* ---- helpers ---- */

static int streq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

static u64 parse_hex(const char **p)
{
	u64 v = 0;

	for (;; (*p)++) {
		char c = **p;

		if (c >= '0' && c <= '9')
			v = v * 16 + (u64)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + (u64)(c - 'a' + 10);
		else
			return v;
	}
}

static char maps[8192];

/* The /proc/self/maps area holding addr: 1 and its bounds if it is named [ss]. */
static int ss_area(u64 addr, u64 *start, u64 *end)
{
	s64 fd = sys(NR_OPENAT, -100, "/proc/self/maps", 0), n, len = 0;

	if (fd < 0)
		return 0;
	while ((n = sys(NR_READ, fd, maps + len, sizeof(maps) - 1 - len)) > 0)
		len += n;
	sys(NR_CLOSE, fd, 0, 0);
	maps[len] = 0;
	for (const char *p = maps; *p;) {
		const char *line = p;
		u64 s = parse_hex(&p), e;

		p++;
		e = parse_hex(&p);
		while (*p && *p != '\n')
			p++;
		if (addr >= s && addr < e) {
			*start = s;
			*end = e;
			return p - line > 4 && p[-4] == '[' && p[-3] == 's' && p[-2] == 's' &&
			       p[-1] == ']';
		}
		if (*p)
			p++;
	}
	return 0;
}

/* fork() as clone(SIGCHLD); the wait status of the child that ran fn. */
static noinline int run_child(int (*fn)(void))
{
	s64 pid = svc6(NR_CLONE, SIGCHLD, 0, 0, 0, 0, 0);
	int status = -1;

	if (pid == 0)
		exit_group(fn());
	if (pid < 0)
		return -1;
	sys(NR_WAIT4, pid, &status, 0);
	return status;
}

#define EXITED(st, code) (((st)&0x7f) == 0 && (((st) >> 8) & 0xff) == (code))
#define KILLED_BY(st, sig) (((st)&0x7f) == (sig))

static noinline u64 depth(u64 n)
{
	if (n == 0)
		return 0;
	u64 r = depth(n - 1) + n;

	__asm__ __volatile__("" ::: "memory"); /* keep the recursion real */
	return r;
}

/* GCSPR_EL0 inside a called function, and the x30 its BL set. */
static noinline u64 inner_gcspr(u64 *lr)
{
	u64 x30;

	__asm__ __volatile__("mov %0, x30" : "=r"(x30));
	*lr = x30;
	return read_gcspr();
}

static u64 gcs_buf; /* a map_shadow_stack area, for the store children */

/* A plain store to GCS memory: a permission fault, SIGSEGV. */
static int child_plain_store(void)
{
	*(volatile u64 *)gcs_buf = 1;
	return 0;
}

/* GCSSTTR x1, [x0] (0xd91f1c01): needs PR_SHADOW_STACK_WRITE. Returns what the slot holds. */
static int child_gcsstr(void)
{
	register u64 x0 __asm__("x0") = gcs_buf;
	register u64 x1 __asm__("x1") = 0x1234;

	__asm__ __volatile__(".inst 0xd91f1c01" ::"r"(x0), "r"(x1) : "memory");
	return *(volatile u64 *)gcs_buf == 0x1234 ? 0 : 1;
}

/* Enables GCS itself, so it must not return: it exits. */
static int child_gcsstr_with_write(void)
{
	if (prctl(PR_SET, GCS_ENABLE | GCS_WRITE, 0) != 0)
		exit_group(2);
	exit_group(child_gcsstr());
}

/*
 * BL pushes the address of the next instruction; RET with a different x30
 * must fault. Without enforcement it lands on label 2 and exits 42.
 */
static int child_tamper(void)
{
	__asm__ __volatile__("bl 1f\n\t"
			     "b 3f\n"
			     "1:\tadr x30, 2f\n\t"
			     "ret\n"
			     "2:\tmov x0, #42\n\t"
			     "mov x8, #94\n\t"
			     "svc #0\n"
			     "3:" ::
				     : "x0", "x8", "x30", "memory");
	return 0;
}

static int child_fork_keeps_gcs(void)
{
	u64 m = 9;

	if (prctl(PR_GET, &m, 0) != 0 || m != GCS_ENABLE)
		return 1;
	return depth(100) == 5050 ? 0 : 2;
}

static int child_disable_reenable(void)
{
	if (prctl(PR_SET, 0, 0) != 0)
		return 1;
	return prctl(PR_SET, GCS_ENABLE, 0) == -EINVAL ? 0 : 2;
}

static int child_lock_enable(void)
{
	if (prctl(PR_LOCK, GCS_ENABLE, 0) != 0)
		return 1;
	return prctl(PR_SET, GCS_ENABLE, 0) == -EBUSY ? 0 : 2;
}

static int child_lock_disable(void)
{
	if (prctl(PR_LOCK, GCS_ENABLE, 0) != 0)
		return 1;
	return prctl(PR_SET, 0, 0) == -EBUSY ? 0 : 2;
}

static char *const exec_argv[] = { "/gcs", "exec-check", 0 };

static int child_exec(void)
{
	sys(NR_EXECVE, "/gcs", exec_argv, exec_argv + 2);
	return 3;
}

/* ---- threads ---- */

static volatile u64 thread_gcspr, thread_go;
static char thread_stack[3][16384] __attribute__((aligned(16)));

static __attribute__((noreturn, used)) void thread_main(void)
{
	thread_gcspr = read_gcspr() + 8; /* as the thread started: before the BL here */
	while (!thread_go)
		sys(NR_SCHED_YIELD, 0, 0, 0);
	for (;;)
		sys(NR_EXIT, 0, 0, 0);
}

/* clone(2) / clone3(2) of a thread on stack_top; the child calls thread_main and never returns. */
static always_inline s64 thread_clone(s64 nr, s64 a0, s64 a1, s64 a2)
{
	register s64 x8 __asm__("x8") = nr;
	register s64 x0 __asm__("x0") = a0;
	register s64 x1 __asm__("x1") = a1;
	register s64 x2 __asm__("x2") = a2;
	register s64 x3 __asm__("x3") = 0;
	register s64 x4 __asm__("x4") = 0;

	__asm__ __volatile__("svc #0\n\t"
			     "cbnz x0, 1f\n\t"
			     "mov x29, #0\n\t"
			     "bl thread_main\n"
			     "1:"
			     : "+r"(x0)
			     : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4)
			     : "x30", "memory");
	return x0;
}

/* Starts a thread with clone3 (size 104: the seed's shadow_stack fields), returns its GCSPR. */
static noinline u64 thread_gcspr_of(int use_clone3, char *stack, u64 stack_size, u64 ss,
				    u64 ss_size)
{
	u64 args[13] = { 0 };
	s64 tid;

	thread_gcspr = 0;
	thread_go = 0;
	if (use_clone3) {
		args[0] = CLONE_THREAD_FLAGS;
		args[5] = (u64)stack;
		args[6] = stack_size;
		args[11] = ss;
		args[12] = ss_size;
		tid = thread_clone(NR_CLONE3, (s64)args, 104, 0);
	} else {
		tid = thread_clone(NR_CLONE, CLONE_THREAD_FLAGS, (s64)(stack + stack_size), 0);
	}
	if (tid < 0) {
		note("clone failed:", (u64)-tid);
		return 0;
	}
	while (!thread_gcspr)
		sys(NR_SCHED_YIELD, 0, 0, 0);
	return thread_gcspr;
}

static void thread_done(void)
{
	thread_go = 1;
	for (int i = 0; i < 20; i++)
		sys(NR_SCHED_YIELD, 0, 0, 0);
}

/* ---- the suites ---- */

static void header(int plan)
{
	puts_("# ktap-suite: arm64_gcs\nTAP version 13\n1..");
	putu((u64)plan, 10);
	puts_("\n");
	flush();
}

static __attribute__((noreturn)) void finish(void)
{
	puts_("# Totals: pass:");
	putu(nr - failed, 10);
	puts_(" fail:");
	putu(failed, 10);
	puts_(" xfail:0 xpass:0 skip:0 error:0\n");
	flush();
	exit_group(failed ? 1 : 0);
}

static __attribute__((noreturn)) void main_no_gcs(void)
{
	u64 m;

	header(4);
	result(prctl(PR_GET, &m, 0) == -EINVAL, "read_status_einval");
	result(prctl(PR_SET, GCS_ENABLE, 0) == -EINVAL, "enable_einval");
	result(prctl(PR_LOCK, GCS_ENABLE, 0) == -EINVAL, "lock_einval");
	result(sys(NR_MAP_SHADOW_STACK, 0, 4096, SET_TOKEN) == -EOPNOTSUPP,
	       "map_shadow_stack_eopnotsupp");
	finish();
}

static __attribute__((noreturn)) void main_gcs(void)
{
	u64 m = 7, s = 0, e = 0, a, gcspr, lr;
	s64 r;
	int st;

	header(22);
	result(prctl(PR_GET, &m, 0) == 0 && m == 0, "read_status");
	result(svc6(NR_PRCTL, PR_GET, (s64)&m, 1, 0, 0, 0) == -EINVAL, "prctl_unused_args_einval");
	result(prctl(PR_SET, 8, 0) == -EINVAL && prctl(PR_SET, ~0ul, 0) == -EINVAL,
	       "enable_invalid");
	result(sys(NR_MAP_SHADOW_STACK, 0, 8, 0) == -EINVAL &&
		       sys(NR_MAP_SHADOW_STACK, 0, 1025, 0) == -EINVAL &&
		       sys(NR_MAP_SHADOW_STACK, 0, 4096, 4) == -EINVAL &&
		       sys(NR_MAP_SHADOW_STACK, 1, 4096, 0) == -EINVAL,
	       "map_invalid_gcs");

	a = (u64)sys(NR_MAP_SHADOW_STACK, 0, 4096, SET_TOKEN);
	r = (a & 0xfff) == 0 &&
	    *(volatile u64 *)(a + 4096 - 8) == (((a + 4096 - 8) & ~0xffful) | 1) &&
	    *(volatile u64 *)a == 0 && ss_area(a, &s, &e) && s == a && e == a + 4096;
	if (!r)
		note("map_shadow_stack(0, 4096, SET_TOKEN) gave", a);
	result(r, "map_gcs_stack_capped");
	gcs_buf = a;

	a = (u64)sys(NR_MAP_SHADOW_STACK, 0, 8192, SET_TOKEN | SET_MARKER);
	r = (a & 0xfff) == 0 && *(volatile u64 *)(a + 8192 - 8) == 0 &&
	    *(volatile u64 *)(a + 8192 - 16) == (((a + 8192 - 16) & ~0xffful) | 1);
	result(r, "map_gcs_stack_terminated");

	st = run_child(child_plain_store);
	result(KILLED_BY(st, SIGSEGV), "gcs_plain_store_sigsegv");
	st = run_child(child_gcsstr);
	result(KILLED_BY(st, SIGSEGV), "gcsstr_without_write_sigsegv");
	st = run_child(child_gcsstr_with_write);
	result(EXITED(st, 0), "gcsstr_with_write");
	st = run_child(child_lock_enable);
	result(EXITED(st, 0), "lock_enable_ebusy");

	/* From here on GCS is on: main_gcs must never return. */
	r = prctl(PR_SET, GCS_ENABLE, 0);
	gcspr = read_gcspr();
	result(r == 0 && prctl(PR_GET, &m, 0) == 0 && m == GCS_ENABLE, "base_enable");
	r = gcspr && !(gcspr & 7) && *(volatile u64 *)gcspr == 0 && ss_area(gcspr, &s, &e) &&
	    e == gcspr + 8 && e - s == (4ul << 20);
	if (!r) {
		note("GCSPR_EL0", gcspr);
		note("area end", e);
		note("area size", e - s);
	}
	result(r, "read_gcspr_el0_in_ss_4MiB");
	a = inner_gcspr(&lr);
	result(a == gcspr - 8 && *(volatile u64 *)a == lr, "bl_pushes_return_address");
	result(depth(1000) == 1000ul * 1001 / 2 && read_gcspr() == gcspr, "deep_call_chain");
	st = run_child(child_tamper);
	if (!KILLED_BY(st, SIGSEGV))
		note("tampered child's wait status", (u64)st);
	result(KILLED_BY(st, SIGSEGV), "tampered_ret_sigsegv");
	st = run_child(child_fork_keeps_gcs);
	result(EXITED(st, 0), "fork");
	st = run_child(child_disable_reenable);
	result(EXITED(st, 0), "disable_then_reenable_einval");
	st = run_child(child_lock_disable);
	result(EXITED(st, 0), "lock_enable_disable_ebusy");
	st = run_child(child_exec);
	result(EXITED(st, 0), "exec_disables_gcs");

	/* An implicit thread GCS: legacy clone, stack_size 0 -> gcs_size(0) = 4 MiB, top slot 0. */
	a = thread_gcspr_of(0, thread_stack[0], sizeof(thread_stack[0]), 0, 0);
	r = a && a != gcspr && ss_area(a, &s, &e) && e == a + 8 && e - s == (4ul << 20) &&
	    *(volatile u64 *)a == 0;
	if (!r)
		note("thread GCSPR_EL0", a);
	thread_done();
	result(r, "gcs_enabled_thread");

	/* clone3 with stack_size 64 KiB: gcs_size(32 KiB); the thread's stack is thread_stack[1]. */
	a = thread_gcspr_of(1, thread_stack[1], sizeof(thread_stack[1]), 0, 0);
	r = a && ss_area(a, &s, &e) && e == a + 8 && e - s == sizeof(thread_stack[1]) / 2;
	if (!r) {
		note("clone3 thread GCSPR_EL0", a);
		note("area size", e - s);
	}
	thread_done();
	result(r, "clone3_thread_gcs_half_stack_size");

	/* clone3's seed fields (Part A item 2): GCSPR_EL0 = pointer + size, an empty GCS. */
	u64 ss = (u64)sys(NR_MAP_SHADOW_STACK, 0, 8192, 0);

	a = thread_gcspr_of(1, thread_stack[2], sizeof(thread_stack[2]), ss, 8192);
	thread_done();
	if (a != ss + 8192)
		note("clone3 shadow_stack thread GCSPR_EL0", a);
	result(a == ss + 8192, "clone3_shadow_stack_pointer_plus_size");
	finish();
}

/* After exec from a GCS-enabled process: everything off. */
static __attribute__((noreturn)) void exec_check(void)
{
	u64 m = 9;

	exit_group(prctl(PR_GET, &m, 0) == 0 && m == 0 && read_gcspr() == 0 ? 0 : 1);
}

__attribute__((noreturn, used)) void gcs_main(u64 *sp)
{
	u64 argc = sp[0], hwcap = 0;
	char **argv = (char **)(sp + 1);
	u64 *p = sp + 1 + argc + 1;

	while (*p)
		p++; /* envp */
	for (p++; p[0]; p += 2) {
		if (p[0] == AT_HWCAP)
			hwcap = p[1];
	}
	if (argc > 1 && streq(argv[1], "exec-check"))
		exec_check();
	if (hwcap & HWCAP_GCS)
		main_gcs();
	main_no_gcs();
}

__asm__(".text\n"
	".globl _start\n"
	"_start:\n\t"
	"mov x0, sp\n\t"
	"mov x29, #0\n\t"
	"mov x30, #0\n\t"
	"bl gcs_main\n\t"
	"brk #0\n");
