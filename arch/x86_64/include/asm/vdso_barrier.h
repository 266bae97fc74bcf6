/* SPDX-License-Identifier: MIT */
/*
 * The barriers of the vDSO data's sequence count (include/kernel/vdso_data.h),
 * shared by the kernel's writer and the vDSO's readers. x86 keeps loads in
 * order with loads and stores in order with stores (Intel SDM vol. 3A,
 * "Memory Ordering in P6 and More Recent Processor Families": reads are not
 * reordered with other reads, writes are not reordered with other writes),
 * so both are compiler barriers only, as Linux's smp_rmb()/smp_wmb() on x86.
 */
#ifndef ASM_VDSO_BARRIER_H
#define ASM_VDSO_BARRIER_H

/* Between the reader's loads of seq and of the data (both ways). */
#define vdso_read_barrier() __asm__ __volatile__("" ::: "memory")
/* Between the writer's stores of seq and of the data (both ways). */
#define vdso_write_barrier() __asm__ __volatile__("" ::: "memory")

#endif
