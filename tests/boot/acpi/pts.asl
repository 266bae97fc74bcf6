/*
 * An SSDT that qemu-x86_64-modern adds to QEMU's own ACPI tables
 * (tests/boot/emulate: -acpitable), so that one emulated machine has the
 * methods a real PC's firmware runs before it turns off: \_PTS (Prepare To
 * Sleep, ACPI 6.5 §7.4.1) and \_SI._SST (the system indicator, §9.1.1).
 * QEMU's q35 tables define neither.
 *
 * Each writes its name and argument, "_PTS(5)\n" and "_SST(0)\n", one byte
 * at a time to I/O port 0x700, where the platform has a QEMU isa-debugcon
 * whose bytes go to LOG.pts beside the console log. So the boot runner
 * (tests/boot/run, the "pts" line of tests/boot/expect/qemu-x86_64-modern)
 * sees what the firmware's methods did from outside the kernel: which ran,
 * in which order, with which argument, and when.
 *
 * 0x700 is free on q35 under OVMF: the ICH9 power-management block is
 * 0x600-0x67f, OVMF gives PCI I/O BARs 0x6000 and up, and the legacy ports
 * are below 0x100 (QEMU's "info mtree", I/O address space).
 *
 * Written as firmware writes AML, through a SystemIO operation region and
 * a field (§19.6.100, §19.6.48), a While loop over a buffer, Index and
 * DerefOf: the interpreter (kernel/fw/aml_*.c) runs it as it would run a
 * laptop's. Built by the Makefile with Debian's iasl (acpica-tools).
 */
DefinitionBlock ("", "SSDT", 2, "UMBRA", "PTSTEST", 1)
{
	OperationRegion (TPRT, SystemIO, 0x0700, 1)
	Field (TPRT, ByteAcc, NoLock, Preserve)
	{
		TBYT, 8
	}

	/* Writes Arg0, a buffer of ASCII ended by a NUL, to the port. */
	Method (TPUT, 1, NotSerialized)
	{
		Local0 = 0
		Local1 = DerefOf (Arg0 [Local0])
		While (Local1 != 0)
		{
			TBYT = Local1
			Local0++
			Local1 = DerefOf (Arg0 [Local0])
		}
	}

	/* Writes "Arg0(Arg1)\n": a method's name and its argument, one decimal digit. */
	Method (TLOG, 2, NotSerialized)
	{
		TPUT (Arg0)
		TBYT = 0x28 /* ( */
		TBYT = Arg1 + 0x30 /* 0 */
		TPUT (Buffer () { ")\n" })
	}

	Method (\_PTS, 1, NotSerialized)
	{
		TLOG (Buffer () { "_PTS" }, Arg0)
	}

	Scope (\_SI)
	{
		Method (_SST, 1, NotSerialized)
		{
			TLOG (Buffer () { "_SST" }, Arg0)
		}
	}
}
