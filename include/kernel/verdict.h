/* SPDX-License-Identifier: MIT */
/*
 * The verdict of a run, and the one-line record that carries it off the
 * machine (the console's "umbra: record:" line and the QR code on the
 * screen). Three outcomes (docs/DESIGN.md §6.1):
 *   PASS           nothing failed, and the shadow-stack hardware was found,
 *                  switched on, and used: at least one user thread ran with
 *                  its shadow stack enabled (shstk_enable() succeeded);
 *   NOT VALIDATED  nothing failed, but the hardware was absent, switched
 *                  off (shstk=off, gcs=off), found unusable, or never
 *                  enabled by any test: the run says nothing about it;
 *   FAIL           a test failed, init failed, or the kernel panicked.
 * verdict_decide() and verdict_record() are pure: host-tested.
 */
#ifndef KERNEL_VERDICT_H
#define KERNEL_VERDICT_H

#include <kernel/ktap_tally.h>
#include <kernel/types.h>

enum verdict { VERDICT_PASS, VERDICT_NOT_VALIDATED, VERDICT_FAIL };

/* Every fact the verdict and the record are made of. */
struct verdict_facts {
	int status;		     /* the enum poweroff_status the kernel was leaving with */
	const char *shstk_name;	     /* "CET shadow stacks", "GCS" */
	const char *shstk_missing;   /* NULL when found and on; else why not, for people */
	unsigned long shstk_enables; /* user shadow stacks enabled (shstk_enable() succeeded) */
	unsigned long shstk_faults;  /* shadow-stack faults delivered (SIGSEGV, SEGV_CPERR) */
	const struct ktap_tally *tally;
	const char *commit;	/* git describe of the kernel's source */
	const char *arch;	/* "x86_64", "aarch64" */
	const char *cpu;	/* vendor family.model.stepping, or the MIDR */
	const char *microcode;	/* x86: IA32_BIOS_SIGN_ID's revision; "" elsewhere */
	const char *firmware;	/* vendor and version, as far as the boot path tells */
	const char *shstk_bits; /* the CPU's shadow-stack feature bits */
	unsigned long ram_mib;	/* usable RAM the firmware gave */
	unsigned int cpus_listed, cpus_ran;
	const char *
		kernel_cfi_name; /* the kernel's own forward-edge CFI: "Kernel IBT", "Kernel BTI" */
	const char *kernel_cfi;	 /* "on", "absent", "off (kibt=off)"; NULL: not shown */
	const char *kernel_shstk_name; /* the kernel's own shadow stacks: "Kernel shadow stacks" */
	const char *kernel_shstk;      /* "on", "absent", "off (kshstk=off)"; NULL: not shown */
};

/* The outcome, and in *why a short reason for people (static text or facts' own). */
enum verdict verdict_decide(const struct verdict_facts *f, const char **why);

/* "PASS", "NOT VALIDATED", "FAIL". */
const char *verdict_name(enum verdict v);

/* The poweroff status that says v: PASS 0, NOT VALIDATED 3, FAIL the given one (>= 1). */
int verdict_status(const struct verdict_facts *f, enum verdict v);

/*
 * The record, one line of printable ASCII in at most size - 1 bytes:
 *   umbra1;v=VERDICT;why=...;k=COMMIT;a=ARCH;cpu=...;uc=...;fw=...;ss=...;
 *   ram=MIB;cpus=RAN/LISTED;en=ENABLES;cp=FAULTS;t=PASS/FAIL/SKIP;
 *   p=NAME P[/F/S],...;f=SUITE/CASE,...
 * A program's /F/S is left out when both are 0. When the whole does not
 * fit, failed case names are dropped first (f= ends "+N" more), then
 * programs (p= ends "+N"); the fixed part always fits in 256 bytes.
 * Returns the length.
 */
size_t verdict_record(const struct verdict_facts *f, char *buf, size_t size);

/* ---- on the machine (kernel/verdict/verdict_facts.c) ---- */

struct boot_info;

/* At boot, first thing: notes and prints ("mem: N MiB usable RAM") the RAM the firmware gave. */
void verdict_note_boot(const struct boot_info *info);

/*
 * Once ACPI and the timer are set up: prints how many CPUs the firmware
 * lists ("smp: N CPUs listed by the firmware; M MiB RAM") and a "machine:"
 * line, keeping the facts that do not change (the arch's below) and
 * whether an emulator runs us.
 */
void verdict_note_machine(const struct boot_info *info);

/* The facts as the kernel leaves with status (enum poweroff_status). */
void verdict_gather(struct verdict_facts *f, int status);

/* The emulator running us (its name), or NULL: a real machine as far as can be told. */
const char *emulator_name(void);

/* What the arch knows, gathered once by verdict_note_machine() (arch/ARCH/verdict_facts.c). */
struct arch_verdict_facts {
	char cpu[48];
	char microcode[16];
	char firmware[96];
	char shstk_bits[48];
};
void arch_verdict_facts(struct arch_verdict_facts *a, const struct boot_info *info);
/* NULL when the shadow-stack hardware is found and on; else why not. */
const char *arch_shstk_missing(void);
/* The kernel's own forward-edge CFI (x86 kernel_ibt.c, arm64 kernel_bti.c): its name, its state. */
extern const char arch_kernel_cfi_name[];
const char *arch_kernel_cfi_state(void);
/* The kernel's own shadow stacks (x86 kernel_shstk.c, arm64 kernel_gcs.c): name, state or NULL. */
extern const char arch_kernel_shstk_name[];
const char *arch_kernel_shstk_state(void);
/* An emulator the CPU or firmware names by its own means, or NULL. */
const char *arch_emulator_name(void);
/* True when a key came in since the last call (keyboard controller or console UART). */
bool arch_key_pressed(void);

#endif
