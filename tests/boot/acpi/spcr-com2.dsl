/*
 * A Serial Port Console Redirection table (Microsoft's SPCR specification,
 * revision 2; ACPI 6.5 §5.2.6 table 5.6) that qemu-x86_64-modern-fail adds
 * to QEMU's own ACPI tables (tests/boot/emulate: -acpitable), as a server's
 * firmware does: its console UART is COM2, a 16550 at I/O port 0x2f8,
 * 115200 baud. QEMU's and Bochs' own tables have no SPCR. The kernel must
 * move its serial console there once it reads ACPI (arch/x86_64/serial.c):
 * the boot runner checks that the log goes on on COM2, and not on COM1
 * (tests/boot/expect/qemu-x86_64-modern-fail). Built by the Makefile with
 * Debian's iasl (acpica-tools), as a data table.
 */
[0004]                          Signature : "SPCR"
[0004]                       Table Length : 00000050
[0001]                           Revision : 02
[0001]                           Checksum : 00
[0006]                             Oem ID : "UMBRA "
[0008]                       Oem Table ID : "SPCRCOM2"
[0004]                       Oem Revision : 00000001
[0004]                    Asl Compiler ID : "INTL"
[0004]              Asl Compiler Revision : 20200925

[0001]                     Interface Type : 00
[0003]                           Reserved : 000000

[0012]               Serial Port Register : [Generic Address Structure]
[0001]                           Space ID : 01 [SystemIO]
[0001]                          Bit Width : 08
[0001]                         Bit Offset : 00
[0001]               Encoded Access Width : 01 [Byte Access:8]
[0008]                            Address : 00000000000002F8

[0001]                     Interrupt Type : 01
[0001]                PCAT-compatible IRQ : 03
[0004]                          Interrupt : 00000000
[0001]                          Baud Rate : 07
[0001]                             Parity : 00
[0001]                          Stop Bits : 01
[0001]                       Flow Control : 00
[0001]                      Terminal Type : 00
[0001]                           Reserved : 00
[0002]                      PCI Device ID : FFFF
[0002]                      PCI Vendor ID : FFFF
[0001]                            PCI Bus : 00
[0001]                         PCI Device : 00
[0001]                       PCI Function : 00
[0004]                          PCI Flags : 00000000
[0001]                        PCI Segment : 00
[0004]                           Reserved : 00000000
