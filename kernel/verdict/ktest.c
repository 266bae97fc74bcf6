// SPDX-License-Identifier: MIT
/*
 * The self-test runner: KTAP version 13 as tools/testing/selftests'
 * kselftest.h prints it, one "ok N name" line per KTEST, then the totals.
 * ktest.fail=NAME reports the KTEST NAME as failed whatever it found: a
 * failing run made on purpose, so the FAIL verdict's whole path -- the
 * screen's red word, the QR record's failed names, the exit status -- is
 * booted and checked (tests/boot/expect/qemu-x86_64-modern-fail).
 */
#include <kernel/cmdline.h>
#include <kernel/ktest.h>
#include <kernel/printk.h>
#include <string.h>

/* Bounds of the .ktests section, from the linker script. */
extern const struct ktest __start_ktests[], __stop_ktests[];

bool ktest_check(struct ktest_ctx *ctx, bool ok, const char *what, const char *file, int line)
{
	ctx->checks++;
	if (!ok) {
		printk("# %s:%d: expected %s\n", file, line, what);
		ctx->failed = true;
	}
	return ok;
}

bool ktest_check_eq(struct ktest_ctx *ctx, u64 a, u64 b, const char *ea, const char *eb,
		    const char *file, int line)
{
	ctx->checks++;
	if (a != b) {
		printk("# %s:%d: expected %s == %s, got %#lx (%ld) and %#lx (%ld)\n", file, line,
		       ea, eb, (unsigned long)a, (long)a, (unsigned long)b, (long)b);
		ctx->failed = true;
	}
	return a == b;
}

void ktest_skip(struct ktest_ctx *ctx, const char *reason)
{
	ctx->skip_reason = reason;
}

unsigned int ktest_run_all(void)
{
	/* Addresses, not pointer arithmetic: the bounds are two distinct symbols. */
	unsigned int n = (unsigned int)(((uintptr_t)__stop_ktests - (uintptr_t)__start_ktests) /
					sizeof(struct ktest));
	unsigned int pass = 0, fail = 0, skip = 0;
	const char *fail_on_purpose = cmdline_get(&kernel_cmdline, "ktest.fail");

	printk("TAP version 13\n1..%u\n", n);
	for (unsigned int i = 0; i < n; i++) {
		const struct ktest *t = &__start_ktests[i];
		struct ktest_ctx ctx = { 0 };

		printk("# running %s\n", t->name);
		t->run(&ctx);
		if (!ctx.failed && !ctx.skip_reason && !ctx.checks) {
			printk("# %s ran no check: it proves nothing\n", t->name);
			ctx.failed = true;
		}
		if (fail_on_purpose && strcmp(fail_on_purpose, t->name) == 0) {
			printk("# %s: failed on purpose (ktest.fail=%s)\n", t->name, t->name);
			ctx.failed = true;
		}
		if (ctx.failed) {
			printk("not ok %u %s\n", i + 1, t->name);
			fail++;
		} else if (ctx.skip_reason) {
			printk("ok %u %s # SKIP %s\n", i + 1, t->name, ctx.skip_reason);
			skip++;
		} else {
			printk("ok %u %s\n", i + 1, t->name);
			pass++;
		}
	}
	printk("# Totals: pass:%u fail:%u xfail:0 xpass:0 skip:%u error:0\n", pass, fail, skip);
	return fail;
}
