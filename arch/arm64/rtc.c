// SPDX-License-Identifier: MIT
/*
 * The wall clock from the PL031 real-time clock (PrimeCell RTC (PL031)
 * Technical Reference Manual, DDI 0224, §3.3: RTCDR at 0x000 counts seconds,
 * which QEMU starts at the host's Unix time). 0 when the DTB names none.
 */
#include <asm/page.h>
#include <asm/setup.h>
#include <kernel/time.h>

#define RTCDR 0x000

s64 arch_rtc_read_epoch(void)
{
	if (!arm64_platform.rtc.size)
		return 0;
	return *(volatile u32 *)((char *)phys_to_virt(arm64_platform.rtc.base) + RTCDR);
}
