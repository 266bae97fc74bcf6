/* SPDX-License-Identifier: MIT */
/*
 * The vDSO's layout, both architectures (included by arch/ARCH/vdso/vdso.lds.S
 * after it defines nothing but its VERSION). The image is mapped as it lies
 * in the file, so one read-and-execute PT_LOAD from offset 0 holds it all --
 * the ELF header, the dynamic tables libc's lookup reads, the text -- and the
 * two [vvar] pages lie just below it: the code reaches them PC-relative
 * through the symbols set here (include/kernel/vdso_data.h).
 */
#include <kernel/vdso_data.h>

vdso_clock_page = -(VVAR_PAGES - VDSO_CLOCK_PAGE) * 4096;
vdso_timens_page = -(VVAR_PAGES - VDSO_TIMENS_PAGE) * 4096;

PHDRS
{
	text PT_LOAD FLAGS(5) FILEHDR PHDRS; /* PF_R | PF_X */
	dynamic PT_DYNAMIC FLAGS(4);
	note PT_NOTE FLAGS(4);
	property 0x6474e553 FLAGS(4); /* PT_GNU_PROPERTY: the note x86's SHSTK marking is in */
	eh_frame_hdr PT_GNU_EH_FRAME FLAGS(4);
}

SECTIONS
{
	. = SIZEOF_HEADERS;
	.hash : { *(.hash) } :text
	.gnu.hash : { *(.gnu.hash) }
	.dynsym : { *(.dynsym) }
	.dynstr : { *(.dynstr) }
	.gnu.version : { *(.gnu.version) }
	.gnu.version_d : { *(.gnu.version_d) }
	.gnu.version_r : { *(.gnu.version_r) }
	.dynamic : { *(.dynamic) } :text :dynamic
	.note.gnu.property : { *(.note.gnu.property) } :text :note :property
	.note : { *(.note.*) } :text :note
	.rodata : { *(.rodata*) } :text
	.eh_frame_hdr : { *(.eh_frame_hdr) } :text :eh_frame_hdr
	.eh_frame : { KEEP(*(.eh_frame)) } :text
	.text : { *(.text*) } :text
	.got : { *(.got) *(.got.plt) } :text /* the linker makes one; nothing uses it */
	/DISCARD/ : { *(.data*) *(.bss*) *(.plt*) *(.comment) }
}
