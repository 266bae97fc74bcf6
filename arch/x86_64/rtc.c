// SPDX-License-Identifier: MIT
/*
 * The PC's CMOS real-time clock (Motorola MC146818 registers: 0 seconds,
 * 2 minutes, 4 hours, 7 day, 8 month, 9 year, 0x0a status A with the
 * update-in-progress bit 7, 0x0b status B: bit 2 binary, bit 1 24-hour).
 */
#include <asm/io.h>
#include <kernel/time.h>

#define CMOS_INDEX 0x70
#define CMOS_DATA 0x71

static u8 cmos(u8 reg)
{
	outb(CMOS_INDEX, reg);
	return inb(CMOS_DATA);
}

static unsigned int from_bcd(u8 v)
{
	return (v & 0x0f) + (v >> 4) * 10;
}

s64 arch_rtc_read_epoch(void)
{
	for (int spins = 0; spins < 100000 && (cmos(0x0a) & 0x80); spins++)
		; /* wait out an update in progress */

	u8 sec = cmos(0), min = cmos(2), hour = cmos(4), day = cmos(7), mon = cmos(8), yr = cmos(9);
	u8 status_b = cmos(0x0b);
	bool pm = hour & 0x80;

	hour &= 0x7f;
	if (!(status_b & 0x04)) {
		sec = (u8)from_bcd(sec);
		min = (u8)from_bcd(min);
		hour = (u8)from_bcd(hour);
		day = (u8)from_bcd(day);
		mon = (u8)from_bcd(mon);
		yr = (u8)from_bcd(yr);
	}
	if (!(status_b & 0x02) && pm)
		hour = (u8)((hour % 12) + 12);
	if (mon < 1 || mon > 12 || day < 1 || day > 31)
		return 0;
	return time_from_civil(2000 + yr, mon, day, hour, min, sec);
}
