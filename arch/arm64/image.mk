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
BENCH_IMAGE := $(BUILD)/bench.img

$(BUILD)/umbra.bin: $(ELF)
	@$(if $(Q),echo "  OBJCOPY $@")
	$(Q)$(OBJCOPY) -O binary $(ELF) $@

# $(1) = output, $(2) = kernel command line.
define make-img
	$(Q)cp $(BUILD)/umbra.bin $(1)
	$(Q)printf '%s\n' '$(2)' > $(1).cmdline
endef

$(IMAGE): $(BUILD)/umbra.bin Makefile arch/$(ARCH)/image.mk $(CMDLINE_FILE)
	@$(if $(Q),echo "  IMAGE   $@")
	$(call make-img,$@,$(CMDLINE))

$(BUILD)/crash-%.img: $(BUILD)/umbra.bin Makefile arch/$(ARCH)/image.mk $(CMDLINE_FILE)
	@$(if $(Q),echo "  IMAGE   $@")
	$(call make-img,$@,$(CMDLINE) crashtest=$*)

# The images carry no initramfs (tests/boot/emulate passes it with -initrd),
# but booting one needs it: build it with them.
$(IMAGE) $(CRASH_IMAGES): | $(INITRAMFS_CPIO)

$(BENCH_IMAGE): $(BUILD)/umbra.bin $(BENCH_ARGS_FILE) Makefile arch/$(ARCH)/image.mk | $(INITRAMFS_CPIO)
	@$(if $(Q),echo "  IMAGE   $@")
	$(call make-img,$@,$(BENCH_CMDLINE))

# An image with another command line (make fuzz): $(call image-with-cmdline,OUT,CMDLINE)
# after IMAGE_INPUTS; tests/boot/emulate finds the initramfs beside it.
IMAGE_INPUTS := $(BUILD)/umbra.bin $(INITRAMFS_CPIO)
define image-with-cmdline
	@$(if $(Q),echo "  IMAGE   $(1)")
	$(call make-img,$(1),$(2))
endef
