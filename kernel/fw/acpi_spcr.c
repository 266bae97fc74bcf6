// SPDX-License-Identifier: MIT
/*
 * The Serial Port Console Redirection table (signature "SPCR", Microsoft's
 * specification, revisions 2 to 4; listed in ACPI 6.5 §5.2.6 table 5.6):
 * which UART the firmware's own console uses, and how. Layout (byte offsets):
 *
 *   36  u8   interface type (the serial port subtypes of Microsoft's DBG2
 *            table: 0x00 16550, 0x01 16450, 0x03 Arm PL011, 0x0e Arm SBSA,
 *            0x12 16550-compatible with the register layout in the GAS)
 *   40  GAS  base address: system memory or system I/O, its access size
 *            the width of every register access (ACPI 6.5 §5.2.3.2)
 *   58  u8   baud rate: 0 "as the firmware left it", 3 9600, 4 19200,
 *            6 57600, 7 115200
 *   76  u32  UART clock frequency in Hz, 0 unknown (revision 3 on)
 *   80  u32  precise baud rate, overriding the code above when not 0
 *            (revision 4 on)
 *
 * Pure: the arch reads the table with acpi_find_table() and programs its
 * UART from what this gives (x86: arch/x86_64/serial.c). Unit-tested by
 * tests/unit/test_acpi_spcr.c.
 */
#include <kernel/acpi.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define SPCR_INTERFACE_TYPE 36
#define SPCR_BASE_ADDRESS 40
#define SPCR_BAUD_RATE 58
#define SPCR_UART_CLOCK 76
#define SPCR_PRECISE_BAUD 80
#define SPCR_REV2_LENGTH 80 /* through the reserved word at 76 */

static u32 get32(const u8 *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* Bytes per register access from the GAS: its access size, else its bit width. */
static unsigned int access_bytes(const struct acpi_gas *gas)
{
	switch (gas->access_size) {
	case 1:
		return 1;
	case 2:
		return 2;
	case 3:
		return 4;
	case 0: /* "undefined (legacy reasons)": the register's width says it */
		return gas->bit_width == 32 ? 4 : gas->bit_width == 16 ? 2 : 1;
	default:
		return 0; /* 8-byte registers: no UART has them */
	}
}

int acpi_spcr_parse(const void *table, size_t len, struct acpi_spcr *out)
{
	static const u32 baud_codes[] = { [3] = 9600, [4] = 19200, [6] = 57600, [7] = 115200 };
	const u8 *t = table;
	struct acpi_gas gas;
	u8 revision, code;

	memset(out, 0, sizeof(*out));
	if (len < SPCR_REV2_LENGTH || memcmp(t, "SPCR", 4) != 0)
		return -EINVAL;
	revision = t[8];
	memcpy(&gas, t + SPCR_BASE_ADDRESS, sizeof(gas));
	out->interface_type = t[SPCR_INTERFACE_TYPE];
	if (gas.space_id != ACPI_GAS_MEMORY && gas.space_id != ACPI_GAS_IO)
		return -EINVAL;
	if (gas.address == 0 || (gas.space_id == ACPI_GAS_IO && gas.address > 0xfff8))
		return -EINVAL;
	out->mmio = gas.space_id == ACPI_GAS_MEMORY;
	out->address = gas.address;
	/* I/O ports of an 8250 are bytes, one apart; memory registers as wide as the GAS says. */
	out->reg_bytes = out->mmio ? access_bytes(&gas) : 1;
	if (!out->reg_bytes)
		return -EINVAL;
	code = t[SPCR_BAUD_RATE];
	if (code != 0 && (code >= sizeof(baud_codes) / sizeof(baud_codes[0]) || !baud_codes[code]))
		return -EINVAL; /* as Linux's acpi_parse_spcr(): an unknown code is an error */
	out->baud = code ? baud_codes[code] : 0;
	if (revision >= 3)
		out->clock_hz = get32(t + SPCR_UART_CLOCK);
	if (revision >= 4 && len >= SPCR_PRECISE_BAUD + 4 && get32(t + SPCR_PRECISE_BAUD))
		out->baud = get32(t + SPCR_PRECISE_BAUD);
	return 0;
}

bool acpi_spcr_is_8250(const struct acpi_spcr *s)
{
	return s->interface_type == ACPI_SPCR_16550 || s->interface_type == ACPI_SPCR_16450 ||
	       s->interface_type == ACPI_SPCR_16550_GAS;
}
