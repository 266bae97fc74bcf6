/* SPDX-License-Identifier: MIT */
/*
 * In-kernel self-tests, reported as KTAP the way kselftest prints it. A test
 * is a function declared with KTEST(name) anywhere in the kernel; the linker
 * gathers them (section .ktests) and ktest_run_all() runs them in link order.
 *
 *	KTEST(page_alloc_accounting)
 *	{
 *		size_t before = page_free_count();
 *		...
 *		KTEST_EXPECT_EQ(ctx, page_free_count(), before);
 *	}
 */
#ifndef KERNEL_KTEST_H
#define KERNEL_KTEST_H

#include <kernel/compiler.h>
#include <kernel/types.h>

struct ktest_ctx {
	bool failed;
	unsigned int checks;	 /* KTEST_EXPECT*()s run: a case that ran none fails */
	const char *skip_reason; /* non-NULL: the case is reported as SKIP */
};

struct ktest {
	const char *name;
	void (*run)(struct ktest_ctx *ctx);
};

#define KTEST(fn)                                                   \
	static void fn(struct ktest_ctx *ctx);                      \
	static const struct ktest __ktest_##fn __section(".ktests") \
		__used __aligned(8) = { #fn, fn };                  \
	static void fn(struct ktest_ctx *ctx)

/*
 * Each check prints a diagnostic on failure and returns whether it held. A
 * case must run at least one (or skip): one that checked nothing proved
 * nothing, and is reported as failed.
 */
bool ktest_check(struct ktest_ctx *ctx, bool ok, const char *what, const char *file, int line);
bool ktest_check_eq(struct ktest_ctx *ctx, u64 a, u64 b, const char *ea, const char *eb,
		    const char *file, int line);

#define KTEST_EXPECT(ctx, cond) ktest_check((ctx), (cond), #cond, __FILE__, __LINE__)
#define KTEST_EXPECT_EQ(ctx, a, b) \
	ktest_check_eq((ctx), (u64)(a), (u64)(b), #a, #b, __FILE__, __LINE__)

/* Marks the running case as skipped, with a reason printed after "# SKIP". */
void ktest_skip(struct ktest_ctx *ctx, const char *reason);

/* Runs every test, prints the KTAP report, returns the number that failed. */
unsigned int ktest_run_all(void);

#endif
