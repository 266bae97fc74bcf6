// SPDX-License-Identifier: MIT
/*
 * /bin/sidebyside: one program, built for both architectures, that holds
 * x86_64 CET and arm64 GCS to the same three questions (docs/labs/lab6-cet-gcs.md):
 *
 *   token_in_top_slot       map_shadow_stack(SET_TOKEN) leaves one word in
 *                           the top slot: is it the word sidebyside_arch.h
 *                           says (a restore token, or a cap)?
 *   locked_disable_errno    a process that locked its shadow stack on and
 *                           then turns it off gets the errno the header says
 *   user_push_mode          the enable bits that let a program push its own
 *                           entries (arm64: GCSPUSHM), or none (x86_64)
 *
 * The facts are the arch header's (user/arch/ARCH/sidebyside_arch.h), which
 * lab 6 asks the student to write; the program compares them with what the
 * kernel and the CPU do. Not run by /init: lab 6 boots it (-- /bin/sidebyside).
 */
#include "shstk_enable.h"
#include "sidebyside_arch.h"
#include "test.h"
#include <machine/syscall.h>
#include <errno.h>
#include <ktap.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define STACK_SIZE (2 * PAGE)

/* The top slot of a fresh stack from map_shadow_stack(SET_TOKEN) holds the header's word. */
static int token_body(void)
{
	long base = syscall3(__NR_map_shadow_stack, 0, STACK_SIZE, SHADOW_STACK_SET_TOKEN);
	unsigned long slot, want, got;

	EXPECT("map_shadow_stack(SET_TOKEN)", base < 0 && base > -4096, 0);
	slot = (unsigned long)base + STACK_SIZE - 8;
	want = ss_token_word(slot);
	got = *(volatile unsigned long *)slot;
	note("%s: the top slot %#lx holds %#lx; sidebyside_arch.h says %#lx", SS_NAME, slot, got,
	     want);
	return got == want ? 0 : 1;
}

/* Locked on, then off: the kernel's errno against the header's. */
static int lock_body(void)
{
	long r;

	EXPECT("lock", ss_lock_enable(), 0);
	r = ss_disable();
	note("%s: turning a locked shadow stack off says %ld; sidebyside_arch.h says %d", SS_NAME,
	     r, -SS_LOCKED_ERRNO);
	return r == -SS_LOCKED_ERRNO ? 0 : 1;
}

static int push_body(void)
{
	return ss_push_check();
}

int main(void)
{
	bool live = have_shadow_stacks();

	ktap_header();
	ktap_plan(3);
	ktap_print_msg("%s, %s", SS_NAME, live ? "available" : "not supported");
	if (!case_skipped("token_in_top_slot", LIVE, live, SS_NAME))
		ktap_ok(child_result(token_body, 0, 0, 0), "token_in_top_slot");
	if (!case_skipped("locked_disable_errno", LIVE, live, SS_NAME))
		ktap_ok(child_result(lock_body, SHSTK_MODE_ENABLE, 0, 0), "locked_disable_errno");
	if (!case_skipped("user_push_mode", LIVE, live, SS_NAME))
		ktap_ok(child_result(push_body, SHSTK_MODE_ENABLE | SS_PUSH_MODE, 0, 0),
			"user_push_mode");
	return ktap_finish();
}
