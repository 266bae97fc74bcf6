// SPDX-License-Identifier: MIT
/*
 * Field units (ACPI 6.5 §19.6.48 Field, §19.6.64 IndexField, §19.6.7
 * BankField; the access rules of §5.5.2.4): a run of bits of an operation
 * region, read and written in units of the field's access width, aligned
 * to that width. A write that covers only part of a unit fills the rest as
 * the UpdateRule says: Preserve reads the unit first, WriteAsOnes and
 * WriteAsZeros fill it. Regions in SystemMemory, SystemIO and PCI_Config
 * space reach the host (struct aml_host); the embedded controller, SMBus
 * and the other spaces are refused: they need drivers this kernel has not.
 */
#include <kernel/aml_internal.h>
#include <string.h>
#include <uapi/linux/errno.h>

#define ACCESS_TYPE(flags) ((flags)&0x0f)
#define UPDATE_RULE(flags) (((flags) >> 5) & 3)
#define UPDATE_PRESERVE 0
#define UPDATE_WRITE_AS_ONES 1

/* AccessType: AnyAcc 0, ByteAcc 1, WordAcc 2, DWordAcc 3, QWordAcc 4, BufferAcc 5 (§19.6.48). */
static unsigned int access_bytes(u8 flags)
{
	switch (ACCESS_TYPE(flags)) {
	case 2:
		return 2;
	case 3:
		return 4;
	case 4:
		return 8;
	default:
		return 1; /* AnyAcc and BufferAcc: bytes, which every region allows */
	}
}

static u64 width_mask(unsigned int bits)
{
	return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

/* Whether obj (a Device) has the child name, evaluated into *v when it does. */
static bool child_int(struct aml_exec *ex, struct aml_node *obj, const char *name, u64 *v, int *err)
{
	struct aml_value val;

	for (struct aml_node *c = obj ? obj->child : NULL; c; c = c->next) {
		if (memcmp(c->name, name, 4))
			continue;
		if ((*err = aml_node_value(ex, c, &val)))
			return true;
		*err = val.type == AML_STRING ? 0 : aml_to_int(ex, &val, v);
		if (val.type == AML_STRING)
			*v = 0;
		return true;
	}
	return false;
}

/*
 * A PCI_Config region's device (§6.1.1 _ADR: device in bits 31:16,
 * function in 15:0) and bus: the host bridge's _BBN (§6.5.5), the bridge
 * being the device itself or its parent (a device with _HID). A device
 * behind a PCI-to-PCI bridge needs the bridge's secondary bus number,
 * which only an enumeration knows: refused.
 */
static int pci_base(struct aml_exec *ex, struct aml_node *region, u64 *addr)
{
	struct aml_node *dev = region->parent, *bridge;
	u64 adr = 0, bbn = 0, seg = 0, hid;
	int err = 0;

	if (!child_int(ex, dev, "_ADR", &adr, &err) && !child_int(ex, dev, "_HID", &hid, &err))
		return aml_fail(ex->ns, -EOPNOTSUPP, "PCI region %.4s outside a PCI device",
				region->name);
	if (err)
		return err;
	bridge = child_int(ex, dev, "_HID", &hid, &err) ? dev : dev->parent;
	if (err)
		return err;
	if (bridge != dev && !child_int(ex, bridge, "_HID", &hid, &err))
		return aml_fail(ex->ns, -EOPNOTSUPP, "PCI region %.4s behind a PCI bridge",
				region->name);
	if (child_int(ex, bridge, "_BBN", &bbn, &err) && err)
		return err;
	if (child_int(ex, bridge, "_SEG", &seg, &err) && err)
		return err;
	*addr = AML_PCI_ADDR(seg & 0xffff, bbn & 0xff, (adr >> 16) & 0x1f, adr & 7, 0);
	return 0;
}

/* One access of bytes at byte offset off of a region. */
static int region_access(struct aml_exec *ex, struct aml_node *region, u64 off, unsigned int bytes,
			 bool write, u64 *v)
{
	const struct aml_host *h = ex->ns->host;
	u64 addr;
	int ret;

	if (off + bytes > region->length || off + bytes < off)
		return aml_fail(ex->ns, -EINVAL, "access at %#lx past region %.4s (%#lx bytes)",
				(unsigned long)off, region->name, (unsigned long)region->length);
	switch (region->space) {
	case AML_SPACE_MEMORY:
	case AML_SPACE_IO:
		addr = region->offset + off;
		break;
	case AML_SPACE_PCI_CONFIG:
		if ((ret = pci_base(ex, region, &addr)))
			return ret;
		if (region->offset + off + bytes > 4096)
			return aml_fail(ex->ns, -EINVAL, "PCI region %.4s past 4 KiB",
					region->name);
		addr += region->offset + off;
		break;
	default:
		return aml_fail(ex->ns, -EOPNOTSUPP, "region %.4s in space %u", region->name,
				region->space);
	}
	if (!h || (write && !h->write) || (!write && !h->read))
		return aml_fail(ex->ns, -EOPNOTSUPP, "no hardware access");
	ret = write ? h->write(h->ctx, region->space, addr, bytes, *v)
		    : h->read(h->ctx, region->space, addr, bytes, v);
	if (ret)
		return aml_fail(ex->ns, -EIO, "%s of %u bytes at %#lx in space %u refused",
				write ? "write" : "read", bytes, (unsigned long)addr,
				region->space);
	if (write)
		ex->ns->writes++;
	else
		ex->ns->reads++;
	return 0;
}

/* One access unit of a field: through its region, its bank, or its index/data pair. */
static int unit_access(struct aml_exec *ex, struct aml_node *f, u64 off, unsigned int bytes,
		       bool write, u64 *v)
{
	const struct aml_field *fd = &f->field;
	int ret;

	switch (fd->kind) {
	case AML_FIELD_BANK:
		if ((ret = aml_field_write(ex, fd->other, fd->bank_value)))
			return ret;
		/* fall through */
	case AML_FIELD_PLAIN:
		return region_access(ex, fd->region, off, bytes, write, v);
	default: /* AML_FIELD_INDEX: the unit's byte offset to the index, then the data */
		if ((ret = aml_field_write(ex, fd->region, off)))
			return ret;
		if (write)
			return aml_field_write(ex, fd->other, *v);
		return aml_field_read(ex, fd->other, v);
	}
}

/* Counts one more nested field access (the caller undoes it) and checks the width. */
static int field_depth_check(struct aml_exec *ex, struct aml_node *f)
{
	if (++ex->nest > 8 + AML_MAX_DEPTH) /* index fields of index fields ... */
		return aml_fail(ex->ns, -EOPNOTSUPP, "fields nested too deep at %.4s", f->name);
	if (f->field.bit_width == 0 || f->field.bit_width > 64)
		return aml_fail(ex->ns, -EOPNOTSUPP, "field %.4s of %u bits (1 to 64 handled)",
				f->name, f->field.bit_width);
	return 0;
}

int aml_field_read(struct aml_exec *ex, struct aml_node *f, u64 *out)
{
	unsigned int bytes = access_bytes(f->field.flags), unit_bits = 8 * bytes;
	u32 first = f->field.bit_offset, last = first + f->field.bit_width - 1;
	int ret = field_depth_check(ex, f);

	*out = 0;
	for (u32 u = first / unit_bits; !ret && u <= last / unit_bits; u++) {
		u32 lo = u * unit_bits, from = first > lo ? first - lo : 0;
		u32 to = last < lo + unit_bits - 1 ? last - lo : unit_bits - 1;
		u64 raw = 0, bits;

		if ((ret = unit_access(ex, f, (u64)u * bytes, bytes, false, &raw)))
			break;
		bits = (raw >> from) & width_mask(to - from + 1);
		*out |= bits << (lo + from - first);
	}
	ex->nest--;
	return ret;
}

int aml_field_write(struct aml_exec *ex, struct aml_node *f, u64 value)
{
	unsigned int bytes = access_bytes(f->field.flags), unit_bits = 8 * bytes;
	u32 first = f->field.bit_offset, last = first + f->field.bit_width - 1;
	int ret = field_depth_check(ex, f);

	value &= width_mask(f->field.bit_width);
	for (u32 u = first / unit_bits; !ret && u <= last / unit_bits; u++) {
		u32 lo = u * unit_bits, from = first > lo ? first - lo : 0;
		u32 to = last < lo + unit_bits - 1 ? last - lo : unit_bits - 1;
		u64 mask = width_mask(to - from + 1) << from, raw = 0;

		if (mask !=
		    width_mask(unit_bits)) { /* part of the unit: the UpdateRule fills the rest */
			if (UPDATE_RULE(f->field.flags) == UPDATE_PRESERVE)
				ret = unit_access(ex, f, (u64)u * bytes, bytes, false, &raw);
			else if (UPDATE_RULE(f->field.flags) == UPDATE_WRITE_AS_ONES)
				raw = width_mask(unit_bits);
			if (ret)
				break;
		}
		raw = (raw & ~mask) | (((value >> (lo + from - first)) << from) & mask);
		ret = unit_access(ex, f, (u64)u * bytes, bytes, true, &raw);
	}
	ex->nest--;
	return ret;
}
