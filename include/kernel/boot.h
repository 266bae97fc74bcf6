/* SPDX-License-Identifier: MIT */
/*
 * What the boot loader told us, in a form that does not depend on the boot
 * protocol: the arch code fills it (from Multiboot2 on x86_64, from the DTB
 * on arm64) and hands it to kernel_main().
 */
#ifndef KERNEL_BOOT_H
#define KERNEL_BOOT_H

#include <kernel/types.h>

#define BOOT_MAX_RANGES 64
#define BOOT_MAX_MODULES 32 /* the initramfs, then files added to it (kernel/proc/init.c) */
#define BOOT_CMDLINE_MAX 512

struct mem_range {
	phys_addr_t start; /* first byte */
	phys_addr_t end;   /* one past the last byte */
};

struct boot_module {
	struct mem_range range;
	char name[64];
};

/*
 * The screen the firmware set up. base 0: none. BOOT_FB_RGB: a linear
 * framebuffer (Multiboot2 framebuffer tag of type 1, or the EFI GOP mode),
 * pixels bpp bits wide, colour channel c at bit c_shift with c_bits bits.
 * BOOT_FB_EGA_TEXT: the PC's text mode (Multiboot2 type 2), width x height
 * character cells of two bytes (character, attribute).
 */
#define BOOT_FB_RGB 0
#define BOOT_FB_EGA_TEXT 1

struct boot_framebuffer {
	phys_addr_t base;
	u8 type;	   /* BOOT_FB_* */
	u32 width, height; /* in pixels */
	u32 pitch;	   /* bytes per line */
	u8 bpp;
	u8 red_shift, red_bits;
	u8 green_shift, green_bits;
	u8 blue_shift, blue_bits;
};

/* A copy of the ACPI RSDP (36 bytes for revision 2; see <kernel/acpi.h>). len 0: none. */
#define BOOT_ACPI_RSDP_MAX 36

struct boot_info {
	char loader[64];			  /* boot loader name, for the log */
	char cmdline[BOOT_CMDLINE_MAX];		  /* kernel command line */
	struct mem_range usable[BOOT_MAX_RANGES]; /* RAM free for the kernel */
	unsigned int nr_usable;
	struct mem_range reserved[BOOT_MAX_RANGES]; /* in-use RAM inside usable ranges */
	unsigned int nr_reserved;
	struct boot_module modules[BOOT_MAX_MODULES];
	unsigned int nr_modules;
	struct boot_framebuffer fb;
	u8 acpi_rsdp[BOOT_ACPI_RSDP_MAX];
	unsigned int acpi_rsdp_len;
	phys_addr_t efi_system_table; /* 0 unless booted by UEFI and the loader said where */
};

/* Adds a range to a list, dropping it (with a warning) if the list is full. */
void boot_add_range(struct mem_range *list, unsigned int *nr, phys_addr_t start, phys_addr_t end);
/*
 * Takes start..end out of every range of a list: a range it covers goes, one
 * it cuts shrinks, one it falls inside splits in two (the upper half
 * appended; dropped with a warning if the list is full). The list's order
 * is not kept.
 */
void boot_remove_range(struct mem_range *list, unsigned int *nr, phys_addr_t start,
		       phys_addr_t end);

/*
 * Applies a memmap= value, Linux's x86 syntax for "reserved", to info: one
 * or more "nn[KMG]$ss[KMG]", comma-separated, each marking nn bytes from
 * ss as reserved RAM the page allocator never hands out (as a bad or
 * firmware-owned range; the tests use it to shape the memory map). Returns
 * the number of ranges added, or -1 at the first malformed one (those
 * before it stay).
 */
int boot_memmap_reserve(struct boot_info *info, const char *value);

/* The generic kernel entry, called once by the arch start code. */
__attribute__((noreturn)) void kernel_main(struct boot_info *info);

#endif
