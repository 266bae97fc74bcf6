/* SPDX-License-Identifier: MIT */
/*
 * A read-only flattened device tree (DTB) reader, the format of the
 * Devicetree Specification v0.4 ch. 5: a big-endian header, a structure
 * block of tokens and a strings block. Nodes are named by their offset in
 * the structure block; every function checks bounds, so a bad blob gives
 * errors, not wild reads. Architecture-independent: arm64 boots with one,
 * and so would riscv.
 */
#ifndef KERNEL_FDT_H
#define KERNEL_FDT_H

#include <kernel/types.h>

#define FDT_MAGIC 0xd00dfeedu

/* 0 when fdt points at a plausible DTB (magic, version 17, sizes), else -EINVAL. */
int fdt_check(const void *fdt);
/* The blob's size in bytes, from its header (valid after fdt_check()). */
u32 fdt_totalsize(const void *fdt);

/* The node at path ("/", "/chosen", "/memory": a name without @unit matches any unit), or -ENOENT. */
int fdt_path_offset(const void *fdt, const char *path);
/* The node after node in document order, and its depth change; -ENOENT at the end. */
int fdt_next_node(const void *fdt, int node, int *depth);
/* The first node after start (-1: from the root) whose "compatible" lists compat, or -ENOENT. */
int fdt_find_compatible(const void *fdt, int start, const char *compat);
/* The first node after start whose name is name (with any @unit), or -ENOENT. */
int fdt_find_node_named(const void *fdt, int start, const char *name);
/* A node's name ("memory@40000000"), or NULL. */
const char *fdt_node_name(const void *fdt, int node);
/* The parent of node, or -ENOENT for the root. */
int fdt_parent(const void *fdt, int node);

/* A property's value and length in bytes, or NULL when absent. */
const void *fdt_getprop(const void *fdt, int node, const char *name, int *len);
/* True when the string-list property name of node contains s. */
bool fdt_prop_has_string(const void *fdt, int node, const char *name, const char *s);
/* A big-endian number of cells (1 or 2) at p. */
u64 fdt_read_cells(const void *p, int cells);
/* A u32 property, or def when absent or of the wrong size. */
u32 fdt_getprop_u32(const void *fdt, int node, const char *name, u32 def);

/*
 * Entry index of node's "reg", decoded with its parent's #address-cells and
 * #size-cells: 0, or -ENOENT when there is no such entry.
 */
int fdt_reg(const void *fdt, int node, int index, u64 *base, u64 *size);

/* An untrusted status property: true unless status is present and not "okay". */
bool fdt_node_enabled(const void *fdt, int node);

#endif
