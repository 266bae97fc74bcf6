/* SPDX-License-Identifier: MIT */
/* Fixed-width integer types for freestanding kernel code. */
#ifndef KERNEL_TYPES_H
#define KERNEL_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <kernel/compiler.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

/* A physical address. Never dereferenced directly: see phys_to_virt(). */
typedef u64 phys_addr_t;

#endif
