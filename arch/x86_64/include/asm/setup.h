/* SPDX-License-Identifier: MIT */
/* Early set-up steps of the x86_64 arch code, in the order start.c calls them. */
#ifndef ASM_SETUP_H
#define ASM_SETUP_H

#include <asm/segment.h>
#include <kernel/boot.h>
#include <kernel/types.h>

/* The serial console: console=ttyS<n> from cmdline, else COM1 (serial.c). */
void serial_init(const char *cmdline);
/* After acpi_init(): the SPCR's UART unless console= chose one. */
void serial_init_acpi(void);
/* A byte received on the console UART, or -1 (serial.c). */
int x86_serial_read_byte(void);

/* console=debugcon under a hypervisor: console bytes to port 0xe9 too (debugcon.c). */
void debugcon_init(const char *cmdline);
void debugcon_putc(char c);
/* The boot CPU's GDT and TSS, loaded; this_cpu()->arch.tss points at the TSS. */
void gdt_init(void);
void idt_init(void);

/* Memory for a secondary's TSS and I/O maps (the boot CPU, before starting it), or NULL. */
void *gdt_alloc_secondary_tss(void);
/*
 * A secondary CPU's own GDT (slot cpu of smp_cpus[]) and TSS in tss (from
 * gdt_alloc_secondary_tss()), its IST stacks at ist_top[IST n - 1]; loads
 * them (LGDT, segments, LTR) and sets this_cpu()->arch.tss.
 */
void gdt_init_secondary(unsigned int cpu, void *tss, const uintptr_t ist_top[NR_IST_STACKS]);
/* Loads the shared IDT on this CPU (LIDT). */
void idt_load(void);
void multiboot2_parse(u32 magic, phys_addr_t mbi, struct boot_info *info);
/* Where the image runs, where it is linked, and what the loader said (the console's "boot:" line). */
void multiboot2_report_load(void);
/* The boot map's direct map over the boot loader's information only (early_map.c). */
void x86_early_map_boot_info(phys_addr_t mbi);
/* The boot map's direct map over all usable RAM up to 512 GiB, exactly (early_map.c). */
void x86_early_map_ram(const struct boot_info *info);

/* The boot CPU: a clean FPU image for new programs, then x86_task_setup_cpu(). */
void x86_task_setup(void);
/* This CPU's FPU/SSE control bits for user space and its SYSCALL MSRs (every CPU). */
void x86_task_setup_cpu(void);
/* Each CPU's number where the vDSO's getcpu() reads it (vdso_getcpu.c). */
void x86_getcpu_setup_cpu(void);

struct task;
/* t's FPU/SSE registers back to their initial state (a signal handler's). */
void x86_fpu_reset(struct task *t);

/* The stack the CPU switches to on entry from ring 3 (TSS.RSP0). */
void tss_set_kernel_stack(uintptr_t top);
/* This CPU's IST stack n + 1 (0-based n) from now on. */
void tss_set_ist(unsigned int n, uintptr_t top);

#endif
