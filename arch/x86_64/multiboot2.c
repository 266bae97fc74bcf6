// SPDX-License-Identifier: MIT
/*
 * Multiboot2 boot information to struct boot_info. Tag layouts are from the
 * Multiboot2 specification §3.6: an 8-byte header (total size, reserved),
 * then tags, each {u32 type, u32 size} and 8-byte aligned, ending with type 0.
 */
#include <asm/setup.h>
#include <asm/page.h>
#include <kernel/boot.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <string.h>

#define MB2_BOOTLOADER_MAGIC 0x36d76289

#define MB2_TAG_END 0
#define MB2_TAG_CMDLINE 1
#define MB2_TAG_LOADER_NAME 2
#define MB2_TAG_MODULE 3
#define MB2_TAG_MMAP 6
#define MB2_TAG_FRAMEBUFFER 8
#define MB2_TAG_ACPI_OLD 14  /* a copy of the ACPI 1.0 RSDP (§3.6.11) */
#define MB2_TAG_ACPI_NEW 15  /* a copy of the ACPI 2.0+ RSDP (§3.6.12) */
#define MB2_TAG_EFI64 12     /* the EFI system table's address (§3.6.13), under UEFI */
#define MB2_TAG_LOAD_BASE 21 /* where a relocatable image was put (§3.6.23) */
#define MB2_MEMORY_AVAILABLE 1

#define LOW_MEMORY_END 0x100000 /* real-mode IVT, BIOS data, EBDA, ROMs */

struct mb2_tag {
	u32 type;
	u32 size;
};

struct mb2_mmap_entry {
	u64 base;
	u64 length;
	u32 type;
	u32 reserved;
};

extern const char __kernel_phys_start[], __kernel_phys_end[];

/* The loader's load base tag, when it gave one (a loader that moved the image must). */
static bool loader_said_base;
static u32 loader_base;

static void copy_string(char *dst, size_t size, const struct mb2_tag *tag, size_t offset)
{
	size_t len = tag->size > offset ? tag->size - offset : 0;
	const char *src = (const char *)tag + offset;

	len = strnlen(src, len);
	if (len >= size)
		len = size - 1;
	memcpy(dst, src, len);
	dst[len] = '\0';
}

static void parse_mmap(struct boot_info *info, const struct mb2_tag *tag)
{
	const u32 *hdr = (const u32 *)(tag + 1); /* entry_size, entry_version */
	u32 entry_size = hdr[0];
	const char *p = (const char *)tag + 16, *end = (const char *)tag + tag->size;

	if (entry_size < sizeof(struct mb2_mmap_entry))
		panic("multiboot2: memory map entries of %u bytes", entry_size);
	for (; p + entry_size <= end; p += entry_size) {
		const struct mb2_mmap_entry *e = (const void *)p;

		if (e->type == MB2_MEMORY_AVAILABLE)
			boot_add_range(info->usable, &info->nr_usable, e->base,
				       e->base + e->length);
	}
}

/* Framebuffer info tag (§3.6.12): common part, then RGB field positions and sizes. */
struct mb2_framebuffer {
	struct mb2_tag tag;
	u64 addr;
	u32 pitch, width, height;
	u8 bpp, type;
	u16 reserved;
	u8 red_shift, red_bits, green_shift, green_bits, blue_shift, blue_bits;
} __attribute__((packed));

#define MB2_FB_RGB 1
#define MB2_FB_EGA_TEXT 2

static void parse_framebuffer(struct boot_info *info, const struct mb2_tag *tag)
{
	const struct mb2_framebuffer *t = (const void *)tag;
	struct boot_framebuffer *fb = &info->fb;

	if (tag->size < offsetof(struct mb2_framebuffer, red_shift))
		return;
	if (t->type == MB2_FB_RGB && tag->size >= sizeof(*t)) {
		fb->type = BOOT_FB_RGB;
		fb->red_shift = t->red_shift;
		fb->red_bits = t->red_bits;
		fb->green_shift = t->green_shift;
		fb->green_bits = t->green_bits;
		fb->blue_shift = t->blue_shift;
		fb->blue_bits = t->blue_bits;
	} else if (t->type == MB2_FB_EGA_TEXT) {
		fb->type = BOOT_FB_EGA_TEXT;
	} else {
		return; /* indexed colour: not supported, the screen stays as it is */
	}
	fb->base = t->addr;
	fb->pitch = t->pitch;
	fb->width = t->width;
	fb->height = t->height;
	fb->bpp = t->bpp;
}

/* The RSDP copy follows the tag header; the 2.0+ copy wins over the 1.0 one. */
static void copy_rsdp(struct boot_info *info, const struct mb2_tag *tag)
{
	size_t len = tag->size > 8 ? tag->size - 8 : 0;

	if (len > sizeof(info->acpi_rsdp))
		len = sizeof(info->acpi_rsdp);
	if (tag->type == MB2_TAG_ACPI_OLD && info->acpi_rsdp_len)
		return;
	memcpy(info->acpi_rsdp, tag + 1, len);
	info->acpi_rsdp_len = (unsigned int)len;
}

/* Fills info from the Multiboot2 information at physical address mbi. */
void multiboot2_parse(u32 magic, phys_addr_t mbi, struct boot_info *info)
{
	if (magic != MB2_BOOTLOADER_MAGIC)
		panic("not started by a Multiboot2 boot loader (magic %#x)", magic);

	const char *base = phys_to_virt(mbi);
	u32 total = *(const u32 *)base;

	for (const char *p = base + 8; p < base + total;) {
		const struct mb2_tag *tag = (const void *)p;

		if (tag->type == MB2_TAG_END)
			break;
		switch (tag->type) {
		case MB2_TAG_CMDLINE:
			copy_string(info->cmdline, sizeof(info->cmdline), tag, 8);
			break;
		case MB2_TAG_LOADER_NAME:
			copy_string(info->loader, sizeof(info->loader), tag, 8);
			break;
		case MB2_TAG_MODULE:
			if (info->nr_modules < BOOT_MAX_MODULES) {
				const u32 *m = (const u32 *)(tag + 1); /* mod_start, mod_end */
				struct boot_module *bm = &info->modules[info->nr_modules++];

				bm->range.start = m[0];
				bm->range.end = m[1];
				copy_string(bm->name, sizeof(bm->name), tag, 16);
				boot_add_range(info->reserved, &info->nr_reserved, m[0], m[1]);
			}
			break;
		case MB2_TAG_MMAP:
			parse_mmap(info, tag);
			break;
		case MB2_TAG_FRAMEBUFFER:
			parse_framebuffer(info, tag);
			break;
		case MB2_TAG_ACPI_OLD:
		case MB2_TAG_ACPI_NEW:
			copy_rsdp(info, tag);
			break;
		case MB2_TAG_EFI64:
			if (tag->size >= 16)
				memcpy(&info->efi_system_table, tag + 1, 8);
			break;
		case MB2_TAG_LOAD_BASE:
			if (tag->size >= 12) {
				memcpy(&loader_base, tag + 1, 4);
				loader_said_base = true;
			}
			break;
		default:
			break;
		}
		p += ALIGN_UP(tag->size, 8u);
	}

	boot_add_range(info->reserved, &info->nr_reserved, 0, LOW_MEMORY_END);
	boot_add_range(info->reserved, &info->nr_reserved,
		       (phys_addr_t)__kernel_phys_start + x86_kernel_load_offset,
		       (phys_addr_t)__kernel_phys_end + x86_kernel_load_offset);
	boot_add_range(info->reserved, &info->nr_reserved, mbi, mbi + total);
}

/*
 * The image's first byte is where start.S measured it; the loader's tag,
 * when there is one, names the same address (its load base is the lowest
 * segment's, which is .boot's, __kernel_phys_start).
 */
void multiboot2_report_load(void)
{
	phys_addr_t linked = (phys_addr_t)__kernel_phys_start;
	phys_addr_t at = linked + x86_kernel_load_offset;

	if (loader_said_base)
		printk("boot: kernel at %#lx, linked at %#lx (%s; the loader's load base %#x)\n",
		       (unsigned long)at, (unsigned long)linked,
		       at == linked ? "not moved" : "moved by the loader", loader_base);
	else
		printk("boot: kernel at %#lx, linked at %#lx (%s; no load base tag)\n",
		       (unsigned long)at, (unsigned long)linked,
		       at == linked ? "not moved" : "moved by the loader");
}
