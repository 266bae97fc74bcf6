# x86_64 build settings, included by the top-level Makefile.

CROSS_COMPILE ?=
CC := $(CROSS_COMPILE)gcc
LD := $(CROSS_COMPILE)ld
OBJCOPY := $(CROSS_COMPILE)objcopy

# No red zone (interrupts push onto the kernel stack below RSP), no SSE or
# x87 (the kernel does not save vector state), top-2-GiB code model. Kernel
# IBT, as Linux's CONFIG_X86_KERNEL_IBT: an ENDBR64 opens every function
# that may be reached by an indirect CALL or JMP (-fcf-protection=branch),
# and no jump tables, whose NOTRACK JMPs land on case labels without one
# (IA32_S_CET.NO_TRACK_EN stays clear, so NOTRACK is not honoured: SDM
# vol. 1 §17.3.1). scripts/check-ibt reads the linked kernel for an
# indirect target without ENDBR64 (arch/x86_64/kernel_ibt.c).
ARCH_CFLAGS := -m64 -march=x86-64 -mcmodel=kernel -mno-red-zone -mgeneral-regs-only \
	-mno-mmx -mno-sse -mno-sse2 -mno-80387 -fno-pic -fno-pie -fcf-protection=branch \
	-fno-jump-tables

# Every link: no indirect-branch target without ENDBR64 (kernel IBT).
ARCH_ELF_CHECK := scripts/check-ibt

ARCH_LDFLAGS := -m elf_x86_64 -no-pie -z max-page-size=0x1000 -z noexecstack --no-warn-rwx-segments
KERNEL_LDS := linker/x86_64/kernel.ld

# What the default platform of `make run` and `make debug` is.
DEFAULT_PLATFORM := qemu-x86_64
