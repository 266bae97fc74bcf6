/* SPDX-License-Identifier: MIT */
/*
 * The system calls Linux numbers alike on both of Umbra's architectures:
 * every call added since Linux 5.1 takes the same number everywhere, from
 * 424 (pidfd_send_signal) on. Each architecture's list
 * (<uapi/asm-ARCH/unistd.h>) includes this at its end, inside its own
 * __SYSCALL() convention, so there is no include guard: the kernel's table
 * includes the list again with __SYSCALL defined. scripts/syscall-table
 * reads it as part of each list.
 */
/* clang-format off */
#define __NR_pidfd_send_signal 424
__SYSCALL(__NR_pidfd_send_signal, pidfd_send_signal)
#define __NR_pidfd_open 434
__SYSCALL(__NR_pidfd_open, pidfd_open)
#define __NR_clone3 435
__SYSCALL(__NR_clone3, clone3)
#define __NR_faccessat2 439
__SYSCALL(__NR_faccessat2, faccessat2)
#define __NR_fchmodat2 452
__SYSCALL(__NR_fchmodat2, fchmodat2)
#define __NR_map_shadow_stack 453
__SYSCALL(__NR_map_shadow_stack, map_shadow_stack)
/* clang-format on */
