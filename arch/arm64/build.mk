# arm64 build settings, included by the top-level Makefile.

CROSS_COMPILE ?= aarch64-linux-gnu-
CC := $(CROSS_COMPILE)gcc
LD := $(CROSS_COMPILE)ld
OBJCOPY := $(CROSS_COMPILE)objcopy
AR := $(CROSS_COMPILE)ar

# No FP/SIMD in the kernel (the V registers hold the user's state, switched
# in task.c), no outlined atomics (they would call libgcc helpers), and the
# small code model: the image is linked in the top 2 GiB and reached with
# ADRP/ADD, which are PC-relative, so the same code also runs at its
# physical address before the MMU is on (boot/arm64/head.S). Kernel BTI, as
# Linux's CONFIG_ARM64_BTI_KERNEL: a BTI landing pad opens every function
# and every jump-table target (-mbranch-protection=bti; kernel_bti.c), a
# hint that is a NOP on a CPU without FEAT_BTI.
ARCH_CFLAGS := -march=armv8-a -mgeneral-regs-only -mno-outline-atomics -mcmodel=small \
	-fno-pic -fno-pie -mstrict-align -mbranch-protection=bti

# The barriers and cache maintenance no emulator shows missing -- GCSB DSYNC
# around the kernel's GCS accesses, DC CVAU/IC IVAU after it writes user
# code -- checked in the linked kernel's disassembly on every link.
ARCH_ELF_CHECK := OBJDUMP=$(CROSS_COMPILE)objdump scripts/check-arm64-barriers

ARCH_LDFLAGS := -no-pie -z max-page-size=0x1000 -z noexecstack --no-warn-rwx-segments
KERNEL_LDS := linker/arm64/kernel.ld

# What the default platform of `make run` and `make debug` is.
DEFAULT_PLATFORM := qemu-arm64
