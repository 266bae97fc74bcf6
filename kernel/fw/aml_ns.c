// SPDX-License-Identifier: MIT
/*
 * The AML namespace (ACPI 6.5 §5.3): a tree of 4-character names, held in
 * an array of nodes and an arena the caller gives, so nothing is freed and
 * nothing grows behind the caller's back. Also the two encodings every
 * other part reads: PkgLength (§20.2.4) and NameString (§20.2.2).
 */
#include <format.h>
#include <kernel/aml_internal.h>
#include <stdarg.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define AML_ROOT_CHAR '\\'
#define AML_PARENT_CHAR '^'
#define AML_DUAL_NAME_PREFIX 0x2e
#define AML_MULTI_NAME_PREFIX 0x2f
#define AML_NULL_NAME 0x00

int aml_fail(struct aml_ns *ns, int err, const char *fmt, ...)
{
	va_list ap;

	if (ns->error[0])
		return err;
	va_start(ap, fmt);
	vsnprintf(ns->error, sizeof(ns->error), fmt, ap);
	va_end(ap);
	return err;
}

void *aml_alloc(struct aml_ns *ns, size_t size)
{
	size_t at = (ns->arena_used + 15) & ~(size_t)15;
	void *p;

	if (at > ns->arena_size || size > ns->arena_size - at) {
		aml_fail(ns, -ENOMEM, "out of arena (%zu bytes)", ns->arena_size);
		return NULL;
	}
	p = ns->arena + at;
	ns->arena_used = at + size;
	memset(p, 0, size);
	return p;
}

/*
 * PkgLength: the lead byte's bits 7:6 count the bytes that follow; with
 * none, bits 5:0 are the length; else bits 3:0 are its low nibble and each
 * following byte the next 8 bits. The length counts itself.
 */
int aml_pkg_length(struct aml_ns *ns, const u8 **p, const u8 *end, const u8 **pkg_end)
{
	const u8 *start = *p;
	size_t follow, len;

	if (start >= end)
		return aml_fail(ns, -EINVAL, "PkgLength past the end");
	follow = start[0] >> 6;
	if ((size_t)(end - start) < 1 + follow)
		return aml_fail(ns, -EINVAL, "PkgLength past the end");
	if (follow == 0) {
		len = start[0] & 0x3f;
	} else {
		if (start[0] & 0x30) /* bits 5:4 must be zero with following bytes */
			return aml_fail(ns, -EINVAL, "malformed PkgLength %#x", start[0]);
		len = start[0] & 0x0f;
		for (size_t i = 0; i < follow; i++)
			len |= (size_t)start[1 + i] << (4 + 8 * i);
	}
	if (len < 1 + follow || len > (size_t)(end - start))
		return aml_fail(ns, -EINVAL, "PkgLength %zu overruns its block", len);
	*pkg_end = start + len;
	*p = start + 1 + follow;
	return 0;
}

static bool lead_char(u8 c)
{
	return (c >= 'A' && c <= 'Z') || c == '_';
}

bool aml_is_name_start(u8 c)
{
	return lead_char(c) || c == AML_ROOT_CHAR || c == AML_PARENT_CHAR ||
	       c == AML_DUAL_NAME_PREFIX || c == AML_MULTI_NAME_PREFIX;
}

static bool seg_ok(const u8 *s)
{
	if (!lead_char(s[0]))
		return false;
	for (int i = 1; i < 4; i++)
		if (!lead_char(s[i]) && !(s[i] >= '0' && s[i] <= '9'))
			return false;
	return true;
}

int aml_name_string(struct aml_ns *ns, const u8 **p, const u8 *end, struct aml_name *n)
{
	const u8 *q = *p;

	memset(n, 0, sizeof(*n));
	if (q < end && *q == AML_ROOT_CHAR) {
		n->root = true;
		q++;
	} else {
		while (q < end && *q == AML_PARENT_CHAR) {
			n->parents++;
			q++;
		}
	}
	if (q >= end)
		return aml_fail(ns, -EINVAL, "NameString past the end");
	if (*q == AML_NULL_NAME) {
		q++;
	} else if (*q == AML_DUAL_NAME_PREFIX) {
		n->nsegs = 2;
		q++;
	} else if (*q == AML_MULTI_NAME_PREFIX) {
		if (end - q < 2 || q[1] == 0)
			return aml_fail(ns, -EINVAL, "malformed MultiNamePath");
		n->nsegs = q[1];
		q += 2;
	} else {
		n->nsegs = 1;
	}
	n->segs = q;
	if ((size_t)(end - q) < 4u * n->nsegs)
		return aml_fail(ns, -EINVAL, "NameString past the end");
	for (unsigned int i = 0; i < n->nsegs; i++)
		if (!seg_ok(q + 4 * i))
			return aml_fail(ns, -EINVAL, "bad NameSeg at byte %#x", q[4 * i]);
	*p = q + 4u * n->nsegs;
	return 0;
}

static struct aml_node *child_named(struct aml_node *scope, const u8 *seg)
{
	for (struct aml_node *c = scope->child; c; c = c->next)
		if (!memcmp(c->name, seg, 4))
			return c;
	return NULL;
}

/* The scope the name's prefixes lead to from scope, or NULL past the root. */
static struct aml_node *prefix_scope(struct aml_ns *ns, struct aml_node *scope,
				     const struct aml_name *n)
{
	if (n->root)
		return ns->root;
	for (unsigned int i = 0; i < n->parents; i++) {
		if (!scope->parent)
			return NULL;
		scope = scope->parent;
	}
	return scope;
}

static struct aml_node *follow_alias(struct aml_node *node)
{
	for (int i = 0; node && node->type == AML_ALIAS && i < 8; i++)
		node = node->target;
	return node && node->type == AML_ALIAS ? NULL : node;
}

struct aml_node *aml_resolve(struct aml_ns *ns, struct aml_node *scope, const struct aml_name *n)
{
	struct aml_node *s = prefix_scope(ns, scope, n);

	if (!s)
		return NULL;
	if (n->nsegs == 0)
		return s;
	if (n->nsegs == 1 && !n->root && !n->parents) {
		/* §5.3: a lone NameSeg is searched for toward the root. */
		for (; s; s = s->parent) {
			struct aml_node *c = child_named(s, n->segs);

			if (c)
				return follow_alias(c);
		}
		return NULL;
	}
	for (unsigned int i = 0; s && i < n->nsegs; i++)
		s = follow_alias(child_named(s, n->segs + 4 * i));
	return s;
}

int aml_create(struct aml_ns *ns, struct aml_node *scope, const struct aml_name *n, u8 type,
	       struct aml_node **out)
{
	struct aml_node *s = prefix_scope(ns, scope, n), *node;

	if (!s || n->nsegs == 0)
		return aml_fail(ns, -EINVAL, "a name that names no new object");
	for (unsigned int i = 0; i + 1 < n->nsegs; i++) {
		s = follow_alias(child_named(s, n->segs + 4 * i));
		if (!s)
			return aml_fail(ns, -ENOENT, "scope %.4s of a new name not found",
					(const char *)n->segs + 4 * i);
	}
	node = child_named(s, n->segs + 4 * (n->nsegs - 1));
	if (!node) {
		if (ns->nr_nodes == ns->max_nodes)
			return aml_fail(ns, -ENOMEM, "out of namespace nodes (%u)", ns->max_nodes);
		node = &ns->nodes[ns->nr_nodes++];
		memset(node, 0, sizeof(*node));
		memcpy(node->name, n->segs + 4 * (n->nsegs - 1), 4);
		node->parent = s;
		node->next = s->child;
		s->child = node;
	}
	/* A name defined again (a method run twice, Scope re-opened) is the same object. */
	node->type = type;
	*out = node;
	return 0;
}

struct aml_node *aml_lookup(struct aml_ns *ns, const char *path)
{
	struct aml_node *s = ns->root;

	if (*path == '\\')
		path++;
	while (s && *path) {
		u8 seg[4] = { '_', '_', '_', '_' };

		for (int i = 0; i < 4 && *path && *path != '.'; i++)
			seg[i] = (u8)*path++;
		if (*path && *path != '.')
			return NULL;
		if (*path == '.')
			path++;
		s = follow_alias(child_named(s, seg));
	}
	return s;
}

void aml_path(const struct aml_node *node, char *buf, size_t size)
{
	const struct aml_node *chain[32];
	size_t n = 0, at = 0;

	for (; node && node->parent && n < 32; node = node->parent)
		chain[n++] = node;
	if (size == 0)
		return;
	buf[0] = '\0';
	at = (size_t)snprintf(buf, size, "\\");
	while (n-- > 0 && at < size)
		at += (size_t)snprintf(buf + at, size - at, "%s%.4s", at > 1 ? "." : "",
				       chain[n]->name);
}

void aml_ns_init(struct aml_ns *ns, struct aml_node *nodes, u32 max_nodes, u8 *arena,
		 size_t arena_size, bool int32, const struct aml_host *host)
{
	static const char *const predefined[] = { "_GPE", "_PR_", "_SB_", "_SI_", "_TZ_" };

	memset(ns, 0, sizeof(*ns));
	ns->nodes = nodes;
	ns->max_nodes = max_nodes;
	ns->arena = arena;
	ns->arena_size = arena_size;
	ns->int32 = int32;
	ns->host = host;
	ns->step_budget = AML_STEP_BUDGET;
	if (max_nodes < 1 + 5)
		return;
	ns->root = &nodes[ns->nr_nodes++];
	memset(ns->root, 0, sizeof(*ns->root));
	memcpy(ns->root->name, "\\___", 4);
	ns->root->type = AML_SCOPE;
	for (unsigned int i = 0; i < 5; i++) {
		struct aml_name n = { .nsegs = 1, .segs = (const u8 *)predefined[i] };
		struct aml_node *node;

		aml_create(ns, ns->root, &n, AML_SCOPE, &node);
	}
	/* \_SB is a device per §5.3.1; the difference does not matter here. */
}
