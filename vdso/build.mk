# The vDSO (docs/DESIGN.md §5.8): a small shared object of user code, built
# from vdso/ (both architectures) and arch/$(ARCH)/vdso/, and carried inside
# the kernel (vdso/vdso_image.S), which maps it into every program.
# Included by the top Makefile after KERNEL_OBJS.

VDSO_OBJ := $(BUILD)/vdso
VDSO_SO := $(VDSO_OBJ)/vdso.so
VDSO_SRCS := $(sort $(filter-out %.lds.S,$(wildcard arch/$(ARCH)/vdso/*.c arch/$(ARCH)/vdso/*.S)))
VDSO_OBJS := $(patsubst %,$(VDSO_OBJ)/%.o,$(VDSO_SRCS))
# User code, position-independent. x86_64: ENDBR64 in every function and
# the IBT and SHSTK property (-fcf-protection=full), as Linux builds its
# vDSO. arm64: BTI landing pads and the BTI/PAC property.
VDSO_ARCH_CFLAGS_x86_64 := -m64 -fcf-protection=full
VDSO_ARCH_CFLAGS_arm64 := -mbranch-protection=standard -mgeneral-regs-only -mno-outline-atomics
VDSO_ARCH_LDFLAGS_x86_64 := -z cet-report=error
VDSO_CPPFLAGS := -Iinclude -Iarch/$(ARCH)/include -Ivdso -Iarch/$(ARCH)/vdso -MMD -MP
VDSO_CFLAGS = $(PATH_CFLAGS) -std=gnu11 -O2 -g -fPIC -ffreestanding -nostdinc \
	-isystem $(shell $(CC) -print-file-name=include) -fno-stack-protector -fno-builtin \
	-fno-common -Wall -Wextra -Werror -Wstrict-prototypes -Wmissing-prototypes \
	$(VDSO_ARCH_CFLAGS_$(ARCH))
# Linux's names: the soname glibc reports, DT_HASH beside DT_GNU_HASH (musl
# reads DT_HASH only), an eh_frame_hdr for unwinders.
VDSO_LDFLAGS := -shared -Bsymbolic -soname=linux-vdso.so.1 --hash-style=both --eh-frame-hdr \
	--build-id=sha1 -z max-page-size=4096 -z noexecstack $(VDSO_ARCH_LDFLAGS_$(ARCH))

$(VDSO_OBJ)/%.c.o: %.c vdso/build.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(VDSO_CPPFLAGS) $(VDSO_CFLAGS) -c $< -o $@

$(VDSO_OBJ)/%.S.o: %.S vdso/build.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  AS      $<")
	$(Q)$(CC) $(VDSO_CPPFLAGS) $(VDSO_CFLAGS) -D__ASSEMBLER__ -c $< -o $@

$(VDSO_OBJ)/vdso.lds: arch/$(ARCH)/vdso/vdso.lds.S vdso/vdso-layout.lds include/kernel/vdso_data.h
	@mkdir -p $(dir $@)
	$(Q)$(CC) -E -P -x c -D__ASSEMBLER__ -Iinclude -Ivdso $< -o $@

# Checked as it is linked: one PT_LOAD from offset 0 (the kernel maps the
# file as it is), no relocations to apply, and on x86_64 the SHSTK property.
$(VDSO_SO): $(VDSO_OBJS) $(VDSO_OBJ)/vdso.lds
	@$(if $(Q),echo "  VDSO    $@")
	$(Q)$(LD) $(VDSO_LDFLAGS) -T $(VDSO_OBJ)/vdso.lds -o $@.dbg $(VDSO_OBJS)
	$(Q)$(OBJCOPY) -S $@.dbg $@
	$(Q)[ "$$(readelf -lW $@ | awk '$$1 == "LOAD"' | wc -l)" = 1 ] && \
		readelf -lW $@ | awk '$$1 == "LOAD" { exit !($$2 == "0x000000" && $$3 == "0x0000000000000000") }' || \
		{ echo "$@: not one PT_LOAD at offset and address 0"; exit 1; }
	$(Q)! readelf -rW $@ | grep -q 'Relocation section' || { echo "$@: has relocations"; exit 1; }
	$(Q)$(if $(filter x86_64,$(ARCH)),readelf -nW $@ | grep -q 'x86 feature: IBT. SHSTK' || \
		{ echo "$@: missing the IBT and SHSTK property"; exit 1; })

KERNEL_OBJS += $(OBJ)/vdso/vdso_image.S.o
$(OBJ)/vdso/vdso_image.S.o: $(VDSO_SO)
$(OBJ)/vdso/vdso_image.S.o: KERNEL_CPPFLAGS += -DVDSO_SO='"$(VDSO_SO)"'

-include $(VDSO_OBJS:.o=.d)
