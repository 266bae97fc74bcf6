# Umbra -- see README.md. `make help` lists the targets.
#
#   make [ARCH=x86_64]     kernel ELF and bootable ISO in build/$(ARCH)/
#   make run [EMU=bochs]   boot it with the serial console on this terminal
#   make test              unit tests + every emulator platform installed
#   make bench             the benchmark on the deterministic emulators (docs/BENCH.md)
#   V=1                    show full command lines

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

# make bench boots BENCH_IMAGE: the same kernel and initramfs with
# /bin/bench as init, its knobs after "--" (user/bench.c). BENCH_ARGS_FILE
# changes only when they do, so the image is remade exactly then.
BENCH_RUNS ?= 1000
BENCH_LIVE ?= 10000
BENCH_MAPS ?= 10000
BENCH_CMDLINE := $(CMDLINE) init=/bin/bench -- runs=$(BENCH_RUNS) live=$(BENCH_LIVE) maps=$(BENCH_MAPS)
BENCH_ARGS_FILE := $(BUILD)/bench.args

# The bootable image, its crash-test twins (IMAGE, CRASH_IMAGES) and the
# benchmark's (BENCH_IMAGE): how they are made is the architecture's business.
include arch/$(ARCH)/image.mk

.PHONY: all iso image crash-images bench-image run debug test bench toolchain-check unit lint format deps deps-check clean help

all: $(ELF) $(IMAGE) $(INITRAMFS_CPIO)
image iso: $(IMAGE)
crash-images: $(CRASH_IMAGES)
bench-image: $(BENCH_IMAGE)

$(BENCH_ARGS_FILE): FORCE
	@mkdir -p $(dir $@)
	$(Q)printf '%s\n' '$(BENCH_CMDLINE)' > $@.tmp && \
		{ cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@; }

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
TEST_ARCHES := $(if $(filter command line environment,$(origin ARCH)),$(ARCH))
test: deps-check
	$(Q)tests/run-all $(TEST_ARCHES)

# The benchmark (scripts/bench): /bin/bench booted as init on the
# deterministic emulators of every architecture (only ARCH's when ARCH is
# given; only PLATFORM when it is given), one table, build/bench/*.csv and
# a plot. BENCH_RUNS=N samples per row (1000), BENCH_LIVE=N live threads
# (10000), BENCH_MAPS=N mappings (10000). Long: not part of make test.
BENCH_PLATFORM := $(if $(filter command line environment,$(origin PLATFORM)),$(PLATFORM))
bench: deps-check
	$(Q)BENCH_RUNS=$(BENCH_RUNS) BENCH_LIVE=$(BENCH_LIVE) BENCH_MAPS=$(BENCH_MAPS) \
		scripts/bench $(if $(BENCH_PLATFORM),--platform $(BENCH_PLATFORM)) $(TEST_ARCHES)

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
