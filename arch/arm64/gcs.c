// SPDX-License-Identifier: MIT
/*
 * The arm64 hardware half of shadow stacks: the Guarded Control Stack
 * (FEAT_GCS), Linux mainline semantics (docs/ABI.md §5). The policy -- which
 * stack a new thread gets, map_shadow_stack's order -- is kernel/shstk/shstk.c.
 *
 * GCS memory can only be described through stage-1 permission indirection
 * (FEAT_S1PIE, mmu_pie.c), which the MMU set-up switches on before
 * arm64_gcs_init() runs; without it user GCS stays off.
 *
 * Per task: GCSPR_EL0 (live in the register while the task runs, in
 * arch.gcspr_el0 while it is switched out), the PR_SHADOW_STACK_* mode and
 * the locked bits. GCSCRE0_EL1 is always computed from the mode, as Linux
 * does: nTR always; ENABLE adds PCRSEL | RVCHKEN; WRITE adds STREn; PUSH
 * adds PUSHMEn. The kernel's own GCS, GCSCR_EL1, is kernel_gcs.c's.
 *
 * Register and field facts: Arm ARM (DDI 0487) D19.2 (GCSCR_EL1,
 * GCSCRE0_EL1, GCSPR_EL0, ID_AA64PFR1_EL1, ID_AA64MMFR3_EL1, TCR2_EL1,
 * PIR_EL1, PIRE0_EL1), D8.4 (permission indirection), D11 (GCS); Linux
 * Documentation/arch/arm64/gcs.rst and booting.rst for the ABI and boot
 * requirements.
 */
#include <asm/mmu.h>
#include <asm/page.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <asm/trap.h>
#include <kernel/cmdline.h>
#include <kernel/init.h>
#include <kernel/panic.h>
#include <kernel/pid.h>
#include <kernel/printk.h>
#include <kernel/shstk.h>
#include <kernel/signal.h>
#include <kernel/smp.h>
#include <kernel/task.h>
#include <kernel/uaccess.h>
#include <kernel/vm.h>
#include <string.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/prctl.h>
#include <uapi/linux/mman.h>
#include <uapi/linux/prctl.h>
#include <uapi/linux/signal.h>

#include <asm/gcs.h>

/* gcs=off (below), acpi= (acpi.c), kbti= (kernel_bti.c), kshstk= (kernel_gcs.c): the kernel's, never init's. */
const char *const arch_cmdline_params[] = { "gcs", "acpi", "kbti", "kshstk", NULL };

bool arm64_gcs_enabled;
static const char *gcs_unusable = "the CPU has no FEAT_GCS (ID_AA64PFR1_EL1.GCS = 0)";

#define GCS_MODES (PR_SHADOW_STACK_ENABLE | PR_SHADOW_STACK_WRITE | PR_SHADOW_STACK_PUSH)
/* A cap token (docs/ABI.md §5.5): the page of its own address, token type 1 = valid cap. */
#define GCS_CAP(a) (((a) & ~(u64)0xfff) | 1)

static u64 mrs_gcspr_el0(void)
{
	u64 v;

	__asm__ __volatile__("mrs %0, " REG_GCSPR_EL0 : "=r"(v));
	return v;
}

static void msr_gcspr_el0(u64 v)
{
	__asm__ __volatile__("msr " REG_GCSPR_EL0 ", %0" ::"r"(v) : "memory");
}

static void msr_gcscre0_el1(u64 v)
{
	__asm__ __volatile__("msr " REG_GCSCRE0_EL1 ", %0\n\tisb" ::"r"(v) : "memory");
}

/* GCSCRE0_EL1 for a PR_SHADOW_STACK_* mode (docs/ABI.md §5.1, Linux's gcs_set_el0_mode). */
static u64 el0_control(u64 mode)
{
	u64 v = GCSCRE0_NTR;

	if (mode & PR_SHADOW_STACK_ENABLE)
		v |= GCSCR_PCRSEL | GCSCR_RVCHKEN;
	if (mode & PR_SHADOW_STACK_WRITE)
		v |= GCSCR_STREN;
	if (mode & PR_SHADOW_STACK_PUSH)
		v |= GCSCR_PUSHMEN;
	return v;
}

void arm64_gcs_init(void)
{
	const struct arm64_features *f = &arm64_features;

	if (f->gcs) {
		/* booting.rst: both are 0 at entry; make sure, whatever comes next. */
		__asm__ __volatile__("msr " REG_GCSCR_EL1 ", xzr\n\t"
				     "msr " REG_GCSCRE0_EL1 ", xzr\n\t"
				     "msr " REG_GCSPR_EL0 ", xzr\n\tisb" ::
					     : "memory");
	}
	if (!f->gcs)
		return;

	const char *opt = cmdline_get(&kernel_cmdline, "gcs");

	if (opt && strcmp(opt, "off") == 0) {
		gcs_unusable = "switched off by gcs=off";
		pr_info("gcs: Guarded Control Stacks switched off by gcs=off\n");
		return;
	}
	if (!arm64_pie_enabled) {
		gcs_unusable = "FEAT_GCS without S1PIE (or TCR2): GCS pages cannot be described";
		pr_info("gcs: FEAT_GCS without S1PIE: user GCS unavailable\n");
		return;
	}
	gcs_unusable = arm64_gcs_probe(el0_control(PR_SHADOW_STACK_ENABLE));
	msr_gcscre0_el1(el0_control(0));
	if (gcs_unusable) {
		pr_warn("gcs: FEAT_GCS found but not usable: %s\n", gcs_unusable);
		return;
	}
	arm64_gcs_enabled = true;
	pr_info("gcs: user Guarded Control Stacks available (PIRE0_EL1 %#lx, PIR_EL1 %#lx)\n",
		(unsigned long)arm64_pire0_value, (unsigned long)arm64_pir_value);
}

/* A GCSPR_EL0 value for the check: 8-byte aligned (bits 2:0 are RES0), a user address. */
#define CHECK_GCSPR 0x0000fffffffff000ul

static u64 mrs_gcscre0_el1(void)
{
	u64 v;

	__asm__ __volatile__("mrs %0, " REG_GCSCRE0_EL1 : "=r"(v));
	return v;
}

int arm64_gcs_check_secondary(u64 *detail)
{
	u64 pfr1, mmfr3, want;

	pfr1 = read_sysreg(id_aa64pfr1_el1);
	__asm__ __volatile__("mrs %0, " REG_ID_AA64MMFR3_EL1 : "=r"(mmfr3));
	if ((id_field(pfr1, ID_AA64PFR1_GCS_SHIFT) != 0) != arm64_features.gcs ||
	    (id_field(mmfr3, ID_AA64MMFR3_S1PIE_SHIFT) != 0) != arm64_features.s1pie) {
		*detail = GCS_CHECK_ID;
		return SMP_SHSTK_MISMATCH;
	}
	switch (arm64_pie_init_secondary()) {
	case -1:
		*detail = GCS_CHECK_PIRE0;
		return SMP_SHSTK_BAD_REG;
	case -2:
		*detail = GCS_CHECK_PIR;
		return SMP_SHSTK_BAD_REG;
	}
	if (!arm64_gcs_enabled)
		return SMP_SHSTK_ABSENT;
	__asm__ __volatile__("msr " REG_GCSCR_EL1 ", xzr\n\tisb" ::: "memory");
	want = el0_control(GCS_MODES);
	msr_gcscre0_el1(want);
	if (mrs_gcscre0_el1() != want) {
		*detail = GCS_CHECK_GCSCRE0;
		return SMP_SHSTK_BAD_REG;
	}
	msr_gcspr_el0(CHECK_GCSPR);
	__asm__ __volatile__("isb" ::: "memory");
	if (mrs_gcspr_el0() != CHECK_GCSPR) {
		*detail = GCS_CHECK_GCSPR;
		return SMP_SHSTK_BAD_REG;
	}
	msr_gcspr_el0(0);
	msr_gcscre0_el1(el0_control(0));
	return SMP_SHSTK_OK;
}

/* ---- context switch, fork ---- */

void arm64_gcs_switch(struct task *prev, struct task *next)
{
	if (!arm64_gcs_enabled)
		return;
	prev->arch.gcspr_el0 = mrs_gcspr_el0();
	msr_gcspr_el0(next->arch.gcspr_el0);
	msr_gcscre0_el1(el0_control(next->arch.gcs_mode));
	/*
	 * prev's GCS effects before the releases that let another CPU run it
	 * (the big lock, the run queue's), next's after the acquires that
	 * brought it here: a thread that migrates finds its GCS as it left it.
	 */
	if ((prev->arch.gcs_mode | next->arch.gcs_mode) & PR_SHADOW_STACK_ENABLE)
		arm64_gcsb_dsync();
}

/*
 * The child inherits mode and lock (docs/ABI.md §5.4); its GCSPR_EL0 is
 * shstk_clone()'s choice (kernel/shstk/shstk.c), like every shadow-stack pointer.
 */
void arm64_gcs_fork(struct task *child, const struct task *parent)
{
	child->arch.gcs_mode = parent->arch.gcs_mode;
	child->arch.gcs_locked = parent->arch.gcs_locked;
	/* GCSPR_EL0: shstk_clone() decides the child's. */
	if (arm64_gcs_enabled && parent == current)
		arm64_gcsb_dsync(); /* the parent's GCS writes land before fork copies its pages */
}

/* ---- the arch_shstk_* hooks (include/kernel/shstk.h) ---- */

bool arch_shstk_supported(void)
{
	return arm64_gcs_enabled;
}

const char *arm64_gcs_unusable_reason(void)
{
	return gcs_unusable;
}

bool arch_shstk_enabled(const struct task *t)
{
	return t->arch.gcs_mode & PR_SHADOW_STACK_ENABLE;
}

uintptr_t arch_shstk_get_ssp(const struct task *t)
{
	if (!arm64_gcs_enabled)
		return t->arch.gcspr_el0;
	return t == current ? mrs_gcspr_el0() : t->arch.gcspr_el0;
}

/*
 * GCSPR_EL0 for a kernel-allocated thread GCS: the top slot stays 0, the
 * end marker (Linux's gcs_alloc_thread_stack: base + size - 8).
 */
uintptr_t arch_shstk_thread_ssp(uintptr_t base, u64 size)
{
	return base + size - 8;
}

void arch_shstk_set_ssp(struct task *t, uintptr_t ssp)
{
	t->arch.gcspr_el0 = ssp;
	if (t == current && arm64_gcs_enabled)
		msr_gcspr_el0(ssp);
}

/* exec (Linux's flush_gcs): off, unlocked, GCSPR_EL0 = 0, GCSCRE0_EL1 = nTR. */
void arch_shstk_reset(struct task *t)
{
	t->arch.gcspr_el0 = 0;
	t->arch.gcs_mode = 0;
	t->arch.gcs_locked = 0;
	if (t == current && arm64_gcs_enabled) {
		msr_gcspr_el0(0);
		msr_gcscre0_el1(el0_control(0));
	}
}

/* arm64's rules: gcs_size(stack_size / 2) for a thread, no lower bound (docs/ABI.md §3.2, §5.5, §5.6). */
const struct shstk_rules *const arch_shstk_rules = &shstk_rules_gcs;

/*
 * Step 7: the cap token at addr + size - 8 (the unrounded size), or one
 * slot lower with SET_MARKER, leaving a 0 end marker on top. The pages are
 * the caller's own and fresh, so the kernel writes through its direct map
 * (mm_write) instead of with GCSSTTR; GCSB DSYNC then orders the write
 * before the program's GCS accesses. A failed write is EFAULT.
 */
int arch_shstk_map_token(struct mm *mm, uintptr_t addr, u64 size, unsigned int flags)
{
	if (!(flags & SHADOW_STACK_SET_TOKEN))
		return 0;

	u64 at = addr + size - 8;

	if (flags & SHADOW_STACK_SET_MARKER)
		at -= 8;

	u64 cap = GCS_CAP(at);

	if (mm_write(mm, at, &cap, sizeof(cap)))
		return -EFAULT;
	__asm__ __volatile__("dsb ish" ::: "memory"); /* our store complete, */
	arm64_gcsb_dsync();			      /* then ordered before the GCS loads */
	return 0;
}

/*
 * clone3_shstk=token: the cap token at addr, GCS_CAP(addr) = the page of
 * its own address with token type 1 (valid cap), what GCSSS1 checks and
 * consumes (Arm ARM D11, GCS stack switching: a valid cap entry) and
 * map_shadow_stack(SET_TOKEN) writes. Consumed with an atomic
 * compare-and-exchange on the kernel's view of the page; GCSB DSYNC
 * orders it before the child's GCS accesses.
 */
int arch_shstk_consume_token(struct mm *mm, uintptr_t addr)
{
	int r;

	arm64_gcsb_dsync(); /* the caller's GCS stores (a GCSSTR'd token) before our read */
	r = mm_cmpxchg_u64(mm, addr, GCS_CAP(addr), 0);

	if (r == 0)
		arm64_gcsb_dsync();
	return r > 0 ? -EINVAL : r;
}

/* ---- prctl(PR_GET/SET/LOCK_SHADOW_STACK_STATUS), docs/ABI.md §5.4 ---- */

long arch_shstk_status_get(unsigned long __user *mode)
{
	if (!arm64_gcs_enabled)
		return -EINVAL;
	return put_user((unsigned long)current->arch.gcs_mode, mode);
}

/* GCS takes effect at once: the caller must not return from the function that enabled it. */
long arch_shstk_status_set(unsigned long mode)
{
	struct task *t = current;
	u64 cur = t->arch.gcs_mode;

	if (!arm64_gcs_enabled)
		return -EINVAL;
	if (mode & ~GCS_MODES)
		return -EINVAL;
	if ((cur ^ mode) & t->arch.gcs_locked)
		return -EBUSY;
	if ((mode & PR_SHADOW_STACK_ENABLE) && !(cur & PR_SHADOW_STACK_ENABLE)) {
		/* Re-enabling is refused once a GCS existed (disabling keeps it mapped). */
		if (t->shstk.base || mrs_gcspr_el0())
			return -EINVAL;

		int err = shstk_enable(t); /* freed with the thread (kernel/proc/exit.c) */

		if (err)
			return err;
	}
	t->arch.gcs_mode = mode;
	msr_gcscre0_el1(el0_control(mode));
	return 0;
}

/* Any bits, unknown ones included; there is no unlock. */
long arch_shstk_status_lock(unsigned long mode)
{
	if (!arm64_gcs_enabled)
		return -EINVAL;
	current->arch.gcs_locked |= mode;
	return 0;
}

/* ---- GCS exceptions (ESR class 0x2d), docs/ABI.md §5.3 ---- */

#define GCS_ISS_EXTYPE(iss) (((iss) >> 20) & 0xf)
#define GCS_ISS_RADDR(iss) (((iss) >> 10) & 0x1f)
#define GCS_ISS_RN(iss) (((iss) >> 5) & 0x1f)
#define GCS_ISS_IT(iss) ((iss)&0x1f)

static const char *gcs_extype_name(unsigned int t)
{
	switch (t) {
	case 0:
		return "data check";
	case 1:
		return "EXLOCK check";
	case 2:
		return "GCSSTR/GCSSTTR trapped";
	default:
		return "unknown exception type";
	}
}

static const char *gcs_it_name(unsigned int it)
{
	static const char *const names[] = { "RET",    "GCSPOPM", "RETAA",    "RETAB",
					     "GCSSS1", "GCSSS2",  "GCSPOPCX", "GCSPOPX" };

	return it < sizeof(names) / sizeof(names[0]) ? names[it] : "unknown instruction";
}

void arm64_gcs_describe(u64 esr)
{
	u64 iss = esr & 0x1ffffff;
	unsigned int type = GCS_ISS_EXTYPE(iss);

	printk("GCS exception: %s", gcs_extype_name(type));
	if (type == 0)
		printk(", %s, Rn/Rvalue x%u", gcs_it_name(GCS_ISS_IT(iss)),
		       (unsigned int)GCS_ISS_RN(iss));
	else if (type == 2)
		printk(", Raddr x%u, Rn x%u", (unsigned int)GCS_ISS_RADDR(iss),
		       (unsigned int)GCS_ISS_RN(iss));
	printk(" (ISS %#lx)\n", (unsigned long)iss);
}

/* An EL0 GCS exception: a report, then SIGSEGV / SEGV_CPERR at the faulting PC (as Linux). */
void arm64_gcs_user_fault(struct trap_frame *f)
{
	uintptr_t gcspr = arch_shstk_get_ssp(current);

	printk("umbra: pid %d (%s): ", task_tid_in(current, &init_pid_ns), current->name);
	arm64_gcs_describe(f->esr);
	printk("  pc %#lx lr (x30) %#lx gcspr_el0 %#lx, GCS top:", (unsigned long)f->elr,
	       (unsigned long)f->x[30], (unsigned long)gcspr);
	for (int i = 0; i < 4; i++) {
		u64 w;

		if (copy_from_user(&w, (const void __user *)(gcspr + 8 * i), sizeof(w))) {
			printk(" (unreadable)");
			break;
		}
		printk(" %016lx", (unsigned long)w);
	}
	printk("\n");
	signal_force_fault(SIGSEGV, SEGV_CPERR, f->elr, "GCS exception");
}

/* The mode as PR_GET_SHADOW_STACK_STATUS reports it (a signal frame's gcs_context). */
u64 arm64_gcs_mode(const struct task *t)
{
	return t->arch.gcs_mode;
}

/*
 * The mode a signal frame asks for on rt_sigreturn (docs/ABI.md §5.7): unknown
 * bits -EINVAL, a change to locked bits -EBUSY, no enabling; disabling
 * turns every mode bit off.
 */
int arm64_gcs_sigreturn_mode(struct task *t, u64 mode)
{
	const u64 known = PR_SHADOW_STACK_ENABLE | PR_SHADOW_STACK_WRITE | PR_SHADOW_STACK_PUSH;

	if (mode & ~known)
		return -EINVAL;
	if ((mode & t->arch.gcs_locked) != (t->arch.gcs_mode & t->arch.gcs_locked))
		return -EBUSY;
	if ((mode & PR_SHADOW_STACK_ENABLE) && !(t->arch.gcs_mode & PR_SHADOW_STACK_ENABLE))
		return -EINVAL;
	if (!(mode & PR_SHADOW_STACK_ENABLE) && (t->arch.gcs_mode & PR_SHADOW_STACK_ENABLE)) {
		t->arch.gcs_mode = 0;
		if (t == current)
			msr_gcscre0_el1(el0_control(0));
	}
	return 0;
}
