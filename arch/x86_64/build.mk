# x86_64 build settings, included by the top-level Makefile.

CROSS_COMPILE ?=
CC := $(CROSS_COMPILE)gcc
LD := $(CROSS_COMPILE)ld
OBJCOPY := $(CROSS_COMPILE)objcopy

# No red zone (interrupts push onto the kernel stack below RSP), no SSE or
# x87 (the kernel does not save vector state), top-2-GiB code model, and no
# CET markers: the kernel itself does not run with IBT or supervisor
# shadow stacks.
ARCH_CFLAGS := -m64 -march=x86-64 -mcmodel=kernel -mno-red-zone -mgeneral-regs-only \
	-mno-mmx -mno-sse -mno-sse2 -mno-80387 -fno-pic -fno-pie -fcf-protection=none

ARCH_LDFLAGS := -m elf_x86_64 -no-pie -z max-page-size=0x1000 -z noexecstack --no-warn-rwx-segments
KERNEL_LDS := linker/x86_64/kernel.ld

# What the default platform of `make run` and `make debug` is.
DEFAULT_PLATFORM := qemu-x86_64
