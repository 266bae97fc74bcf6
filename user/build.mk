# The bundled userland, staged as an initramfs tree:
#   $(BUILD)/initramfs/init            user/init.c (the test runner)
#   $(BUILD)/initramfs/bin/NAME        user/NAME.c, and musl_pthreads from user/musl/pthreads.c
# USER_BINARIES lists the staged files; `make userland` builds them all.
# Needs libc/build.mk included first.

USER_OBJ := $(BUILD)/user
INITRAMFS := $(BUILD)/initramfs
USER_PROGS := $(sort $(basename $(notdir $(wildcard user/*.c))))
USER_ELFS := $(patsubst %,$(USER_OBJ)/%.elf,$(USER_PROGS))

MUSL_CC ?= musl-gcc
MUSL_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -static -pthread -MMD -MP \
	-Wl,-z,max-page-size=4096 -Wl,-z,noexecstack -Wl,-z,norelro -Wl,--build-id=none

USER_BINARIES := $(INITRAMFS)/init \
	$(patsubst %,$(INITRAMFS)/bin/%,$(filter-out init,$(USER_PROGS))) \
	$(INITRAMFS)/bin/musl_pthreads

# Checks a linked program: static (no PT_INTERP, PT_DYNAMIC or PT_TLS), every
# PT_LOAD at a page-aligned file offset and, on x86_64, marked shadow-stack
# compatible.
define user-check
	$(Q)readelf -lW $(1) | awk '$$$$1 == "LOAD" && $$$$2 !~ /000$$$$/ { bad = 1 } END { exit bad }' || \
		{ echo "$(1): a PT_LOAD at an unaligned file offset"; exit 1; }
	$(Q)! readelf -lW $(1) | grep -qE '^ +(INTERP|DYNAMIC|TLS) ' || \
		{ echo "$(1): not a plain static executable"; exit 1; }
	$(Q)$(if $(filter x86_64,$(ARCH)),readelf -nW $(1) | grep -q 'x86 feature: .*SHSTK' || \
		{ echo "$(1): missing the SHSTK property (an input without -fcf-protection?)"; exit 1; })
endef

$(USER_OBJ)/%.o: user/%.c user/build.mk libc/build.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(USER_CPPFLAGS) $(USER_CFLAGS) -c $< -o $@

USER_LDS := user/user.ld

$(USER_OBJ)/%.elf: $(USER_OBJ)/%.o $(LIBC_CRT0) $(LIBC_A) $(USER_LDS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(USER_CFLAGS) $(USER_LDFLAGS) -Wl,-T,$(USER_LDS) -o $@ $(LIBC_CRT0) $< $(LIBC_A) $(USER_LIBGCC)
	$(call user-check,$@)

$(USER_OBJ)/musl_pthreads.elf: user/musl/pthreads.c user/build.mk
	@mkdir -p $(dir $@)
	@command -v $(MUSL_CC) >/dev/null || { echo "$(MUSL_CC) not found: apt-get install musl-tools"; exit 1; }
	@$(if $(Q),echo "  MUSLCC  $<")
	$(Q)$(MUSL_CC) $(MUSL_CFLAGS) -MF $(USER_OBJ)/musl_pthreads.d -o $@ $<
	$(Q)! readelf -lW $@ | grep -qE '^ +(INTERP|DYNAMIC) ' || { echo "$@: not static"; exit 1; }

$(INITRAMFS)/init: $(USER_OBJ)/init.elf
	@mkdir -p $(dir $@)
	$(Q)cp $< $@

$(INITRAMFS)/bin/%: $(USER_OBJ)/%.elf
	@mkdir -p $(dir $@)
	$(Q)cp $< $@

.PHONY: userland
userland: $(USER_BINARIES)

.SECONDARY: $(USER_ELFS) $(USER_ELFS:.elf=.o) $(USER_OBJ)/musl_pthreads.elf

-include $(USER_ELFS:.elf=.d) $(USER_OBJ)/musl_pthreads.d
