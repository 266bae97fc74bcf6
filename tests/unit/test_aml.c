// SPDX-License-Identifier: MIT
/*
 * The AML interpreter (kernel/fw/aml_*.c) on definition blocks assembled
 * here by hand, byte by byte as ACPI 6.5 §20 encodes them, against a fake
 * machine: 64 KiB of I/O ports (with a CMOS-like index/data pair at
 * 0x70/0x71), 4 KiB of memory at 0x1000 and a PCI configuration space.
 * Each test names what it proves: an opcode class giving the exact value
 * §19.6 says, a field access reaching the exact port or address with the
 * exact width, or malformed and unsupported AML stopping with the right
 * errno and a reason -- never a crash, never a hang.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <kernel/aml.h>
#include <uapi/linux/errno.h>

/* ---- the fake machine ---- */

#define MEM_BASE 0x1000
static u8 ports[65536], mem[4096], cmos[128], cmos_index;
static u8 pci[4096];
static u64 pci_base_seen;
static unsigned int nr_writes, debug_calls;
static u32 stalled_us;
static struct {
	u8 space;
	u64 addr;
	unsigned int bytes;
	u64 value;
} writes[64];

static int fake_read(void *ctx, u8 space, u64 addr, unsigned int bytes, u64 *v)
{
	(void)ctx;
	*v = 0;
	for (unsigned int i = 0; i < bytes; i++) {
		u8 b;

		if (space == AML_SPACE_IO && addr + i == 0x71)
			b = cmos[cmos_index & 0x7f];
		else if (space == AML_SPACE_IO && addr + i < sizeof(ports))
			b = ports[addr + i];
		else if (space == AML_SPACE_MEMORY && addr + i >= MEM_BASE &&
			 addr + i < MEM_BASE + sizeof(mem))
			b = mem[addr + i - MEM_BASE];
		else if (space == AML_SPACE_PCI_CONFIG) {
			pci_base_seen = addr & ~0xfffull;
			b = pci[(addr & 0xfff) + i];
		} else
			return -EOPNOTSUPP;
		*v |= (u64)b << (8 * i);
	}
	return 0;
}

static int fake_write(void *ctx, u8 space, u64 addr, unsigned int bytes, u64 v)
{
	(void)ctx;
	if (nr_writes < 64)
		writes[nr_writes] = (typeof(writes[0])){ space, addr, bytes, v };
	nr_writes++;
	for (unsigned int i = 0; i < bytes; i++) {
		u8 b = (u8)(v >> (8 * i));

		if (space == AML_SPACE_IO && addr + i == 0x70)
			cmos_index = b;
		else if (space == AML_SPACE_IO && addr + i == 0x71)
			cmos[cmos_index & 0x7f] = b;
		else if (space == AML_SPACE_IO && addr + i < sizeof(ports))
			ports[addr + i] = b;
		else if (space == AML_SPACE_MEMORY && addr + i >= MEM_BASE &&
			 addr + i < MEM_BASE + sizeof(mem))
			mem[addr + i - MEM_BASE] = b;
		else if (space == AML_SPACE_PCI_CONFIG) {
			pci_base_seen = addr & ~0xfffull;
			pci[(addr & 0xfff) + i] = b;
		} else
			return -EOPNOTSUPP;
	}
	return 0;
}

static void fake_stall(void *ctx, u32 us)
{
	(void)ctx;
	stalled_us += us;
}

static void fake_debug(void *ctx, const struct aml_value *v)
{
	(void)ctx;
	(void)v;
	debug_calls++;
}

static const struct aml_host host = { fake_read, fake_write, fake_stall, fake_debug, NULL };

/* ---- a tiny assembler: bytes, with PkgLengths filled in when a package closes ---- */

static u8 code[8192];
static size_t len, open_at[16];
static int depth;

static void emit(const u8 *b, size_t n)
{
	memcpy(code + len, b, n);
	len += n;
}
#define E(...) emit((const u8[]){ __VA_ARGS__ }, sizeof((const u8[]){ __VA_ARGS__ }))
#define S(s) emit((const u8 *)(s), 4) /* a NameSeg */

/* Opens a PkgLength here; close() writes it (1 or 2 bytes, §20.2.4). */
static void open_pkg(void)
{
	open_at[depth++] = len++;
}

static void close_pkg(void)
{
	size_t at = open_at[--depth], n = len - at;

	if (n <= 0x3f) {
		code[at] = (u8)n;
		return;
	}
	memmove(code + at + 2, code + at + 1, len - at - 1);
	len++;
	n++;
	code[at] = (u8)(0x40 | (n & 0x0f));
	code[at + 1] = (u8)(n >> 4);
}

static void method(const char *name, u8 args)
{
	E(0x14);
	open_pkg();
	S(name);
	E(args);
}

static struct aml_node nodes[256];
static u8 arena[65536];
static struct aml_ns ns;

static void reset(void)
{
	len = 0;
	depth = 0;
	nr_writes = 0;
	debug_calls = 0;
	stalled_us = 0;
	memset(ports, 0, sizeof(ports));
	memset(mem, 0, sizeof(mem));
	memset(pci, 0, sizeof(pci));
	memset(cmos, 0, sizeof(cmos));
	aml_ns_init(&ns, nodes, 256, arena, sizeof(arena), false, &host);
}

static int load(void)
{
	return aml_load(&ns, code, len);
}

/* Loads, then runs \name with args; the integer result in *out. */
static int run(const char *name, const u64 *args, unsigned int n, u64 *out)
{
	struct aml_value v = { 0 };
	int ret = load();

	if (ret)
		return ret;
	ret = aml_eval(&ns, aml_lookup(&ns, name), args, n, &v);
	if (!ret && out)
		*out = v.integer;
	return ret;
}

/* Method (T, 0) { Return (expr) } with expr the bytes given, run. */
static u64 expr(const u8 *b, size_t n)
{
	u64 v = 0xdead;

	reset();
	method("T___", 0);
	E(0xa4);
	emit(b, n);
	close_pkg();
	assert_int_equal(run("\\T", NULL, 0, &v), 0);
	return v;
}
#define X(...) expr((const u8[]){ __VA_ARGS__ }, sizeof((const u8[]){ __VA_ARGS__ }))

/* ---- the tests ---- */

/* _PTS (Arg0) stored into a byte field of a SystemIO region reaches port 0x80 as one byte. */
static void test_pts_writes_arg_to_io_port(void **state)
{
	u64 five = 5;

	(void)state;
	reset();
	E(0x5b, 0x80), S("DBG_"),
		E(0x01, 0x0a, 0x80, 0x01); /* OperationRegion (DBG, SystemIO, 0x80, 1) */
	E(0x5b, 0x81), open_pkg(), S("DBG_"), E(0x01), S("P80_"), E(0x08), close_pkg();
	method("_PTS", 1), E(0x70, 0x68), S("P80_"), close_pkg(); /* Store (Arg0, P80) */
	assert_int_equal(run("\\_PTS", &five, 1, NULL), 0);
	assert_int_equal(ports[0x80], 5);
	assert_int_equal(nr_writes, 1);
	assert_int_equal(writes[0].bytes, 1);
	assert_int_equal(ns.writes, 1);
	assert_string_equal(ns.error, "");
}

/* Integer arithmetic and logic give §19.6's values. */
static void test_integer_operators(void **state)
{
	(void)state;
	assert_int_equal(X(0x72, 0x0a, 3, 0x0a, 4, 0x00), 7);		  /* Add */
	assert_int_equal(X(0x74, 0x0a, 3, 0x0a, 4, 0x00), ~0ull);	  /* Subtract wraps */
	assert_int_equal(X(0x77, 0x0a, 6, 0x0a, 7, 0x00), 42);		  /* Multiply */
	assert_int_equal(X(0x78, 0x0a, 47, 0x0a, 10, 0x00, 0x00), 4);	  /* Divide */
	assert_int_equal(X(0x85, 0x0a, 47, 0x0a, 10, 0x00), 7);		  /* Mod */
	assert_int_equal(X(0x79, 0x01, 0x0a, 12, 0x00), 4096);		  /* ShiftLeft */
	assert_int_equal(X(0x7a, 0x0b, 0x00, 0x10, 0x0a, 8, 0x00), 0x10); /* ShiftRight */
	assert_int_equal(X(0x7b, 0x0a, 0xf0, 0x0a, 0x3c, 0x00), 0x30);	  /* And */
	assert_int_equal(X(0x7d, 0x0a, 0xf0, 0x0a, 0x0f, 0x00), 0xff);	  /* Or */
	assert_int_equal(X(0x7f, 0x0a, 0xff, 0x0a, 0x0f, 0x00), 0xf0);	  /* XOr */
	assert_int_equal(X(0x7c, 0xff, 0xff, 0x00), 0);			  /* NAnd */
	assert_int_equal(X(0x7e, 0x00, 0x00, 0x00), ~0ull);		  /* NOr */
	assert_int_equal(X(0x80, 0x00, 0x00), ~0ull);			  /* Not */
	assert_int_equal(X(0x81, 0x0a, 0x90, 0x00), 8);			  /* FindSetLeftBit */
	assert_int_equal(X(0x82, 0x0a, 0x90, 0x00), 5);			  /* FindSetRightBit */
	assert_int_equal(X(0x0c, 0x78, 0x56, 0x34, 0x12), 0x12345678);	  /* DWordPrefix */
	assert_int_equal(X(0x0e, 1, 2, 3, 4, 5, 6, 7, 8), 0x0807060504030201ull);
	assert_int_equal(X(0xff), ~0ull); /* Ones */
}

/* LEqual, LLess, LGreater and LNot of them, LAnd, LOr: Ones or Zero; strings compare bytewise. */
static void test_logical_operators(void **state)
{
	(void)state;
	assert_int_equal(X(0x93, 0x0a, 5, 0x0a, 5), ~0ull);
	assert_int_equal(X(0x93, 0x0a, 5, 0x0a, 6), 0);
	assert_int_equal(X(0x95, 0x0a, 5, 0x0a, 6), ~0ull);	  /* LLess */
	assert_int_equal(X(0x94, 0x0a, 5, 0x0a, 6), 0);		  /* LGreater */
	assert_int_equal(X(0x92, 0x94, 0x0a, 5, 0x0a, 6), ~0ull); /* LLessEqual */
	assert_int_equal(X(0x92, 0x93, 0x0a, 5, 0x0a, 5), 0);	  /* LNotEqual */
	assert_int_equal(X(0x90, 0x01, 0x00), 0);		  /* LAnd */
	assert_int_equal(X(0x91, 0x01, 0x00), ~0ull);		  /* LOr */
	assert_int_equal(X(0x93, 0x0d, 'a', 'b', 0, 0x0d, 'a', 'b', 0), ~0ull);
	assert_int_equal(X(0x95, 0x0d, 'a', 'b', 0, 0x0d, 'a', 'c', 0), ~0ull);
}

/* A DSDT of revision 1 has 32-bit integers (§5.2.11.1): Ones and wrap-around are 32 bits. */
static void test_revision_1_integers_are_32_bits(void **state)
{
	u64 v;

	(void)state;
	reset();
	aml_ns_init(&ns, nodes, 256, arena, sizeof(arena), true, &host);
	method("T___", 0), E(0xa4, 0x74, 0x00, 0x01, 0x00), close_pkg(); /* Return (0 - 1) */
	assert_int_equal(run("\\T", NULL, 0, &v), 0);
	assert_int_equal(v, 0xffffffffull);
}

/* While with Increment, If/Else, Break and Continue; locals keep their values. */
static void test_control_flow(void **state)
{
	u64 v;

	(void)state;
	reset();
	/* While (LLess (Local0, 10)) { Increment (Local0)  If (LEqual (Local0, 3)) { Continue }
	 *   If (LEqual (Local0, 5)) { Break } Else { Add (Local1, Local0, Local1) } } Return (Local1 * 100 + Local0) */
	method("T___", 0);
	E(0x70, 0x00, 0x60, 0x70, 0x00, 0x61);
	E(0xa2), open_pkg(), E(0x95, 0x60, 0x0a, 10);
	E(0x75, 0x60);
	E(0xa0), open_pkg(), E(0x93, 0x60, 0x0a, 3, 0x9f), close_pkg();
	E(0xa0), open_pkg(), E(0x93, 0x60, 0x0a, 5, 0xa5), close_pkg();
	E(0xa1), open_pkg(), E(0x72, 0x61, 0x60, 0x61), close_pkg();
	close_pkg();
	E(0xa4, 0x72, 0x77, 0x61, 0x0a, 100, 0x00, 0x60, 0x00);
	close_pkg();
	assert_int_equal(run("\\T", NULL, 0, &v), 0);
	assert_int_equal(v, (1 + 2 + 4) * 100 + 5);
}

/* A method calls another with arguments; Return carries the value back. */
static void test_method_call(void **state)
{
	u64 v;

	(void)state;
	reset();
	method("ADD2", 2), E(0xa4, 0x72, 0x68, 0x69, 0x00), close_pkg();
	E(0x10), open_pkg(), E('\\'), S("_SB_");
	/* ADD2 from \_SB.T: a lone NameSeg is searched for toward the root (§5.3). */
	method("T___", 0), E(0xa4), S("ADD2"), E(0x0a, 30, 0x0a, 12), close_pkg();
	close_pkg();
	assert_int_equal(run("\\_SB.T", NULL, 0, &v), 0);
	assert_int_equal(v, 42);
}

/* Name (PKG, Package) written through Index, read through DerefOf; SizeOf; a Name's integer updated. */
static void test_packages_and_names(void **state)
{
	u64 v;

	(void)state;
	reset();
	E(0x08), S("PKG_"), E(0x12), open_pkg(), E(3, 0x01, 0x0a, 2, 0x0a, 3), close_pkg();
	E(0x08), S("VAL_"), E(0x0b, 0x34, 0x12);
	method("T___", 0);
	E(0x70, 0x0a, 9, 0x88), S("PKG_"), E(0x01, 0x00);    /* Store (9, Index (PKG, 1)) */
	E(0x70, 0x72), S("VAL_"), E(0x01, 0x00), S("VAL_");  /* Store (VAL + 1, VAL) */
	E(0xa4, 0x72, 0x83, 0x88), S("PKG_"), E(0x01, 0x00); /* DerefOf (Index (PKG, 1)) */
	E(0x72, 0x87), S("PKG_"), S("VAL_"), E(0x00, 0x00);  /* + SizeOf (PKG) + VAL */
	close_pkg();
	assert_int_equal(run("\\T", NULL, 0, &v), 0);
	assert_int_equal(v, 9 + 3 + 0x1235);
	assert_int_equal(aml_eval(&ns, aml_lookup(&ns, "\\VAL"), NULL, 0, NULL), 0);
}

/* CondRefOf: Zero for a name nowhere in the namespace, Ones and the reference for one that is. */
static void test_cond_ref_of(void **state)
{
	u64 v;

	(void)state;
	reset();
	E(0x08), S("HERE"), E(0x0a, 7);
	method("T___", 0);
	E(0xa0), open_pkg(), E(0x5b, 0x12, '\\'), S("GONE"), E(0x00, 0xa4, 0x0a, 1), close_pkg();
	E(0xa0), open_pkg(), E(0x5b, 0x12), S("HERE"), E(0x60), E(0xa4, 0x83, 0x60), close_pkg();
	E(0xa4, 0x0a, 2);
	close_pkg();
	assert_int_equal(run("\\T", NULL, 0, &v), 0);
	assert_int_equal(v, 7);
}

/* Mutex, Event, Acquire, Release, Signal, Notify and the Debug object run as no-ops. */
static void test_sync_and_notify_no_ops(void **state)
{
	u64 v;

	(void)state;
	reset();
	E(0x5b, 0x01), S("MUT0"), E(0x00);
	E(0x5b, 0x02), S("EVT0");
	E(0x5b, 0x82), open_pkg(), S("DEV0"), close_pkg();
	method("T___", 0);
	E(0x70, 0x5b, 0x23), S("MUT0"),
		E(0xff, 0xff, 0x60); /* Store (Acquire (MUT0, 0xffff), Local0) */
	E(0x5b, 0x27), S("MUT0");
	E(0x5b, 0x24), S("EVT0");
	E(0x86), S("DEV0"), E(0x0a, 0x80);	/* Notify (DEV0, 0x80) */
	E(0x70, 0x0d, 'h', 'i', 0, 0x5b, 0x31); /* Store ("hi", Debug) */
	E(0xa4, 0x72, 0x60, 0x0a, 1, 0x00);
	close_pkg();
	assert_int_equal(run("\\T", NULL, 0, &v), 0);
	assert_int_equal(v, 1); /* Acquire returned Zero: acquired */
	assert_int_equal(debug_calls, 1);
	assert_int_equal(nr_writes, 0);
}

/* Sleep and Stall wait through the host; past the budget the method stops with -ETIMEDOUT. */
static void test_sleep_bounded(void **state)
{
	(void)state;
	reset();
	method("T___", 0), E(0x5b, 0x22, 0x0a, 10, 0x5b, 0x21, 0x0a, 50), close_pkg();
	assert_int_equal(run("\\T", NULL, 0, NULL), 0);
	assert_int_equal(stalled_us, 10050);
	reset();
	method("T___", 0), E(0x5b, 0x22, 0x0b, 0xb8, 0x0b), close_pkg(); /* Sleep (3000) */
	assert_int_equal(run("\\T", NULL, 0, NULL), -ETIMEDOUT);
	assert_int_equal(stalled_us, 0);
}

/* While (One) {} ends at the step budget, with the reason and the method. */
static void test_step_budget_stops_endless_loop(void **state)
{
	(void)state;
	reset();
	method("_PTS", 1), E(0xa2), open_pkg(), E(0x01, 0xa3), close_pkg(), close_pkg();
	assert_int_equal(load(), 0);
	ns.step_budget = 5000;
	assert_int_equal(aml_eval(&ns, aml_lookup(&ns, "\\_PTS"), NULL, 0, NULL), -ETIMEDOUT);
	assert_non_null(strstr(ns.error, "step budget"));
	assert_string_equal(ns.where, "\\_PTS");
	assert_true(ns.steps > 5000 && ns.steps < 5010);
}

/* A method calling itself stops at the depth bound, not on a blown stack. */
static void test_recursion_bounded(void **state)
{
	(void)state;
	reset();
	method("RECU", 0), S("RECU"), close_pkg();
	assert_int_equal(run("\\RECU", NULL, 0, NULL), -EOPNOTSUPP);
	assert_non_null(strstr(ns.error, "nested"));
}

/* An opcode the interpreter refuses (Timer, CreateDWordField) stops it with its number. */
static void test_unsupported_opcode_refused(void **state)
{
	u64 v = 0;

	(void)state;
	reset();
	E(0x08), S("MARK"), E(0x00);
	method("T___", 0), E(0x70, 0x01), S("MARK"), E(0xa4, 0x5b, 0x33), close_pkg();
	assert_int_equal(run("\\T", NULL, 0, NULL), -EOPNOTSUPP);
	assert_string_equal(ns.error, "opcode 0x5b33");
	assert_string_equal(ns.where, "\\T___");
	/* What ran before the refusal ran: \MARK was set. */
	assert_int_equal(aml_eval(&ns, aml_lookup(&ns, "\\MARK"), NULL, 0, NULL), 0);
	reset();
	method("T___", 0), E(0x8a, 0x68, 0x00), S("DW__"), close_pkg();
	assert_int_equal(run("\\T", NULL, 0, &v), -EOPNOTSUPP);
	assert_string_equal(ns.error, "opcode 0x8a");
}

/* Malformed AML: truncated operands, a PkgLength past the table, a bad NameSeg, unknown names. */
static void test_malformed_input(void **state)
{
	static const u8 overrun[] = { 0x14, 0x3f, '_', 'P', 'T', 'S', 0x01 };
	static const u8 bad_seg[] = { 0x08, 'a', 'b', 'c', 'd', 0x00 };
	static const u8 bad_pkglen[] = { 0x10, 0x70, 0x00 }; /* bits 5:4 set with a follow byte */

	(void)state;
	reset();
	assert_int_equal(aml_load(&ns, overrun, sizeof(overrun)), -EINVAL);
	assert_non_null(strstr(ns.error, "PkgLength"));
	assert_int_equal(aml_load(&ns, bad_seg, sizeof(bad_seg)), -EINVAL);
	assert_int_equal(aml_load(&ns, bad_pkglen, sizeof(bad_pkglen)), -EINVAL);
	reset();
	method("T___", 0), E(0x70, 0x0a), close_pkg(); /* Store (BytePrefix <nothing> */
	assert_int_equal(run("\\T", NULL, 0, NULL), -EINVAL);
	reset();
	method("T___", 0), E(0x72, 0x0a, 1), close_pkg(); /* Add without its second operand */
	assert_int_equal(run("\\T", NULL, 0, NULL), -EINVAL);
	reset();
	method("T___", 0), E(0x70, 0x01), S("NONE"), close_pkg();
	assert_int_equal(run("\\T", NULL, 0, NULL), -ENOENT);
	assert_string_equal(ns.error, "target NONE not found");
	reset();
	method("T___", 0), E(0x78, 0x01, 0x00, 0x00, 0x00), close_pkg(); /* Divide by zero */
	assert_int_equal(run("\\T", NULL, 0, NULL), -EINVAL);
	reset();
	method("T___", 0), E(0xa1, 0x01), close_pkg();
	assert_int_equal(run("\\T", NULL, 0, NULL), -EINVAL);
	assert_null(aml_lookup(&ns, "\\NONE"));
	assert_int_equal(aml_eval(&ns, NULL, NULL, 0, NULL), -ENOENT);
}

/* A top-level opcode the loader cannot skip stops the table; what came before stays. */
static void test_loader_stops_at_unknown_top_level_opcode(void **state)
{
	(void)state;
	reset();
	E(0x08), S("KEPT"), E(0x01);
	E(0x70, 0x01), S("KEPT");
	E(0x08), S("LOST"), E(0x01);
	assert_int_equal(load(), -EOPNOTSUPP);
	assert_string_equal(ns.error, "opcode 0x70 outside a method");
	assert_non_null(aml_lookup(&ns, "\\KEPT"));
	assert_null(aml_lookup(&ns, "\\LOST"));
}

/* Module-level If/Else, Scope, Device, Processor and External load as §5.2.11 says. */
static void test_loader_objects(void **state)
{
	char path[64];

	(void)state;
	reset();
	E(0xa0), open_pkg(), E(0x01, 0x08), S("YES_"), E(0x01), close_pkg();
	E(0xa1), open_pkg(), E(0x08), S("NO__"), E(0x01), close_pkg();
	E(0x15, '\\'), S("EXT_"), E(0x08, 0x01);
	E(0x10), open_pkg(), E('\\'), S("_SB_");
	E(0x5b, 0x82), open_pkg(), S("PCI0"), E(0x08), S("_ADR"), E(0x00), close_pkg();
	close_pkg();
	E(0x5b, 0x83), open_pkg(), S("CPU0"), E(0, 0x10, 0, 0, 0, 6), close_pkg();
	E(0x06, '\\', 0x2e), S("_SB_"), S("PCI0"), S("PCIA"); /* Alias (\_SB.PCI0, PCIA) */
	assert_int_equal(load(), 0);
	assert_non_null(aml_lookup(&ns, "\\YES"));
	assert_null(aml_lookup(&ns, "\\NO"));
	assert_null(aml_lookup(&ns, "\\EXT"));
	assert_int_equal(aml_lookup(&ns, "\\CPU0")->type, AML_PROCESSOR);
	aml_path(aml_lookup(&ns, "\\_SB.PCI0._ADR"), path, sizeof(path));
	assert_string_equal(path, "\\_SB_.PCI0._ADR");
	assert_ptr_equal(aml_lookup(&ns, "\\PCIA"), aml_lookup(&ns, "\\_SB.PCI0"));
}

/* The UpdateRule fills the rest of a partly written byte: Preserve, WriteAsOnes, WriteAsZeros (§19.6.48). */
static void test_field_update_rules(void **state)
{
	static const u8 rules[] = { 0x01, 0x21, 0x41 }; /* ByteAcc with each UpdateRule */
	static const u8 expect[] = { 0xa5, 0xaf, 0xa0 };

	(void)state;
	for (int r = 0; r < 3; r++) {
		reset();
		mem[2] = 0x05;
		/* OperationRegion (MEM, SystemMemory, 0x1000, 16), Field { Offset (2), , 4, HIGH, 4 } */
		E(0x5b, 0x80), S("MEM_"), E(0x00, 0x0b, 0x00, 0x10, 0x0a, 16);
		E(0x5b, 0x81), open_pkg(), S("MEM_"), E(rules[r], 0x00, 20), S("HIGH"), E(4),
			close_pkg();
		method("T___", 0), E(0x70, 0x0a, 0x0a), S("HIGH"), E(0xa4), S("HIGH"), close_pkg();
		u64 v;

		assert_int_equal(run("\\T", NULL, 0, &v), 0);
		assert_int_equal(mem[2], expect[r]);
		assert_int_equal(v, 0xa);
	}
}

/* A 16-bit field at bit 24 of a DWordAcc field spans two dwords: two aligned 4-byte accesses each way. */
static void test_field_spans_access_units(void **state)
{
	u64 v;

	(void)state;
	reset();
	E(0x5b, 0x80), S("MEM_"), E(0x00, 0x0b, 0x00, 0x10, 0x0a, 16);
	E(0x5b, 0x81), open_pkg(), S("MEM_"), E(0x03, 0x00, 24), S("SPAN"), E(16), close_pkg();
	method("T___", 0), E(0x70, 0x0b, 0x34, 0x12), S("SPAN"), E(0xa4), S("SPAN"), close_pkg();
	assert_int_equal(run("\\T", NULL, 0, &v), 0);
	assert_int_equal(v, 0x1234);
	assert_int_equal(mem[3], 0x34);
	assert_int_equal(mem[4], 0x12);
	assert_int_equal(nr_writes, 2);
	assert_int_equal(writes[0].addr, 0x1000);
	assert_int_equal(writes[0].bytes, 4);
	assert_int_equal(writes[1].addr, 0x1004);
	assert_int_equal(ns.reads, 2 + 2); /* the two Preserve reads, then the two of Return */
}

/* A field past its region's end is refused, not accessed. */
static void test_field_past_region_refused(void **state)
{
	(void)state;
	reset();
	E(0x5b, 0x80), S("MEM_"), E(0x00, 0x0b, 0x00, 0x10, 0x01);
	E(0x5b, 0x81), open_pkg(), S("MEM_"), E(0x01), S("FLD_"), E(16), close_pkg();
	method("T___", 0), E(0xa4), S("FLD_"), close_pkg();
	assert_int_equal(run("\\T", NULL, 0, NULL), -EINVAL);
	assert_non_null(strstr(ns.error, "past region MEM_"));
}

/* IndexField over the CMOS-like pair at 0x70/0x71: the unit's offset to the index, then the data. */
static void test_index_field(void **state)
{
	u64 v;

	(void)state;
	reset();
	cmos[3] = 0x77;
	E(0x5b, 0x80), S("CMS_"), E(0x01, 0x0a, 0x70, 0x0a, 2);
	E(0x5b, 0x81), open_pkg(), S("CMS_"), E(0x01), S("IDX_"), E(8), S("DAT_"), E(8),
		close_pkg();
	E(0x5b, 0x86), open_pkg(), S("IDX_"), S("DAT_"), E(0x01, 0x00, 16), S("REG2"), E(8),
		S("REG3"), E(8), close_pkg();
	method("T___", 0), E(0x70, 0x0a, 0x42), S("REG2"), E(0xa4), S("REG3"), close_pkg();
	assert_int_equal(run("\\T", NULL, 0, &v), 0);
	assert_int_equal(v, 0x77);
	assert_int_equal(cmos[2], 0x42);
}

/* BankField: the bank selector is written with the bank value before each access. */
static void test_bank_field(void **state)
{
	(void)state;
	reset();
	E(0x5b, 0x80), S("IOR_"), E(0x01, 0x0b, 0x00, 0x02, 0x0a, 4); /* ports 0x200-0x203 */
	E(0x5b, 0x81), open_pkg(), S("IOR_"), E(0x01), S("BNK_"), E(8), close_pkg();
	E(0x5b, 0x87), open_pkg(), S("IOR_"), S("BNK_"), E(0x0a, 3, 0x01, 0x00, 16), S("BREG"),
		E(8), close_pkg();
	method("T___", 0), E(0x70, 0x0a, 0x99), S("BREG"), close_pkg();
	assert_int_equal(run("\\T", NULL, 0, NULL), 0);
	assert_int_equal(ports[0x200], 3);
	assert_int_equal(ports[0x202], 0x99);
	assert_int_equal(writes[0].addr, 0x200);
	assert_int_equal(writes[1].addr, 0x202);
}

/* A PCI_Config region of a device under the host bridge: bus from _BBN, device and function from _ADR. */
static void test_pci_config_region(void **state)
{
	u64 v;

	(void)state;
	reset();
	pci[0x40] = 0x01;
	pci[0x41] = 0x05;
	E(0x10), open_pkg(), E('\\'), S("_SB_");
	E(0x5b, 0x82), open_pkg(), S("PCI0"), E(0x08), S("_HID"), E(0x0c, 0x41, 0xd0, 0x0a, 0x08);
	E(0x08), S("_BBN"), E(0x0a, 2);
	E(0x5b, 0x82), open_pkg(), S("LPCB"), E(0x08), S("_ADR"), E(0x0c, 0x03, 0x00, 0x1f, 0x00);
	E(0x5b, 0x80), S("LPC_"), E(0x02, 0x0a, 0x40, 0x0a, 4);
	E(0x5b, 0x81), open_pkg(), S("LPC_"), E(0x02), S("PMBA"), E(16), close_pkg();
	close_pkg(), close_pkg(), close_pkg();
	method("T___", 0), E(0xa4, 0x5c, 0x2f, 4), S("_SB_"), S("PCI0"), S("LPCB"), S("PMBA"),
		close_pkg();
	assert_int_equal(run("\\T", NULL, 0, &v), 0);
	assert_int_equal(v, 0x0501);
	assert_int_equal(pci_base_seen, AML_PCI_ADDR(0, 2, 0x1f, 3, 0));
}

/* Regions the host has no driver for (the embedded controller) are refused with the space named. */
static void test_unsupported_space_refused(void **state)
{
	u64 five = 5;

	(void)state;
	reset();
	E(0x5b, 0x80), S("ECOR"), E(0x03, 0x00, 0x0a, 0xff);
	E(0x5b, 0x81), open_pkg(), S("ECOR"), E(0x01), S("ECRG"), E(8), close_pkg();
	method("_PTS", 1), E(0x70, 0x68), S("ECRG"), close_pkg();
	assert_int_equal(run("\\_PTS", &five, 1, NULL), -EOPNOTSUPP);
	assert_string_equal(ns.error, "region ECOR in space 3");
	assert_int_equal(nr_writes, 0);
}

/* Buffers: written through Index, compared bytewise, converted to an integer little-endian. */
static void test_buffers(void **state)
{
	u64 v;

	(void)state;
	reset();
	E(0x08), S("BUF_"), E(0x11), open_pkg(), E(0x0a, 4, 0x01, 0x02), close_pkg();
	method("T___", 0);
	E(0x70, 0x0a, 0x33, 0x88), S("BUF_"), E(0x0a, 3, 0x00);
	E(0xa4, 0x72), S("BUF_"), E(0x00, 0x00);
	close_pkg();
	assert_int_equal(run("\\T", NULL, 0, &v), 0);
	assert_int_equal(v, 0x33000201);
	/* Index past the end is refused. */
	reset();
	E(0x08), S("BUF_"), E(0x11), open_pkg(), E(0x0a, 2), close_pkg();
	method("T___", 0), E(0x88), S("BUF_"), E(0x0a, 2, 0x00), close_pkg();
	assert_int_equal(run("\\T", NULL, 0, NULL), -EINVAL);
}

/* Out of nodes or arena: -ENOMEM with the reason, not a write past the end. */
static void test_out_of_room(void **state)
{
	static struct aml_node few[8];

	(void)state;
	reset();
	aml_ns_init(&ns, few, 8, arena, sizeof(arena), false, &host);
	for (int i = 0; i < 4; i++)
		E(0x08, 'N', 'A', 'M', (u8)('0' + i), 0x00);
	assert_int_equal(load(), -ENOMEM);
	assert_non_null(strstr(ns.error, "out of namespace nodes"));
	reset();
	aml_ns_init(&ns, nodes, 256, arena, 16384, false, &host);
	method("T___", 0), E(0xa4, 0x11, 0x04, 0x0b, 0xff, 0xff),
		close_pkg(); /* Buffer (0xffff) {} */
	assert_int_equal(run("\\T", NULL, 0, NULL), -ENOMEM);
	assert_non_null(strstr(ns.error, "out of arena"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pts_writes_arg_to_io_port),
		cmocka_unit_test(test_integer_operators),
		cmocka_unit_test(test_logical_operators),
		cmocka_unit_test(test_revision_1_integers_are_32_bits),
		cmocka_unit_test(test_control_flow),
		cmocka_unit_test(test_method_call),
		cmocka_unit_test(test_packages_and_names),
		cmocka_unit_test(test_cond_ref_of),
		cmocka_unit_test(test_sync_and_notify_no_ops),
		cmocka_unit_test(test_sleep_bounded),
		cmocka_unit_test(test_step_budget_stops_endless_loop),
		cmocka_unit_test(test_recursion_bounded),
		cmocka_unit_test(test_unsupported_opcode_refused),
		cmocka_unit_test(test_malformed_input),
		cmocka_unit_test(test_loader_stops_at_unknown_top_level_opcode),
		cmocka_unit_test(test_loader_objects),
		cmocka_unit_test(test_field_update_rules),
		cmocka_unit_test(test_field_spans_access_units),
		cmocka_unit_test(test_field_past_region_refused),
		cmocka_unit_test(test_index_field),
		cmocka_unit_test(test_bank_field),
		cmocka_unit_test(test_pci_config_region),
		cmocka_unit_test(test_unsupported_space_refused),
		cmocka_unit_test(test_buffers),
		cmocka_unit_test(test_out_of_room),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
