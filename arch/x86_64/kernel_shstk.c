// SPDX-License-Identifier: MIT
/*
 * Supervisor shadow stacks: CET's return-address check for ring 0 (Linux
 * has none). With CR4.CET and IA32_S_CET.SH_STK_EN, every CALL in the
 * kernel also pushes its return address at SSP and every RET compares,
 * raising #CP (near ret) on a mismatch (SDM vol. 1 §17.2). Each kernel
 * stack gets a shadow stack of its own (kernel/mm/kstack.c calls
 * arch_kstack_shadow_alloc()), one 4 KiB page in the guard area below the
 * stack, mapped read-only and dirty (paging.c: a shadow-stack page, SDM
 * vol. 3A §4.6), its top word the supervisor shadow-stack token: its own
 * address, bit 0 the busy flag (SDM vol. 1 §17.2.3).
 *
 * Ring 3 to ring 0 (SDM vol. 3A §6.14.6 interrupts, vol. 2B SYSCALL):
 * - an interrupt or exception loads SSP from IA32_PL0_SSP, or for an IST
 *   gate from the IST entry of the table at IA32_INTERRUPT_SSP_TABLE_ADDR,
 *   checks the token there and sets its busy bit;
 * - SYSCALL leaves SSP 0: syscall_entry does SETSSBSY, which does the same
 *   check and busy-marking on IA32_PL0_SSP's token (vol. 2B, SETSSBSY).
 * So IA32_PL0_SSP names the running task's token: arch_switch_to() writes
 * it as it writes TSS.RSP0. The way back is always IRETQ (never SYSRET,
 * trap_entry.S), which loads SSP from IA32_PL3_SSP and clears the busy
 * bit of the token at the kernel's SSP -- the task's token, as every CALL
 * since the entry has returned.
 *
 * Ring 0 to ring 0: an event pushes CS, the return address and the old SSP
 * on the shadow stack (an IST gate first switches to its own, busy-marking
 * its token) and IRETQ pops and compares them, releasing the IST token
 * (vol. 3A §6.14.6; vol. 2A IRET). So a fix-up that changes a kernel
 * frame's RIP must change the shadow copy too: x86_kernel_frame_set_rip().
 *
 * A context switch moves SSP from one kernel shadow stack to another at
 * ring 0, mid-stack: neither IA32_PL0_SSP (read only on a privilege
 * change) nor SETSSBSY/CLRSSBSY (only at the token, the empty stack) can
 * do that. The SDM's protocol for it is RSTORSSP/SAVEPREVSSP (vol. 1
 * §17.2.3, "switching shadow stacks"): RSTORSSP checks the restore token
 * the next task left on its shadow stack and moves SSP there; SAVEPREVSSP
 * leaves a restore token on the previous one (switch_stacks, trap_entry.S).
 * docs/DESIGN.md §4.5 tells the whole design.
 */
#include <asm/cet.h>
#include <asm/cpu.h>
#include <asm/kernel_shstk.h>
#include <asm/mmu.h>
#include <asm/msr.h>
#include <asm/page.h>
#include <asm/segment.h>
#include <asm/setup.h>
#include <asm/trap.h>
#include <kernel/arch.h>
#include <kernel/cmdline.h>
#include <kernel/kmem.h>
#include <kernel/kstack.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <kernel/task.h>
#include <kernel/verdict.h>
#include <string.h>
#include <uapi/linux/errno.h>

/* Read by trap_entry.S: SETSSBSY and the IST hand-over only with shadow stacks on. */
u8 x86_kshstk_enabled;

void x86_kernel_shstk_init(void)
{
	const char *opt = cmdline_get(&kernel_cmdline, "kshstk");

	if (!x86_features.shstk)
		return;
	if (opt && strcmp(opt, "off") == 0) {
		pr_info("cet: kernel shadow stacks switched off by kshstk=off\n");
		return;
	}
	x86_kshstk_enabled = 1;
	pr_info("cet: kernel shadow stacks on (IA32_S_CET.SH_STK_EN, one per kernel stack)\n");
}

bool x86_kernel_shstk_on(void)
{
	return x86_kshstk_enabled;
}

/* The direct-map view of a kernel shadow-stack word: the page itself is read-only. */
static u64 *shadow_word(uintptr_t addr)
{
	phys_addr_t p = x86_kernel_virt_to_phys(addr);

	BUG_ON(!p);
	return phys_to_virt(p);
}

int arch_kstack_shadow_alloc(struct kstack *ks, uintptr_t at)
{
	_Static_assert(KSTACK_SHADOW_PAGES == 1, "one page, one token");
	phys_addr_t p;
	uintptr_t top = at + PAGE_SIZE;

	ks->shadow_top = 0;
	if (!x86_kshstk_enabled)
		return 0;
	p = page_alloc_zeroed(1);
	if (!p)
		return -ENOMEM;
	/* The supervisor token, not busy: its own address (SDM vol. 1 §17.2.3). */
	((u64 *)phys_to_virt(p))[PAGE_SIZE / 8 - 1] = top - 8;
	if (arch_map_kernel_page(at, p, KPROT_READ | KPROT_SHADOW_STACK)) {
		page_free(p, 1);
		return -ENOMEM;
	}
	ks->shadow_top = top;
	return 0;
}

void arch_kstack_shadow_free(struct kstack *ks)
{
	phys_addr_t p = arch_unmap_kernel_page(ks->shadow_top - PAGE_SIZE);

	BUG_ON(!p);
	page_free(p, 1);
	ks->shadow_top = 0;
}

uintptr_t x86_kshstk_token(const struct kstack *ks)
{
	return ks->shadow_top ? ks->shadow_top - 8 : 0;
}

/*
 * A new task's shadow stack, as switch_stacks expects to find it: under
 * the token, the return address its first switch's RET pops (resume, as
 * in the switch frame), under that a restore token naming the word above
 * it -- (address + 8) | 1, bit 0 saying 64-bit (SDM vol. 1 §17.2.3) --
 * for RSTORSSP. Returns the SSP to save, the restore token's address.
 */
uintptr_t x86_kshstk_new_task(const struct kstack *ks, uintptr_t resume)
{
	uintptr_t top = ks->shadow_top;

	if (!top)
		return 0;
	*shadow_word(top - 16) = resume;
	*shadow_word(top - 24) = (top - 16) | SHSTK_TOKEN_64BIT;
	return top - 24;
}

/*
 * trap_entry.S leaves the SSP a kernel-mode event was taken with just
 * below its frame: there the CPU put the old SSP, then the return address
 * (LIP), then CS (SDM vol. 3A §6.14.6). IRETQ compares the LIP with the
 * frame's RIP, so a fix-up moves both.
 */
void x86_kernel_frame_set_rip(struct trap_frame *f, u64 rip)
{
	u64 ssp = ((const u64 *)f)[-1];

	if (x86_kshstk_enabled && ssp)
		*shadow_word(ssp + 8) = rip;
	f->rip = rip;
}

/* The return address the shadow stack holds for a kernel-mode #CP's RET, or 0. */
u64 x86_kernel_shstk_expected_ret(const struct trap_frame *f)
{
	u64 ssp = ((const u64 *)f)[-1];

	if (!x86_kshstk_enabled || !ssp)
		return 0;
	/* [ssp] is the interrupted SSP: the RET's entry on top of the shadow stack. */
	return *(const u64 *)*(const u64 *)ssp;
}

/*
 * This CPU's IST shadow stacks: entry n of the table (n = 1..7, entry 0
 * unused) is the token of IST n's shadow stack (SDM vol. 3A §6.14.5,
 * IA32_INTERRUPT_SSP_TABLE_ADDR; vol. 4 table 2-2).
 */
void x86_kshstk_set_ist_table(u64 table[8], const uintptr_t token[NR_IST_STACKS])
{
	memset(table, 0, 8 * sizeof(u64));
	for (unsigned int i = 0; i < NR_IST_STACKS; i++)
		table[i + 1] = token[i];
	wrmsr(MSR_IA32_INTERRUPT_SSP_TABLE, (u64)table);
}

static u64 boot_ist_ssp_table[8] __aligned(64);

/*
 * The boot CPU: its IST stacks were static (gdt.c: set up before the page
 * allocator); with shadow stacks they become guarded kernel stacks with
 * shadow stacks of their own, as the secondaries' are.
 */
static void boot_cpu_ist(void)
{
	uintptr_t token[NR_IST_STACKS];

	for (unsigned int i = 0; i < NR_IST_STACKS; i++) {
		struct kstack ks;

		if (kstack_alloc(&ks))
			panic("no memory for the IST stacks' shadow stacks");
		tss_set_ist(i, ks.top);
		token[i] = x86_kshstk_token(&ks);
	}
	x86_kshstk_set_ist_table(boot_ist_ssp_table, token);
}

void arch_start_on_kstack(const struct kstack *ks, void (*fn)(void *), void *arg)
{
	if (!ks->shadow_top)
		arch_call_on_stack(ks->top, fn, arg);
	boot_cpu_ist();
	x86_kshstk_start(ks->top, x86_kshstk_token(ks), fn, arg);
}

const char arch_kernel_shstk_name[] = "Kernel shadow stacks";

const char *arch_kernel_shstk_state(void)
{
	if (x86_kshstk_enabled)
		return "on";
	if (!x86_features.shstk)
		return "absent";
	return "off (kshstk=off)";
}
