/* SPDX-License-Identifier: MIT */
/*
 * /bin/fuzz: the in-tree system-call fuzzer. Shared declarations.
 *
 * Process tree (main.c, supervise.c):
 *
 *   fuzz: counts free pages before and after, prints the KTAP report
 *    `- root: pid 1 of a PID namespace; starts the workers, kills those
 *        |    that run too long, reaps everything
 *        `- nanny: pid 1 of a namespace of its own, one per worker
 *            `- worker: makes `calls` generated system calls, then exits
 *                `- its children, threads and vfork children
 *
 * Every worker is deterministic from (seed, worker index): its PRNG is
 * seeded with fuzz_worker_seed(), and everything it does is drawn from it
 * (worker.c picks the operations of ops_*.c by weight; pool.c the
 * arguments), so `fuzz seed=S worker=I trace=1` replays worker I alone and
 * prints each call before making it. What the kernel answers still steers
 * it (addresses, pids), and concurrency can differ, so a race may need the
 * whole pass to come back. The nanny keeps a worker's signals from
 * reaching the root (a namespace's init is protected from its own
 * namespace) and kills and reaps whatever the worker left behind.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- configuration (main.c) ---- */

struct fuzz_config {
	uint64_t seed;
	unsigned int workers;  /* how many workers, one after another (jobs at once) */
	unsigned int calls;    /* calls per worker */
	unsigned int jobs;     /* workers running at the same time */
	unsigned int seconds;  /* 0, or stop starting workers after this long */
	int only;	       /* -1, or replay just this worker index */
	unsigned int first;    /* the first worker index (to narrow a run down) */
	unsigned int timeout;  /* ms a worker may start no call before it is killed */
	bool trace;	       /* workers print every call before making it */
	bool verbose;	       /* one line per worker that ended abnormally */
	bool pages;	       /* jobs=1, and each worker's change of the free page count */
	const char *self_path; /* argv[0], for exec */
};

extern struct fuzz_config cfg;

/* ---- running the workers (supervise.c) ---- */

/*
 * Runs the root (pid 1 of a new PID namespace) until every worker ended
 * and everything is reaped. Returns its exit status (bit 0: a worker could
 * not be killed, bit 1: a namespace's init was killed, bit 2: a worker left
 * no status), or -1 when the root itself was killed or could not start.
 */
int fuzz_run_root(void);
/*
 * Where a worker and its children count the calls they start (a page the
 * root shares with them, supervise.c); NULL outside a worker.
 */
extern volatile unsigned long *fz_progress;
/*
 * Beside it, the name of the call the worker or one of its children
 * started last (fz_call()): a worker that times out is counted under it.
 * A copy of the name, not a pointer: the page lies in the worker's memory,
 * where its random calls may write anything, so the root reads it as
 * untrusted bytes.
 */
#define FZ_CALL_NAME 24
extern volatile char (*fz_last_call)[FZ_CALL_NAME];
/* A /proc file into buf (NUL-terminated; empty if unreadable). */
void fz_read_proc(const char *path, char *buf, size_t size);
unsigned long fz_free_pages(void); /* sysinfo's freeram: pages, exactly, on Umbra */
long long fz_now_ms(void);
void fz_sleep_ms(long ms);

/* ---- the PRNG (rand.c): splitmix64 ---- */

struct rng {
	uint64_t s;
};

uint64_t rng_next(struct rng *r);
/* Uniform in [0, n); 0 when n is 0. */
uint64_t rng_below(struct rng *r, uint64_t n);
/* True one time in n. */
bool rng_one_in(struct rng *r, unsigned int n);
/* The seed of worker index i of a run seeded with seed. */
uint64_t fuzz_worker_seed(uint64_t seed, unsigned int i);

/* ---- a running generator: a worker or one of its children ---- */

struct ctx {
	struct rng rng;
	unsigned int call;   /* index of the call being made */
	unsigned int ncalls; /* how many this context makes */
	unsigned int depth;  /* 0: the worker, 1: its child, ... */
	unsigned int spawn;  /* children, threads and vforks it may still start */
	bool trace;
};

#define FUZZ_MAX_DEPTH 2

/* The worker this process belongs to (its children inherit it). */
extern unsigned int fz_worker_index;

/* Makes c->ncalls calls and ends the calling thread with exit(2) or exit_group(2). */
void fuzz_run(struct ctx *c) __attribute__((noreturn));

/* A child context: its own PRNG from the parent's, one level deeper. */
uint64_t fuzz_child_seed(struct ctx *c);
void fuzz_child_ctx(struct ctx *c, uint64_t seed_and_depth);
/* The argument a child thread starts with, and its start function. */
void *fuzz_child_arg(struct ctx *c);
int fuzz_child_main(void *arg);

/* ---- the worker's memory (arena.c) ---- */

#define ARENA_BUF_SIZE (64 * 1024)
#define ARENA_MAX_MAPS 48
#define ARENA_STACKS 4
#define ARENA_STACK_SIZE (64 * 1024)

struct arena {
	uint8_t *buf;			/* ARENA_BUF_SIZE bytes, read-write */
	uintptr_t edge;			/* the first unmapped byte after a read-write page */
	uintptr_t ro;			/* a read-only page */
	uintptr_t none;			/* a PROT_NONE page */
	uintptr_t ss;			/* a shadow stack (map_shadow_stack), or 0 */
	size_t ss_size;			/* its size */
	uintptr_t stacks[ARENA_STACKS]; /* child stacks (lowest address) */
	uint32_t *futex;		/* futex words, in buf */
	struct {
		uintptr_t addr;
		size_t len;
	} maps[ARENA_MAX_MAPS]; /* what the worker mapped itself */
	unsigned int nmaps;
	int fds[8]; /* fds it opened */
	unsigned int nfds;
	int pids[16]; /* children it started */
	unsigned int npids;
	unsigned int nelf; /* malformed ELF files in /fuzz/elf */
};

extern struct arena arena;

void arena_init(struct rng *r);
void arena_add_map(uintptr_t addr, size_t len);
void arena_add_fd(int fd);
void arena_add_pid(int pid);

/* ---- argument pools (pool.c): "interesting" values ---- */

/* A pointer for an argument of len bytes: valid, at an edge, or wild. */
uintptr_t pick_ptr(struct ctx *c, size_t len);
/* A pointer at which len bytes cannot all be accessed. */
uintptr_t pick_bad_ptr(struct ctx *c, size_t len);
/* A pointer to valid memory of len bytes (len <= ARENA_BUF_SIZE / 2). */
void *pick_buf(struct ctx *c, size_t len);
uint64_t pick_int(struct ctx *c);
uint64_t pick_len(struct ctx *c);
/* One of n known flags, ORed a few times, sometimes with a random bit. */
uint64_t pick_flags(struct ctx *c, const uint64_t *known, size_t n);
int pick_fd(struct ctx *c);
int pick_pid(struct ctx *c);
int pick_sig(struct ctx *c);
/* A timespec pointer: NULL, bad, or a valid one holding a short, odd or huge time. */
uintptr_t pick_timespec(struct ctx *c);
/* A path pointer: existing files, directories, malformed ELFs, odd strings, wild. */
/* Calls fn for each entry of the directory open at fd but "." and "..", from its start (sandbox.c). */
void fz_each_entry(long fd, void (*fn)(const char *name, void *ctx), void *ctx);
/* The one directory the fuzzer's calls may change (sandbox.c). */
void sandbox_enter(void);
/* False (and a line says what) when something of the sandbox stays. */
bool sandbox_clean(void);
uintptr_t sandbox_path(struct ctx *c);
/* A symbolic link's target that keeps a walk through it inside the sandbox. */
uintptr_t sandbox_link_target(struct ctx *c);
const char *sandbox_dir(void);
uintptr_t pick_path(struct ctx *c);
/* An argv/envp pointer: NULL, wild, or arrays with bad entries. */
uintptr_t pick_strv(struct ctx *c);
/* An address for mmap/munmap/mprotect: mostly the worker's own mappings. */
uintptr_t pick_map_addr(struct ctx *c);

/* ---- making calls (worker.c) ---- */

/* One raw system call, printed first when tracing. */
long fz_call(struct ctx *c, const char *name, long nr, long a0, long a1, long a2, long a3, long a4,
	     long a5);
#define FZ0(c, name, nr) fz_call(c, name, nr, 0, 0, 0, 0, 0, 0)
#define FZ1(c, name, nr, a) fz_call(c, name, nr, (long)(a), 0, 0, 0, 0, 0)
#define FZ2(c, name, nr, a, b) fz_call(c, name, nr, (long)(a), (long)(b), 0, 0, 0, 0)
#define FZ3(c, name, nr, a, b, d) fz_call(c, name, nr, (long)(a), (long)(b), (long)(d), 0, 0, 0)
#define FZ4(c, name, nr, a, b, d, e) \
	fz_call(c, name, nr, (long)(a), (long)(b), (long)(d), (long)(e), 0, 0)
#define FZ5(c, name, nr, a, b, d, e, f) \
	fz_call(c, name, nr, (long)(a), (long)(b), (long)(d), (long)(e), (long)(f), 0)
#define FZ6(c, name, nr, a, b, d, e, f, g) \
	fz_call(c, name, nr, (long)(a), (long)(b), (long)(d), (long)(e), (long)(f), (long)(g))

/* Prints a trace line ("w<call>: text") when tracing. */
void fz_trace(struct ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- the operations (ops_*.c) ---- */

typedef void (*op_fn)(struct ctx *c);

struct op {
	const char *name;
	unsigned int weight;
	op_fn fn;
	bool spawns; /* starts a child, a thread or a vfork */
};

extern const struct op ops_clone[], ops_proc[], ops_mm[], ops_sig[], ops_misc[], ops_fs[],
	ops_tty[];
extern const unsigned int nr_ops_clone, nr_ops_proc, nr_ops_mm, nr_ops_sig, nr_ops_misc, nr_ops_fs,
	nr_ops_tty;

/* The console's termios as the fuzzer found it, and put back (ops_tty.c). */
void tty_save(void);
void tty_restore(void);

/* Takes one child of c's spawn budget and remembers its pid (ops_proc.c). */
void fz_spawned(struct ctx *c, long pid);

/* The flags of a thread, as libc's thread_create() passes them. */
#define THREAD_FLAGS                                                                        \
	(CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM | \
	 CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID)

/* libc's assembly halves of thread creation (libc/internal.h): fn(arg) runs in the child. */
struct clone_args;
long __thread_clone3(struct clone_args *args, size_t size, int (*fn)(void *), void *arg);
long __thread_clone(const struct clone_args *args, int (*fn)(void *), void *arg);

/* Signal handlers the fuzzer installs (ops_sig.c). */
void sig_setup_worker(struct ctx *c);
/* Where a fault of op_fault() resumes: set by fz_arch_fault_store(), taken by the handler. */
extern volatile uintptr_t fz_resume_pc;

/* exit_group(status) with no call and no stack: usable on any stack. */
void fz_exit_now(int status) __attribute__((noreturn));

#endif
