// SPDX-License-Identifier: MIT
/*
 * TLB shootdowns. A CPU caches translations in its own TLB and
 * paging-structure caches, and nothing the hardware does keeps another
 * CPU's caches coherent with a page-table write: the CPU that changes an
 * entry must make every CPU that may hold the old one invalidate it, by an
 * IPI whose handler runs INVLPG or reloads CR3, and wait until they all
 * have (Intel SDM vol. 3A §4.10.5, "Propagation of Paging-Structure
 * Changes to Multiple Processors").
 *
 * Which CPUs: without PCIDs a MOV to CR3 drops every non-global
 * translation (§4.10.4.1), so a CPU can hold a user address space's
 * entries only while that space is the CR3 it has loaded. Each CPU records
 * every CR3 it loads in this_cpu()->arch.pgd (x86_tlb_note_cr3()), and a
 * flush of pgd reaches exactly the CPUs whose arch.pgd is pgd. An idle CPU
 * runs on the kernel's own tables (its idle task has no mm), so it is never
 * one of them.
 *
 * How: one sender at a time, the holder of tlb_lock (each CPU has a single
 * request slot). For each target it writes the request into the target's
 * struct cpu and sends VEC_IPI_TLB; the target answers by clearing its
 * request, and the sender waits for every answer with interrupts off,
 * spinning a little, then halting until a target's answer kicks it. A
 * target answers from wherever it is: in user mode or halted, the IPI's
 * handler does it before (and without) taking any lock (traps.c); spinning
 * on a lock with interrupts off, the spin loop's arch_smp_poll() does --
 * so the sender, which may hold big_lock or an mm->lock, never waits for a
 * CPU that waits for one of them. A CPU busy in kernel code answers when it
 * next spins, halts or leaves the kernel.
 *
 * Who runs pgd may change meanwhile: senders hold an address space's lock,
 * not the big lock that every CR3 load is made under. A CPU that loads pgd
 * notes it first and loads CR3 after (arch_pgd_activate(); MOV to CR3 is
 * serializing, SDM vol. 3A §9.3); the sender writes the entries first and
 * reads the notes after a full fence. So either the sender sees the note
 * and flushes that CPU, or that CPU's walks after its load see the new
 * entries. A CPU that leaves pgd after it was counted answers all the same.
 *
 * Kernel pages are global and mapped everywhere, but the only ones ever
 * unmapped are kernel stacks (kernel/mm/kstack.c), and a CPU touches a kernel
 * stack other than its own live ones (its task's, its idle and IST stacks)
 * only while it holds big_lock (the rule in <kernel/kstack.h>: a futex
 * waiter on its task's stack would let a waker write through a stale
 * entry into a freed frame). So those flushes are lazy, without IPIs:
 * the unmap bumps a generation, and each CPU, whenever it takes big_lock
 * and before it switches stacks, drops the pages unmapped since it last
 * did, or every translation, global ones too, when it is far behind
 * (x86_tlb_kernel_sync()). A task exit would otherwise cost one round of
 * IPIs per stack page.
 */
#include <asm/apic.h>
#include <asm/cpu.h>
#include <asm/tlb.h>
#include <asm/x86.h>
#include <kernel/arch.h>
#include <kernel/big_lock.h>
#include <kernel/spinlock.h>
#include <kernel/percpu.h>
#include <kernel/smp.h>

/* The one shootdown in flight (<kernel/lock_order.h>). */
static struct spinlock tlb_lock = SPINLOCK_INIT(LOCK_LEVEL_TLB, "tlb_lock");

/*
 * The sender, once it has spun a while, halts until its answers come
 * (wait_for_answers()): with more virtual CPUs than host cores, a target
 * may not run for a host time slice, and a spinning sender would only
 * take a core from it. Its CPU and whether it halts: written under
 * tlb_lock, read by the targets' answers, which kick it.
 */
static unsigned int tlb_sender;
static bool tlb_sender_halts;

void x86_tlb_note_cr3(u64 pgd)
{
	__atomic_store_n(&this_cpu()->arch.pgd, pgd, __ATOMIC_SEQ_CST);
}

void x86_tlb_cpu_ready(void)
{
	__atomic_store_n(&this_cpu()->arch.tlb_ready, true, __ATOMIC_RELEASE);
}

static void flush_here(enum tlb_request req, uintptr_t va)
{
	if (req == TLB_REQ_PAGE)
		__asm__ __volatile__("invlpg (%0)" ::"r"(va) : "memory");
	else
		write_cr3(read_cr3()); /* every non-global entry (§4.10.4.1) */
}

void x86_tlb_service(void)
{
	struct cpu *c = this_cpu();
	u32 req = __atomic_load_n(&c->arch.tlb_flush_request, __ATOMIC_ACQUIRE);

	if (req == TLB_REQ_NONE)
		return;
	flush_here((enum tlb_request)req, c->arch.tlb_flush_va);
	c->arch.tlb_answered++;
	/*
	 * The answer: the sender's wait pairs with this store. Then the look
	 * at whether it halts: either it sees the answer before it halts or
	 * this sees it halting and kicks it (both sequentially consistent).
	 */
	__atomic_store_n(&c->arch.tlb_flush_request, TLB_REQ_NONE, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&tlb_sender_halts, __ATOMIC_SEQ_CST))
		arch_spin_kick_cpu(READ_ONCE(tlb_sender));
}

/* The CPUs in waiting that have not answered yet. */
static u64 unanswered(u64 waiting)
{
	for (unsigned int i = 0; i < smp_nr_cpus; i++) {
		if ((waiting & (1ull << i)) && __atomic_load_n(&cpus[i].arch.tlb_flush_request,
							       __ATOMIC_SEQ_CST) == TLB_REQ_NONE)
			waiting &= ~(1ull << i);
	}
	return waiting;
}

/*
 * Spins as a lock waiter does, then halts with only the highest priority
 * class of vectors let through (arch_spin_halt(): the kick, and other
 * senders' requests were there any), until every target has answered.
 */
static void wait_for_answers(u64 waiting)
{
	unsigned int spins = 0;

	while ((waiting = unanswered(waiting))) {
		if (spins < arch_spin_relax_steps) {
			spins++;
			arch_cpu_relax();
			continue;
		}
		WRITE_ONCE(tlb_sender, this_cpu()->id);
		__atomic_store_n(&tlb_sender_halts, true, __ATOMIC_SEQ_CST);
		if (unanswered(waiting))
			arch_spin_halt();
		__atomic_store_n(&tlb_sender_halts, false, __ATOMIC_SEQ_CST);
	}
}

void x86_tlb_flush(phys_addr_t pgd, enum tlb_request req, uintptr_t va)
{
	unsigned long flags = arch_irq_save(); /* no handler of ours may send meanwhile */
	struct cpu *me = this_cpu();
	u64 waiting = 0;

	if (me->arch.pgd == pgd)
		flush_here(req, va);
	/* The caller's entry writes before the look at who runs pgd (the note-then-load above). */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	for (unsigned int i = 0; i < smp_nr_cpus; i++) {
		struct cpu *c = &cpus[i];

		if (c == me || !__atomic_load_n(&c->arch.tlb_ready, __ATOMIC_ACQUIRE) ||
		    __atomic_load_n(&c->arch.pgd, __ATOMIC_SEQ_CST) != pgd)
			continue;
		if (!waiting)
			spin_lock(&tlb_lock); /* answers other senders while it waits */
		c->arch.tlb_flush_va = va;
		__atomic_store_n(&c->arch.tlb_flush_request, req, __ATOMIC_RELEASE);
		lapic_send_ipi((u32)smp_cpus[i].hw_id,
			       APIC_ICR_FIXED | APIC_ICR_ASSERT | VEC_IPI_TLB);
		waiting |= 1ull << i;
	}
	if (waiting) {
		wait_for_answers(waiting);
		spin_unlock(&tlb_lock);
	}
	arch_irq_restore(flags);
}

unsigned int x86_tlb_targets(phys_addr_t pgd)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < smp_nr_cpus; i++)
		n += cpus[i].arch.tlb_ready && &cpus[i] != this_cpu() && cpus[i].arch.pgd == pgd;
	return n;
}

/*
 * Kernel stack unmaps so far (made under kstack_lock); each CPU's kernel_gen
 * trails it. The last KERNEL_UNMAP_LOG addresses are kept, so a CPU that
 * is only a few behind drops just those pages: a full flush costs every
 * CPU its whole TLB, and an emulator's software TLB dearly. A CPU that
 * switches tasks reads the log without big_lock (the scheduler's switch):
 * an address is stored before the count that covers it is published.
 */
#define KERNEL_UNMAP_LOG 64
static u64 kernel_gen;
static uintptr_t kernel_unmapped[KERNEL_UNMAP_LOG];

static void invlpg(uintptr_t va)
{
	__asm__ __volatile__("invlpg (%0)" ::"r"(va) : "memory"); /* a global entry too */
}

void x86_tlb_kernel_unmapped(uintptr_t va)
{
	struct cpu *c = this_cpu();
	u64 gen = kernel_gen;
	bool in_step = c->arch.kernel_gen == gen;

	invlpg(va);
	kernel_unmapped[gen % KERNEL_UNMAP_LOG] = va;
	__atomic_store_n(&kernel_gen, gen + 1, __ATOMIC_RELEASE);
	if (in_step)
		c->arch.kernel_gen = gen + 1; /* this CPU has no stale entry left */
}

void x86_tlb_kernel_sync(void)
{
	struct cpu *c = this_cpu();
	u64 target = __atomic_load_n(&kernel_gen, __ATOMIC_ACQUIRE);
	bool whole = target - c->arch.kernel_gen > KERNEL_UNMAP_LOG;
	u64 cr4;

	if (c->arch.kernel_gen == target)
		return;
	if (!whole) {
		for (u64 g = c->arch.kernel_gen; g != target; g++)
			invlpg(READ_ONCE(kernel_unmapped[g % KERNEL_UNMAP_LOG]));
		/* Unmaps made meanwhile may have written over what was read: then all of it. */
		whole = __atomic_load_n(&kernel_gen, __ATOMIC_ACQUIRE) - c->arch.kernel_gen >
			KERNEL_UNMAP_LOG;
	}
	if (whole) {
		/* A write to CR4 that changes PGE drops every entry, global ones too (§4.10.4.1). */
		cr4 = read_cr4();
		if (cr4 & CR4_PGE) {
			write_cr4(cr4 & ~CR4_PGE);
			write_cr4(cr4);
		} else {
			write_cr3(read_cr3());
		}
	}
	c->arch.kernel_gen = target;
}
