/* SPDX-License-Identifier: MIT */
/*
 * Multiboot2 entry and the 32-bit to 64-bit trampoline.
 *
 * GRUB enters _start in 32-bit protected mode, paging off, with EAX = the
 * Multiboot2 magic and EBX = the physical address of the boot information
 * (Multiboot2 specification §3.3). We build throw-away page tables that
 * map the image and nothing else -- identity-mapped (so this code keeps
 * running when paging comes on) and at the kernel image window -- enter
 * long mode (Intel SDM vol. 3A §10.8.5: PAE, then EFER.LME, then CR0.PG)
 * and jump to the higher half. The direct map is added from C, from the
 * memory map (arch/x86_64/early_map.c); arch_mm_init() later replaces
 * these tables with the kernel's own.
 *
 * The image is relocatable (the header's relocatable tag, spec §3.1.13):
 * the boot loader may put it at any 2 MiB-aligned address below 4 GiB that
 * its memory map says is free, not only where it is linked (KERNEL_PHYS).
 * So this code runs wherever it was put: it measures the distance between
 * where it runs and where it is linked (EBP, the "load offset") and adds it
 * to every absolute address it uses; the kernel image window maps the
 * link address plus that offset, and x86_64_start() receives it for
 * kernel_image_to_phys(). Everything but .boot is linked at KERNEL_VMA.
 */
#include <asm/page.h>
#include <asm/segment.h>
#include <asm/x86.h>

#define MB2_MAGIC 0xe85250d6	   /* header magic (spec §3.1.1) */
#define MB2_ARCH_I386 0
#define MB2_TAG_OPTIONAL 1	   /* a loader that does not know the tag may ignore it */

/*
 * Where the loader may put the image (relocatable tag, spec §3.1.13): from
 * the link address (the load offset is never negative) to 4 GiB (this code
 * identity-maps the image through the first 4 GiB's four page directories),
 * in 2 MiB steps (the kernel window is built of 2 MiB blocks), as high as
 * the memory map allows -- "high" so that every boot, on every emulator,
 * runs the kernel away from its link address, where a missed relocation
 * would show at once.
 */
#define LOAD_ALIGN 0x200000
#define LOAD_MAX 0xffffffff
#define MB2_LOAD_PREFERENCE_HIGH 2

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
	/* relocatable tag (spec §3.1.13): type 10, size 24 */
	.short 10
	.short MB2_TAG_OPTIONAL
	.long 24
	.long __kernel_phys_start	/* min_addr */
	.long LOAD_MAX			/* max_addr: where the image may end */
	.long LOAD_ALIGN
	.long MB2_LOAD_PREFERENCE_HIGH
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
	/*
	 * Where are we? Only a CALL tells 32-bit code its own address, and it
	 * needs four bytes of stack; the loader gives none (spec §3.3: ESP
	 * undefined). The boot information's reserved word (bytes 4-7, spec
	 * §3.6.1, ignored by the OS) serves, as Linux's startup_32 borrows a
	 * scratch word of its boot_params. EBP = run address - link address.
	 */
	leal 8(%ebx), %esp
	call 1f
1:	popl %ebp
	subl $1b, %ebp
	testl $(LOAD_ALIGN - 1), %ebp
	jnz bad_load_address		/* the kernel window needs 2 MiB steps */

	movl %eax, boot_magic(%ebp)	/* keep magic and info pointer for C */
	movl %ebx, boot_info_phys(%ebp)
	movl %ebp, boot_load_offset(%ebp)
	leal boot_stack_top(%ebp), %esp

	/* Long mode is CPUID.80000001H:EDX[29] (SDM vol. 2A, CPUID). */
	movl $0x80000000, %eax
	cpuid
	cmpl $0x80000001, %eax
	jb no_long_mode
	movl $0x80000001, %eax
	cpuid
	testl $(1 << 29), %edx
	jz no_long_mode
	pushl %edx			/* EDX[20] = NX, used below */

	/* Zero the table pages: GRUB loads .boot but we do not trust it with bss. */
	leal boot_tables(%ebp), %edi
	movl $(boot_tables_end - boot_tables) / 4, %ecx
	xorl %eax, %eax
	rep stosl

	/*
	 * The image's own memory, and nothing else: the code needs no more
	 * before C reads the memory map (early_map.c maps the boot information
	 * and then the RAM). A write-back page over what is not RAM -- the PCI
	 * hole, the VGA window, firmware's reserved memory next to where the
	 * loader put us -- invites speculative fills of it, and a large page
	 * over ranges of different MTRR types is undefined (SDM vol. 3A
	 * §12.11.9); so the image's block n (linked at n * 2 MiB) is mapped
	 * where it was loaded, physical n * 2 MiB + EBP, both at that physical
	 * address (identity, for the instructions right after CR0.PG) and at
	 * KERNEL_VMA + n * 2 MiB (the kernel window): a 2 MiB page (a PDE with
	 * PS, §4.5, table 4-17) for each block the image fills, and for the
	 * block it ends in, if any, a page table of 4 KiB pages (table 4-19)
	 * over the image's pages only. The linker script's __boot_window_*
	 * count the blocks. Everything lies below 4 GiB: the entries' high
	 * words stay 0.
	 */
	movl %ebp, %ebx
	shrl $21, %ebx			/* EBX = blocks moved: identity index - window index */
	leal boot_pd_kernel(%ebp), %edx
	leal boot_pd(%ebp), %edi
	movl $__boot_window_first, %ecx
	jmp 11f
10:	movl %ecx, %eax
	shll $21, %eax
	addl %ebp, %eax
	orl $(PTE_P | PTE_RW | PTE_PS), %eax
	movl %eax, (%edx, %ecx, 8)	/* the kernel window's entry */
	leal (%ecx, %ebx), %esi
	movl %eax, (%edi, %esi, 8)	/* the identity entry */
	incl %ecx
11:	cmpl $__boot_window_whole_end, %ecx
	jne 10b

	/* The block the image ends in: ECX is its link index. */
	movl $__boot_tail_pages, %esi
	testl %esi, %esi
	jz 13f
	movl %ecx, %eax
	shll $21, %eax
	addl %ebp, %eax
	orl $(PTE_P | PTE_RW), %eax	/* its first page's entry, then 4 KiB steps */
	pushl %edx
	leal boot_pt_tail(%ebp), %edx
12:	movl %eax, (%edx)
	addl $4096, %eax
	addl $8, %edx
	decl %esi
	jnz 12b
	popl %edx
	leal (boot_pt_tail + (PTE_P | PTE_RW))(%ebp), %eax
	movl %eax, (%edx, %ecx, 8)
	addl %ebx, %ecx
	movl %eax, (%edi, %ecx, 8)
13:
	/* The low PDPT: entries 0..3 point at the four identity directories. */
	leal boot_pdpt_low(%ebp), %edx
	leal (boot_pd + (PTE_P | PTE_RW))(%ebp), %eax
	movl %eax, 0(%edx)
	addl $4096, %eax
	movl %eax, 8(%edx)
	addl $4096, %eax
	movl %eax, 16(%edx)
	addl $4096, %eax
	movl %eax, 24(%edx)

	/* The high PDPT maps -2 GiB (entry 510) with that directory. */
	leal boot_pdpt_high(%ebp), %edx
	leal (boot_pd_kernel + (PTE_P | PTE_RW))(%ebp), %eax
	movl %eax, 510 * 8(%edx)

	/*
	 * PML4: identity (slot 0) and kernel window (511). The direct map
	 * (slot 256) is early_map.c's, built from the memory map.
	 */
	leal boot_pml4(%ebp), %edx
	leal (boot_pdpt_low + (PTE_P | PTE_RW))(%ebp), %eax
	movl %eax, 0(%edx)
	leal (boot_pdpt_high + (PTE_P | PTE_RW))(%ebp), %eax
	movl %eax, 511 * 8(%edx)

	movl %edx, %cr3
	movl %cr4, %eax
	orl $CR4_PAE, %eax
	movl %eax, %cr4

	popl %esi			/* CPUID.80000001H:EDX, pushed above */
	movl $MSR_EFER, %ecx
	rdmsr
	orl $EFER_LME, %eax
	testl $(1 << 20), %esi
	jz 4f
	orl $EFER_NXE, %eax
4:	wrmsr

	movl %cr0, %eax
	orl $(CR0_PG | CR0_WP | CR0_PE), %eax
	movl %eax, %cr0

	/* The GDT's base and the far jump's target are where we run, not where we are linked. */
	leal boot_gdt(%ebp), %eax
	movl %eax, (boot_gdt_ptr + 2)(%ebp)
	lgdt boot_gdt_ptr(%ebp)
	pushl $KERNEL_CS
	leal long_mode_entry(%ebp), %eax
	pushl %eax
	lret				/* far return: CS = a 64-bit code segment */

	/* A loader that ignored the tag's alignment: say so on COM1 and stop. */
bad_load_address:
	leal bad_load_msg(%ebp), %esi
	jmp say_and_halt
	/* No long mode: the same. */
no_long_mode:
	leal no_lm_msg(%ebp), %esi
	/* The string at ESI on COM1 (polled, no set-up needed), then halt. */
say_and_halt:
5:	lodsb
	testb %al, %al
	jz 7f
	movb %al, %bl
	movw $COM1 + 5, %dx
6:	inb %dx, %al
	testb $0x20, %al
	jz 6b
	movw $COM1, %dx
	movb %bl, %al
	outb %al, %dx
	jmp 5b
7:	hlt
	jmp 7b

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
	movl boot_magic(%rip), %edi	/* the first three C arguments */
	movl boot_info_phys(%rip), %esi
	movl boot_load_offset(%rip), %edx
	movabsq $higher_half_entry, %rax
	jmp *%rax

	.section .boot.data, "aw"
	.balign 4
boot_magic:	.long 0
boot_info_phys:	.long 0
boot_load_offset: .long 0
no_lm_msg:
	.asciz "umbra: this CPU has no 64-bit long mode; halting.\r\n"
bad_load_msg:
	.asciz "umbra: loaded at an address not 2 MiB-aligned; halting.\r\n"

	.balign 8
boot_gdt:
	.quad 0				/* null */
	.quad 0x00209a0000000000	/* 64-bit ring-0 code: P, S, code, L */
	.quad 0x0000920000000000	/* ring-0 data: P, S, writable */
boot_gdt_end:
boot_gdt_ptr:
	.short boot_gdt_end - boot_gdt - 1
	.long boot_gdt			/* rewritten with the address we run at */

	.balign 4096
boot_tables:
boot_pml4:	.skip 4096
boot_pdpt_low:	.skip 4096
boot_pdpt_high:	.skip 4096
boot_pd:	.skip 4 * 4096
boot_pd_kernel:	.skip 4096
boot_pt_tail:	.skip 4096
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
	call x86_64_start		/* (magic, info physical address, load offset) */
8:	cli
	hlt
	jmp 8b

	.bss
	.balign 16
boot_stack:
	.skip 16384
boot_stack_end:
