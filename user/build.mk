# The bundled userland, staged as an initramfs tree:
#   $(BUILD)/initramfs/init            user/init.c (the test runner)
#   $(BUILD)/initramfs/bin/NAME        user/NAME.c and user/arch/$(ARCH)/NAME.c,
#                                      a folder user/NAME/ holding main.c (all
#                                      its .c files make the program),
#                                      and musl_pthreads from user/musl/pthreads.c
#                                      where a musl for $(ARCH) exists
#   $(BUILD)/initramfs/bin/glibc_vdso  user/foreign/libc_vdso.c with Debian's glibc
#                       /musl_vdso     (and with its musl, where there is one)
# USER_BINARIES lists the staged files; `make userland` builds them all.
# Programs and headers that only make sense on one architecture (CET's
# shstk, cet.h) live in user/arch/$(ARCH)/, which is also on the include
# path: shstk_enable.h and arch_test.h there are the per-arch halves of
# the generic programs. user/lib/ holds what the programs share (test.h:
# diagnostics, checks, child runners, /proc/self/maps), the archive
# libtest.a every program links with. /init runs the programs of USER_RUN_ORDER that this
# architecture builds (generated into user_programs.h).
# Needs libc/build.mk included first.

USER_OBJ := $(BUILD)/user
INITRAMFS := $(BUILD)/initramfs
USER_ARCH_DIR := user/arch/$(ARCH)
USER_DIR_PROGS := $(patsubst user/%/main.c,%,$(wildcard user/*/main.c))
USER_PROGS := $(sort $(basename $(notdir $(wildcard user/*.c $(USER_ARCH_DIR)/*.c))) $(USER_DIR_PROGS))
USER_ELFS := $(patsubst %,$(USER_OBJ)/%.elf,$(USER_PROGS))
USER_PROG_CPPFLAGS := -Iuser/lib -I$(USER_ARCH_DIR) -I$(USER_OBJ)/include

# The musl-linked Linux-compatibility program, where Debian has a musl
# toolchain for the architecture (bookworm has none for arm64 on an amd64
# host without multiarch).
MUSL_CC ?= musl-gcc
USER_MUSL_PROGS_x86_64 := musl_pthreads musl_vdso
USER_MUSL_PROGS_arm64 :=
USER_MUSL_PROGS := $(USER_MUSL_PROGS_$(ARCH))
MUSL_CFLAGS := $(PATH_CFLAGS) -std=gnu11 -O2 -g -Wall -Wextra -Werror -static -pthread -MMD -MP \
	-Wl,-z,max-page-size=4096 -Wl,-z,noexecstack -Wl,-z,norelro -Wl,--build-id=none
# Programs built with Debian's glibc (static): the toolchain's own libc, on both
# architectures. Like the musl ones they see only the kernel's ABI headers
# (include/uapi), never Umbra's libc.
USER_GLIBC_PROGS := glibc_vdso
FOREIGN_CFLAGS := $(MUSL_CFLAGS) -Iinclude

# The order /init runs them in; a program missing here runs after these.
# USER_NOT_RUN are bundled but never run by /init: /bin/bench and /bin/bench_smp take minutes
# (make bench boots it as init= instead), /bin/sidebyside checks lab 6's answers (docs/labs/), the suite busybox
# runs in make test-busybox (tests/boot/busybox: minutes, as init). fuzz is last: what it may break in
# the kernel cannot spoil another suite.
USER_RUN_ORDER := clone3 shstk_attack rop shstk ibt bti proc threads smp mm shm efault leak hostile counter time cow ptrace robust ioport archabi \
	musl_pthreads musl_vdso glibc_vdso gcs signals pipes fdio tty remap procfs showmaps fs mknod fuzz
USER_NOT_RUN := bench bench_smp reboot sidebyside ttylogin busybox
USER_BIN_NAMES := $(filter-out init,$(USER_PROGS)) $(USER_MUSL_PROGS) $(USER_GLIBC_PROGS)
USER_RUN_LIST := $(filter $(USER_BIN_NAMES),$(USER_RUN_ORDER)) \
	$(filter-out $(USER_RUN_ORDER) $(USER_NOT_RUN),$(USER_BIN_NAMES))

# ELF files that are valid but unusual, made from /bin/hostile by a host
# tool (scripts/elfpatch.c) for its execve cases; /init does not run them.
# Executable (mode 755) like every program: Linux's execve refuses a file
# without an execute bit with EACCES.
USER_PATCHED_ELFS := hostile-overlap hostile-badentry
# Outside user space on both architectures, and non-canonical on x86_64
# (a ring-0 IRET to it would fault: the CVE-2012-0217 class).
HOSTILE_BAD_ENTRY := 8000000000001000
ELFPATCH := build/host/elfpatch

# The suite busybox is staged elsewhere: /bin/busybox is Debian's (user/busybox.mk).
USER_BINARIES := $(INITRAMFS)/init $(patsubst %,$(INITRAMFS)/bin/%,$(filter-out busybox,$(USER_BIN_NAMES))) \
	$(patsubst %,$(INITRAMFS)/bin/%,$(USER_PATCHED_ELFS)) $(INITRAMFS)/bin/hostile-noexec

# A person's own programs (README, "Running your own program"): PROGS="a b"
# static ELF files, staged as /opt/bin/a, /opt/bin/b; RUN="/opt/bin/a --flag"
# (';' between commands) written to /opt/run.txt, which /init runs after its
# table, or instead of it with ONLY=1. scripts/progs checks them and refuses
# a dynamic program or one for another machine. PROGS_ANY_ARCH=1 (make usb,
# make test: both architectures are built) lets a program of the other
# architecture in. They are an archive of their own, USER_OPT.cpio (empty
# without PROGS and RUN), which the Makefile appends to the suite's: the
# kernel reads archives one after another (kernel/fs/initramfs.c). USER_OPT.args
# changes when the variables do, so the archive is remade exactly then (and
# after a program changes). A test gives USER_OPT, INITRAMFS_CPIO and IMAGE
# other names to build an image with programs beside the plain one
# (tests/boot/progs).
PROGS ?=
RUN ?=
PROGS_ONLY := $(filter 1,$(ONLY))
USER_OPT ?= $(USER_OBJ)/opt
PROGS_RUN_QUOTED := '$(subst ','\'',$(RUN))'

$(USER_OPT).args: FORCE
	@mkdir -p $(dir $@)
	$(Q)printf '%s\n' $(PROGS_RUN_QUOTED) '$(PROGS_ONLY)' '$(PROGS_ANY_ARCH)' $(abspath $(PROGS)) > $@.tmp && \
		{ cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@; }

$(USER_OPT).cpio: $(USER_OPT).args $(wildcard $(PROGS)) scripts/progs
	@$(if $(Q),$(if $(PROGS)$(RUN),echo "  PROGS   $@"))
	$(Q)scripts/progs $(if $(PROGS_ANY_ARCH),--any-arch) $(ARCH) $(USER_OPT)/opt \
		$(PROGS_RUN_QUOTED) '$(PROGS_ONLY)' $(PROGS)
	$(Q)if [ -d $(USER_OPT)/opt ]; then cd $(USER_OPT) && find opt | LC_ALL=C sort | \
		cpio -o -H newc --quiet -R 0:0 > $(abspath $@); else : > $@; fi

# The malformed ELF files /bin/fuzz execs: $(INITRAMFS)/fuzz/elf/0, 1, ...,
# written by user/fuzz/host/mkelf.c, a host program. The stamp stands for
# the whole directory in the initramfs's prerequisites.
HOSTCC ?= cc
FUZZ_ELF_STAMP := $(USER_OBJ)/fuzz-elf.stamp
ifneq ($(filter fuzz,$(USER_DIR_PROGS)),)
USER_BINARIES += $(FUZZ_ELF_STAMP)
endif

$(USER_OBJ)/host/mkelf: user/fuzz/host/mkelf.c user/build.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $<")
	$(Q)$(HOSTCC) -std=gnu11 -O2 -Wall -Wextra -Werror -o $@ $<

$(FUZZ_ELF_STAMP): $(USER_OBJ)/host/mkelf
	@$(if $(Q),echo "  MKELF   $(INITRAMFS)/fuzz/elf")
	$(Q)rm -rf $(INITRAMFS)/fuzz/elf && mkdir -p $(INITRAMFS)/fuzz/elf
	$(Q)$< $(ARCH) $(INITRAMFS)/fuzz/elf && chmod 755 $(INITRAMFS)/fuzz/elf/*
	$(Q)touch $@

# Checks a linked program: static (no PT_INTERP, PT_DYNAMIC or PT_TLS), every
# PT_LOAD at a page-aligned file offset and marked: on x86_64 shadow-stack
# compatible, on arm64 BTI (the kernel maps its code guarded).
define user-check
	$(Q)readelf -lW $(1) | awk '$$$$1 == "LOAD" && $$$$2 !~ /000$$$$/ { bad = 1 } END { exit bad }' || \
		{ echo "$(1): a PT_LOAD at an unaligned file offset"; exit 1; }
	$(Q)! readelf -lW $(1) | grep -qE '^ +(INTERP|DYNAMIC|TLS) ' || \
		{ echo "$(1): not a plain static executable"; exit 1; }
	$(Q)$(if $(filter x86_64,$(ARCH)),readelf -nW $(1) | grep -q 'x86 feature: IBT.*SHSTK' || \
		{ echo "$(1): missing the IBT and SHSTK properties (an input without -fcf-protection=full?)"; exit 1; })
	$(Q)$(if $(filter arm64,$(ARCH)),readelf -nW $(1) | grep -q 'AArch64 feature: .*BTI' || \
		{ echo "$(1): missing the BTI property (an input without -mbranch-protection?)"; exit 1; })
endef

# /init's program table. Rewritten only when the list changes, so init is
# not rebuilt on every make.
USER_PROGRAMS_H := $(USER_OBJ)/include/user_programs.h

$(USER_PROGRAMS_H): FORCE
	@mkdir -p $(dir $@)
	$(Q)printf '\t"%s",\n' $(foreach p,$(USER_RUN_LIST),$(or $(USER_RUN_PATH_$(p)),/bin/$(p))) > $@.tmp && \
		{ cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@; }

$(USER_OBJ)/init.o: $(USER_PROGRAMS_H)

define user-cc
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(USER_CPPFLAGS) $(USER_PROG_CPPFLAGS) $(USER_CFLAGS) -c $< -o $@
endef

USER_GENERIC_OBJS := $(patsubst user/%.c,$(USER_OBJ)/%.o,$(wildcard user/*.c))
USER_LIB_OBJS := $(patsubst user/lib/%.c,$(USER_OBJ)/lib/%.o,$(sort $(wildcard user/lib/*.c)))
USER_LIB_A := $(USER_OBJ)/lib/libtest.a
USER_ARCH_OBJS := $(patsubst $(USER_ARCH_DIR)/%.c,$(USER_OBJ)/%.o,$(wildcard $(USER_ARCH_DIR)/*.c))

$(USER_GENERIC_OBJS): $(USER_OBJ)/%.o: user/%.c user/build.mk libc/build.mk
	$(user-cc)

$(USER_ARCH_OBJS): $(USER_OBJ)/%.o: $(USER_ARCH_DIR)/%.c user/build.mk libc/build.mk
	$(user-cc)

$(USER_LIB_OBJS): $(USER_OBJ)/lib/%.o: user/lib/%.c user/build.mk libc/build.mk
	$(user-cc)

$(USER_LIB_A): $(USER_LIB_OBJS)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && $(AR) rcs $@ $(USER_LIB_OBJS)

# A program's source that moved (user/shstk.c to user/arch/x86_64/) is still
# named by its old .d file: let a missing one count as changed, as -MP does
# for headers, so the object is rebuilt from where the source is now.
user/%.c:
	@:

# The linker script: the architecture's own if it has one, else user/user.ld.
USER_LDS := $(firstword $(wildcard $(USER_ARCH_DIR)/user.ld) user/user.ld)

define user-link
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(USER_CFLAGS) $(USER_LDFLAGS) -Wl,-T,$(USER_LDS) -o $@ $(LIBC_CRT0) \
		$(filter-out $(LIBC_CRT0),$(filter %.o,$^)) $(USER_LIB_A) $(LIBC_A) $(USER_LIBGCC)
	$(call user-check,$@)
endef

$(USER_OBJ)/%.elf: $(USER_OBJ)/%.o $(USER_LIB_A) $(LIBC_CRT0) $(LIBC_A) $(USER_LDS)
	$(user-link)

# A folder program: user/NAME/*.c compiled into $(USER_OBJ)/NAME/, linked
# into NAME.elf (this explicit rule wins over the one-file pattern above).
define user-dir-prog
USER_DIR_OBJS_$(1) := $$(patsubst user/$(1)/%.c,$$(USER_OBJ)/$(1)/%.o,$$(wildcard user/$(1)/*.c))
$$(USER_DIR_OBJS_$(1)): $$(USER_OBJ)/$(1)/%.o: user/$(1)/%.c user/build.mk libc/build.mk
	$$(user-cc)
$$(USER_OBJ)/$(1).elf: $$(USER_DIR_OBJS_$(1)) $$(USER_LIB_A) $$(LIBC_CRT0) $$(LIBC_A) $$(USER_LDS)
	$$(user-link)
USER_DIR_OBJS += $$(USER_DIR_OBJS_$(1))
endef
$(foreach p,$(USER_DIR_PROGS),$(eval $(call user-dir-prog,$(p))))

# /bin/rop's vulnerable half (user/rop/victim.c, docs/labs/rop.md) is the
# lab's subject, so its frames must not move under the students: -O0 gives
# every function one frame with a frame record, one epilogue ending in one
# RET, no inlining and no tail calls (a tail call would leave no frame for
# the arm64 overflow to reach), and keeps the functions in source order
# (-fno-toplevel-reorder), so each one's code ends where the next begins.
# No stack protector: a canary between buf and the frame record would stop
# the overflow before the shadow stack is ever asked (USER_CFLAGS already
# says so; repeated because the lab depends on it). Static non-PIE like
# every program, so win() and the gadget sit at the addresses nm shows.
$(USER_OBJ)/rop/victim.o: USER_CFLAGS += -O0 -fno-stack-protector -fno-omit-frame-pointer \
	-fno-inline -fno-optimize-sibling-calls -fno-toplevel-reorder

# A student's variant of /bin/rop (docs/labs/rop.md §9): the id in
# user/rop/student-id (make student-kit STUDENT=ID or make lab-7 STUDENT=ID
# write it) picks the victim's frame layout and win()'s key. Without it, 0:
# the handout's layout. The id is a number by cksum; main.o is rebuilt when
# the file comes, changes or goes (its recorded copy in USER_OBJ).
ROP_STUDENT_ID := $(shell cat user/rop/student-id 2>/dev/null)
ROP_VARIANT := $(if $(ROP_STUDENT_ID),$(shell printf '%s' '$(ROP_STUDENT_ID)' | cksum | cut -d' ' -f1),0)
ROP_VARIANT_FILE := $(USER_OBJ)/rop/variant
$(shell mkdir -p $(USER_OBJ)/rop; [ "$$(cat $(ROP_VARIANT_FILE) 2>/dev/null)" = "$(ROP_VARIANT)" ] || \
	echo "$(ROP_VARIANT)" > $(ROP_VARIANT_FILE))
$(USER_OBJ)/rop/main.o: USER_CFLAGS += -DROP_VARIANT=$(ROP_VARIANT)ul
$(USER_OBJ)/rop/main.o: $(ROP_VARIANT_FILE)

# The programs built with another libc: each one's source, its compiler
# (musl-gcc, or the toolchain's own gcc and glibc), one recipe. Static, or the
# build fails: the initramfs has no dynamic loader.
$(USER_OBJ)/musl_pthreads.elf: user/musl/pthreads.c
$(USER_OBJ)/musl_vdso.elf $(USER_OBJ)/glibc_vdso.elf: user/foreign/libc_vdso.c
$(patsubst %,$(USER_OBJ)/%.elf,$(USER_MUSL_PROGS)): FOREIGN_CC = $(MUSL_CC)
$(patsubst %,$(USER_OBJ)/%.elf,$(USER_GLIBC_PROGS)): FOREIGN_CC = $(CC)
$(patsubst %,$(USER_OBJ)/%.elf,$(USER_MUSL_PROGS) $(USER_GLIBC_PROGS)): user/build.mk
	@mkdir -p $(dir $@)
	@command -v $(FOREIGN_CC) >/dev/null || { echo "$(FOREIGN_CC) not found: apt-get install musl-tools"; exit 1; }
	@$(if $(Q),echo "  FOREIGN $(FOREIGN_CC) $(filter %.c,$^)")
	$(Q)$(FOREIGN_CC) $(FOREIGN_CFLAGS) -MF $(@:.elf=.d) -o $@ $(filter %.c,$^)
	$(Q)! readelf -lW $@ | grep -qE '^ +(INTERP|DYNAMIC) ' || { echo "$@: not static"; exit 1; }

$(ELFPATCH): scripts/elfpatch.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  HOSTCC  $<")
	$(Q)cc -std=gnu11 -O2 -Wall -Wextra -Werror -o $@ $<

$(INITRAMFS)/bin/hostile-overlap: $(USER_OBJ)/hostile.elf $(ELFPATCH)
	@mkdir -p $(dir $@)
	$(Q)$(ELFPATCH) overlap $< $@ && chmod 755 $@

$(INITRAMFS)/bin/hostile-badentry: $(USER_OBJ)/hostile.elf $(ELFPATCH)
	@mkdir -p $(dir $@)
	$(Q)$(ELFPATCH) entry $(HOSTILE_BAD_ENTRY) $< $@ && chmod 755 $@

# /bin/hostile without an execute bit (mode 644): execve says EACCES.
$(INITRAMFS)/bin/hostile-noexec: $(USER_OBJ)/hostile.elf
	@mkdir -p $(dir $@)
	$(Q)cp $< $@ && chmod 644 $@

$(INITRAMFS)/init: $(USER_OBJ)/init.elf
	@mkdir -p $(dir $@)
	$(Q)cp $< $@

# --remove-destination: an older build may have left /bin/NAME as busybox's
# applet link, and cp would write through it over /bin/busybox itself (a
# program named as an applet, such as /bin/mknod, did exactly that).
$(INITRAMFS)/bin/%: $(USER_OBJ)/%.elf
	@mkdir -p $(dir $@)
	$(Q)cp --remove-destination $< $@

include user/busybox.mk

.PHONY: userland
userland: $(USER_BINARIES) ## the user programs, staged in build/ARCH/initramfs/


.SECONDARY: $(USER_ELFS) $(USER_ELFS:.elf=.o) $(USER_DIR_OBJS) \
	$(patsubst %,$(USER_OBJ)/%.elf,$(USER_MUSL_PROGS) $(USER_GLIBC_PROGS))

-include $(USER_ELFS:.elf=.d) $(USER_LIB_OBJS:.o=.d) $(USER_DIR_OBJS:.o=.d) \
	$(patsubst %,$(USER_OBJ)/%.d,$(USER_MUSL_PROGS) $(USER_GLIBC_PROGS))
