// SPDX-License-Identifier: MIT
/*
 * The EFI stub: efi_main() is the PE entry point (boot/arm64/pe.S) when
 * UEFI firmware starts the Image as an application (e.g. the removable-
 * media path \EFI\BOOT\BOOTAA64.EFI, UEFI 2.10 §3.5.1.1). It runs at EL1
 * or EL2 with the MMU on and memory identity-mapped (§2.3.6), at whatever
 * address the firmware loaded it, so it uses only PC-relative addressing
 * (the build rejects absolute relocations here: arch/arm64/image.mk), the
 * firmware's console for messages, never printk.
 *
 * It gathers struct boot_info from the firmware, copies the Image to a
 * 2 MiB-aligned block (head.S maps it in 2 MiB blocks), calls
 * ExitBootServices and enters the copy as a Linux loader would, with x1 =
 * the handoff (asm/efi.h). Nothing here is Umbra-specific beyond that
 * handoff; the small set of UEFI calls is written from the specification
 * rather than taken from gnu-efi, whose crt0 and ELF-to-PE conversion do
 * not fit an image that is also a Linux Image.
 *
 *   command line  the LoadedImage's LoadOptions (UCS-2, §9.1) when they are
 *                 text, else the file \EFI\umbra\cmdline on the same volume
 *   initramfs     the file named by an initrd=PATH word, else
 *                 \EFI\umbra\initramfs.cpio (EFI_SIMPLE_FILE_SYSTEM, §13.4)
 *   memory        GetMemoryMap (§7.2) at ExitBootServices (§7.4)
 *   ACPI, DT      the configuration table (§4.6): EFI_ACPI_20_TABLE_GUID's
 *                 RSDP, EFI_DTB_TABLE_GUID's device tree
 *   framebuffer   the Graphics Output Protocol's mode (§12.9)
 */
#include <asm/efi.h>
#include <asm/page.h>
#include <string.h>

#define BLOCK_2M (UL(2) << 20)
/* Kept from when head.S mapped only 4 GiB; any address would do now. */
#define BELOW_4G UL(0xffffffff)
#define MAP_SLACK_DESCS 16 /* room for what allocating the map buffer adds */
#define PATH_MAX_CHARS 128
#define DEFAULT_INITRD "\\EFI\\umbra\\initramfs.cpio"
#define DEFAULT_CMDLINE_FILE "\\EFI\\umbra\\cmdline"

extern const char _head[], _edata[], __kernel_end[];

efi_status efi_main(efi_handle image, struct efi_system_table *st);
void arm64_efi_clean_inval_poc(uintptr_t start, size_t len);
__noreturn void arm64_efi_enter(u64 entry, u64 dtb, u64 handoff);

static struct efi_system_table *sys;

static struct efi_boot_services *bs(void)
{
	return sys->boot_services;
}

/* Writes ASCII s to the firmware console, '\n' as CR LF. */
static void con_puts(const char *s)
{
	efi_char16 buf[64];
	unsigned int n = 0;

	for (;; s++) {
		if (n >= 60 || !*s) {
			buf[n] = 0;
			sys->con_out->output_string(sys->con_out, buf);
			n = 0;
		}
		if (!*s)
			return;
		if (*s == '\n')
			buf[n++] = '\r';
		buf[n++] = (u8)*s;
	}
}

static void con_hex(u64 v)
{
	char s[19] = "0x";

	for (int i = 0; i < 16; i++)
		s[2 + i] = "0123456789abcdef"[(v >> (60 - 4 * i)) & 0xf];
	s[18] = 0;
	con_puts(s);
}

static void fail(const char *what, efi_status status)
{
	con_puts("umbra: EFI stub: ");
	con_puts(what);
	con_puts(", status ");
	con_hex(status);
	con_puts("\n");
}

static bool guid_eq(const efi_guid *a, const efi_guid *b)
{
	return memcmp(a, b, sizeof(*a)) == 0;
}

/* count pages below 4 GiB of memory type mem, or 0. */
static u64 alloc_pages_low(enum efi_memory_type mem, u64 pages)
{
	u64 addr = BELOW_4G;

	if (bs()->allocate_pages(EFI_ALLOCATE_MAX_ADDRESS, mem, pages, &addr) != EFI_SUCCESS)
		return 0;
	return addr;
}

static u64 bytes_to_pages(u64 bytes)
{
	return (bytes + PAGE_SIZE - 1) >> PAGE_SHIFT;
}

/*
 * The load options as the command line: UCS-2 text of printable ASCII
 * only. Anything else (edk2 passes a GUID as the options of the boot
 * entries it makes up for removable media) means "no options": false.
 */
static bool cmdline_from_options(const struct efi_loaded_image *li, char *out, size_t size)
{
	const u16 *opt = li->load_options;
	size_t n = li->load_options_size / 2, len = 0;

	if (!opt || n == 0)
		return false;
	for (size_t i = 0; i < n && opt[i]; i++) {
		if (opt[i] < 0x20 || opt[i] > 0x7e)
			return false;
	}
	for (size_t i = 0; i < n && opt[i] && len + 1 < size; i++)
		out[len++] = (char)opt[i];
	out[len] = 0;
	return len > 0;
}

static struct efi_file *open_volume(const struct efi_loaded_image *li)
{
	efi_guid fs_guid = EFI_SIMPLE_FILE_SYSTEM_PROTOCOL_GUID;
	struct efi_simple_file_system *fs;
	struct efi_file *root;

	if (bs()->handle_protocol(li->device_handle, &fs_guid, (void **)&fs) != EFI_SUCCESS)
		return NULL;
	if (fs->open_volume(fs, &root) != EFI_SUCCESS)
		return NULL;
	return root;
}

/*
 * Reads the file at path (ASCII, '/' or '\') on the image's volume into
 * fresh pages of LoaderData below 4 GiB. Returns its address and sets
 * *size, or returns 0.
 */
static u64 read_file(const struct efi_loaded_image *li, const char *path, u64 *size)
{
	efi_guid info_guid = EFI_FILE_INFO_GUID;
	efi_char16 wpath[PATH_MAX_CHARS];
	u64 info_buf[64], info_size = sizeof(info_buf), addr, len;
	struct efi_file *root = open_volume(li), *f;
	size_t i;

	if (!root)
		return 0;
	for (i = 0; path[i] && i + 1 < PATH_MAX_CHARS; i++)
		wpath[i] = path[i] == '/' ? '\\' : (u8)path[i];
	wpath[i] = 0;
	if (root->open(root, &f, wpath, EFI_FILE_MODE_READ, 0) != EFI_SUCCESS) {
		root->close(root);
		return 0;
	}
	addr = 0;
	if (f->get_info(f, &info_guid, &info_size, info_buf) == EFI_SUCCESS) {
		u64 want = ((struct efi_file_info *)info_buf)->file_size;

		len = want;
		addr = want ? alloc_pages_low(EFI_LOADER_DATA, bytes_to_pages(want)) : 0;
		if (addr && (f->read(f, &len, (void *)addr) != EFI_SUCCESS || len != want)) {
			bs()->free_pages(addr, bytes_to_pages(want));
			addr = 0;
		}
		*size = want;
	}
	f->close(f);
	root->close(root);
	return addr;
}

/* \EFI\umbra\cmdline, its first line, control characters as spaces. */
static void cmdline_from_file(const struct efi_loaded_image *li, char *out, size_t size)
{
	u64 len, addr = read_file(li, DEFAULT_CMDLINE_FILE, &len);
	const char *text = (const char *)addr;
	size_t n = 0;

	if (!addr)
		return;
	for (u64 i = 0; i < len && text[i] != '\n' && text[i] != '\r' && n + 1 < size; i++)
		out[n++] = (text[i] < 0x20 || text[i] > 0x7e) ? ' ' : text[i];
	out[n] = 0;
	bs()->free_pages(addr, bytes_to_pages(len));
}

/* The value of the first initrd=VALUE word, copied to out; false when none. */
static bool initrd_option(const char *cmdline, char *out, size_t size)
{
	for (const char *p = cmdline; *p; p++) {
		size_t n = 0;

		if ((p != cmdline && p[-1] != ' ') || strncmp(p, "initrd=", 7))
			continue;
		for (p += 7; *p && *p != ' ' && n + 1 < size; p++)
			out[n++] = *p;
		out[n] = 0;
		return n > 0;
	}
	return false;
}

static void load_initrd(const struct efi_loaded_image *li, struct boot_info *info)
{
	char path[PATH_MAX_CHARS];
	bool named = initrd_option(info->cmdline, path, sizeof(path));
	u64 size, addr;

	if (!named)
		strlcpy(path, DEFAULT_INITRD, sizeof(path));
	addr = read_file(li, path, &size);
	if (!addr) {
		con_puts("umbra: EFI stub: no initramfs at ");
		con_puts(path);
		con_puts("\n");
		return;
	}
	struct boot_module *m = &info->modules[info->nr_modules++];

	m->range.start = addr;
	m->range.end = addr + size;
	strlcpy(m->name, "initrd", sizeof(m->name));
	info->reserved[info->nr_reserved].start = addr;
	info->reserved[info->nr_reserved++].end = addr + size;
}

/*
 * A person's own programs on the USB stick (README, "Running your own
 * program"; x86's GRUB does the same from grub.cfg): every file of
 * \umbra\extra\ becomes a module named /opt/bin/NAME and \umbra\run.txt
 * one named /opt/run.txt, which the kernel adds to the initramfs
 * (kernel/proc/init.c). Reading a directory (EFI_FILE_PROTOCOL.Read, UEFI 2.10
 * §13.5) gives one EFI_FILE_INFO per entry, "." and ".." included, and a
 * size of 0 at the end. After the initramfs only: the kernel takes the
 * first module for the archive.
 */
#define EXTRA_DIR "\\umbra\\extra"
#define EXTRA_RUN_FILE "\\umbra\\run.txt"
#define EXTRA_BIN "/opt/bin/"
/* EFI_FILE_INFO (§13.5): Size, FileSize, PhysicalSize, three 16-byte EFI_TIMEs, Attribute, FileName. */
#define FILE_INFO_ATTRIBUTE_AT 72
#define FILE_INFO_NAME_AT 80
#define EFI_FILE_DIRECTORY 0x10

static void add_extra_module(struct boot_info *info, u64 addr, u64 size, const char *name)
{
	if (info->nr_modules == BOOT_MAX_MODULES || info->nr_reserved == BOOT_MAX_RANGES) {
		con_puts("umbra: EFI stub: too many files, left out: ");
		con_puts(name);
		con_puts("\n");
		bs()->free_pages(addr, bytes_to_pages(size));
		return;
	}
	struct boot_module *m = &info->modules[info->nr_modules++];

	m->range.start = addr;
	m->range.end = addr + size;
	strlcpy(m->name, name, sizeof(m->name));
	info->reserved[info->nr_reserved].start = addr;
	info->reserved[info->nr_reserved++].end = addr + size;
}

/* Reads the file at path into a module called name; nothing when it is missing or empty. */
static void load_extra_file(const struct efi_loaded_image *li, struct boot_info *info,
			    const char *path, const char *name)
{
	u64 size, addr = read_file(li, path, &size);

	if (addr)
		add_extra_module(info, addr, size, name);
}

/*
 * A directory entry's FileName as the module's name (EXTRA_BIN "NAME") and
 * the file's path (EXTRA_DIR "\\NAME"); false for a name too long for
 * them or not printable ASCII without spaces (run.txt splits at spaces).
 */
static bool extra_entry_names(const u8 *entry, char *name, size_t name_size, char *path,
			      size_t path_size)
{
	const efi_char16 *w = (const efi_char16 *)(entry + FILE_INFO_NAME_AT);
	size_t n = strlcpy(name, EXTRA_BIN, name_size);
	size_t at = strlcpy(path, EXTRA_DIR "\\", path_size);
	bool ascii = true;

	for (; *w && n + 1 < name_size && at + 1 < path_size; w++) {
		ascii &= *w > 0x20 && *w < 0x7f && *w != '/';
		name[n++] = path[at++] = (char)*w;
	}
	name[n] = path[at] = 0;
	return !*w && ascii;
}

static void load_extra_files(const struct efi_loaded_image *li, struct boot_info *info)
{
	struct efi_file *root, *dir;
	efi_char16 wdir[sizeof(EXTRA_DIR)];
	u64 entry[64]; /* an EFI_FILE_INFO with a name of up to 215 characters */
	char path[PATH_MAX_CHARS], name[sizeof(info->modules[0].name)];
	efi_status st;

	if (info->nr_modules == 0 || !(root = open_volume(li)))
		return;
	for (size_t i = 0; i < sizeof(EXTRA_DIR); i++)
		wdir[i] = (u8)EXTRA_DIR[i];
	if (root->open(root, &dir, wdir, EFI_FILE_MODE_READ, 0) == EFI_SUCCESS) {
		for (;;) {
			u64 size = sizeof(entry);

			st = dir->read(dir, &size, entry);
			if (st == EFI_BUFFER_TOO_SMALL) /* it stays the next entry: no way past */
				con_puts("umbra: EFI stub: a name too long in " EXTRA_DIR
					 ", the rest left out\n");
			if (st != EFI_SUCCESS || size == 0)
				break;
			if (*(const u64 *)((const u8 *)entry + FILE_INFO_ATTRIBUTE_AT) &
			    EFI_FILE_DIRECTORY)
				continue;
			if (extra_entry_names((const u8 *)entry, name, sizeof(name), path,
					      sizeof(path)))
				load_extra_file(li, info, path, name);
			else
				con_puts("umbra: EFI stub: a name too long, not ASCII or with a "
					 "space in " EXTRA_DIR ", left out\n");
		}
		dir->close(dir);
	}
	root->close(root);
	load_extra_file(li, info, EXTRA_RUN_FILE, "/opt/run.txt");
}

static void find_config_tables(struct arm64_efi_handoff *h)
{
	efi_guid acpi20 = EFI_ACPI_20_TABLE_GUID, dtb = EFI_DTB_TABLE_GUID;

	for (u64 i = 0; i < sys->number_of_table_entries; i++) {
		const struct efi_configuration_table *t = &sys->configuration_table[i];

		if (guid_eq(&t->vendor_guid, &acpi20)) {
			memcpy(h->info.acpi_rsdp, t->vendor_table, BOOT_ACPI_RSDP_MAX);
			h->info.acpi_rsdp_len = BOOT_ACPI_RSDP_MAX;
			h->acpi_rsdp = (phys_addr_t)(uintptr_t)t->vendor_table;
		} else if (guid_eq(&t->vendor_guid, &dtb)) {
			h->dtb = (phys_addr_t)(uintptr_t)t->vendor_table;
		}
	}
}

/* Lowest set bit and width of a contiguous channel mask. */
static void channel(u32 mask, u8 *shift, u8 *bits)
{
	*shift = *bits = 0;
	if (!mask)
		return;
	while (!(mask & 1)) {
		mask >>= 1;
		(*shift)++;
	}
	while (mask & 1) {
		mask >>= 1;
		(*bits)++;
	}
}

/* The Graphics Output Protocol's current mode as struct boot_framebuffer (§12.9). */
static void find_framebuffer(struct boot_framebuffer *fb)
{
	efi_guid gop_guid = EFI_GRAPHICS_OUTPUT_PROTOCOL_GUID;
	struct efi_gop *gop;
	const struct efi_gop_mode_info *mi;
	u32 all;

	if (bs()->locate_protocol(&gop_guid, NULL, (void **)&gop) != EFI_SUCCESS || !gop->mode)
		return;
	mi = gop->mode->info;
	switch (mi->pixel_format) {
	case EFI_PIXEL_RGB_RESERVED_8BIT:
		channel(0x000000ff, &fb->red_shift, &fb->red_bits);
		channel(0x0000ff00, &fb->green_shift, &fb->green_bits);
		channel(0x00ff0000, &fb->blue_shift, &fb->blue_bits);
		fb->bpp = 32;
		break;
	case EFI_PIXEL_BGR_RESERVED_8BIT:
		channel(0x00ff0000, &fb->red_shift, &fb->red_bits);
		channel(0x0000ff00, &fb->green_shift, &fb->green_bits);
		channel(0x000000ff, &fb->blue_shift, &fb->blue_bits);
		fb->bpp = 32;
		break;
	case EFI_PIXEL_BIT_MASK:
		channel(mi->red_mask, &fb->red_shift, &fb->red_bits);
		channel(mi->green_mask, &fb->green_shift, &fb->green_bits);
		channel(mi->blue_mask, &fb->blue_shift, &fb->blue_bits);
		all = mi->red_mask | mi->green_mask | mi->blue_mask | mi->reserved_mask;
		fb->bpp = all > 0xffffff ? 32 : all > 0xffff ? 24 : all > 0xff ? 16 : 8;
		break;
	default:
		return; /* Blt only: no linear framebuffer */
	}
	fb->base = gop->mode->frame_buffer_base;
	fb->width = mi->horizontal_resolution;
	fb->height = mi->vertical_resolution;
	fb->pitch = mi->pixels_per_scan_line * (fb->bpp / 8);
}

/* "UEFI (vendor)": the firmware's vendor string, ASCII only. */
static void name_loader(char *out, size_t size)
{
	const efi_char16 *v = sys->firmware_vendor;
	size_t n = strlcpy(out, "UEFI (", size);

	for (; v && *v && n + 2 < size; v++)
		out[n++] = *v < 0x80 ? (char)*v : '?';
	out[n++] = ')';
	out[n] = 0;
}

/*
 * The final map into usable RAM and the runtime-services ranges. Runs after
 * ExitBootServices: no firmware calls, no printing. Usable is what the OS
 * owns after ExitBootServices and the caches may hold (§7.2, Table 7.6):
 * loader and boot-services memory and conventional memory, write-back.
 * ACPI reclaim memory stays out: the kernel reads the tables from it.
 */
static void convert_map(const u8 *map, u64 size, u64 desc_size, struct arm64_efi_handoff *h)
{
	struct boot_info *info = &h->info;

	for (u64 off = 0; off + desc_size <= size; off += desc_size) {
		const struct efi_memory_descriptor *d = (const void *)(map + off);
		phys_addr_t start = d->physical_start;
		phys_addr_t end = start + (d->number_of_pages << EFI_PAGE_SHIFT);
		struct mem_range *last = info->nr_usable ? &info->usable[info->nr_usable - 1]
							 : NULL;

		switch (d->type) {
		case EFI_LOADER_CODE:
		case EFI_LOADER_DATA:
		case EFI_BOOT_SERVICES_CODE:
		case EFI_BOOT_SERVICES_DATA:
		case EFI_CONVENTIONAL_MEMORY:
			if (!(d->attribute & EFI_MEMORY_WB))
				break;
			if (last && last->end == start) {
				last->end = end;
			} else if (info->nr_usable < BOOT_MAX_RANGES) {
				info->usable[info->nr_usable].start = start;
				info->usable[info->nr_usable++].end = end;
			}
			break;
		case EFI_RUNTIME_SERVICES_CODE:
		case EFI_RUNTIME_SERVICES_DATA:
			if (h->nr_runtime < ARM64_EFI_MAX_RUNTIME) {
				h->runtime[h->nr_runtime].start = start;
				h->runtime[h->nr_runtime++].end = end;
			}
			break;
		default:
			break;
		}
	}
}

/*
 * GetMemoryMap, then ExitBootServices with its key; a changed map makes
 * the key stale (EFI_INVALID_PARAMETER), and the spec's remedy is a fresh
 * map and another try, with no other boot service in between (§7.4).
 */
static efi_status exit_boot_services(efi_handle image, struct arm64_efi_handoff *h)
{
	u64 size = 0, key, desc_size, buf_size;
	u32 version;
	void *map = NULL;
	efi_status s;

	s = bs()->get_memory_map(&size, NULL, &key, &desc_size, &version);
	if (s != EFI_BUFFER_TOO_SMALL)
		return s;
	buf_size = size + MAP_SLACK_DESCS * desc_size;
	s = bs()->allocate_pool(EFI_LOADER_DATA, buf_size, &map);
	if (s != EFI_SUCCESS)
		return s;
	for (int tries = 0; tries < 4; tries++) {
		size = buf_size;
		s = bs()->get_memory_map(&size, map, &key, &desc_size, &version);
		if (s != EFI_SUCCESS)
			return s;
		s = bs()->exit_boot_services(image, key);
		if (s == EFI_SUCCESS) {
			convert_map(map, size, desc_size, h);
			return EFI_SUCCESS;
		}
		if (s != EFI_INVALID_PARAMETER)
			return s;
	}
	return s;
}

efi_status efi_main(efi_handle image, struct efi_system_table *st)
{
	efi_guid li_guid = EFI_LOADED_IMAGE_PROTOCOL_GUID;
	struct efi_loaded_image *li;
	struct arm64_efi_handoff *h;
	u64 image_file = (uintptr_t)_edata - (uintptr_t)_head;
	u64 image_mem = (uintptr_t)__kernel_end - (uintptr_t)_head;
	u64 block, copy;
	efi_status s;

	sys = st;
	con_puts("umbra: EFI stub\n");
	s = bs()->handle_protocol(image, &li_guid, (void **)&li);
	if (s != EFI_SUCCESS) {
		fail("no LoadedImage protocol", s);
		return s;
	}
	h = (struct arm64_efi_handoff *)alloc_pages_low(EFI_LOADER_DATA,
							bytes_to_pages(sizeof(*h)));
	/* The copy: 2 MiB-aligned inside a block 2 MiB larger, executable (LoaderCode). */
	block = alloc_pages_low(EFI_LOADER_CODE, bytes_to_pages(image_mem + BLOCK_2M));
	if (!h || !block) {
		fail("out of memory below 4 GiB", EFI_LOAD_ERROR);
		return EFI_LOAD_ERROR;
	}
	memset(h, 0, sizeof(*h));
	h->magic = ARM64_EFI_HANDOFF_MAGIC;
	name_loader(h->info.loader, sizeof(h->info.loader));
	if (!cmdline_from_options(li, h->info.cmdline, sizeof(h->info.cmdline)))
		cmdline_from_file(li, h->info.cmdline, sizeof(h->info.cmdline));
	load_initrd(li, &h->info);
	load_extra_files(li, &h->info);
	find_config_tables(h);
	find_framebuffer(&h->info.fb);
	/* The real-time clock, as the firmware keeps it (§8.3; EFI_UNSUPPORTED on some). */
	h->has_time = sys->runtime_services &&
		      sys->runtime_services->get_time(&h->time, NULL) == EFI_SUCCESS;
	con_puts(h->info.acpi_rsdp_len ? "umbra: EFI stub: ACPI 2.0 RSDP found"
				       : "umbra: EFI stub: no ACPI 2.0 RSDP");
	con_puts(h->dtb ? ", device tree found\n" : ", no device tree\n");

	copy = (block + BLOCK_2M - 1) & ~(BLOCK_2M - 1);
	memcpy((void *)copy, _head, image_file);
	memset((void *)(copy + image_file), 0, image_mem - image_file);

	s = exit_boot_services(image, h);
	if (s != EFI_SUCCESS) {
		fail("ExitBootServices failed", s);
		return s;
	}
	/* From here the firmware is gone: the copy and the handoff must reach memory. */
	arm64_efi_clean_inval_poc(copy, image_mem);
	arm64_efi_clean_inval_poc((uintptr_t)h, sizeof(*h));
	__asm__ __volatile__("ic iallu\n\tdsb ish\n\tisb" ::: "memory");
	void (*enter)(u64, u64, u64) =
		(void (*)(u64, u64, u64))(copy + ((uintptr_t)arm64_efi_enter - (uintptr_t)_head));
	enter(copy, h->dtb, (u64)(uintptr_t)h);
	return EFI_LOAD_ERROR; /* not reached */
}
