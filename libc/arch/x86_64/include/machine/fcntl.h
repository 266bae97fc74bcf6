/* SPDX-License-Identifier: MIT */
/* The open flags whose values depend on the architecture. */
#ifndef ARCH_FCNTL_H
#define ARCH_FCNTL_H

#include <uapi/asm-x86_64/fcntl.h>

#endif
