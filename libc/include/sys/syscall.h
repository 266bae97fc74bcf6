/* SPDX-License-Identifier: MIT */
/* System call numbers of this architecture: SYS_name. */
#ifndef SYS_SYSCALL_H
#define SYS_SYSCALL_H

#include <arch/syscall_nr.h>

#endif
