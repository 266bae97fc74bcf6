/* SPDX-License-Identifier: MIT */
/*
 * ACPI tables: found from the RSDP the boot loader or firmware handed over
 * (struct boot_info.acpi_rsdp), read in place. Layouts are from the ACPI
 * specification 6.5, chapter 5.2. Generic: the arch code asks for the tables
 * it needs (MADT, FADT, SPCR, GTDT, ...) by signature and reads its own
 * fields.
 */
#ifndef KERNEL_ACPI_H
#define KERNEL_ACPI_H

#include <kernel/boot.h>
#include <kernel/types.h>

/* Root System Description Pointer, ACPI 6.5 §5.2.5.3 (revision 2: 36 bytes). */
struct acpi_rsdp {
	char signature[8]; /* "RSD PTR " */
	u8 checksum;	   /* of the first 20 bytes */
	char oem_id[6];
	u8 revision; /* 0: ACPI 1.0 (20 bytes, RSDT only); 2: ACPI 2.0+ */
	u32 rsdt_address;
	u32 length; /* revision >= 2 */
	u64 xsdt_address;
	u8 extended_checksum; /* of all length bytes */
	u8 reserved[3];
} __attribute__((packed));

/* System Description Table header, ACPI 6.5 §5.2.6. */
struct acpi_table_header {
	char signature[4];
	u32 length; /* of the whole table, header included */
	u8 revision;
	u8 checksum; /* all length bytes sum to 0 */
	char oem_id[6];
	char oem_table_id[8];
	u32 oem_revision;
	u32 creator_id;
	u32 creator_revision;
} __attribute__((packed));

/* Generic Address Structure, ACPI 6.5 §5.2.3.2. */
struct acpi_gas {
	u8 space_id; /* ACPI_GAS_* */
	u8 bit_width;
	u8 bit_offset;
	u8 access_size; /* 0 undefined, 1 byte, 2 word, 3 dword, 4 qword */
	u64 address;
} __attribute__((packed));

#define ACPI_GAS_MEMORY 0
#define ACPI_GAS_IO 1
#define ACPI_GAS_PCI_CONFIG 2 /* address: device << 32 | function << 16 | offset, bus 0 */

/*
 * The Fixed ACPI Description Table (signature "FACP"), ACPI 6.5 §5.2.9,
 * table 5.9: where the fixed hardware registers are. A table shorter than
 * this (older revisions) reads as zeros past its end: see acpi_fadt().
 */
struct acpi_fadt {
	struct acpi_table_header header;
	u32 firmware_ctrl;
	u32 dsdt; /* 32-bit DSDT address; x_dsdt wins when set */
	u8 reserved0;
	u8 preferred_pm_profile;
	u16 sci_int;
	u32 smi_cmd; /* port: write acpi_enable to switch from legacy to ACPI mode */
	u8 acpi_enable;
	u8 acpi_disable;
	u8 s4bios_req;
	u8 pstate_cnt;
	u32 pm1a_evt_blk, pm1b_evt_blk;
	u32 pm1a_cnt_blk, pm1b_cnt_blk; /* PM1 control: SLP_TYP, SLP_EN, SCI_EN */
	u32 pm2_cnt_blk;
	u32 pm_tmr_blk; /* the power-management timer's port */
	u32 gpe0_blk, gpe1_blk;
	u8 pm1_evt_len, pm1_cnt_len, pm2_cnt_len, pm_tmr_len;
	u8 gpe0_blk_len, gpe1_blk_len, gpe1_base, cst_cnt;
	u16 p_lvl2_lat, p_lvl3_lat, flush_size, flush_stride;
	u8 duty_offset, duty_width, day_alrm, mon_alrm, century;
	u16 iapc_boot_arch; /* ACPI_FADT_8042, ... (§5.2.9.3) */
	u8 reserved1;
	u32 flags; /* ACPI_FADT_* (table 5.10) */
	struct acpi_gas reset_reg;
	u8 reset_value;
	u16 arm_boot_arch;
	u8 minor_version;
	u64 x_firmware_ctrl;
	u64 x_dsdt;
	struct acpi_gas x_pm1a_evt_blk, x_pm1b_evt_blk;
	struct acpi_gas x_pm1a_cnt_blk, x_pm1b_cnt_blk;
	struct acpi_gas x_pm2_cnt_blk;
	struct acpi_gas x_pm_tmr_blk;
	struct acpi_gas x_gpe0_blk, x_gpe1_blk;
	struct acpi_gas sleep_control_reg, sleep_status_reg; /* hardware-reduced ACPI */
	u64 hypervisor_vendor_id;
} __attribute__((packed));

#define ACPI_FADT_TMR_VAL_EXT (1u << 8)	     /* the PM timer is 32 bits wide, else 24 */
#define ACPI_FADT_RESET_REG_SUP (1u << 10)   /* reset_reg works */
#define ACPI_FADT_HW_REDUCED_ACPI (1u << 20) /* no fixed hardware: sleep registers instead */
#define ACPI_FADT_8042 (1u << 1)	     /* iapc_boot_arch: a keyboard controller */

/* The PM timer's rate, ACPI 6.5 §4.8.3.3: 3.579545 MHz. */
#define ACPI_PM_TIMER_HZ 3579545u

/*
 * A copy of the FADT in *fadt, zero past the firmware's table length.
 * Returns false (and zeros) without ACPI or a FADT.
 */
bool acpi_fadt(struct acpi_fadt *fadt);

/*
 * The table at phys, mapped and checked: its signature must be sig and its
 * bytes sum to 0. NULL otherwise (for tables the FADT points at, the DSDT).
 */
const struct acpi_table_header *acpi_table_at(phys_addr_t phys, const char sig[4]);

/*
 * Finds the \_S5 object (the soft-off sleep state) in AML byte code: a
 * NameOp (0x08) naming _S5_ (optionally "\_S5_" from the root) whose
 * value is a package of at least two integers. Stores SLP_TYPa and SLP_TYPb
 * (3 bits each) and returns 0; -ENOENT when no such name is found,
 * -EINVAL when its value is not a package of integers.
 *
 * This is a byte-pattern scan, not an AML interpreter (kernel/fw/acpi_s5.c
 * lists its limits): an _S5_ returned by a method, one built at run time,
 * or one inside a conditional block the firmware means to be skipped is
 * not seen or not seen correctly.
 */
int acpi_find_s5(const u8 *aml, size_t len, u8 *slp_typa, u8 *slp_typb);

/* The console UART of the SPCR table (kernel/fw/acpi_spcr.c). */
struct acpi_spcr {
	u8 interface_type; /* ACPI_SPCR_* */
	bool mmio;	   /* system memory; else system I/O ports */
	u64 address;	   /* the first register: physical address or port */
	u8 reg_bytes;	   /* width of each register access and distance between registers */
	u32 baud;	   /* 0: keep what the firmware programmed */
	u32 clock_hz;	   /* the UART's input clock, 0 when the table does not say */
};

#define ACPI_SPCR_16550 0x00	 /* fully 16550-compatible */
#define ACPI_SPCR_16450 0x01	 /* 16550 subset (no FIFO needed) */
#define ACPI_SPCR_PL011 0x03	 /* Arm PL011 */
#define ACPI_SPCR_SBSA 0x0e	 /* Arm SBSA generic UART */
#define ACPI_SPCR_16550_GAS 0x12 /* 16550-compatible, layout from the GAS */

/*
 * Reads the SPCR table (len bytes) into *out. Returns 0; -EINVAL for a
 * table too short for revision 2, a base address neither in memory nor
 * I/O space or zero, a register width no UART has, or an unknown baud code.
 */
int acpi_spcr_parse(const void *table, size_t len, struct acpi_spcr *out);

/* Whether the SPCR's UART is an 8250/16550 (what a PC's serial driver drives). */
bool acpi_spcr_is_8250(const struct acpi_spcr *s);

/*
 * Before the machine leaves through S5 (kernel/fw/acpi_pts.c): loads the
 * AML namespace and runs \_PTS(5), then \_SI._SST(0), as Linux does, when
 * \_S5 exists and the command line does not say pts=off; not after a
 * panic. Logs what ran and what it wrote; power-off goes on whatever
 * happened. Once.
 */
void acpi_prepare_poweroff(bool after_panic);

/*
 * The arch's hands for the AML interpreter (arch/<arch>/acpi_aml.c): one
 * naturally aligned access of bytes (1, 2, 4, 8) in an AML_SPACE_* space;
 * 0, or -EOPNOTSUPP where the machine has no such space or address.
 */
int arch_aml_read(u8 space, u64 addr, unsigned int bytes, u64 *value);
int arch_aml_write(u8 space, u64 addr, unsigned int bytes, u64 value);

/* A busy wait of about us microseconds (Stall, Sleep: interrupts are off). */
void arch_aml_stall_us(u32 us);

/* Sums len bytes: valid ACPI structures sum to 0 (ACPI 6.5 §5.2.5.3, §5.2.6). */
u8 acpi_checksum(const void *p, size_t len);

/*
 * Validates the RSDP copy in info and the root table it points to (XSDT when
 * the revision has one, else RSDT), mapping them read-only. Returns 0, or
 * -ENOENT without an RSDP, -EINVAL for a bad checksum or signature. Call
 * after arch_mm_init().
 */
int acpi_init(const struct boot_info *info);

/* True once acpi_init() found valid tables. */
bool acpi_available(void);

/*
 * The n-th (from 0) table whose signature is sig ("APIC", "FACP", "SPCR",
 * ...), mapped and checksum-verified, or NULL.
 */
const struct acpi_table_header *acpi_find_table(const char sig[4], unsigned int n);

/*
 * Maps [phys, phys + len) read-only at its direct-map address where it is
 * not already mapped (ACPI tables live outside usable RAM). Returns the
 * address, or NULL when out of memory for page tables.
 */
const void *acpi_map(phys_addr_t phys, size_t len);

#endif
