# libc for user programs: $(BUILD)/libc/libc.a and $(BUILD)/libc/crt0.o.
# Included by the top Makefile, which defines ARCH, BUILD, Q and CC and runs
# from the repository root.
#
# The headers in libc/include wrap the kernel's user ABI headers,
# include/uapi/ (numbers, flags and structures are written there once, for
# the kernel and libc alike); otherwise only the compiler's freestanding
# headers (stdint.h, stddef.h, stdarg.h, stdbool.h) come from $(CC). Of
# include/, libc and the programs use only uapi/ (scripts/lint checks).

# x86_64: mark every object shadow-stack and IBT compatible, ENDBR64 at
# every function (user/build.mk checks the linked property). arm64: BTI and PAC marking (GCS needs none; the kernel
# maps a BTI-marked program's code guarded, user/build.mk checks the
# linked property); inline atomics, since
# the outlined ones would call libgcc helpers that probe the auxv through a
# glibc symbol.
USER_ARCH_CFLAGS_x86_64 := -fcf-protection=full
USER_ARCH_CFLAGS_arm64 := -mno-outline-atomics -mbranch-protection=standard

USER_CPPFLAGS := -Ilibc/include -Ilibc/arch/$(ARCH)/include -Iinclude -MMD -MP
USER_CFLAGS := $(PATH_CFLAGS) -std=gnu11 -O2 -g -ffreestanding -nostdinc -isystem $(shell $(CC) -print-file-name=include) \
	-nostdlib -static -fno-pie -fno-stack-protector -fno-omit-frame-pointer -fno-strict-aliasing \
	-fno-common -Wall -Wextra -Werror -Wstrict-prototypes -Wmissing-prototypes \
	$(USER_ARCH_CFLAGS_$(ARCH))
# Static, non-PIE, no PT_INTERP; no RELRO or build-id segments, a
# non-executable stack. user/build.mk adds the linker script that puts every
# PT_LOAD at a 4 KiB-aligned file offset.
USER_LDFLAGS := -nostdlib -static -no-pie -Wl,-z,max-page-size=4096 -Wl,-z,common-page-size=4096 \
	-Wl,-z,noexecstack -Wl,-z,norelro -Wl,--build-id=none
USER_LIBGCC := $(shell $(CC) -print-libgcc-file-name)

LIBC_OBJ := $(BUILD)/libc
LIBC_A := $(LIBC_OBJ)/libc.a
LIBC_CRT0 := $(LIBC_OBJ)/crt0.o
LIBC_SRCS := $(sort $(wildcard libc/*.c libc/*/*.c) \
	$(filter-out libc/arch/$(ARCH)/crt0.S,$(wildcard libc/arch/$(ARCH)/*.c libc/arch/$(ARCH)/*.S)))
LIBC_OBJS := $(patsubst %,$(LIBC_OBJ)/obj/%.o,$(LIBC_SRCS))

$(LIBC_OBJ)/obj/%.c.o: %.c libc/build.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(USER_CPPFLAGS) $(USER_CFLAGS) -c $< -o $@

$(LIBC_OBJ)/obj/%.S.o: %.S libc/build.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  AS      $<")
	$(Q)$(CC) $(USER_CPPFLAGS) $(USER_CFLAGS) -D__ASSEMBLER__ -c $< -o $@

$(LIBC_CRT0): libc/arch/$(ARCH)/crt0.S libc/build.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  AS      $<")
	$(Q)$(CC) $(USER_CPPFLAGS) $(USER_CFLAGS) -D__ASSEMBLER__ -c $< -o $@

$(LIBC_A): $(LIBC_OBJS)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && $(AR) rcs $@ $(LIBC_OBJS)

.PHONY: libc
libc: $(LIBC_A) $(LIBC_CRT0) ## the user programs' C library (libc.a, crt0.o)

-include $(LIBC_OBJS:.o=.d) $(LIBC_CRT0:.o=.d)
