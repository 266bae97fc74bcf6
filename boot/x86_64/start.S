/* SPDX-License-Identifier: MIT */
/*
 * Multiboot2 entry and the 32-bit to 64-bit trampoline.
 *
 * GRUB enters _start in 32-bit protected mode, paging off, with EAX = the
 * Multiboot2 magic and EBX = the physical address of the boot information
 * (Multiboot2 specification §3.3). We build throw-away page tables that map
 * the first 4 GiB of physical memory three times -- identity (so this code
 * keeps running when paging comes on), at the direct map and at the kernel
 * image window -- enter long mode (Intel SDM vol. 3A §10.8.5: PAE, then
 * EFER.LME, then CR0.PG) and jump to the higher half. arch_mm_init() later
 * replaces these tables with the kernel's own.
 *
 * This code runs at its physical address (the .boot section is linked
 * there); everything else is linked at KERNEL_VMA.
 */
#include <asm/page.h>
#include <asm/segment.h>
#include <asm/x86.h>

#define MB2_MAGIC 0xe85250d6	   /* header magic (spec §3.1.1) */
#define MB2_ARCH_I386 0

#define PTE_P 0x1
#define PTE_RW 0x2
#define PTE_PS 0x80 /* 2 MiB page in a page directory entry */

#define COM1 0x3f8

	.section .multiboot2, "a"
	.balign 8
mb2_header:
	.long MB2_MAGIC
	.long MB2_ARCH_I386
	.long mb2_header_end - mb2_header
	.long -(MB2_MAGIC + MB2_ARCH_I386 + (mb2_header_end - mb2_header))
	/*
	 * framebuffer tag (spec §3.1.10): type 5, optional, any mode the loader
	 * prefers (width, height, depth 0) -- the screen console
	 */
	.short 5
	.short 1
	.long 20
	.long 0
	.long 0
	.long 0
	.balign 8
	/* end tag: type 0, flags 0, size 8 */
	.short 0
	.short 0
	.long 8
mb2_header_end:

	.section .boot.text, "ax"
	.code32
	.globl _start
_start:
	cli
	cld
	movl %eax, boot_magic		/* keep magic and info pointer for C */
	movl %ebx, boot_info_phys
	movl $boot_stack_top, %esp

	/* Long mode is CPUID.80000001H:EDX[29] (SDM vol. 2A, CPUID). */
	movl $0x80000000, %eax
	cpuid
	cmpl $0x80000001, %eax
	jb no_long_mode
	movl $0x80000001, %eax
	cpuid
	testl $(1 << 29), %edx
	jz no_long_mode
	movl %edx, %ebp			/* EDX[20] = NX, used below */

	/* Zero the table pages: GRUB loads .boot but we do not trust it with bss. */
	movl $boot_tables, %edi
	movl $(boot_tables_end - boot_tables) / 4, %ecx
	xorl %eax, %eax
	rep stosl

	/* Four page directories of 2 MiB pages: physical 0 .. 4 GiB. */
	movl $boot_pd, %edx
	xorl %ecx, %ecx
1:	movl %ecx, %eax
	shll $21, %eax
	orl $(PTE_P | PTE_RW | PTE_PS), %eax
	movl %eax, (%edx, %ecx, 8)
	movl %ecx, %eax
	shrl $11, %eax			/* bits 32+ of (index << 21) */
	movl %eax, 4(%edx, %ecx, 8)
	incl %ecx
	cmpl $(4 * 512), %ecx
	jne 1b

	/* The low PDPT: entries 0..3 point at the four directories. */
	movl $boot_pdpt_low, %edx
	movl $boot_pd + (PTE_P | PTE_RW), %eax
	movl %eax, 0(%edx)
	addl $4096, %eax
	movl %eax, 8(%edx)
	addl $4096, %eax
	movl %eax, 16(%edx)
	addl $4096, %eax
	movl %eax, 24(%edx)

	/* The high PDPT maps -2 GiB: entries 510 and 511 = physical 0 .. 2 GiB. */
	movl $boot_pdpt_high, %edx
	movl $boot_pd + (PTE_P | PTE_RW), %eax
	movl %eax, 510 * 8(%edx)
	addl $4096, %eax
	movl %eax, 511 * 8(%edx)

	/* PML4: identity (slot 0), direct map (slot 256), kernel window (511). */
	movl $boot_pml4, %edx
	movl $boot_pdpt_low + (PTE_P | PTE_RW), %eax
	movl %eax, 0(%edx)
	movl %eax, 256 * 8(%edx)
	movl $boot_pdpt_high + (PTE_P | PTE_RW), %eax
	movl %eax, 511 * 8(%edx)

	movl %edx, %cr3
	movl %cr4, %eax
	orl $CR4_PAE, %eax
	movl %eax, %cr4

	movl $MSR_EFER, %ecx
	rdmsr
	orl $EFER_LME, %eax
	testl $(1 << 20), %ebp
	jz 2f
	orl $EFER_NXE, %eax
2:	wrmsr

	movl %cr0, %eax
	orl $(CR0_PG | CR0_WP | CR0_PE), %eax
	movl %eax, %cr0

	lgdt boot_gdt_ptr
	ljmp $KERNEL_CS, $long_mode_entry

	/* No long mode: say so on COM1 (polled, no set-up needed) and stop. */
no_long_mode:
	movl $no_lm_msg, %esi
3:	lodsb
	testb %al, %al
	jz 5f
	movb %al, %bl
	movw $COM1 + 5, %dx
4:	inb %dx, %al
	testb $0x20, %al
	jz 4b
	movw $COM1, %dx
	movb %bl, %al
	outb %al, %dx
	jmp 3b
5:	hlt
	jmp 5b

	.code64
long_mode_entry:
	endbr64				/* reached by a far JMP; a NOP before CET is on (kernel IBT) */
	movw $KERNEL_DS, %ax
	movw %ax, %ds
	movw %ax, %es
	movw %ax, %ss
	xorl %eax, %eax
	movw %ax, %fs
	movw %ax, %gs
	movl boot_magic(%rip), %edi	/* the first two C arguments */
	movl boot_info_phys(%rip), %esi
	movabsq $higher_half_entry, %rax
	jmp *%rax

	.section .boot.data, "aw"
	.balign 4
boot_magic:	.long 0
boot_info_phys:	.long 0
no_lm_msg:
	.asciz "umbra: this CPU has no 64-bit long mode; halting.\r\n"

	.balign 8
boot_gdt:
	.quad 0				/* null */
	.quad 0x00209a0000000000	/* 64-bit ring-0 code: P, S, code, L */
	.quad 0x0000920000000000	/* ring-0 data: P, S, writable */
boot_gdt_end:
boot_gdt_ptr:
	.short boot_gdt_end - boot_gdt - 1
	.long boot_gdt

	.balign 4096
boot_tables:
boot_pml4:	.skip 4096
boot_pdpt_low:	.skip 4096
boot_pdpt_high:	.skip 4096
boot_pd:	.skip 4 * 4096
boot_tables_end:
	.skip 4096
boot_stack_top:

	/* From here on we run at the kernel's link address. */
	.text
	.code64
higher_half_entry:
	endbr64				/* reached by JMP *%rax; a NOP before CET is on (kernel IBT) */
	movabsq $boot_stack_end, %rsp
	xorl %ebp, %ebp			/* ends the backtrace */
	call x86_64_start		/* (magic, info physical address) */
6:	cli
	hlt
	jmp 6b

	.bss
	.balign 16
boot_stack:
	.skip 16384
boot_stack_end:
