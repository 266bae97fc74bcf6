/* SPDX-License-Identifier: MIT */
/*
 * The few UEFI 2.10 tables, protocols and constants the arm64 EFI stub
 * (efi_stub.c) uses, written from the specification: only the members it
 * calls are typed, the others are placeholders that keep the offsets. On
 * AArch64 EFIAPI is the plain AAPCS64 (UEFI 2.10 §2.3.6), UINTN is 64 bits,
 * CHAR16 is UCS-2.
 */
#ifndef ASM_EFI_H
#define ASM_EFI_H

#include <kernel/boot.h>
#include <kernel/types.h>

typedef u64 efi_status;
typedef void *efi_handle;
typedef u16 efi_char16;

/* Status codes (UEFI 2.10 Appendix D): errors have the top bit set. */
#define EFI_SUCCESS 0
#define EFI_ERROR_BIT (UL(1) << 63)
#define EFI_INVALID_PARAMETER (EFI_ERROR_BIT | 2)
#define EFI_BUFFER_TOO_SMALL (EFI_ERROR_BIT | 5)
#define EFI_NOT_FOUND (EFI_ERROR_BIT | 14)
#define EFI_LOAD_ERROR (EFI_ERROR_BIT | 1)

typedef struct {
	u32 data1;
	u16 data2, data3;
	u8 data4[8];
} efi_guid;

/* §4.2 */
struct efi_table_header {
	u64 signature;
	u32 revision, header_size, crc32, reserved;
};

/* §12.4: the console the firmware writes to. */
struct efi_simple_text_output {
	void *reset;
	efi_status (*output_string)(struct efi_simple_text_output *self, const efi_char16 *s);
};

/* §7.2 AllocatePages: how Memory is chosen. */
enum efi_allocate_type { EFI_ALLOCATE_ANY_PAGES, EFI_ALLOCATE_MAX_ADDRESS, EFI_ALLOCATE_ADDRESS };

/* §7.2 EFI_MEMORY_TYPE. */
enum efi_memory_type {
	EFI_RESERVED_MEMORY,
	EFI_LOADER_CODE,
	EFI_LOADER_DATA,
	EFI_BOOT_SERVICES_CODE,
	EFI_BOOT_SERVICES_DATA,
	EFI_RUNTIME_SERVICES_CODE,
	EFI_RUNTIME_SERVICES_DATA,
	EFI_CONVENTIONAL_MEMORY,
	EFI_UNUSABLE_MEMORY,
	EFI_ACPI_RECLAIM_MEMORY,
	EFI_ACPI_MEMORY_NVS,
	EFI_MEMORY_MAPPED_IO,
	EFI_MEMORY_MAPPED_IO_PORT_SPACE,
	EFI_PAL_CODE,
	EFI_PERSISTENT_MEMORY,
	EFI_UNACCEPTED_MEMORY,
};

/* §7.2 GetMemoryMap: one descriptor (the firmware's stride may be larger). */
struct efi_memory_descriptor {
	u32 type;
	u32 pad;
	u64 physical_start;
	u64 virtual_start;
	u64 number_of_pages; /* of 4 KiB */
	u64 attribute;
};

#define EFI_MEMORY_WB (UL(1) << 3)	 /* write-back cacheable */
#define EFI_MEMORY_RUNTIME (UL(1) << 63) /* needed by runtime services */
#define EFI_PAGE_SHIFT 12

/* §4.4: boot services, in table order. */
struct efi_boot_services {
	struct efi_table_header hdr;
	void *raise_tpl, *restore_tpl;
	efi_status (*allocate_pages)(enum efi_allocate_type type, enum efi_memory_type mem,
				     u64 pages, u64 *memory);
	efi_status (*free_pages)(u64 memory, u64 pages);
	efi_status (*get_memory_map)(u64 *size, void *map, u64 *key, u64 *desc_size,
				     u32 *desc_version);
	efi_status (*allocate_pool)(enum efi_memory_type mem, u64 size, void **buffer);
	efi_status (*free_pool)(void *buffer);
	void *create_event, *set_timer, *wait_for_event, *signal_event, *close_event, *check_event;
	void *install_protocol_interface, *reinstall_protocol_interface,
		*uninstall_protocol_interface;
	efi_status (*handle_protocol)(efi_handle handle, const efi_guid *protocol, void **iface);
	void *reserved, *register_protocol_notify, *locate_handle, *locate_device_path,
		*install_configuration_table;
	void *load_image, *start_image, *exit, *unload_image;
	efi_status (*exit_boot_services)(efi_handle image, u64 map_key);
	void *get_next_monotonic_count, *stall, *set_watchdog_timer;
	void *connect_controller, *disconnect_controller;
	void *open_protocol, *close_protocol, *open_protocol_information;
	void *protocols_per_handle, *locate_handle_buffer;
	efi_status (*locate_protocol)(const efi_guid *protocol, void *registration, void **iface);
};

/* §8.3 EFI_TIME: the firmware's real-time clock, local time of TimeZone (unused here). */
struct efi_time {
	u16 year; /* 1900-9999 */
	u8 month; /* 1-12 */
	u8 day;	  /* 1-31 */
	u8 hour, minute, second;
	u8 pad1;
	u32 nanosecond;
	s16 time_zone;
	u8 daylight;
	u8 pad2;
};

/* §4.5 EFI_RUNTIME_SERVICES: only GetTime (§8.3) is called, before ExitBootServices. */
struct efi_runtime_services {
	struct efi_table_header hdr;
	efi_status (*get_time)(struct efi_time *time, void *capabilities);
};

/* §4.6 */
struct efi_configuration_table {
	efi_guid vendor_guid;
	void *vendor_table;
};

/* §4.3 */
struct efi_system_table {
	struct efi_table_header hdr;
	const efi_char16 *firmware_vendor;
	u32 firmware_revision;
	efi_handle console_in_handle;
	void *con_in;
	efi_handle console_out_handle;
	struct efi_simple_text_output *con_out;
	efi_handle standard_error_handle;
	struct efi_simple_text_output *std_err;
	struct efi_runtime_services *runtime_services;
	struct efi_boot_services *boot_services;
	u64 number_of_table_entries;
	struct efi_configuration_table *configuration_table;
};

/* §9.1 EFI_LOADED_IMAGE_PROTOCOL. */
#define EFI_LOADED_IMAGE_PROTOCOL_GUID                                 \
	{                                                              \
		0x5b1b31a1, 0x9562, 0x11d2,                            \
		{                                                      \
			0x8e, 0x3f, 0x00, 0xa0, 0xc9, 0x69, 0x72, 0x3b \
		}                                                      \
	}
struct efi_loaded_image {
	u32 revision;
	efi_handle parent_handle;
	struct efi_system_table *system_table;
	efi_handle device_handle; /* the volume the image was read from */
	void *file_path;
	void *reserved;
	u32 load_options_size; /* bytes */
	void *load_options;
	void *image_base;
	u64 image_size;
};

/* §13.4 EFI_SIMPLE_FILE_SYSTEM_PROTOCOL and §13.5 EFI_FILE_PROTOCOL. */
#define EFI_SIMPLE_FILE_SYSTEM_PROTOCOL_GUID                           \
	{                                                              \
		0x964e5b22, 0x6459, 0x11d2,                            \
		{                                                      \
			0x8e, 0x39, 0x00, 0xa0, 0xc9, 0x69, 0x72, 0x3b \
		}                                                      \
	}
#define EFI_FILE_INFO_GUID                                             \
	{                                                              \
		0x09576e92, 0x6d3f, 0x11d2,                            \
		{                                                      \
			0x8e, 0x39, 0x00, 0xa0, 0xc9, 0x69, 0x72, 0x3b \
		}                                                      \
	}
#define EFI_FILE_MODE_READ UL(1)

struct efi_file {
	u64 revision;
	efi_status (*open)(struct efi_file *self, struct efi_file **out, const efi_char16 *name,
			   u64 mode, u64 attributes);
	efi_status (*close)(struct efi_file *self);
	void *delete_file;
	efi_status (*read)(struct efi_file *self, u64 *size, void *buffer);
	void *write, *get_position, *set_position;
	efi_status (*get_info)(struct efi_file *self, const efi_guid *type, u64 *size,
			       void *buffer);
};

struct efi_simple_file_system {
	u64 revision;
	efi_status (*open_volume)(struct efi_simple_file_system *self, struct efi_file **root);
};

/* §13.5 EFI_FILE_INFO: the part before the time stamps. */
struct efi_file_info {
	u64 size;
	u64 file_size;
	u64 physical_size;
	u8 times_attribute_and_name[];
};

/* §12.9 EFI_GRAPHICS_OUTPUT_PROTOCOL. */
#define EFI_GRAPHICS_OUTPUT_PROTOCOL_GUID                              \
	{                                                              \
		0x9042a9de, 0x23dc, 0x4a38,                            \
		{                                                      \
			0x96, 0xfb, 0x7a, 0xde, 0xd0, 0x80, 0x51, 0x6a \
		}                                                      \
	}

enum efi_pixel_format {
	EFI_PIXEL_RGB_RESERVED_8BIT, /* byte 0 red, 1 green, 2 blue, 3 reserved */
	EFI_PIXEL_BGR_RESERVED_8BIT, /* byte 0 blue, 1 green, 2 red, 3 reserved */
	EFI_PIXEL_BIT_MASK,	     /* as the pixel_information masks say */
	EFI_PIXEL_BLT_ONLY,	     /* no linear framebuffer */
};

struct efi_gop_mode_info {
	u32 version;
	u32 horizontal_resolution, vertical_resolution;
	u32 pixel_format; /* enum efi_pixel_format */
	u32 red_mask, green_mask, blue_mask, reserved_mask;
	u32 pixels_per_scan_line;
};

struct efi_gop_mode {
	u32 max_mode, mode;
	struct efi_gop_mode_info *info;
	u64 size_of_info;
	u64 frame_buffer_base;
	u64 frame_buffer_size;
};

struct efi_gop {
	void *query_mode, *set_mode, *blt;
	struct efi_gop_mode *mode;
};

/* Configuration tables (§4.6): the ACPI 2.0+ RSDP, and a flattened device tree. */
#define EFI_ACPI_20_TABLE_GUID                                         \
	{                                                              \
		0x8868e871, 0xe4f1, 0x11d3,                            \
		{                                                      \
			0xbc, 0x22, 0x00, 0x80, 0xc7, 0x3c, 0x88, 0x81 \
		}                                                      \
	}
#define EFI_DTB_TABLE_GUID                                             \
	{                                                              \
		0xb1b621d5, 0xf19c, 0x41a5,                            \
		{                                                      \
			0x83, 0x0b, 0xd9, 0x15, 0x2c, 0x69, 0xaa, 0xe0 \
		}                                                      \
	}

/*
 * What the stub hands the kernel (x1 at the Image's entry, physical): a
 * struct boot_info filled from the firmware, and what only arm64 needs.
 */
#define ARM64_EFI_HANDOFF_MAGIC UL(0x494645415242554d) /* "UMBRAEFI" */
#define ARM64_EFI_MAX_RUNTIME 16

struct arm64_efi_handoff {
	u64 magic;
	phys_addr_t dtb;       /* the firmware's device tree, or 0 */
	phys_addr_t acpi_rsdp; /* where the RSDP copied into info.acpi_rsdp lies, or 0 */
	struct boot_info info;
	/* The runtime-services ranges (never usable), for the memory-map self-test. */
	struct mem_range runtime[ARM64_EFI_MAX_RUNTIME];
	unsigned int nr_runtime;
	/* GetTime's answer at boot, when it gave one (the wall clock where no PL031 is named) */
	bool has_time;
	struct efi_time time;
};

#endif
