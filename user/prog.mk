# make prog SRC=hello.c [LIBC=umbra|musl]: a program of your own (README,
# "Running your own program"), static, for each architecture whose compiler
# is installed: build/prog/ARCH/hello. Compiled with the markings that make
# it shadow-stack ready -- x86_64 -fcf-protection (the SHSTK property the
# kernel's ELF check reads), arm64 -mbranch-protection=standard (PAC and BTI;
# GCS itself needs no marking) -- and a frame pointer, so a return address
# sits where a lesson says. LIBC=umbra (the default) links the project's
# libc (libc/include: printf, shstk.h, ktap.h, ...); LIBC=musl Debian's musl
# (x86_64: musl-gcc; arm64: the arm64 musl `make peer-test` fetches into the
# cache, scripts/peer-src). Hand the results to PROGS=. PROG_DIR=DIR puts
# them in DIR/ARCH/ instead (tests/boot/progs).
# Included by the top-level Makefile after libc/build.mk and user/build.mk.

LIBC ?= umbra
PROG_DIR ?= build/prog
PROG_NAME := $(basename $(notdir $(SRC)))
PROG_OUT := $(PROG_DIR)/$(ARCH)/$(PROG_NAME)
PROG_MARK_x86_64 := -fcf-protection
PROG_MARK_arm64 := -mbranch-protection=standard
PROG_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -fno-omit-frame-pointer -static \
	$(PROG_MARK_$(ARCH)) -Wl,-z,max-page-size=4096 -Wl,-z,noexecstack
MUSL_ARM64_SPECS = $(shell scripts/peer-src --check >/dev/null 2>&1 && \
	echo $$(scripts/peer-src | tail -n 1)/musl-arm64/specs)
PROG_MUSL_CC_x86_64 := $(MUSL_CC)
PROG_MUSL_CC_arm64 = $(if $(MUSL_ARM64_SPECS),$(CC) -specs $(MUSL_ARM64_SPECS))

.PHONY: prog prog-arch
prog: ## a program of your own for each architecture: SRC=hello.c [LIBC=musl] (README)
	@[ -n "$(SRC)" ] && [ -r "$(SRC)" ] || { echo "make prog: SRC=FILE.c names no readable file"; exit 2; }
	$(Q)for a in $(notdir $(patsubst %/build.mk,%,$(wildcard arch/*/build.mk))); do \
		if ! $(MAKE) --no-print-directory -s ARCH=$$a toolchain-check >/dev/null 2>&1; then \
			echo "make prog: no $$a compiler (make deps installs it): no $$a program"; continue; fi; \
		$(MAKE) --no-print-directory ARCH=$$a prog-arch || exit 1; done

ifeq ($(LIBC),umbra)
prog-arch: $(LIBC_A) $(LIBC_CRT0) $(USER_LDS)
	@mkdir -p $(dir $(PROG_OUT))
	@$(if $(Q),echo "  PROG    $(PROG_OUT) (Umbra's libc)")
	$(Q)$(CC) $(filter-out -MMD -MP,$(USER_CPPFLAGS)) $(PROG_CFLAGS) -ffreestanding -nostdinc \
		-isystem $(shell $(CC) -print-file-name=include) -nostdlib -fno-pie -no-pie \
		-fno-stack-protector $(USER_ARCH_CFLAGS_$(ARCH)) -Wl,-T,$(USER_LDS) -Wl,-z,norelro \
		-Wl,--build-id=none -o $(PROG_OUT) $(LIBC_CRT0) $(SRC) $(LIBC_A) $(USER_LIBGCC)
else ifeq ($(LIBC),musl)
prog-arch:
	@mkdir -p $(dir $(PROG_OUT))
ifeq ($(PROG_MUSL_CC_$(ARCH)),)
	@echo "make prog: no musl for $(ARCH), so no $(ARCH) program (LIBC=umbra builds one;" \
		"make peer-test fetches arm64's musl into the cache once)"
else
	@$(if $(Q),echo "  PROG    $(PROG_OUT) (musl)")
	$(Q)$(PROG_MUSL_CC_$(ARCH)) $(PROG_CFLAGS) -o $(PROG_OUT) $(SRC)
endif
else
prog-arch:
	@echo "make prog: LIBC is umbra or musl, not '$(LIBC)'"; exit 2
endif
