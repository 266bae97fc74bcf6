/* SPDX-License-Identifier: MIT */
/*
 * The framebuffer console's font: printable ASCII in 8x16 cells, one byte
 * per row, bit 7 the leftmost pixel. Generated at build time from GRUB's
 * ascii.pf2 (GNU Unifont) by scripts/pf2font.
 */
#ifndef KERNEL_FONT_H
#define KERNEL_FONT_H

#define FONT_W 8
#define FONT_H 16
#define FONT_FIRST 0x20
#define FONT_LAST 0x7e

extern const unsigned char font_8x16[FONT_LAST - FONT_FIRST + 1][FONT_H];

#endif
