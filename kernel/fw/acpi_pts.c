// SPDX-License-Identifier: MIT
/*
 * What the OS does just before it turns the machine off through S5, in
 * Linux's order (drivers/acpi/sleep.c: acpi_power_off_prepare() ->
 * acpi_enter_sleep_state_prep()): run \_PTS(5) (Prepare To Sleep, ACPI 6.5
 * §7.4.1: the firmware's last chance to arm wake sources or tell its
 * embedded controller), then \_SI._SST(0) (the system indicator off,
 * §9.1.1) where defined. Linux does this only where \_S5 exists, so here
 * too; \_GTS is no longer run by Linux, nor here.
 *
 * The namespace is loaded from the DSDT and every SSDT (§5.2.11) here, at
 * power-off, into memory taken then: a machine that never powers off pays
 * nothing. Every write the methods make is logged, so the serial console
 * says what the firmware did; a method that stops (a refused opcode or
 * region, the step budget) is logged with the reason and power-off goes
 * on, as Linux goes on when _PTS fails. `pts=off` skips all of it.
 */
#include <kernel/acpi.h>
#include <kernel/aml.h>
#include <kernel/cmdline.h>
#include <kernel/kmem.h>
#include <kernel/printk.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define AML_NODES 8192		     /* large laptops' DSDT and SSDTs hold a few thousand names */
#define AML_ARENA_BYTES (512 * 1024) /* buffers and packages the methods touch */
#define LOGGED_WRITES 16	     /* hardware writes logged one by one */
#define ACPI_STATE_S5 5
#define SST_INDICATOR_OFF 0 /* §9.1.1: _SST's argument for S4/S5, as Linux passes it */

static const char *const space_names[] = { "mem", "io", "pci" };

static int host_read(void *ctx, u8 space, u64 addr, unsigned int bytes, u64 *v)
{
	(void)ctx;
	return arch_aml_read(space, addr, bytes, v);
}

static int host_write(void *ctx, u8 space, u64 addr, unsigned int bytes, u64 v)
{
	unsigned int *logged = ctx;

	if ((*logged)++ < LOGGED_WRITES)
		pr_info("acpi:   write %s %#lx <- %#lx (%u bytes)\n", space_names[space % 3],
			(unsigned long)addr, (unsigned long)v, bytes);
	return arch_aml_write(space, addr, bytes, v);
}

static void host_stall(void *ctx, u32 us)
{
	(void)ctx;
	arch_aml_stall_us(us);
}

static void host_debug(void *ctx, const struct aml_value *v)
{
	(void)ctx;
	if (v->type == AML_INTEGER)
		pr_info("acpi:   Debug %#lx\n", (unsigned long)v->integer);
	else if (v->type == AML_STRING)
		pr_info("acpi:   Debug \"%.*s\"\n", (int)v->len, (const char *)v->bytes);
	else
		pr_info("acpi:   Debug (an object of type %u)\n", v->type);
}

static unsigned int writes_logged;
static const struct aml_host host = { host_read, host_write, host_stall, host_debug,
				      &writes_logged };

/* Loads one definition block; logs why it stopped when it did. */
static void load_table(struct aml_ns *ns, const struct acpi_table_header *t, unsigned int n)
{
	if (!t || t->length < sizeof(*t))
		return;
	if (aml_load(ns, (const u8 *)(t + 1), t->length - sizeof(*t)))
		pr_info("acpi: %.4s #%u loaded in part: %s\n", t->signature, n, ns->error);
}

/* Runs \name(arg) when it is a method; logs what it did. */
static void run(struct aml_ns *ns, const char *name, u64 arg)
{
	struct aml_node *m = aml_lookup(ns, name);
	int ret;

	if (!m || m->type != AML_METHOD) {
		pr_info("acpi: %s not defined\n", name);
		return;
	}
	writes_logged = 0;
	pr_info("acpi: running %s(%lu)\n", name, (unsigned long)arg);
	ret = aml_eval(ns, m, &arg, 1, NULL);
	if (ret == 0)
		pr_info("acpi: %s(%lu) ran: %lu steps, %u reads, %u writes\n", name,
			(unsigned long)arg, (unsigned long)ns->steps, ns->reads, ns->writes);
	else
		pr_info("acpi: %s(%lu) stopped after %lu steps, %u writes: %s%s%s; powering off "
			"anyway\n",
			name, (unsigned long)arg, (unsigned long)ns->steps, ns->writes, ns->error,
			ns->where[0] ? " in " : "", ns->where);
}

void acpi_prepare_poweroff(bool after_panic)
{
	static bool done;
	const struct acpi_table_header *t;
	struct acpi_fadt f;
	struct aml_node *nodes;
	struct aml_ns ns;
	unsigned int nr_ssdt = 0;
	u8 *arena;
	const char *pts = cmdline_get(&kernel_cmdline, "pts");

	if (done || !acpi_available() || !acpi_fadt(&f))
		return;
	done = true; /* once, even when a method faults into a panic that powers off again */
	if (pts && !strcmp(pts, "off")) {
		pr_info("acpi: \\_PTS not run (pts=off)\n");
		return;
	}
	if (after_panic) {
		pr_info("acpi: \\_PTS not run after a panic\n");
		return;
	}
	t = acpi_table_at(f.x_dsdt ? f.x_dsdt : f.dsdt, "DSDT");
	nodes = kmalloc(AML_NODES * sizeof(*nodes));
	arena = kmalloc(AML_ARENA_BYTES);
	if (!t || !nodes || !arena) {
		pr_info("acpi: \\_PTS not run (%s)\n",
			t ? "no memory for the namespace" : "no DSDT");
		goto out;
	}
	/* A DSDT of revision 1 makes every integer 32 bits wide (§5.2.11.1). */
	aml_ns_init(&ns, nodes, AML_NODES, arena, AML_ARENA_BYTES, t->revision < 2, &host);
	load_table(&ns, t, 0);
	for (; (t = acpi_find_table("SSDT", nr_ssdt)); nr_ssdt++)
		load_table(&ns, t, nr_ssdt);
	pr_info("acpi: AML namespace: %u objects from the DSDT and %u SSDTs\n", ns.nr_nodes,
		nr_ssdt);
	if (!aml_lookup(&ns, "\\_S5")) {
		pr_info("acpi: no \\_S5: \\_PTS not run (S5 is not how this machine turns off)\n");
		goto out;
	}
	run(&ns, "\\_PTS", ACPI_STATE_S5);
	if (aml_lookup(&ns, "\\_SI._SST"))
		run(&ns, "\\_SI._SST", SST_INDICATOR_OFF);
out:
	kfree(arena);
	kfree(nodes);
}
