# Umbra -- see README.md. `make help` lists every target.
#
#   make [ARCH=x86_64|arm64]   kernel, userland and boot image in build/$(ARCH)/
#   make run [EMU=bochs]       boot it with the serial console on this terminal
#   make test                  unit tests + every emulator platform installed
#   make bench                 the benchmark on the deterministic emulators (docs/BENCH.md)
#   make bench-smp             throughput with 1, 2 and 4 CPUs on the same emulators (docs/BENCH.md)
#   make test REPEAT=N         ... booting each platform N times: all verdicts must agree
#   make fuzz                  the system-call fuzzer as init for a while (see below)
#   make stress                /bin/smp's migration stress as init, 30 s of guest time (below)
#   make test-linux            the same tests as /init of Debian's Linux: same verdicts?
#                              (SUITE=NAME: only /bin/NAME's cases, on both kernels)
#   make prog SRC=hello.c      a static program of your own for each architecture (README)
#   make test-big              8 GiB with 8 and 16 CPUs on QEMU x86_64 and the GCS QEMU
#   make test-logs             make test's boot, make bench, then test-linux: still 0 differences?
# Variables: ARCH (x86_64), PLATFORM=NAME (run, debug: a platform of
# tests/boot/platforms), EMU=bochs (run: bochs-ARCH), CMDLINE (the images'
# kernel command line), CROSS_COMPILE, GDB (gdb-multiarch), V=1 (full
# command lines), PROGS="a b" RUN="/opt/bin/a --flag" ONLY=1 (your own
# programs in the images: README, "Running your own program"), MEM=SIZE and
# CPUS=N (run, test, and every boot: the emulated machine's RAM -- MiB, or
# 8G -- and CPU count; tests/boot/emulate).

# PLATFORM=NAME alone names the architecture too (tests/boot/platforms,
# tests/linux/platforms).
ifeq ($(origin ARCH),undefined)
ifneq ($(PLATFORM),)
ARCH := $(shell awk -v p='$(PLATFORM)' '$$1 == p { print FILENAME ~ /linux/ ? $$3 : $$2 }' \
	tests/boot/platforms tests/linux/platforms)
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
# checked by the cmdline_from_boot_loader self-test; UMBRA_PROCFS=env and
# umbra_procfs reach /init's environment and arguments (/bin/procfs checks).
CMDLINE ?= loglevel=7 ktest.cmdline=umbra UMBRA_PROCFS=env umbra_procfs
# CMDLINE as a file the images depend on: rewritten only when it changes,
# so `make CMDLINE=...` rebuilds them and a plain `make` does not.
CMDLINE_FILE := $(BUILD)/cmdline
# The images a person reads on a screen (the USB stick, the arm64 ESP) keep
# the verdict on it VERDICT_HOLD seconds before the power-off darkens it
# (verdict.hold, kernel/verdict/verdict_hold.c); the boot runner takes its
# screenshot then (tests/boot/screen).
VERDICT_HOLD ?= 10
SCREEN_CMDLINE := $(CMDLINE) verdict.hold=$(VERDICT_HOLD)
SCREEN_CMDLINE_FILE := $(BUILD)/cmdline.screen

.PHONY: FORCE
FORCE:

KERNEL_C := $(sort $(wildcard kernel/*.c kernel/*/*.c kernel/*/*/*.c arch/$(ARCH)/*.c arch/$(ARCH)/tests/*.c)) \
	libc/fmt/format.c libc/string/string.c
# The screen console's font, made at build time from GRUB's (scripts/pf2font.c).
FONT_PF2 := /usr/share/grub/ascii.pf2
PF2FONT := build/host/pf2font
GPTCHECK := build/host/gptcheck
SCREENTEXT := build/host/screentext
FONT_C := $(BUILD)/gen/font_8x16.c
KERNEL_C += $(FONT_C)
# The source's `git describe` (kernel_commit, include/kernel/version.h), in the
# verdict's record: rewritten only when it changes, so a plain rebuild relinks nothing.
COMMIT_C := $(BUILD)/gen/commit.c
KERNEL_C += $(COMMIT_C)
KERNEL_S := $(sort $(wildcard boot/$(ARCH)/*.S arch/$(ARCH)/*.S)) libc/arch/$(ARCH)/string.S
KERNEL_OBJS := $(patsubst %,$(OBJ)/%.o,$(KERNEL_C) $(KERNEL_S))
include vdso/build.mk

# The lock debugger (kernel/locking/lockdep.c) is on unless LOCK_DEBUG=0. make test always runs with
# it on. Recorded as CMDLINE is: the kernel's objects depend on the file, so switching rebuilds them.
LOCK_DEBUG ?= 1
# Lock contention counted for /proc/lock_stat (kernel/locking/lock_stat.c): with the lock debugger
# unless LOCK_STAT says otherwise (make bench-smp LOCK_STAT=1 counts in the kernel as shipped).
LOCK_STAT ?= $(LOCK_DEBUG)
LOCK_DEBUG_FILE := $(BUILD)/lock_debug
KERNEL_CPPFLAGS := -Iinclude -Iarch/$(ARCH)/include -Ilibc/include -MMD -MP -DLOCK_DEBUG=$(LOCK_DEBUG) \
	-DLOCK_STAT=$(LOCK_STAT)
# The objects do not record where the checkout is (debug info names files from
# its top as "."): a clone anywhere, CI's included, builds the same kernel and
# user programs byte for byte, and so boots with the same memory layout.
PATH_CFLAGS := -ffile-prefix-map=$(CURDIR)=.
KERNEL_CFLAGS := $(PATH_CFLAGS) -std=gnu11 -O2 -g -ffreestanding -nostdinc -isystem $(shell $(CC) -print-file-name=include) \
	-fno-stack-protector -fno-omit-frame-pointer -fno-strict-aliasing -fno-common \
	-fno-asynchronous-unwind-tables -fno-toplevel-reorder -Wall -Wextra -Werror -Wstrict-prototypes \
	-Wmissing-prototypes -Wno-unused-parameter $(ARCH_CFLAGS)

include libc/build.mk
include user/build.mk
include user/prog.mk

ELF := $(BUILD)/umbra.elf
INITRAMFS_CPIO := $(BUILD)/initramfs.cpio
# Kernels booted with crashtest=KIND, to prove a kernel bug gives a panic report.
CRASH_KINDS := null stack lockorder faultlocked waitq
# The same for the kernel's own CFI, booted on the machine that has it
# (tests/run-all: bochs-x86_64, qemu-arm64-gcs): a forward-edge hijack.
CFI_CRASH_KINDS := kernel_jop kernel_rop

# make bench boots BENCH_IMAGE: the same kernel and initramfs with
# /bin/bench as init, its knobs after "--" (user/bench.c). BENCH_ARGS_FILE
# changes only when they do, so the image is remade exactly then.
BENCH_RUNS ?= 1000
BENCH_LIVE ?= 10000
BENCH_MAPS ?= 10000
BENCH_CMDLINE := $(CMDLINE) init=/bin/bench -- runs=$(BENCH_RUNS) live=$(BENCH_LIVE) maps=$(BENCH_MAPS)
BENCH_ARGS_FILE := $(BUILD)/bench.args
# make bench's rows for the kernel's own control-flow protections
# (scripts/bench-kernel-cfi): /bin/bench with only the rows they change
# (live=0 maps=0), booted as the kernel comes (on) and with each switched off
# at boot: kshstk=off, and kibt=off (x86_64) or kbti=off (arm64).
BENCH_KCFI_ARGS := -- runs=$(BENCH_RUNS) live=0 maps=0
BENCH_KCFI_STATES := on kshstk-off $(if $(filter x86_64,$(ARCH)),kibt-off,kbti-off)
BENCH_KCFI_IMAGES = $(patsubst %,$(BUILD)/bench-kcfi-%$(suffix $(IMAGE)),$(BENCH_KCFI_STATES))

# The bootable image, its crash-test twins (IMAGE, CRASH_IMAGES), the
# benchmark's (BENCH_IMAGE) and other images some platforms boot
# (EXTRA_IMAGES): how they are made is the architecture's business.
include arch/$(ARCH)/image.mk

# Images of the same kernel and initramfs booted with another shape of
# clone3's shadow-stack fields (clone3_shstk=, docs/ABI.md §2.5), running only
# the programs that shape changes: the *-size and *-token platforms of
# tests/boot/platforms.
CLONE3_SHAPES := size token
CLONE3_SHAPE_PROGRAMS := /bin/clone3 /bin/shstk_attack
CLONE3_IMAGES := $(patsubst %,$(BUILD)/clone3-%$(suffix $(IMAGE)),$(CLONE3_SHAPES))
# The same kernel with its shadow stacks switched off (shstk=off, gcs=off), running only
# /bin/shstk_attack: on a machine that has them the verdict must be NOT VALIDATED, never PASS
# (qemu-arm64-gcs-off in tests/boot/platforms; docs/DESIGN.md §6.1).
SHSTK_OFF_IMAGE := $(BUILD)/shstk-off$(suffix $(IMAGE))
SHSTK_OFF := $(if $(filter arm64,$(ARCH)),gcs=off,shstk=off)

# The large-RAM platforms' image (tests/boot/platforms: PLATFORM-Ng): the same
# kernel and initramfs running only the programs whose expectations the
# machine's size moves -- the task limit, free-page counts, memory
# mappings, threads, CPUs -- so that a 16 GiB machine stays cheap in make test.
BIG_PROGRAMS := /bin/hostile /bin/leak /bin/mm /bin/threads /bin/smp
BIG_IMAGE := $(BUILD)/big$(suffix $(IMAGE))
# arm64's (qemu-arm64-gcs-8g: RAM from 1 to 9 GiB) also reserves all its RAM
# below 4 GiB (memmap=, Linux's syntax), so the page allocator's bitmap must
# lie above the boot map's first 4 GiB (arch/arm64/early_map.c).
BIG_CMDLINE_arm64 = memmap=3G$$1G

.PHONY: all iso image usb crash-images clone3-images big-image suite-image bench-image bench-kcfi-images run debug test test-linux test-big test-logs \
	bench bench-smp fuzz stress peer-test test-tty test-busybox \
	toolchain-check unit lint format docs rooms check-docs deps deps-check clean help

# Targets with a "## " comment are what `make help` lists.
all: $(ELF) $(IMAGE) $(INITRAMFS_CPIO) $(EXTRA_IMAGES) $(SCREENTEXT) $(GPTCHECK) ## kernel, userland and the boot images of ARCH (the default)
image iso: $(IMAGE) ## the boot image only (x86_64: the hybrid ISO; arm64: the Image)

# The USB-stick image of both architectures (scripts/mkusb): x86_64's GRUB
# for BIOS and UEFI, and arm64's EFI application with its initramfs and
# command line (arch/arm64/image.mk's ESP_FILES), built first.
usb: deps-check ## build/umbra-usb.img: GPT + EFI system partition, x86 BIOS/UEFI and arm64 UEFI (README)
	$(Q)$(MAKE) --no-print-directory ARCH=arm64 PROGS_ANY_ARCH=1 build/arm64/umbra.bin \
		build/arm64/initramfs.cpio build/arm64/cmdline.screen
	$(Q)$(MAKE) --no-print-directory ARCH=x86_64 PROGS_ANY_ARCH=1 build/umbra-usb.img \
		build/x86_64/acpi/pts.aml
crash-images: $(CRASH_IMAGES) ## the crashtest=KIND images make test boots
bench-image: $(BENCH_IMAGE) ## the image make bench boots (init=/bin/bench)
clone3-images: $(CLONE3_IMAGES) $(SHSTK_OFF_IMAGE) ## the clone3_shstk=size|token and shstk-off images make test boots
big-image: $(BIG_IMAGE) ## the image the large-RAM platforms of make test boot (BIG_PROGRAMS only)

$(BIG_IMAGE): $(IMAGE_INPUTS) $(CMDLINE_FILE) Makefile
	$(call image-with-cmdline,$@,$(CMDLINE) $(BIG_CMDLINE_$(ARCH)) -- $(BIG_PROGRAMS))

$(BUILD)/clone3-%$(suffix $(IMAGE)): $(IMAGE_INPUTS) $(CMDLINE_FILE) Makefile
	$(call image-with-cmdline,$@,$(CMDLINE) clone3_shstk=$* -- $(CLONE3_SHAPE_PROGRAMS))

$(SHSTK_OFF_IMAGE): $(IMAGE_INPUTS) $(CMDLINE_FILE) Makefile
	$(call image-with-cmdline,$@,$(CMDLINE) $(SHSTK_OFF) -- /bin/shstk_attack)

bench-kcfi-images: $(BENCH_KCFI_IMAGES) ## make bench's images with each kernel protection on and off (scripts/bench-kernel-cfi)
$(BUILD)/bench-kcfi-%$(suffix $(IMAGE)): $(IMAGE_INPUTS) $(CMDLINE_FILE) $(BENCH_ARGS_FILE) Makefile
	$(call image-with-cmdline,$@,$(CMDLINE) $(if $(filter-out on,$*),$(subst -off,=off,$*)) init=/bin/bench $(BENCH_KCFI_ARGS))

$(CMDLINE_FILE): FORCE
	@mkdir -p $(dir $@)
	$(Q)printf '%s\n' '$(CMDLINE)' > $@.tmp && { cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@; }

$(LOCK_DEBUG_FILE): FORCE
	@mkdir -p $(dir $@)
	$(Q)printf '%s\n' '$(LOCK_DEBUG) $(LOCK_STAT)' > $@.tmp && { cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@; }
$(KERNEL_OBJS): $(LOCK_DEBUG_FILE)

$(SCREEN_CMDLINE_FILE): FORCE
	@mkdir -p $(dir $@)
	$(Q)printf '%s\n' '$(SCREEN_CMDLINE)' > $@.tmp && \
		{ cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@; }

$(BENCH_ARGS_FILE): FORCE
	@mkdir -p $(dir $@)
	$(Q)printf '%s\n' '$(BENCH_CMDLINE)' > $@.tmp && \
		{ cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@; }

$(OBJ)/%.c.o: %.c Makefile arch/$(ARCH)/build.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(KERNEL_CPPFLAGS) $(KERNEL_CFLAGS) -c $< -o $@

# memcpy/memset are libc's assembly, shared with the kernel: its macros come from libc's arch headers.
$(OBJ)/libc/arch/$(ARCH)/string.S.o: KERNEL_CPPFLAGS += -Ilibc/arch/$(ARCH)/include

$(OBJ)/%.S.o: %.S Makefile arch/$(ARCH)/build.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  AS      $<")
	$(Q)$(CC) $(KERNEL_CPPFLAGS) $(KERNEL_CFLAGS) -D__ASSEMBLER__ -c $< -o $@

$(PF2FONT): scripts/pf2font.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $<")
	$(Q)cc -std=gnu11 -O2 -Wall -Wextra -Werror -o $@ $<

# The boot runner's exact reader of the screen's text (tests/boot/screen);
# SCREENTEXT is named near the top, before all's rule lists it.
$(SCREENTEXT): scripts/screentext.c $(FONT_C) include/kernel/font.h
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $<")
	$(Q)cc -std=gnu11 -O2 -Wall -Wextra -Werror -Iinclude -o $@ scripts/screentext.c $(FONT_C)

$(COMMIT_C): FORCE
	@mkdir -p $(dir $@)
	$(Q)printf '/* Made by the Makefile. */\n#include <kernel/version.h>\nconst char kernel_commit[] = "%s";\n' \
		"$$(git describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)" > $@.tmp && \
		{ cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@; }

# The strict GPT check of the USB-stick image (tests/run-all): all builds it,
# so it is named before all's rule.
$(GPTCHECK): scripts/gptcheck.c scripts/gpt_verify.c scripts/gpt_verify.h
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $<")
	$(Q)cc -std=gnu11 -O2 -Wall -Wextra -Werror -o $@ scripts/gptcheck.c scripts/gpt_verify.c

$(FONT_C): $(FONT_PF2) $(PF2FONT)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  FONT    $@")
	$(Q)$(PF2FONT) $(FONT_PF2) $@

# ARCH_ELF_CHECK (arch/ARCH/build.mk), when set, reads the linked kernel
# and its objects and fails the link (x86_64: scripts/check-ibt).
$(ELF): $(KERNEL_OBJS) $(KERNEL_LDS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(LD) $(ARCH_LDFLAGS) -T $(KERNEL_LDS) -o $@ $(KERNEL_OBJS)
	$(if $(ARCH_ELF_CHECK),$(Q)$(ARCH_ELF_CHECK) $@ $(KERNEL_OBJS) || { rm -f $@; exit 1; })

# The initramfs: the staged userland as a cpio "newc" archive, sorted so
# the bytes are the same on every build, then the archive of the programs
# PROGS= and RUN= add (empty without them: user/build.mk).
INITRAMFS_SUITE_CPIO := $(USER_OBJ)/initramfs-suite.cpio
$(INITRAMFS_SUITE_CPIO): $(USER_BINARIES)
	@$(if $(Q),echo "  CPIO    $@")
	$(Q)cd $(INITRAMFS) && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0 > $(abspath $@)

$(INITRAMFS_CPIO): $(INITRAMFS_SUITE_CPIO) $(USER_OPT).cpio
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CPIO    $@")
	$(Q)cat $^ > $@

# Boots the image with the serial console here: EMU=bochs for the CET
# machine, or any platform of tests/boot/platforms with PLATFORM=NAME
# (e.g. make run ARCH=arm64 PLATFORM=qemu-arm64-gcs, which fetches the
# GCS-capable QEMU into the cache the first time).
PLATFORM ?= $(if $(filter bochs,$(EMU)),bochs-$(ARCH),$(DEFAULT_PLATFORM))
# The image PLATFORM boots (tests/boot/platforms' last column, a name in build/ARCH/), else IMAGE.
RUN_IMAGE := $(or $(shell awk -v p='$(PLATFORM)' '$$1 == p { print "$(BUILD)/" $$5 }' tests/boot/platforms),$(IMAGE))
# Where make test boots IMAGE (/init, the test runner), make run boots the same kernel and
# initramfs as SHELL_IMAGE, with init=$(RUN_INIT): BusyBox's shell on the serial console
# (user/busybox.mk), started by /bin/ttylogin in a session whose controlling terminal is the
# console, so job control works. make run RUN_INIT=/init runs the tests instead.
RUN_INIT ?= /bin/ttylogin -- /bin/busybox sh -i
SHELL_IMAGE := $(BUILD)/shell$(suffix $(IMAGE))
RUN_BOOT_IMAGE := $(if $(filter $(IMAGE),$(RUN_IMAGE)),$(SHELL_IMAGE),$(RUN_IMAGE))
RUN_INIT_FILE := $(BUILD)/run.init
$(RUN_INIT_FILE): FORCE
	@mkdir -p $(dir $@)
	$(Q)printf '%s\n' '$(RUN_INIT)' > $@.tmp && { cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@; }
$(SHELL_IMAGE): $(IMAGE_INPUTS) $(CMDLINE_FILE) $(RUN_INIT_FILE) Makefile
	$(call image-with-cmdline,$@,$(CMDLINE) init=$(RUN_INIT))
run: deps-check $(IMAGE) $(EXTRA_IMAGES) $(RUN_BOOT_IMAGE) ## boot PLATFORM (or EMU=bochs) with the console on this terminal: a shell
	$(Q)tests/boot/emulate $(PLATFORM) $(RUN_BOOT_IMAGE) - || { s=$$?; [ $$s -eq 1 ] || [ $$s -eq 7 ]; }

# A platform halted at its first instruction, for a debugger (docs/labs/DEBUGGING.md):
# a QEMU one with a gdb stub on GDB_PORT (gdb-multiarch, which make deps
# installs, debugs either architecture; on qemu-arm64-gcs it shows GCSPR_EL0),
# or Bochs, the CET machine, under its own debugger on this terminal
# (scripts/bochs-debug; BOCHS_RC=FILE runs its commands first). ONLY="..."
# boots the image with those words after the command line instead (e.g.
# ONLY="init=/bin/rop -- ret2win shstk").
GDB ?= gdb-multiarch
GDB_PORT ?= 1234
DEBUG_IMAGE = $(if $(ONLY),$(ONLY_IMAGE),$(RUN_IMAGE))
debug: deps-check $(IMAGE) $(EXTRA_IMAGES) $(if $(ONLY),only-image) ## boot PLATFORM halted: gdb stub on GDB_PORT (QEMU), or Bochs's debugger
	$(Q)case "$(PLATFORM)" in \
	qemu-*) echo "in another terminal: $(GDB) $(ELF) -ex 'target remote :$(GDB_PORT)'" \
		"(a program's symbols: add-symbol-file $(BUILD)/user/PROG.elf; GCSPR_EL0: info registers GCSPR_EL0)"; \
		EMULATE_EXTRA="-gdb tcp::$(GDB_PORT) -S" tests/boot/emulate $(PLATFORM) $(DEBUG_IMAGE) - || [ $$? -eq 1 ] ;; \
	bochs-*) scripts/bochs-debug $(DEBUG_IMAGE) $(BOCHS_RC) ;; \
	*) echo "make debug: $(PLATFORM) is neither a QEMU nor a Bochs platform"; exit 2 ;; \
	esac

# Unit tests, then every architecture's build and boot platforms (only
# ARCH's when ARCH is given); the last line is "N passed, N failed, N skipped".
# REPEAT=N boots every platform N times and fails unless the N verdicts agree.
TEST_ARCHES := $(if $(filter command line environment,$(origin ARCH)),$(ARCH))
test: deps-check ## unit tests, check-docs, and every platform's boots (only ARCH's with ARCH=); REPEAT=N
	$(Q)REPEAT=$(or $(REPEAT),1) PROGS_ANY_ARCH=$(if $(TEST_ARCHES),,1) tests/run-all $(TEST_ARCHES)

# The initramfs booted as /init of Debian's Linux (scripts/linux-kernel
# fetches it into the cache once) on the emulators of the Umbra platforms;
# every case must give Umbra's verdict there, or be listed in
# tests/linux/expect-differences/ (tests/linux/run, docs/TEST-LINUX.md).
# Every architecture's (only ARCH's when ARCH is given; only PLATFORM when it
# names a platform of tests/linux/platforms). Long: not part of make test.
LINUX_PLATFORM := $(if $(filter command line environment,$(origin PLATFORM)),$(PLATFORM))
test-linux: deps-check ## the tests as /init of Debian's Linux: verdicts as on Umbra? (minutes; SUITE=NAME: one suite)
	$(Q)for a in $(or $(TEST_ARCHES),$(if $(LINUX_PLATFORM),$(ARCH)),$(notdir $(patsubst %/build.mk,%,$(wildcard arch/*/build.mk)))); do \
		$(MAKE) --no-print-directory ARCH=$$a all $(if $(SUITE),suite-image) || exit 1; done
	$(Q)SUITE=$(SUITE) tests/linux/run $(or $(LINUX_PLATFORM),$(TEST_ARCHES))

# The test image with one program, /bin/SUITE, as its /init's list
# (make test-linux SUITE=NAME boots it on Umbra's side).
suite-image: $(BUILD)/suite-$(SUITE)$(suffix $(IMAGE))
$(BUILD)/suite-%$(suffix $(IMAGE)): $(IMAGE_INPUTS) $(CMDLINE_FILE) Makefile
	$(call image-with-cmdline,$@,$(CMDLINE) -- /bin/$*)

# The test image on machines of a laptop's size: 8 GiB with 8 and with 16
# CPUs on QEMU x86_64 and the GCS QEMU, judged as make test judges those
# platforms (tests/boot/big; BIG_MEM=, BIG_CPUS= change the sizes). Long:
# sixteen emulated CPUs on two host cores; not part of make test.
test-big: deps-check ## 8 GiB with 8 and 16 CPUs on QEMU x86_64 and the GCS QEMU (tests/boot/big; long)
	$(Q)for a in x86_64 arm64; do $(MAKE) --no-print-directory ARCH=$$a all || exit 1; done
	$(Q)tests/boot/big

# Every target's logs are its own: make test's boot of PLATFORM (qemu-arm64),
# make bench on it, then make test-linux's comparison, which must still
# find 0 unlisted differences (tests/linux/after-bench). Minutes.
test-logs: deps-check ## make test's boot, make bench, then test-linux on PLATFORM (qemu-arm64): 0 differences?
	$(Q)tests/linux/after-bench $(if $(filter command line environment,$(origin PLATFORM)),$(PLATFORM))

# The terminal typed on as a person types (tests/boot/tty): /bin/ttylogin as
# init gives TTY_SHELL ("sh -i" of a busybox) the serial console as its
# controlling terminal on PLATFORM; the script waits for the prompt, runs a
# command, stops `sleep 100` with ^C and with ^Z, then bg, fg and jobs.
# Until busybox is bundled: PROGS=path/to/busybox TTY_SHELL=/opt/bin/busybox.
TTY_SHELL ?= /bin/busybox
TTY_IMAGE := $(BUILD)/tty$(suffix $(IMAGE))
# The suite busybox (user/busybox/) as init on qemu-x86_64 and qemu-arm64-gcs
# (tests/boot/busybox): minutes; not part of make test.
test-busybox: deps-check ## the suite busybox: Debian's BusyBox running everyday commands (tests/boot/busybox)
	$(Q)for a in x86_64 arm64; do $(MAKE) --no-print-directory ARCH=$$a all || exit 1; done
	$(Q)tests/boot/busybox

test-tty: deps-check $(IMAGE_INPUTS) ## type on the serial console like a person: prompt, ^C, ^Z, bg, fg (busybox sh)
	$(call image-with-cmdline,$(TTY_IMAGE),$(CMDLINE) init=/bin/ttylogin -- $(TTY_SHELL) sh -i)
	$(Q)tests/boot/tty $(PLATFORM) $(TTY_IMAGE) '$(TTY_SHELL) sh -i'

# The fuzzer (user/fuzz/) as init on one platform, with its arguments after
# "--" on the kernel command line:
#   make fuzz [PLATFORM=NAME] [SECONDS=N] [SEED=S] [CALLS=N] [WORKERS=N]
#             [JOBS=N] [WORKER=I TRACE=1] [FIRST=I] [TIMEOUT=ms] [PAGES=1]
# By default it runs 60 s of workers. It fails on a panic, a hang, a leak
# or a killed namespace init, and prints the totals and the seeds of the
# workers that ended abnormally (tests/boot/fuzz).
FUZZ_SECONDS := $(or $(SECONDS),$(if $(WORKERS)$(WORKER),,60))
FUZZ_ARGS := $(strip $(if $(SEED),seed=$(SEED)) $(if $(FUZZ_SECONDS),seconds=$(FUZZ_SECONDS)) \
	$(if $(WORKERS),workers=$(WORKERS),$(if $(FUZZ_SECONDS),workers=0)) \
	$(if $(CALLS),calls=$(CALLS)) $(if $(JOBS),jobs=$(JOBS)) \
	$(if $(WORKER),worker=$(WORKER)) $(if $(FIRST),first=$(FIRST)) $(if $(TRACE),trace=$(TRACE)) \
	$(if $(TIMEOUT),timeout=$(TIMEOUT)) $(if $(PAGES),pages=$(PAGES)) verbose=1)
FUZZ_IMAGE := $(BUILD)/fuzz$(suffix $(IMAGE))
fuzz: deps-check $(IMAGE_INPUTS) ## the system-call fuzzer as init (PLATFORM= SECONDS= SEED= ...)
	$(call image-with-cmdline,$(FUZZ_IMAGE),$(CMDLINE) init=/bin/fuzz -- $(FUZZ_ARGS))
	$(Q)tests/boot/fuzz $(PLATFORM) $(FUZZ_IMAGE) $(or $(FUZZ_SECONDS),0)

# /bin/smp's migration stress alone as init, for SECONDS (30) of guest time
# on PLATFORM: threads with shadow stacks moved between every CPU while
# calling deep and taking signals, round after round (tests/boot/stress:
# no panic, no hang, the case passed). Not part of make test.
STRESS_SECONDS := $(or $(SECONDS),30)
STRESS_IMAGE := $(BUILD)/stress$(suffix $(IMAGE))
stress: deps-check $(IMAGE_INPUTS) ## /bin/smp's migration stress as init for SECONDS (30) on PLATFORM
	$(call image-with-cmdline,$(STRESS_IMAGE),$(CMDLINE) init=/bin/smp -- stress=$(STRESS_SECONDS))
	$(Q)tests/boot/stress $(PLATFORM) $(STRESS_IMAGE) $(STRESS_SECONDS)

# The benchmark (scripts/bench): /bin/bench booted as init on the
# deterministic emulators of every architecture (only ARCH's when ARCH is
# given; only PLATFORM when it is given), one table, build/bench/*.csv and
# a plot. BENCH_RUNS=N samples per row (1000), BENCH_LIVE=N live threads
# (10000), BENCH_MAPS=N mappings (10000). The kernel as shipped: the lock
# debugger off unless LOCK_DEBUG=1 is given, built in build/bench/ARCH-lock-debug-N
# (build/ARCH/ is left alone). Long: not part of make test.
BENCH_PLATFORM := $(if $(filter command line environment,$(origin PLATFORM)),$(PLATFORM))
BENCH_LOCK_DEBUG := $(if $(filter command line environment,$(origin LOCK_DEBUG)),$(LOCK_DEBUG),0)
bench: deps-check ## the benchmark on the deterministic emulators (docs/BENCH.md; minutes)
	$(Q)BENCH_RUNS=$(BENCH_RUNS) BENCH_LIVE=$(BENCH_LIVE) BENCH_MAPS=$(BENCH_MAPS) LOCK_DEBUG=$(BENCH_LOCK_DEBUG) \
		scripts/bench $(if $(BENCH_PLATFORM),--platform $(BENCH_PLATFORM)) $(TEST_ARCHES)
	$(Q)$(if $(filter-out bochs-x86_64 qemu-arm64-gcs,$(or $(BENCH_PLATFORM),bochs-x86_64)),:,BENCH_RUNS=$(BENCH_RUNS) \
		LOCK_DEBUG=$(BENCH_LOCK_DEBUG) scripts/bench-kernel-cfi $(or $(subst qemu-arm64-gcs,arm64,$(subst bochs-x86_64,x86_64,$(BENCH_PLATFORM))),$(TEST_ARCHES)))

# Throughput against CPUs (scripts/bench-smp): /bin/bench_smp booted as init with 1, 2 and 4
# CPUs on Bochs and on QEMU arm64 -icount (only PLATFORM when it is given), the kernel as
# shipped (lock debugger off unless LOCK_DEBUG=1 is given; LOCK_STAT=1 adds /proc/lock_stat and a
# "bench-smp lockstat" line per workload: which locks the CPUs waited on). BENCH_SMP_KERNELS="umbra linux"
# adds the anchor, the same program as init of Debian's Linux ("linux": only that; Bochs boots it
# slowly). Long: not part of make test.
bench-smp: deps-check ## throughput with 1, 2, 4 CPUs: BENCH-SMP lines, build/bench-smp/table.md (docs/BENCH.md)
	$(Q)LOCK_DEBUG=$(if $(filter command line environment,$(origin LOCK_DEBUG)),$(LOCK_DEBUG),0) \
		LOCK_STAT=$(if $(filter command line environment,$(origin LOCK_STAT)),$(LOCK_STAT),0) \
		scripts/bench-smp $(if $(BENCH_PLATFORM),--platform $(BENCH_PLATFORM))

# Linux's own kselftests (clone3, x86 shadow stack, arm64 GCS, map_fixed_noreplace,
# sigaltstack), built unmodified and static from Debian's Linux source (scripts/peer-src,
# cached), booted on Umbra's kernel on every platform (only ARCH's with ARCH=, only PLATFORM
# with PLATFORM=) and compared with tests/peer/expect/PLATFORM (docs/PEER-TEST.md). Not part
# of make test. PEER_RECORD=1 writes the expectations from the run instead.
PEER_ARCHES := $(or $(TEST_ARCHES),$(if $(filter command line environment,$(origin PLATFORM)),$(ARCH)),x86_64 arm64)
PEER_PLATFORMS := $(if $(filter command line environment,$(origin PLATFORM)),$(PLATFORM),\
	$(shell awk '!/^[ \t]*(\#|$$)/ && index(" $(PEER_ARCHES) ", " " $$2 " ") { print $$1 }' tests/boot/platforms))
# Then BusyBox's own testsuite (tests/peer/busybox) on Umbra and on Debian's Linux, on
# qemu-x86_64 and qemu-arm64-gcs (PLATFORM= names another): its counts and their differences.
PEER_BUSYBOX_PLATFORMS := $(if $(filter command line environment,$(origin PLATFORM)),$(PLATFORM),\
	$(if $(filter x86_64,$(PEER_ARCHES)),qemu-x86_64) $(if $(filter arm64,$(PEER_ARCHES)),qemu-arm64-gcs))
peer-test: deps-check ## Linux's kselftests on every platform, against tests/peer/expect, then BusyBox's testsuite (docs/PEER-TEST.md)
	$(Q)for a in $(PEER_ARCHES); do $(MAKE) --no-print-directory ARCH=$$a all && tests/peer/build $$a || exit; done
	$(Q)s=0; tests/peer/run $(if $(PEER_RECORD),--record) $(PEER_PLATFORMS) || s=1; \
		tests/peer/busybox $(PEER_BUSYBOX_PLATFORMS) || s=1; \
		tests/peer/busybox --linux $(PEER_BUSYBOX_PLATFORMS) || s=1; exit $$s

# Says whether this architecture's compiler is installed.
toolchain-check: ## say whether ARCH's compiler is installed
	@command -v $(CC) >/dev/null || { echo "$(CC) not found (make deps installs it)"; exit 1; }

unit: deps-check ## the host unit tests (cmocka, ASan + UBSan)
	$(Q)$(MAKE) --no-print-directory -C tests/unit

lint: deps-check ## clang-format (must change nothing) and cppcheck
	$(Q)scripts/lint

# The pictures: Graphviz renders each docs/NAME.dot (the architecture, where
# shadow-stack state lives), scripts/mapsvg draws each address space that
# make maps captured (docs/labs/maps-ARCH.txt); the SVGs are committed
# (GitHub shows them), and check-docs fails when one is stale.
docs: deps-check ## docs/ABI.md §1.2 from include/uapi/, docs/*.svg from docs/*.dot, docs/labs/maps-*.svg from maps-*.txt
	$(Q)scripts/syscall-table --write
	$(Q)for f in docs/*.dot; do dot -Tsvg $$f -o $${f%.dot}.svg || exit 1; done
	$(Q)for f in docs/labs/maps-*.txt; do scripts/mapsvg $$f > $${f%.txt}.svg || exit 1; done

rooms: deps-check ## docs/rooms.dot and .svg, who calls whom between kernel/'s rooms, from both architectures' builds
	$(Q)$(MAKE) --no-print-directory ARCH=x86_64 kernel
	$(Q)$(MAKE) --no-print-directory ARCH=arm64 kernel
	$(Q)scripts/rooms dot > docs/rooms.dot
	$(Q)dot -Tsvg docs/rooms.dot -o docs/rooms.svg

check-docs: deps-check ## cited docs/ files and sections exist, none outside the tree, SVGs fresh, the tour's names exist
	$(Q)scripts/check-docs

format: ## clang-format every C file in place
	$(Q)clang-format -i $$(git ls-files '*.c' '*.h')

deps: ## install the Debian packages, and fetch the GCS-capable QEMU into the cache
	$(Q)scripts/deps

# Installs what is missing (asks apt only then), quietly when all is there.
deps-check: ## install the missing Debian packages only (what the other targets run first)
	$(Q)scripts/deps --if-missing

clean: ## remove build/ (the cached GCS-capable QEMU stays)
	rm -rf build
	$(Q)$(MAKE) --no-print-directory -C tests/unit clean

help: ## this list
	@sed -n '3,/^$$/p' Makefile
	@echo "Targets:"
	@cat $(MAKEFILE_LIST) | sed -n -E 's/^([a-z][a-z -]*):.*## (.*)/\1\t\2/p' | \
		awk -F '\t' '{ printf "  %-22s %s\n", $$1, $$2 }'

# The course kit's labs and the only-image (docs/labs/).
include labs/labs.mk

-include $(KERNEL_OBJS:.o=.d)
