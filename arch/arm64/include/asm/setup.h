/* SPDX-License-Identifier: MIT */
/* What the arm64 start-up code shares between its files. */
#ifndef ASM_SETUP_H
#define ASM_SETUP_H

#include <kernel/boot.h>
#include <kernel/smp.h>
#include <kernel/types.h>

/* A device's registers, as the DTB or ACPI gave them (physical). */
struct mmio_range {
	phys_addr_t base;
	size_t size;
};

/* Redistributor regions: one per CPU at most (MADT GICCs' own GICR addresses). */
#define ARM64_MAX_GICR SMP_MAX_CPUS

/* The devices the DTB or the ACPI tables described; read by the drivers. */
struct arm64_platform {
	struct mmio_range uart;			/* PL011 */
	struct mmio_range rtc;			/* PL031, size 0 when absent */
	struct mmio_range gicd;			/* GIC distributor */
	struct mmio_range gicc;			/* GICv2 CPU interface */
	struct mmio_range gicr[ARM64_MAX_GICR]; /* GICv3 redistributor regions */
	unsigned int nr_gicr;
	bool gicr_per_cpu;	   /* each region one CPU's redistributor (no Last bit to find) */
	unsigned int gic_version;  /* 2 or 3 */
	unsigned int timer_intid;  /* virtual timer's GIC INTID */
	unsigned int ptimer_intid; /* EL1 physical timer's (arch_cpu_relax()), 0 if unknown */
	bool psci_hvc;		   /* PSCI conduit: HVC, else SMC */
	bool psci;		   /* PSCI is there (DTB node, FADT flag) */
	bool acpi;		   /* described by ACPI, not the DTB */
	bool console_unknown;	   /* no UART yet and no default to assume: stay quiet */
	u64 cpus[SMP_MAX_CPUS];	   /* MPIDR affinity of each CPU (DT cpu nodes, MADT GICCs) */
	unsigned int nr_cpus;
};

/* Adds a CPU by its MPIDR to arm64_platform.cpus (dtb.c, acpi.c). */
void arm64_add_cpu(u64 mpidr);

extern struct arm64_platform arm64_platform;

/*
 * Parses the DTB at physical dtb into arm64_platform and, unless efi (the
 * EFI stub gave them), the memory, command line and initramfs into info.
 */
void arm64_dtb_parse(phys_addr_t dtb, struct boot_info *info, bool efi);

/*
 * Fills arm64_platform from the ACPI tables info's RSDP leads to (SPCR,
 * MADT, GTDT, FADT); before arch_mm_init(), through phys_map(), wherever
 * they lie. Panics without a usable GIC or timer.
 */
void arm64_acpi_parse(struct boot_info *info);

/*
 * Maps the usable RAM of info, up to 512 GiB, into the boot map's direct
 * map exactly as info says (early_map.c), so the page allocator may put
 * its bitmap anywhere in it. Once, before kernel_main().
 */
void arm64_early_map_ram(const struct boot_info *info);

/* The EFI stub's handoff (asm/efi.h) when the firmware started us, else NULL. */
extern const struct arm64_efi_handoff *arm64_efi;

/* Registers of a device, mapped uncached in the direct map by arch_mm_init(). */
void arm64_add_mmio(const struct mmio_range *r);

/*
 * Before arch_mm_init(): the page at physical p as Device-nGnRE in the
 * boot map, or no longer mapped (mmu.c). For a device only the boot map
 * needs (the UART a -kernel boot assumes until the device tree is read).
 */
void arm64_early_map_device_page(phys_addr_t p);
void arm64_early_unmap_page(phys_addr_t p);

/*
 * A -kernel boot's console before the device tree names one: QEMU virt's
 * PL011, mapped (pl011.c); dropped again once the tables named another,
 * since on another machine that page may be RAM.
 */
void arm64_console_assume_qemu_uart(void);
void arm64_console_drop_assumed_uart(void);

/*
 * GIC (gic.c): set up the distributor and this CPU's interface (boot CPU),
 * or only this CPU's (a secondary); enable one INTID (0-31: this CPU's
 * own); take one interrupt (its INTID; *eoi for gic_eoi()); send an SGI.
 */
struct cpu;
void gic_init(void);
void gic_init_cpu(struct cpu *c);
void gic_enable(unsigned int intid);
unsigned int gic_ack(u32 *eoi);
void gic_eoi(u32 eoi);
void gic_send_sgi(unsigned int sgi, u64 mpidr, u8 cpu_mask);
/*
 * Waiting with interrupts masked (timer.c, smp.c): enable a private
 * interrupt that wakes such a wait (kick: the lock waiter's SGI, the most
 * urgent; else the spin-wait timer); mask every other while waiting; take
 * a pending kick without an interrupt entry.
 */
void gic_enable_wakeup(unsigned int intid, bool kick);
void gic_wait_mask(bool waiting);
bool gic_take_kick(unsigned int sgi);
/* GICv3: this CPU's redistributor in arm64_platform.gicr[], or 0 when none is its. */
phys_addr_t gic_find_redistributor(void);
#define GIC_SPURIOUS 1023

/* The FP/SIMD state for new programs; called once at start. */
void arm64_task_setup(void);

/* The exception vectors (VBAR_EL1). */
void arm64_traps_init(void);

/*
 * Kernel BTI (kernel_bti.c): _init() decides, from FEAT_BTI and kbti=off,
 * before arch_mm_init() maps the text; _text_gp() is the text's PTE_GP or
 * 0; _enable() sets SCTLR_EL1.BT1 once the text is guarded; _describe()
 * adds the BTYPE of a kernel Branch Target exception to its panic report.
 */
void arm64_kernel_bti_init(void);
u64 arm64_kernel_text_gp(void);
void arm64_kernel_bti_enable(void);
struct trap_frame;
void arm64_kernel_bti_describe(const struct trap_frame *f);

/* What arch_cpu_probe() found. */
struct arm64_features {
	u64 midr;
	bool pan;
	bool gcs;
	bool s1pie;
	bool fp;
	unsigned int parange;
	unsigned int el; /* the exception level the kernel was entered at */
};
extern struct arm64_features arm64_features;

/*
 * cpufeature.c: word 0, 1 or 2 of AT_HWCAP/AT_HWCAP2/AT_HWCAP3, and the
 * emulation of an EL0 MRS of the ID registers (ESR class ec 0x00 or 0x18):
 * true when done (the result in Rt, ELR past it), false to raise SIGILL.
 */
struct trap_frame;
unsigned long arm64_hwcap(unsigned int word);
bool arm64_emulate_mrs(struct trap_frame *f, unsigned int ec);

/* Whether PSTATE.PAN is on in the kernel (FEAT_PAN found); set by arm64_pan_init(). */
extern u8 arm64_pan_enabled;
void arm64_pan_init(void);

/* bti.c: FEAT_BTI found and SCTLR_EL1.BT0 set; BTYPE for a handler's entry. */
extern bool arm64_bti_supported;
void arm64_bti_init(void);
void arm64_bti_signal_entry(u64 *spsr);

#endif
