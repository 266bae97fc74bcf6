// SPDX-License-Identifier: MIT
/*
 * The wall clock at boot: the PL031 real-time clock the device tree names
 * (PrimeCell RTC (PL031) Technical Reference Manual, DDI 0224, §3.3: RTCDR
 * at 0x000 counts seconds, which QEMU starts at the host's Unix time), else
 * what UEFI's GetTime said before ExitBootServices (UEFI 2.10 §8.3.1: a
 * calendar date and time; its TimeZone is ignored, as Linux's rtc-efi
 * does, the clock taken as UTC), else 0.
 */
#include <asm/efi.h>
#include <asm/page.h>
#include <asm/setup.h>
#include <kernel/time.h>

#define RTCDR 0x000

static s64 efi_time_epoch(const struct efi_time *t)
{
	if (t->month < 1 || t->month > 12 || t->day < 1 || t->day > 31 || t->hour > 23 ||
	    t->minute > 59 || t->second > 59 || t->year < 1970)
		return 0;
	return time_from_civil(t->year, t->month, t->day, t->hour, t->minute, t->second);
}

s64 arch_rtc_read_epoch(void)
{
	if (arm64_platform.rtc.size)
		return *(volatile u32 *)((char *)phys_to_virt(arm64_platform.rtc.base) + RTCDR);
	if (arm64_efi && arm64_efi->has_time)
		return efi_time_epoch(&arm64_efi->time);
	return 0;
}
