// SPDX-License-Identifier: MIT
/*
 * GCS at EL1: the Guarded Control Stack for the kernel's own returns
 * (Linux has none; x86's counterpart is kernel_shstk.c). With
 * GCSCR_EL1.PCRSEL every BL/BLR at EL1 also pushes its return address at
 * GCSPR_EL1 and every RET pops one (Arm ARM D11.2.1, D11.3.1); with
 * RVCHKEN the RET compares it with the register it returns through and a
 * mismatch is a GCS Data Check exception, ESR class 0x2d, ISS ExType 0
 * with the instruction (IT) and register (Rn) that failed (D11.3 rule
 * QHNWF, D11.8). Without RVCHKEN the RET would silently go where the GCS
 * says: the attack fails, but nobody hears of it. GCSCR_EL1 is exactly
 * PCRSEL | RVCHKEN:
 * - EXLOCKEN = 0. With it, every exception from EL1 to EL1 sets
 *   PSTATE.EXLOCK (rule WTXBY), which makes an MSR to ELR_EL1/SPSR_EL1 an
 *   EXLOCK exception and an ERET at EL1 illegal unless GCSPOPCX just
 *   checked a record GCSPUSHX pushed at entry (D11.4.1). restore_frame
 *   writes ELR/SPSR from the trap frame before each ERET, handlers take
 *   nested interrupts, and fix-ups move a frame's ELR (uaccess, the
 *   self-tests): all of it would have to keep that record right. Not
 *   done: a kernel-mode exception's return state is in its trap frame,
 *   on the kernel stack, as without GCS (docs/DESIGN.md §4.5).
 * - STREn = PUSHMEn = 0: the kernel never writes its GCS by GCSSTR or
 *   GCSPUSHM, so they stay trapped (ExType 2) and a NOP, useless to a
 *   gadget. What the kernel writes -- a new task's first entries -- goes
 *   through the direct map before the GCS is in use, as x86 writes its
 *   tokens.
 *
 * Each kernel stack gets one GCS page in the guard area below it
 * (kernel/mm/kstack.c calls arch_kstack_shadow_alloc()), mapped with the
 * S1PIE index 0x6, GCS for EL1 and nothing for EL0 -- the rights the Arm
 * ARM expects of an EL1 GCS page (D11.5.1, "Stage 1 Base Permissions":
 * PrivRead, PrivGCS; no PrivWrite, PrivExecute or unprivileged access),
 * so a plain store to it is a permission fault (mmu_pie.c). Hence it
 * needs S1PIE (GCS permission exists only as an indirect one, D11.5.1)
 * and FEAT_GCS; kshstk=off leaves it off, as on x86.
 *
 * Exceptions: taking one pushes nothing and ERET pops nothing (the GCS
 * exception-return records of GCSPUSHX are software's choice, above):
 * an EL1 handler's calls push below the interrupted code's entries and
 * have all returned by its ERET; an exception from EL0 finds GCSPR_EL1
 * at the top of current's GCS, where the last return to EL0 left it
 * (GCSPR_EL0 is user space's own, gcs.c). A task switch moves GCSPR_EL1
 * with the stack by GCSSS1/GCSSS2, so only a GCS capped by a switch away
 * from it can be switched to (cpu_switch in entry.S, D11.7). The boot CPU
 * and each secondary switch it on once, on a fresh stack, with the only
 * MSR GCSPR_EL1 the kernel makes (arm64_kgcs_start in entry.S), and check
 * there that the BL into arm64_kgcs_started() was pushed: a higher EL
 * may keep GCS disabled at EL1 (HCRX_EL2.GCSEn, SCR_EL3.GCSEn; D11.2.1).
 */
#include <asm/gcs.h>
#include <asm/kernel_gcs.h>
#include <asm/mmu.h>
#include <asm/page.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <asm/trap.h>
#include <kernel/arch.h>
#include <kernel/cmdline.h>
#include <kernel/kmem.h>
#include <kernel/kstack.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/verdict.h>
#include <string.h>
#include <uapi/linux/errno.h>

u8 arm64_kgcs_on;
bool arm64_kgcs_found_inert;
static const char *kgcs_off = "absent";

/* entry.S: sets SP and GCSPR_EL1, then GCSCR_EL1 = control, calls arm64_kgcs_started(), fn(arg). */
__noreturn void arm64_kgcs_start(uintptr_t stack_top, uintptr_t gcs_top, void (*fn)(void *),
				 void *arg, u64 control);
void arm64_kgcs_started(uintptr_t gcs_top);
extern const char arm64_el1_sync_return[];

#define KGCS_CONTROL (GCSCR_PCRSEL | GCSCR_RVCHKEN)
/* A valid cap entry: the page of its own address, token 1 (Arm ARM D11.7, rule PCHQS). */
#define GCS_VALID_CAP(addr) (((addr) & ~(u64)0xfff) | 1)

static u64 mrs_gcspr_el1(void)
{
	u64 v;

	__asm__ __volatile__("mrs %0, " REG_GCSPR_EL1 : "=r"(v)::"memory");
	return v;
}

void arm64_kernel_gcs_init(void)
{
	const char *opt = cmdline_get(&kernel_cmdline, "kshstk");

	if (!arm64_features.gcs)
		return;
	if (!arm64_pie_enabled) {
		kgcs_off = "off (no S1PIE: GCS pages cannot be described)";
		return;
	}
	if (opt && strcmp(opt, "off") == 0) {
		kgcs_off = "off (kshstk=off)";
		pr_info("gcs: kernel GCS switched off by kshstk=off\n");
		return;
	}
	arm64_kgcs_on = 1;
}

int arch_kstack_shadow_alloc(struct kstack *ks, uintptr_t at)
{
	phys_addr_t p;

	ks->shadow_top = 0;
	if (!arm64_kgcs_on)
		return 0;
	p = page_alloc_zeroed(KSTACK_SHADOW_PAGES);
	if (!p)
		return -ENOMEM;
	if (arch_map_kernel_page(at, p, KPROT_READ | KPROT_SHADOW_STACK)) {
		page_free(p, KSTACK_SHADOW_PAGES);
		return -ENOMEM;
	}
	ks->shadow_top = at + PAGE_SIZE;
	return 0;
}

void arch_kstack_shadow_free(struct kstack *ks)
{
	phys_addr_t p = arch_unmap_kernel_page(ks->shadow_top - PAGE_SIZE);

	BUG_ON(!p);
	page_free(p, KSTACK_SHADOW_PAGES);
	ks->shadow_top = 0;
}

/* The direct-map view of a word of a kernel GCS: the GCS page itself refuses stores. */
static u64 *gcs_word(uintptr_t addr)
{
	phys_addr_t p;
	unsigned int prot;

	if (!arch_translate(addr, &p, &prot))
		panic("kernel GCS: %#lx is not mapped", (unsigned long)addr);
	return phys_to_virt(p);
}

u64 arm64_kgcs_new_task(const struct kstack *ks, u64 resume)
{
	uintptr_t top = ks->shadow_top;

	if (!top)
		return 0;
	*gcs_word(top - 8) = resume;
	*gcs_word(top - 16) = GCS_VALID_CAP(top - 16);
	return top - 16;
}

static bool boot_cpu_started;

/*
 * Called by arm64_kgcs_start's BL with GCS just switched on: that BL must
 * have pushed its return address, so GCSPR_EL1 is one entry below the top.
 */
void arm64_kgcs_started(uintptr_t gcs_top)
{
	u64 gcspr = mrs_gcspr_el1();
	bool acting = gcspr == gcs_top - 8 &&
		      *(const u64 *)gcspr == (u64)__builtin_return_address(0);

	if (!boot_cpu_started) {
		boot_cpu_started = true;
		if (!acting) {
			/* Off for good, before any other task exists: cpu_switch leaves GCSPR_EL1 alone. */
			__asm__ __volatile__("msr " REG_GCSCR_EL1 ", xzr\n\tisb" ::: "memory");
			arm64_kgcs_on = 0;
			arm64_kgcs_found_inert = true;
			kgcs_off = "off (not acting at EL1: a higher EL keeps GCS disabled)";
			pr_warn("gcs: kernel GCS not acting at EL1 (GCSPR_EL1 %#lx after a BL from "
				"%#lx)"
				": left off\n",
				(unsigned long)gcspr, (unsigned long)gcs_top);
			return;
		}
		pr_info("gcs: kernel GCS on (GCSCR_EL1 PCRSEL|RVCHKEN, one GCS per kernel "
			"stack)\n");
		return;
	}
	if (!acting)
		panic("gcs: kernel GCS not acting on CPU %u, as it does on the boot CPU",
		      this_cpu()->id);
}

void arch_start_on_kstack(const struct kstack *ks, void (*fn)(void *), void *arg)
{
	if (!ks->shadow_top)
		arch_call_on_stack(ks->top, fn, arg);
	arm64_kgcs_start(ks->top, ks->shadow_top, fn, arg, KGCS_CONTROL);
}

void arm64_kgcs_run_secondary(const struct kstack *ks, void (*fn)(void *), void *arg)
{
	if (!arm64_kgcs_on || !ks->shadow_top) {
		if (arm64_features
			    .gcs) /* booting.rst: 0 at entry; make sure, as gcs.c does on the boot CPU */
			__asm__ __volatile__("msr " REG_GCSCR_EL1 ", xzr\n\tisb" ::: "memory");
		arch_call_on_stack(ks->top, fn, arg);
	}
	arm64_kgcs_start(ks->top, ks->shadow_top, fn, arg, KGCS_CONTROL);
}

/*
 * The GCSPR_EL1 the exception in f was taken with: the entry above the
 * one el1_sync's BL to trap_dispatch pushed, the nearest such entry above
 * this handler's own (nested exceptions lie further up).
 */
static uintptr_t exception_gcspr(void)
{
	uintptr_t g = mrs_gcspr_el1();
	uintptr_t top = (g | (PAGE_SIZE - 1)) + 1;

	arm64_gcsb_dsync(); /* the pushes of this handler before these loads */
	for (; g < top; g += 8)
		if (*(const u64 *)g == (u64)arm64_el1_sync_return)
			return g + 8;
	return 0;
}

void arm64_kernel_gcs_describe(const struct trap_frame *f)
{
	u64 iss = f->esr & 0x1ffffff;
	unsigned int rn = (iss >> 5) & 0x1f, it = iss & 0x1f;
	uintptr_t at;

	/* A data check (ExType 0) of a RET (IT 0; 2, 3 for RETAA/RETAB): Arm ARM D24.2.43 ESR_EL1. */
	if (!arm64_kgcs_on || ((iss >> 20) & 0xf) != 0 || (it != 0 && it != 2 && it != 3))
		return;
	at = exception_gcspr();
	if (!at || (at & (PAGE_SIZE - 1)) == 0 || rn > 30)
		return; /* not found, or an empty GCS: no entry the RET compared */
	printk("kernel GCS: the RET at %#lx would return to %#lx, the GCS says %#lx\n",
	       (unsigned long)f->elr, (unsigned long)f->x[rn], (unsigned long)*(const u64 *)at);
}

const char arch_kernel_shstk_name[] = "Kernel GCS";

const char *arch_kernel_shstk_state(void)
{
	return arm64_kgcs_on ? "on" : kgcs_off;
}
