/* SPDX-License-Identifier: MIT */
/*
 * A small AML interpreter (kernel/fw/aml_*.c): enough of ACPI 6.5 chapter
 * 20 (the AML encoding) and chapter 19 (what each operator means) to load
 * the DSDT's and SSDTs' namespace and run the short control methods a
 * power-off needs (\_PTS, \_SI._SST). It is not ACPICA: what it does not
 * know it refuses, with the reason in ns->error, and never guesses. All
 * hardware goes through struct aml_host, so the host unit tests run it on
 * fake ports and memory.
 */
#ifndef KERNEL_AML_H
#define KERNEL_AML_H

#include <kernel/types.h>

/* Object types, numbered as ObjectType() returns them (ACPI 6.5 §19.6.97). */
enum aml_type {
	AML_UNINIT = 0,
	AML_INTEGER = 1,
	AML_STRING = 2,
	AML_BUFFER = 3,
	AML_PACKAGE = 4,
	AML_FIELD_UNIT = 5,
	AML_DEVICE = 6,
	AML_EVENT = 7,
	AML_METHOD = 8,
	AML_MUTEX = 9,
	AML_REGION = 10,
	AML_POWER = 11,
	AML_PROCESSOR = 12,
	AML_THERMAL = 13,
	AML_DEBUG = 16,
	/* The interpreter's own, never returned by ObjectType(). */
	AML_SCOPE = 32, /* a predefined root scope (\_SB, \_GPE, ...) */
	AML_REF,	/* a reference: RefOf, Index, a name */
	AML_LAZY,	/* a Name's data not decoded yet: value.bytes is its AML */
	AML_ALIAS,
};

/* Operation region spaces (§19.6.100, table 19.20). */
#define AML_SPACE_MEMORY 0
#define AML_SPACE_IO 1
#define AML_SPACE_PCI_CONFIG 2

struct aml_node;

/*
 * A value. Strings point at their bytes (in the table or the arena, never
 * written); buffers and packages live in the arena, so they may be written
 * through Index(). A reference names a node, or an element of a package
 * (elems[len]) or a byte of a buffer (bytes[len]).
 */
struct aml_value {
	u8 type;     /* enum aml_type */
	u8 ref_kind; /* AML_REF: AML_REF_* */
	u32 len;     /* string/buffer bytes, package elements, a reference's index */
	u64 integer;
	u8 *bytes;
	struct aml_value *elems;
	struct aml_node *node;
};

#define AML_REF_NODE 0
#define AML_REF_ELEMENT 1 /* elems[len] */
#define AML_REF_BYTE 2	  /* bytes[len] */
#define AML_REF_DEBUG 3	  /* the Debug object */
#define AML_REF_NULL 4	  /* no target (NullName): the result is dropped */

/* A field unit of a Field, IndexField or BankField (§19.6.48, .64, .7). */
struct aml_field {
	u8 kind;  /* AML_FIELD_* */
	u8 flags; /* FieldFlags: AccessType 3:0, LockRule 4, UpdateRule 6:5 */
	u32 bit_offset, bit_width;
	struct aml_node *region; /* Field, BankField; IndexField: the index field unit */
	struct aml_node *other;	 /* IndexField: the data field unit; BankField: the bank selector */
	u64 bank_value;
};

#define AML_FIELD_PLAIN 0
#define AML_FIELD_INDEX 1
#define AML_FIELD_BANK 2

struct aml_node {
	char name[4];
	u8 type; /* enum aml_type */
	struct aml_node *parent, *child, *next;
	union {
		struct aml_value value; /* data objects (Name) */
		struct {		/* methods */
			const u8 *code; /* the TermList */
			u32 code_len;
			u8 method_flags; /* ArgCount 2:0, SerializeFlag 3, SyncLevel 7:4 */
		};
		struct { /* operation regions */
			u8 space;
			u64 offset, length;
		};
		struct aml_field field;	 /* field units */
		struct aml_node *target; /* aliases */
	};
};

/*
 * Hardware, as the interpreter reaches it. Each access returns 0 or a
 * negative errno (-EOPNOTSUPP: not on this machine), which stops the
 * method. bytes is 1, 2, 4 or 8; address is a physical address (memory),
 * a port (I/O) or AML_PCI_ADDR() (PCI configuration space).
 */
struct aml_host {
	int (*read)(void *ctx, u8 space, u64 address, unsigned int bytes, u64 *value);
	int (*write)(void *ctx, u8 space, u64 address, unsigned int bytes, u64 value);
	void (*stall_us)(void *ctx, u32 us);		     /* a busy wait */
	void (*debug)(void *ctx, const struct aml_value *v); /* Store (x, Debug) */
	void *ctx;
};

/* A PCI configuration-space address for aml_host: bus, device, function, register. */
#define AML_PCI_ADDR(seg, bus, dev, fn, reg) \
	((u64)(seg) << 48 | (u64)(bus) << 32 | (u64)(dev) << 24 | (u64)(fn) << 16 | (u64)(reg))

/* Bounds: no method runs for ever, no loop of firmware hangs power-off. */
#define AML_STEP_BUDGET 200000ul     /* opcodes per aml_eval() */
#define AML_MAX_DEPTH 16	     /* nested method calls */
#define AML_SLEEP_BUDGET_US 2000000u /* Sleep and Stall together, per aml_eval() */

struct aml_ns {
	struct aml_node *nodes;
	u32 nr_nodes, max_nodes;
	u8 *arena;
	size_t arena_used, arena_size;
	bool int32; /* DSDT revision < 2: integers are 32 bits wide (§5.2.11.1) */
	const struct aml_host *host;
	struct aml_node *root;
	u64 step_budget; /* AML_STEP_BUDGET unless a test sets less */
	/* What the last aml_load()/aml_eval() did. */
	u64 steps;
	u32 slept_us;
	u32 reads, writes; /* field accesses that reached the host */
	char error[112];   /* why it stopped; "" when it did not */
	char where[64];	   /* in which method (its path) */
	void *frames;	   /* AML_MAX_DEPTH frames, from the arena */
};

/*
 * Makes an empty namespace with the predefined scopes (\_GPE, \_PR_, \_SB_,
 * \_SI_, \_TZ_: §5.3.1) in nodes[max_nodes] and arena[arena_size], which
 * the caller owns. int32: the DSDT's revision is below 2.
 */
void aml_ns_init(struct aml_ns *ns, struct aml_node *nodes, u32 max_nodes, u8 *arena,
		 size_t arena_size, bool int32, const struct aml_host *host);

/*
 * Adds one definition block's TermList (the table after its 36-byte
 * header) to the namespace. Returns 0; or -EINVAL (malformed),
 * -EOPNOTSUPP (an opcode the loader does not know), -ENOMEM (out of nodes
 * or arena), with ns->error saying where: the objects before it stay.
 */
int aml_load(struct aml_ns *ns, const u8 *aml, size_t len);

/* The node of an absolute path ("\\_PTS", "\\_SI._SST"; segments padded with '_'), or NULL. */
struct aml_node *aml_lookup(struct aml_ns *ns, const char *path);

/*
 * Evaluates node: runs a method with the integer arguments args[nr_args]
 * (missing ones are Uninitialized; extra ones dropped, as §19.6.85 lets a
 * caller pass fewer), or reads a data object or field. The result in *ret
 * when ret is not NULL. Returns 0, or -EINVAL (malformed AML),
 * -EOPNOTSUPP (an opcode or region it refuses), -ENOENT (a name not in the
 * namespace), -ETIMEDOUT (the step or sleep budget ran out), -ENOMEM, -EIO
 * (the host refused an access); ns->error says why.
 */
int aml_eval(struct aml_ns *ns, struct aml_node *node, const u64 *args, unsigned int nr_args,
	     struct aml_value *ret);

/* The node's path ("\\_SB_.PCI0") in buf. */
void aml_path(const struct aml_node *node, char *buf, size_t size);

#endif
