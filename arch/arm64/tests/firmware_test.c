// SPDX-License-Identifier: MIT
/*
 * What the firmware's description (device tree or ACPI) said against what
 * the hardware is: the GIC named is the GIC there, the console UART named a
 * PL011 is one, and after an EFI boot the memory handed to the allocator
 * leaves the runtime services and the ACPI tables alone.
 */
#include <asm/acpi.h>
#include <asm/efi.h>
#include <asm/page.h>
#include <asm/pte.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <kernel/acpi.h>
#include <kernel/ktest.h>
#include <kernel/kmem.h>
#include <string.h>

/* Peripheral ID 2's ArchRev, bits 7:4: GICv2 ICPIDR2 at 0xfe8 (IHI 0048B §4.3), GICv3 GICD_PIDR2 at 0xffe8 (IHI 0069 §12.9). */
#define GICV2_PIDR2 0xfe8
#define GICV3_PIDR2 0xffe8
#define PIDR2_ARCHREV(v) (((v) >> 4) & 0xf)
/* ICC_SRE_EL1.SRE: the CPU interface is used through system registers (IHI 0069 §12.2). */
#define REG_ICC_SRE_EL1 "S3_0_C12_C12_5"

/* PL011 identification (PL011 TRM, DDI 0183 §3.3): part 0x011, PrimeCell ID 0xb105f00d. */
#define UART_PERIPH_ID0 0xfe0
#define UART_PCELL_ID0 0xff0
#define PL011_PART 0x011
#define PRIMECELL_ID 0xb105f00du

static u32 mmio_read(phys_addr_t base, unsigned int off)
{
	return *(volatile u32 *)((char *)phys_to_virt(base) + off);
}

/* Four registers holding one byte each (bits 7:0), little end first. */
static u32 id_bytes(phys_addr_t base, unsigned int off)
{
	u32 v = 0;

	for (unsigned int i = 0; i < 4; i++)
		v |= (mmio_read(base, off + 4 * i) & 0xff) << (8 * i);
	return v;
}

KTEST(arm64_gic_version_matches_hardware)
{
	const struct arm64_platform *p = &arm64_platform;

	if (p->gic_version == 3) {
		u64 sre;

		/* ArchRev 3 is GICv3, 4 is GICv4 (a GICv3 with virtual LPIs): one driver. */
		KTEST_EXPECT(ctx, PIDR2_ARCHREV(mmio_read(p->gicd.base, GICV3_PIDR2)) == 3 ||
					  PIDR2_ARCHREV(mmio_read(p->gicd.base, GICV3_PIDR2)) == 4);
		__asm__ __volatile__("mrs %0, " REG_ICC_SRE_EL1 : "=r"(sre));
		KTEST_EXPECT_EQ(ctx, sre & 1, 1);
	} else {
		KTEST_EXPECT_EQ(ctx, p->gic_version, 2);
		KTEST_EXPECT_EQ(ctx, PIDR2_ARCHREV(mmio_read(p->gicd.base, GICV2_PIDR2)), 2);
	}
	if (p->acpi && arm64_acpi_facts.madt_gic_version)
		KTEST_EXPECT_EQ(ctx, arm64_acpi_facts.madt_gic_version == 2 ? 2 : 3,
				p->gic_version);
}

KTEST(arm64_console_uart_is_pl011)
{
	const struct arm64_platform *p = &arm64_platform;

	if (p->acpi && arm64_acpi_facts.spcr_type != SPCR_TYPE_PL011) {
		ktest_skip(ctx, "the SPCR names an SBSA UART: no PL011 ID registers to read");
		return;
	}
	KTEST_EXPECT(ctx, p->uart.size != 0);
	KTEST_EXPECT_EQ(ctx, id_bytes(p->uart.base, UART_PCELL_ID0), PRIMECELL_ID);
	KTEST_EXPECT_EQ(ctx, id_bytes(p->uart.base, UART_PERIPH_ID0) & 0xfff, PL011_PART);
}

static bool overlaps(const struct mem_range *a, phys_addr_t start, phys_addr_t end)
{
	return a->start < end && start < a->end;
}

static bool in_usable(const struct boot_info *info, phys_addr_t start, phys_addr_t end)
{
	for (unsigned int i = 0; i < info->nr_usable; i++) {
		if (overlaps(&info->usable[i], start, end))
			return true;
	}
	return false;
}

/*
 * UEFI 2.10 §7.2: runtime-services memory stays the firmware's after
 * ExitBootServices, and ACPI tables (reclaim or NVS memory) are read after
 * boot: none of it may be free RAM.
 */
KTEST(arm64_efi_memory_map_keeps_firmware_memory)
{
	const struct arm64_efi_handoff *h = arm64_efi;
	struct acpi_rsdp rsdp;

	if (!h) {
		ktest_skip(ctx, "not booted by UEFI");
		return;
	}
	KTEST_EXPECT(ctx, h->nr_runtime > 0);
	for (unsigned int i = 0; i < h->nr_runtime; i++)
		KTEST_EXPECT(ctx, !in_usable(&h->info, h->runtime[i].start, h->runtime[i].end));
	if (h->info.acpi_rsdp_len >= sizeof(rsdp)) {
		memcpy(&rsdp, h->info.acpi_rsdp, sizeof(rsdp));
		KTEST_EXPECT(ctx, !in_usable(&h->info, rsdp.xsdt_address, rsdp.xsdt_address + 1));
	}
	const struct acpi_table_header *madt = acpi_find_table("APIC", 0);

	if (madt) {
		phys_addr_t pa = virt_to_phys(madt);

		KTEST_EXPECT(ctx, !in_usable(&h->info, pa, pa + madt->length));
	}
}

/* PAR_EL1 after AT S1E1W (Arm ARM D19.2, PAR_EL1): F bit 0, ATTR bits 63:56 (a MAIR encoding). */
#define PAR_F (UL(1) << 0)
#define PAR_ATTR(par) ((par) >> 56)
#define MAIR_NORMAL_NC 0x44

/*
 * The GOP framebuffer (qemu-arm64-uefi has QEMU's ramfb) is mapped for the
 * kernel as Normal Non-cacheable, writable, at its direct-map address, and
 * what is written there is what memory holds.
 */
KTEST(arm64_framebuffer_mapped_non_cacheable)
{
	const struct boot_framebuffer *fb = arm64_efi ? &arm64_efi->info.fb : NULL;
	volatile u32 *px;
	u64 par;

	if (!fb || !fb->base) {
		ktest_skip(ctx, "no framebuffer from the firmware");
		return;
	}
	px = arch_map_framebuffer(fb->base, (size_t)fb->pitch * fb->height);
	if (!KTEST_EXPECT(ctx, px != NULL))
		return;
	KTEST_EXPECT(ctx, arch_map_framebuffer(fb->base, fb->pitch) == px); /* mapped once */
	KTEST_EXPECT_EQ(ctx, virt_to_phys((const void *)px), fb->base);
	__asm__ __volatile__("at s1e1w, %1\n\tisb\n\tmrs %0, par_el1" : "=r"(par) : "r"(px));
	KTEST_EXPECT_EQ(ctx, par & PAR_F, 0);
	KTEST_EXPECT_EQ(ctx, PAR_ATTR(par), MAIR_NORMAL_NC);
	KTEST_EXPECT_EQ(ctx, par & PTE_ADDR_MASK, fb->base & PTE_ADDR_MASK);
	px[0] = 0x00ff00ff;
	KTEST_EXPECT_EQ(ctx, px[0], 0x00ff00ff);
	px[0] = 0;
	KTEST_EXPECT(ctx, fb->bpp == 32 && fb->width > 0 && fb->pitch >= fb->width * 4);
}
