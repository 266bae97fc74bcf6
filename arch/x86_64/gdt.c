// SPDX-License-Identifier: MIT
/*
 * The GDT and the TSS. In 64-bit mode segments are flat; the GDT matters for
 * privilege levels and the TSS for the stacks the CPU switches to: RSP0 on
 * entry from ring 3 and the IST stacks for faults that must not trust the
 * current stack (SDM vol. 3A §3.4.5 descriptors, §8.7 the 64-bit TSS).
 */
#include <asm/setup.h>
#include <asm/segment.h>
#include <kernel/compiler.h>
#include <kernel/types.h>
#include <string.h>

struct tss64 {
	u32 reserved0;
	u64 rsp[3];
	u64 reserved1;
	u64 ist[7]; /* IST1..IST7: ist[n - 1] is IST n */
	u64 reserved2;
	u16 reserved3;
	u16 iomap_base;
} __packed;

_Static_assert(sizeof(struct tss64) == 104, "the 64-bit TSS is 104 bytes (SDM vol. 3A fig. 8-11)");

/* Access-byte and flag bits of a code/data descriptor (SDM vol. 3A §3.4.5). */
#define DESC_P (1ull << 47)
#define DESC_DPL3 (3ull << 45)
#define DESC_S (1ull << 44) /* code or data, not system */
#define DESC_CODE (1ull << 43)
#define DESC_RW (1ull << 41) /* readable code / writable data */
#define DESC_L (1ull << 53)  /* 64-bit code */
#define DESC_TSS_AVAILABLE (0x9ull << 40)

#define IST_STACK_SIZE 16384

static u64 gdt[GDT_ENTRIES] __aligned(16);
static struct tss64 tss __aligned(16);
static u8 ist_stacks[NR_IST_STACKS][IST_STACK_SIZE] __aligned(16);

struct __packed descriptor_pointer {
	u16 limit;
	u64 base;
};

static void load_gdt_and_segments(void)
{
	struct descriptor_pointer p = { sizeof(gdt) - 1, (u64)gdt };

	__asm__ __volatile__("lgdt %0\n\t"
			     "pushq %1\n\t"
			     "leaq 1f(%%rip), %%rax\n\t"
			     "pushq %%rax\n\t"
			     "lretq\n"
			     "1:\n\t"
			     "movw %w2, %%ax\n\t"
			     "movw %%ax, %%ds\n\t"
			     "movw %%ax, %%es\n\t"
			     "movw %%ax, %%ss\n\t"
			     :
			     : "m"(p), "i"(KERNEL_CS), "i"(KERNEL_DS)
			     : "rax", "memory");
	__asm__ __volatile__("ltr %w0" ::"r"(TSS_SELECTOR));
}

void gdt_init(void)
{
	u64 tss_base = (u64)&tss, tss_limit = sizeof(tss) - 1;

	gdt[0] = 0;
	gdt[GDT_KERNEL_CODE] = DESC_P | DESC_S | DESC_CODE | DESC_RW | DESC_L;
	gdt[GDT_KERNEL_DATA] = DESC_P | DESC_S | DESC_RW;
	gdt[GDT_USER_DATA] = DESC_P | DESC_DPL3 | DESC_S | DESC_RW;
	gdt[GDT_USER_CODE] = DESC_P | DESC_DPL3 | DESC_S | DESC_CODE | DESC_RW | DESC_L;
	/* A 16-byte system descriptor: base 63:32 in the second slot. */
	gdt[GDT_TSS] = (tss_limit & 0xffff) | ((tss_base & 0xffffff) << 16) | DESC_TSS_AVAILABLE |
		       DESC_P | (((tss_limit >> 16) & 0xf) << 48) |
		       (((tss_base >> 24) & 0xff) << 56);
	gdt[GDT_TSS + 1] = tss_base >> 32;

	memset(&tss, 0, sizeof(tss));
	tss.iomap_base = sizeof(tss); /* no I/O permission bitmap */
	for (unsigned int i = 1; i <= NR_IST_STACKS; i++)
		tss.ist[i - 1] = (u64)ist_stacks[i - 1] + IST_STACK_SIZE;
	load_gdt_and_segments();
}

/* The stack the CPU loads on an interrupt or syscall from ring 3. */
void tss_set_kernel_stack(uintptr_t top)
{
	tss.rsp[0] = top;
}
