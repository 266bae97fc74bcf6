/* SPDX-License-Identifier: MIT */
/*
 * The application processors' first instructions, copied to the trampoline
 * page smp.c chose from the memory map (asm/smp.h) before each start-up
 * IPI. The AP starts in real mode with CS = page >> 4, IP = 0 (Intel SDM
 * vol. 3A §9.4.4.2, "Typical AP Initialization Sequence") and goes real ->
 * 32-bit protected -> 64-bit (vol. 3A §10.8.5: PAE, CR3, EFER.LME, then
 * CR0.PG), then jumps to x86_ap_entry at its link address, on the stack the
 * boot CPU put in ap_stack.
 *
 * The code runs at any page: it finds its own base from CS (EBX = CS << 4)
 * and addresses its data as an offset from it, OFF(label). What a far jump
 * or LGDT needs as an absolute address -- the GDT's base, the 32-bit and
 * 64-bit entry points -- smp.c writes into the copy (x86_trampoline_*),
 * with the rest of each AP's parameters.
 *
 * The tables in ap_cr3 (smp.c) identity-map this page (and only it), so it
 * keeps running when paging comes on, and share the kernel half of the
 * kernel's own tables; x86_ap_entry() then loads the kernel's CR3. It lives
 * in .rodata, never run where it is linked.
 */
#include <asm/smp.h>
#include <asm/x86.h>

#define OFF(label) ((label) - x86_trampoline_start)

	.section .rodata, "a"
	.balign 16
	.globl x86_trampoline_start
x86_trampoline_start:
	.code16
	cli
	cld
	movw %cs, %ax
	movw %ax, %ds			/* DS:OFF(x) is x in this copy */
	movzwl %ax, %ebx
	shll $4, %ebx			/* EBX = the page's physical address */
	lgdtl OFF(tramp_gdt_ptr)
	movl %cr0, %eax
	orl $CR0_PE, %eax
	movl %eax, %cr0
	ljmpl *OFF(ap_pm32_jump)

	.code32
tramp_pm32:
	movw $TRAMP_DS32, %ax
	movw %ax, %ds
	movw %ax, %es
	movw %ax, %ss
	movl %cr4, %eax
	orl $CR4_PAE, %eax
	movl %eax, %cr4
	movl OFF(ap_cr3)(%ebx), %eax
	movl %eax, %cr3
	movl $MSR_EFER, %ecx
	rdmsr
	orl OFF(ap_efer)(%ebx), %eax	/* LME, and NXE when the kernel's PTEs use NX */
	wrmsr
	movl %cr0, %eax
	orl $(CR0_PG | CR0_WP), %eax
	movl %eax, %cr0
	ljmpl *OFF(ap_lm64_jump)(%ebx)

	.code64
tramp_lm64:
	movl %ebx, %ebx			/* bits 63:32 are undefined after the mode switch */
	xorl %eax, %eax
	movw %ax, %ds
	movw %ax, %es
	movw %ax, %ss
	movq OFF(ap_stack)(%rbx), %rsp
	movq OFF(ap_cpu)(%rbx), %rdi	/* x86_ap_entry(cpu slot) */
	movq OFF(ap_entry)(%rbx), %rax
	xorl %ebp, %ebp			/* ends the backtrace */
	pushq $0			/* a return address of 0; keeps RSP 16-byte aligned at entry */
	jmp *%rax

	.balign 8
tramp_gdt:
	.quad 0
	.quad 0x00cf9a000000ffff	/* 32-bit ring-0 code, base 0, 4 GiB */
	.quad 0x00cf92000000ffff	/* 32-bit ring-0 data, base 0, 4 GiB */
	.quad 0x00209a0000000000	/* 64-bit ring-0 code: P, S, code, L */
tramp_gdt_end:
tramp_gdt_ptr:
	.short tramp_gdt_end - tramp_gdt - 1
	.globl x86_trampoline_gdt_base
x86_trampoline_gdt_base:
	.long 0				/* page + OFF(tramp_gdt), by smp.c */

	/* Far-jump pointers {offset, selector} (SDM vol. 2A, JMP m16:32); offsets by smp.c. */
	.balign 4
	.globl x86_trampoline_pm32_jump, x86_trampoline_lm64_jump
	.globl x86_trampoline_gdt, x86_trampoline_pm32, x86_trampoline_lm64
x86_trampoline_pm32_jump:
ap_pm32_jump:	.long 0
		.short TRAMP_CS32
	.balign 4
x86_trampoline_lm64_jump:
ap_lm64_jump:	.long 0
		.short TRAMP_CS64
	.set x86_trampoline_gdt, tramp_gdt
	.set x86_trampoline_pm32, tramp_pm32
	.set x86_trampoline_lm64, tramp_lm64

	/* Written by smp.c for each AP before its start-up IPI. */
	.balign 8
	.globl x86_trampoline_ap_cr3, x86_trampoline_ap_efer, x86_trampoline_ap_stack
	.globl x86_trampoline_ap_cpu, x86_trampoline_ap_entry
x86_trampoline_ap_cr3:
ap_cr3:		.long 0
x86_trampoline_ap_efer:
ap_efer:	.long 0
x86_trampoline_ap_stack:
ap_stack:	.quad 0
x86_trampoline_ap_cpu:
ap_cpu:		.quad 0
x86_trampoline_ap_entry:
ap_entry:	.quad 0
	.globl x86_trampoline_end
x86_trampoline_end:
