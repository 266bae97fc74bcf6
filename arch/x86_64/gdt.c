// SPDX-License-Identifier: MIT
/*
 * The GDT and the TSS. In 64-bit mode segments are flat; the GDT matters for
 * privilege levels and the TSS for the stacks the CPU switches to: RSP0 on
 * entry from ring 3 and the IST stacks for faults that must not trust the
 * current stack (SDM vol. 3A §3.4.5 descriptors, §8.7 the 64-bit TSS), and
 * the I/O permission bit maps ring 3's IN and OUT are checked against
 * (SDM vol. 1 §19.5.2; vol. 3A §8.2.1: the map base in the TSS's last
 * word, an offset from the TSS's base).
 */
#include <asm/setup.h>
#include <asm/ioport.h>
#include <asm/page.h>
#include <asm/segment.h>
#include <kernel/compiler.h>
#include <kernel/kmem.h>
#include <kernel/percpu.h>
#include <kernel/smp.h>
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

/*
 * A CPU's TSS and, after it, two I/O permission bit maps, each followed by
 * the byte of ones the CPU needs: it reads two bytes of the map for every
 * access, and a port at the map's end must still find its bit inside the
 * TSS limit (SDM vol. 1 §19.5.2). The TSS limit covers both maps. Every
 * CPU has its own: RSP0 is the kernel stack of the task it runs, the IST
 * stacks must never be shared (two CPUs in an NMI at once), and the I/O
 * map is the running thread's.
 */
struct tss_block {
	struct tss64 hw;
	u8 io_map[IO_BITMAP_BYTES + 1]; /* the running thread's ioperm() bits */
	u8 io_all[IO_BITMAP_BYTES + 1]; /* all zero: every port (iopl(3)) */
} __packed;

/* A map base at or past the TSS limit: no I/O permissions at all (SDM vol. 1 §19.5.2). */
#define IOMAP_BASE_NONE ((u16)sizeof(struct tss_block))
#define TSS_BLOCK_PAGES ((sizeof(struct tss_block) + PAGE_SIZE - 1) / PAGE_SIZE)

_Static_assert(sizeof(struct tss_block) <= 0xffff,
	       "both I/O maps must be reachable by the 16-bit map base");

/* The boot CPU's, static: it is set up before the page allocator. */
static u64 gdt[GDT_ENTRIES] __aligned(16);
static struct tss_block boot_tss __aligned(PAGE_SIZE);
static u8 ist_stacks[NR_IST_STACKS][IST_STACK_SIZE] __aligned(16);

struct __packed descriptor_pointer {
	u16 limit;
	u64 base;
};

static void load_gdt_and_segments(const u64 *g)
{
	struct descriptor_pointer p = { GDT_ENTRIES * sizeof(u64) - 1, (u64)g };

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

/* The code and data descriptors every GDT has, and a TSS descriptor for base/limit. */
static void fill_gdt(u64 *g, u64 tss_base, u64 tss_limit)
{
	g[0] = 0;
	g[GDT_KERNEL_CODE] = DESC_P | DESC_S | DESC_CODE | DESC_RW | DESC_L;
	g[GDT_KERNEL_DATA] = DESC_P | DESC_S | DESC_RW;
	g[GDT_USER_DATA] = DESC_P | DESC_DPL3 | DESC_S | DESC_RW;
	g[GDT_USER_CODE] = DESC_P | DESC_DPL3 | DESC_S | DESC_CODE | DESC_RW | DESC_L;
	/* A 16-byte system descriptor: base 63:32 in the second slot. */
	g[GDT_TSS] = (tss_limit & 0xffff) | ((tss_base & 0xffffff) << 16) | DESC_TSS_AVAILABLE |
		     DESC_P | (((tss_limit >> 16) & 0xf) << 48) | (((tss_base >> 24) & 0xff) << 56);
	g[GDT_TSS + 1] = tss_base >> 32;
}

/* An empty TSS block: no RSP0 yet, no port allowed, the IST stacks given. */
static void tss_block_init(struct tss_block *t, const uintptr_t ist_top[NR_IST_STACKS])
{
	memset(t, 0, sizeof(*t));
	t->io_map[IO_BITMAP_BYTES] = 0xff;
	t->io_all[IO_BITMAP_BYTES] = 0xff;
	t->hw.iomap_base = IOMAP_BASE_NONE;
	for (unsigned int i = 0; i < NR_IST_STACKS; i++)
		t->hw.ist[i] = ist_top[i];
}

/* The boot CPU: arch_set_this_cpu() has run. */
void gdt_init(void)
{
	uintptr_t ist_top[NR_IST_STACKS];

	for (unsigned int i = 0; i < NR_IST_STACKS; i++)
		ist_top[i] = (uintptr_t)ist_stacks[i] + IST_STACK_SIZE;
	tss_block_init(&boot_tss, ist_top);
	fill_gdt(gdt, (u64)&boot_tss, sizeof(boot_tss) - 1);
	load_gdt_and_segments(gdt);
	this_cpu()->arch.tss = &boot_tss;
}

static u64 ap_gdt[SMP_MAX_CPUS][GDT_ENTRIES] __aligned(16);

void *gdt_alloc_secondary_tss(void)
{
	phys_addr_t p = page_alloc_zeroed(TSS_BLOCK_PAGES);

	return p ? phys_to_virt(p) : NULL;
}

/* See asm/setup.h: on the secondary, arch_set_this_cpu() done, interrupts off. */
void gdt_init_secondary(unsigned int cpu, void *tss, const uintptr_t ist_top[NR_IST_STACKS])
{
	struct tss_block *t = tss;

	tss_block_init(t, ist_top);
	fill_gdt(ap_gdt[cpu], (u64)t, sizeof(*t) - 1);
	load_gdt_and_segments(ap_gdt[cpu]);
	this_cpu()->arch.tss = t;
}

static struct tss_block *my_tss(void)
{
	return this_cpu()->arch.tss;
}

/* The stack this CPU loads on an interrupt or exception from ring 3. */
void tss_set_kernel_stack(uintptr_t top)
{
	my_tss()->hw.rsp[0] = top;
}

void tss_set_ist(unsigned int n, uintptr_t top)
{
	my_tss()->hw.ist[n] = top;
}

void tss_set_io(enum tss_io which)
{
	static const u16 base[] = {
		[TSS_IO_NONE] = IOMAP_BASE_NONE,
		[TSS_IO_MAP] = offsetof(struct tss_block, io_map),
		[TSS_IO_ALL] = offsetof(struct tss_block, io_all),
	};

	my_tss()->hw.iomap_base = base[which];
}

u8 *tss_io_map(void)
{
	return my_tss()->io_map;
}
