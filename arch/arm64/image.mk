# The arm64 boot image, included by the top-level Makefile: a raw Linux
# arm64 Image (Documentation/arch/arm64/booting.rst) made from the ELF with
# objcopy, which QEMU's -kernel, U-Boot's booti and GRUB all load.
#
# An Image carries no command line, so each image has a companion file
# IMAGE.cmdline that tests/boot/emulate passes with -append; the initramfs
# is $(BUILD)/initramfs.cpio, passed with -initrd when it exists. The crash
# images are the same Image with crashtest=KIND added to their .cmdline.

IMAGE := $(BUILD)/umbra.img
CRASH_IMAGES := $(patsubst %,$(BUILD)/crash-%.img,$(CRASH_KINDS))

$(BUILD)/umbra.bin: $(ELF)
	@$(if $(Q),echo "  OBJCOPY $@")
	$(Q)$(OBJCOPY) -O binary $(ELF) $@

# $(1) = output, $(2) = kernel command line.
define make-img
	$(Q)cp $(BUILD)/umbra.bin $(1)
	$(Q)printf '%s\n' '$(2)' > $(1).cmdline
endef

$(IMAGE): $(BUILD)/umbra.bin Makefile arch/$(ARCH)/image.mk
	@$(if $(Q),echo "  IMAGE   $@")
	$(call make-img,$@,$(CMDLINE))

$(BUILD)/crash-%.img: $(BUILD)/umbra.bin Makefile arch/$(ARCH)/image.mk
	@$(if $(Q),echo "  IMAGE   $@")
	$(call make-img,$@,$(CMDLINE) crashtest=$*)

# Until libc/ and user/ build for arm64: a two-program initramfs whose
# /init (arch/arm64/smoke/init.S) checks exec, SVC and exit, then execs /gcs.
# tests/boot/emulate boots with it when initramfs.cpio is absent.
SMOKE_CPIO := $(BUILD)/smoke.cpio

$(BUILD)/smoke/init: arch/$(ARCH)/smoke/init.S arch/$(ARCH)/image.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  AS      $<")
	$(Q)$(CC) -c $< -o $@.o
	$(Q)$(LD) -static -z max-page-size=4096 -z noexecstack -Ttext=0x400000 -e _start -o $@ $@.o

# /gcs (arch/arm64/smoke/gcs.c): the GCS KTAP suite, exec'd by /init.
SMOKE_CFLAGS := -O2 -ffreestanding -nostdlib -fno-builtin -fno-tree-loop-distribute-patterns \
	-fno-stack-protector -fno-pic -fno-pie \
	-mgeneral-regs-only -mbranch-protection=none -Wall -Wextra -Werror

$(BUILD)/smoke/gcs: arch/$(ARCH)/smoke/gcs.c arch/$(ARCH)/image.mk
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(SMOKE_CFLAGS) -c $< -o $@.o
	$(Q)$(LD) -static -z max-page-size=4096 -z noexecstack -e _start -o $@ $@.o

$(SMOKE_CPIO): $(BUILD)/smoke/init $(BUILD)/smoke/gcs
	@$(if $(Q),echo "  CPIO    $@")
	$(Q)cd $(BUILD)/smoke && printf '%s\n' init gcs | cpio -o -H newc --quiet -R 0:0 > $(abspath $@)

$(IMAGE) $(CRASH_IMAGES): | $(SMOKE_CPIO)

# An image with another command line (make fuzz): $(call image-with-cmdline,OUT,CMDLINE)
# after IMAGE_INPUTS; tests/boot/emulate finds the initramfs beside it.
IMAGE_INPUTS := $(BUILD)/umbra.bin $(INITRAMFS_CPIO)
define image-with-cmdline
	@$(if $(Q),echo "  IMAGE   $(1)")
	$(call make-img,$(1),$(2))
endef

# `make ARCH=arm64 gcs-smoke`: boot the smoke initramfs on qemu-arm64 and
# qemu-arm64-gcs and judge it (arch/arm64/smoke/run), real userland or not.
.PHONY: gcs-smoke
gcs-smoke: $(IMAGE) $(SMOKE_CPIO)
	$(Q)arch/$(ARCH)/smoke/run
