/* SPDX-License-Identifier: MIT */
/*
 * The barriers of the vDSO data's sequence count (include/kernel/vdso_data.h),
 * shared by the kernel's writer and the vDSO's readers. The Arm memory model
 * lets a CPU reorder loads with loads and stores with stores (Arm ARM B2.3),
 * so the reader orders its loads of seq and of the data with DMB ISHLD (loads
 * before the barrier before loads and stores after it) and the writer its
 * stores with DMB ISHST (Arm ARM C6.2, DMB): Linux's smp_rmb() and smp_wmb()
 * on arm64, paired as Documentation/memory-barriers.txt, "SMP barrier
 * pairing", has a seqcount's writer and readers pair them.
 */
#ifndef ASM_VDSO_BARRIER_H
#define ASM_VDSO_BARRIER_H

/* Between the reader's loads of seq and of the data (both ways). */
#define vdso_read_barrier() __asm__ __volatile__("dmb ishld" ::: "memory")
/* Between the writer's stores of seq and of the data (both ways). */
#define vdso_write_barrier() __asm__ __volatile__("dmb ishst" ::: "memory")

#endif
