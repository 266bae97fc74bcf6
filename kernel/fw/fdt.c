// SPDX-License-Identifier: MIT
/*
 * The flattened device tree reader (<kernel/fdt.h>). Layout facts are from
 * the Devicetree Specification v0.4: the header (§5.2), the structure block
 * tokens (§5.4.1), property values and the standard properties
 * #address-cells, #size-cells, reg, compatible and status (§2.3).
 */
#include <kernel/fdt.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define FDT_BEGIN_NODE 1
#define FDT_END_NODE 2
#define FDT_PROP 3
#define FDT_NOP 4
#define FDT_END 9

#define FDT_MAX_DEPTH 16

/* Header fields, each a big-endian u32 (§5.2). */
enum {
	HDR_MAGIC,
	HDR_TOTALSIZE,
	HDR_OFF_STRUCT,
	HDR_OFF_STRINGS,
	HDR_OFF_RSVMAP,
	HDR_VERSION,
	HDR_LAST_COMP,
	HDR_BOOT_CPU,
	HDR_SIZE_STRINGS,
	HDR_SIZE_STRUCT,
	HDR_WORDS
};

static u32 be32(const void *p)
{
	const u8 *b = p;

	return ((u32)b[0] << 24) | ((u32)b[1] << 16) | ((u32)b[2] << 8) | b[3];
}

static u32 hdr(const void *fdt, int field)
{
	return be32((const u8 *)fdt + 4 * field);
}

static const u8 *struct_block(const void *fdt)
{
	return (const u8 *)fdt + hdr(fdt, HDR_OFF_STRUCT);
}

static u32 struct_size(const void *fdt)
{
	return hdr(fdt, HDR_SIZE_STRUCT);
}

int fdt_check(const void *fdt)
{
	if (!fdt || hdr(fdt, HDR_MAGIC) != FDT_MAGIC)
		return -EINVAL;

	u32 total = hdr(fdt, HDR_TOTALSIZE);

	if (hdr(fdt, HDR_LAST_COMP) > 17 || hdr(fdt, HDR_VERSION) < 17 || total < 4 * HDR_WORDS)
		return -EINVAL;
	if (hdr(fdt, HDR_OFF_STRUCT) > total || struct_size(fdt) > total - hdr(fdt, HDR_OFF_STRUCT))
		return -EINVAL;
	if (hdr(fdt, HDR_OFF_STRINGS) > total ||
	    hdr(fdt, HDR_SIZE_STRINGS) > total - hdr(fdt, HDR_OFF_STRINGS))
		return -EINVAL;
	return 0;
}

u32 fdt_totalsize(const void *fdt)
{
	return hdr(fdt, HDR_TOTALSIZE);
}

/* The token at off, or FDT_END when off is outside the block. */
static u32 token_at(const void *fdt, int off)
{
	if (off < 0 || (u32)off + 4 > struct_size(fdt))
		return FDT_END;
	return be32(struct_block(fdt) + off);
}

/* Offset of the token after the one at off, or -1 when the blob is broken. */
static int skip_token(const void *fdt, int off)
{
	const u8 *s = struct_block(fdt);
	u32 size = struct_size(fdt);
	u32 tok = token_at(fdt, off);
	u32 p = (u32)off + 4;

	switch (tok) {
	case FDT_BEGIN_NODE: {
		u32 n = (u32)strnlen((const char *)s + p, size - p);

		if (p + n >= size)
			return -1;
		p += n + 1;
		break;
	}
	case FDT_PROP: {
		if (p + 8 > size)
			return -1;

		u32 len = be32(s + p);

		if (len > size - p - 8)
			return -1;
		p += 8 + len;
		break;
	}
	case FDT_END_NODE:
	case FDT_NOP:
		break;
	default:
		return -1;
	}
	return (int)ALIGN_UP(p, 4u);
}

const char *fdt_node_name(const void *fdt, int node)
{
	if (token_at(fdt, node) != FDT_BEGIN_NODE)
		return NULL;
	return (const char *)struct_block(fdt) + node + 4;
}

int fdt_next_node(const void *fdt, int node, int *depth)
{
	int off = node;

	if (off < 0) {
		off = 0;
		if (token_at(fdt, off) == FDT_BEGIN_NODE) {
			if (depth)
				*depth = 0;
			return 0;
		}
	}
	for (;;) {
		off = skip_token(fdt, off);
		if (off < 0)
			return -ENOENT;

		u32 tok = token_at(fdt, off);

		if (tok == FDT_BEGIN_NODE) {
			if (depth)
				(*depth)++;
			return off;
		}
		if (tok == FDT_END_NODE) {
			if (depth)
				(*depth)--;
		} else if (tok == FDT_END) {
			return -ENOENT;
		}
	}
}

static bool has_unit(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '@')
			return true;
	}
	return false;
}

/* True when a node name "memory@40000000" matches want "memory" or "memory@40000000". */
static bool name_matches(const char *name, const char *want, size_t want_len)
{
	if (!name || strncmp(name, want, want_len) != 0)
		return false;
	return name[want_len] == '\0' || (name[want_len] == '@' && !has_unit(want, want_len));
}

int fdt_path_offset(const void *fdt, const char *path)
{
	int node = fdt_next_node(fdt, -1, NULL), depth = 0;

	if (node < 0 || path[0] != '/')
		return -ENOENT;
	for (const char *p = path + 1; *p;) {
		const char *end = strchr(p, '/');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		int want_depth = depth + 1;
		bool found = false;

		for (node = fdt_next_node(fdt, node, &depth); node >= 0 && depth >= want_depth;
		     node = fdt_next_node(fdt, node, &depth)) {
			if (depth == want_depth && name_matches(fdt_node_name(fdt, node), p, len)) {
				found = true;
				break;
			}
		}
		if (!found)
			return -ENOENT;
		p += len;
		if (*p == '/')
			p++;
	}
	return node;
}

int fdt_parent(const void *fdt, int node)
{
	int stack[FDT_MAX_DEPTH];
	int depth = 0;

	for (int n = fdt_next_node(fdt, -1, &depth); n >= 0; n = fdt_next_node(fdt, n, &depth)) {
		if (depth < 0 || depth >= FDT_MAX_DEPTH)
			return -ENOENT;
		stack[depth] = n;
		if (n == node)
			return depth > 0 ? stack[depth - 1] : -ENOENT;
	}
	return -ENOENT;
}

const void *fdt_getprop(const void *fdt, int node, const char *name, int *len)
{
	const u8 *s = struct_block(fdt);
	const char *strings = (const char *)fdt + hdr(fdt, HDR_OFF_STRINGS);
	u32 strings_size = hdr(fdt, HDR_SIZE_STRINGS);

	if (token_at(fdt, node) != FDT_BEGIN_NODE)
		return NULL;
	for (int off = skip_token(fdt, node); off >= 0; off = skip_token(fdt, off)) {
		u32 tok = token_at(fdt, off);

		if (tok == FDT_NOP)
			continue;
		if (tok != FDT_PROP)
			return NULL; /* properties come before subnodes (§5.4.1) */

		u32 plen = be32(s + off + 4), nameoff = be32(s + off + 8);

		if (nameoff < strings_size &&
		    strncmp(strings + nameoff, name, strings_size - nameoff) == 0) {
			if (len)
				*len = (int)plen;
			return s + off + 12;
		}
	}
	return NULL;
}

bool fdt_prop_has_string(const void *fdt, int node, const char *name, const char *str)
{
	int len;
	const char *p = fdt_getprop(fdt, node, name, &len);

	if (!p)
		return false;
	for (const char *end = p + len; p < end;) {
		size_t n = strnlen(p, (size_t)(end - p));

		if (strlen(str) == n && memcmp(p, str, n) == 0)
			return true;
		p += n + 1;
	}
	return false;
}

int fdt_find_compatible(const void *fdt, int start, const char *compat)
{
	for (int n = fdt_next_node(fdt, start, NULL); n >= 0; n = fdt_next_node(fdt, n, NULL)) {
		if (fdt_prop_has_string(fdt, n, "compatible", compat))
			return n;
	}
	return -ENOENT;
}

int fdt_find_node_named(const void *fdt, int start, const char *name)
{
	for (int n = fdt_next_node(fdt, start, NULL); n >= 0; n = fdt_next_node(fdt, n, NULL)) {
		if (name_matches(fdt_node_name(fdt, n), name, strlen(name)))
			return n;
	}
	return -ENOENT;
}

u64 fdt_read_cells(const void *p, int cells)
{
	u64 v = 0;

	for (int i = 0; i < cells; i++)
		v = (v << 32) | be32((const u8 *)p + 4 * i);
	return v;
}

u32 fdt_getprop_u32(const void *fdt, int node, const char *name, u32 def)
{
	int len;
	const void *p = fdt_getprop(fdt, node, name, &len);

	return p && len == 4 ? be32(p) : def;
}

int fdt_reg(const void *fdt, int node, int index, u64 *base, u64 *size)
{
	int parent = fdt_parent(fdt, node), len;
	/* The defaults when a parent says nothing (§2.3.5). */
	u32 ac = parent >= 0 ? fdt_getprop_u32(fdt, parent, "#address-cells", 2) : 2;
	u32 sc = parent >= 0 ? fdt_getprop_u32(fdt, parent, "#size-cells", 1) : 1;
	const u8 *reg = fdt_getprop(fdt, node, "reg", &len);
	u32 entry = 4 * (ac + sc);

	if (!reg || ac > 2 || sc > 2 || ac == 0 || index < 0 || (u32)len < entry * ((u32)index + 1))
		return -ENOENT;
	reg += entry * (u32)index;
	*base = fdt_read_cells(reg, (int)ac);
	*size = fdt_read_cells(reg + 4 * ac, (int)sc);
	return 0;
}

bool fdt_node_enabled(const void *fdt, int node)
{
	int len;
	const char *s = fdt_getprop(fdt, node, "status", &len);

	return !s || (len >= 4 && strncmp(s, "okay", (size_t)len) == 0) ||
	       (len >= 2 && strncmp(s, "ok", (size_t)len) == 0);
}
