# Umbra -- see README.md. `make help` lists the targets.
#
#   make [ARCH=x86_64]     kernel ELF and bootable ISO in build/$(ARCH)/
#   make run [EMU=bochs]   boot it with the serial console on this terminal
#   make test              unit tests + every emulator platform installed
#   make test REPEAT=N     ... booting each platform N times: all verdicts must agree
#   make fuzz              the system-call fuzzer as init for a while (see below)
#   V=1                    show full command lines

# PLATFORM=NAME alone names the architecture too (tests/boot/platforms).
ifeq ($(origin ARCH),undefined)
ifneq ($(PLATFORM),)
ARCH := $(shell awk -v p='$(PLATFORM)' '$$1 == p { print $$2 }' tests/boot/platforms)
endif
endif
ARCH ?= x86_64
.DEFAULT_GOAL := all
BUILD := build/$(ARCH)
OBJ := $(BUILD)/obj

ifeq ($(V),1)
Q :=
else
Q := @
endif

include arch/$(ARCH)/build.mk

# The kernel command line the image's GRUB passes. ktest.cmdline=umbra is
# checked by the cmdline_from_boot_loader self-test.
CMDLINE ?= loglevel=7 ktest.cmdline=umbra

KERNEL_C := $(sort $(wildcard kernel/*.c kernel/tests/*.c arch/$(ARCH)/*.c arch/$(ARCH)/tests/*.c)) \
	libc/fmt/format.c libc/string/string.c
KERNEL_S := $(sort $(wildcard boot/$(ARCH)/*.S arch/$(ARCH)/*.S))
KERNEL_OBJS := $(patsubst %,$(OBJ)/%.o,$(KERNEL_C) $(KERNEL_S))

KERNEL_CPPFLAGS := -Iinclude -Iarch/$(ARCH)/include -Ilibc/include -MMD -MP
KERNEL_CFLAGS := -std=gnu11 -O2 -g -ffreestanding -nostdinc -isystem $(shell $(CC) -print-file-name=include) \
	-fno-stack-protector -fno-omit-frame-pointer -fno-strict-aliasing -fno-common \
	-fno-asynchronous-unwind-tables -fno-toplevel-reorder -Wall -Wextra -Werror -Wstrict-prototypes \
	-Wmissing-prototypes -Wno-unused-parameter $(ARCH_CFLAGS)

include libc/build.mk
include user/build.mk

ELF := $(BUILD)/umbra.elf
INITRAMFS_CPIO := $(BUILD)/initramfs.cpio
# Kernels booted with crashtest=KIND, to prove a kernel bug gives a panic report.
CRASH_KINDS := null stack

# The bootable image and its crash-test twins (IMAGE, CRASH_IMAGES): how
# they are made is the architecture's business.
include arch/$(ARCH)/image.mk

.PHONY: all iso image crash-images run debug test fuzz toolchain-check unit lint format deps deps-check clean help

all: $(ELF) $(IMAGE) $(INITRAMFS_CPIO)
image iso: $(IMAGE)
crash-images: $(CRASH_IMAGES)

$(OBJ)/%.c.o: %.c Makefile arch/$(ARCH)/build.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(KERNEL_CPPFLAGS) $(KERNEL_CFLAGS) -c $< -o $@

$(OBJ)/%.S.o: %.S Makefile arch/$(ARCH)/build.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  AS      $<")
	$(Q)$(CC) $(KERNEL_CPPFLAGS) $(KERNEL_CFLAGS) -D__ASSEMBLER__ -c $< -o $@

$(ELF): $(KERNEL_OBJS) $(KERNEL_LDS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(LD) $(ARCH_LDFLAGS) -T $(KERNEL_LDS) -o $@ $(KERNEL_OBJS)

# The initramfs: the staged userland as a cpio "newc" archive, sorted so
# the bytes are the same on every build.
$(INITRAMFS_CPIO): $(USER_BINARIES)
	@$(if $(Q),echo "  CPIO    $@")
	$(Q)cd $(INITRAMFS) && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0 > $(abspath $@)

# Boots the image with the serial console here: EMU=bochs for the CET
# machine, or any platform of tests/boot/platforms with PLATFORM=NAME
# (e.g. make run ARCH=arm64 PLATFORM=qemu-arm64-gcs).
PLATFORM ?= $(if $(filter bochs,$(EMU)),bochs-$(ARCH),$(DEFAULT_PLATFORM))
run: deps-check $(IMAGE)
	$(Q)tests/boot/emulate $(PLATFORM) $(IMAGE) - || [ $$? -eq 1 ]

# QEMU halted at the first instruction with a gdb stub on :1234.
debug: deps-check $(IMAGE)
	@echo "gdb $(ELF) -ex 'target remote :1234'"
	$(Q)EMULATE_EXTRA="-s -S" tests/boot/emulate $(DEFAULT_PLATFORM) $(IMAGE) -

# Unit tests, then every architecture's build and boot platforms (only
# ARCH's when ARCH is given); the last line is "N passed, N failed, N skipped".
# REPEAT=N boots every platform N times and fails unless the N verdicts agree.
TEST_ARCHES := $(if $(filter command line environment,$(origin ARCH)),$(ARCH))
test: deps-check
	$(Q)REPEAT=$(or $(REPEAT),1) tests/run-all $(TEST_ARCHES)

# The fuzzer (user/fuzz/) as init on one platform, with its arguments after
# "--" on the kernel command line:
#   make fuzz [PLATFORM=NAME] [SECONDS=N] [SEED=S] [CALLS=N] [WORKERS=N]
#             [JOBS=N] [AVOID=a,b] [WORKER=I TRACE=1] [TIMEOUT=ms] [PAGES=1]
# By default it runs 60 s of workers. It fails on a panic, a hang, a leak
# or a killed namespace init, and prints the totals and the seeds of the
# workers that ended abnormally (tests/boot/fuzz).
FUZZ_SECONDS := $(or $(SECONDS),$(if $(WORKERS)$(WORKER),,60))
FUZZ_ARGS := $(strip $(if $(SEED),seed=$(SEED)) $(if $(FUZZ_SECONDS),seconds=$(FUZZ_SECONDS)) \
	$(if $(WORKERS),workers=$(WORKERS),$(if $(FUZZ_SECONDS),workers=0)) \
	$(if $(CALLS),calls=$(CALLS)) $(if $(JOBS),jobs=$(JOBS)) $(if $(AVOID),avoid=$(AVOID)) \
	$(if $(WORKER),worker=$(WORKER)) $(if $(TRACE),trace=$(TRACE)) \
	$(if $(TIMEOUT),timeout=$(TIMEOUT)) $(if $(PAGES),pages=$(PAGES)) verbose=1)
FUZZ_IMAGE := $(BUILD)/fuzz$(suffix $(IMAGE))
fuzz: deps-check $(IMAGE_INPUTS)
	$(call image-with-cmdline,$(FUZZ_IMAGE),$(CMDLINE) init=/bin/fuzz -- $(FUZZ_ARGS))
	$(Q)tests/boot/fuzz $(PLATFORM) $(FUZZ_IMAGE) $(or $(FUZZ_SECONDS),0)

# Says whether this architecture's compiler is installed.
toolchain-check:
	@command -v $(CC) >/dev/null || { echo "$(CC) not found (make deps installs it)"; exit 1; }

unit: deps-check
	$(Q)$(MAKE) --no-print-directory -C tests/unit

lint: deps-check
	$(Q)scripts/lint

format:
	$(Q)clang-format -i $$(git ls-files '*.c' '*.h')

deps:
	$(Q)scripts/deps

# Installs what is missing (asks apt only then), quietly when all is there.
deps-check:
	$(Q)scripts/deps --if-missing

clean:
	rm -rf build
	$(Q)$(MAKE) --no-print-directory -C tests/unit clean

help:
	@sed -n '1,/^$$/p' Makefile

-include $(KERNEL_OBJS:.o=.d)
