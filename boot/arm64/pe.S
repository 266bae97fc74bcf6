/* SPDX-License-Identifier: MIT */
/*
 * The PE/COFF header that makes the arm64 Image an EFI application as
 * well (Microsoft PE/COFF specification rev. 11, §2-§4; UEFI 2.10 §2.1.1):
 * the Image header's "MZ" first word and its res5 field (offset 0x3c, the
 * PE spec's e_lfanew) lead here. The linker script puts this right after
 * the 64-byte Image header and pads the headers to one page.
 *
 * Two sections, laid out so the loaded image is a copy of the file (each
 * RVA equals its file offset, both aligned to 4 KiB): ".text" (code and
 * read-only data) and ".data" (data, then the bss the loader zeroes). No
 * base relocations: the stub runs at any address because the kernel's code
 * addresses everything PC-relatively (arch/arm64/build.mk), and the build
 * checks the stub has no absolute relocation (arch/arm64/image.mk). The
 * entry point is efi_main() (arch/arm64/efi_stub.c).
 */

#define PE_MACHINE_ARM64 0xaa64		/* §3.3.1 */
#define PE_OPT_MAGIC_PE32PLUS 0x20b	/* §3.4 */
#define PE_SUBSYSTEM_EFI_APPLICATION 10	/* §3.4.2 */
/* §3.3.2: EXECUTABLE_IMAGE | LINE_NUMS_STRIPPED | DEBUG_STRIPPED (relocations not stripped). */
#define PE_CHARACTERISTICS 0x0206
#define PE_SCN_TEXT 0x60000020		/* §4.1: CNT_CODE | MEM_EXECUTE | MEM_READ */
#define PE_SCN_DATA 0xc0000040		/* INITIALIZED_DATA | MEM_READ | MEM_WRITE */
#define PE_ALIGN 0x1000
#define PE_DATA_DIRECTORIES 6		/* export .. base relocation: all empty */

	.section .head.pe, "a"
	.balign 8
	.globl pe_header
pe_header:
	.ascii	"PE\0\0"
	/* COFF file header (§3.3) */
	.short	PE_MACHINE_ARM64
	.short	2				/* NumberOfSections */
	.long	0				/* TimeDateStamp: reproducible */
	.long	0, 0				/* no COFF symbol table */
	.short	section_table - optional_header	/* SizeOfOptionalHeader */
	.short	PE_CHARACTERISTICS

optional_header:
	/* Standard fields (§3.4.1) */
	.short	PE_OPT_MAGIC_PE32PLUS
	.byte	0, 0				/* linker version */
	.long	__pe_text_size			/* SizeOfCode */
	.long	__pe_data_fsize			/* SizeOfInitializedData */
	.long	__pe_bss_size			/* SizeOfUninitializedData */
	.long	__pe_entry			/* AddressOfEntryPoint: efi_main */
	.long	__pe_text_offset		/* BaseOfCode */
	/* Windows-specific fields (§3.4.2) */
	.quad	0				/* ImageBase: any, the loader chooses */
	.long	PE_ALIGN			/* SectionAlignment */
	.long	PE_ALIGN			/* FileAlignment */
	.short	0, 0, 0, 0, 0, 0		/* OS, image, subsystem versions */
	.long	0				/* Win32VersionValue */
	.long	__image_size			/* SizeOfImage, bss included */
	.long	__pe_text_offset		/* SizeOfHeaders */
	.long	0				/* CheckSum: not checked for EFI images */
	.short	PE_SUBSYSTEM_EFI_APPLICATION
	.short	0				/* DllCharacteristics */
	.quad	0, 0, 0, 0			/* stack and heap reserve/commit: unused by UEFI */
	.long	0				/* LoaderFlags */
	.long	PE_DATA_DIRECTORIES
	.fill	PE_DATA_DIRECTORIES, 8, 0	/* §3.4.3: none */

section_table:					/* §4 */
	.ascii	".text\0\0\0"
	.long	__pe_text_size			/* VirtualSize */
	.long	__pe_text_offset		/* VirtualAddress */
	.long	__pe_text_size			/* SizeOfRawData */
	.long	__pe_text_offset		/* PointerToRawData */
	.long	0, 0				/* no relocations, no line numbers */
	.short	0, 0
	.long	PE_SCN_TEXT

	.ascii	".data\0\0\0"
	.long	__pe_data_vsize			/* VirtualSize: data and bss */
	.long	__pe_data_offset
	.long	__pe_data_fsize			/* SizeOfRawData: the file's part */
	.long	__pe_data_offset
	.long	0, 0
	.short	0, 0
	.long	PE_SCN_DATA
