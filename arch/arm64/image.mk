# The arm64 boot image, included by the top-level Makefile: a raw Linux
# arm64 Image (Documentation/arch/arm64/booting.rst) made from the ELF with
# objcopy, which QEMU's -kernel, U-Boot's booti and GRUB all load.
#
# An Image carries no command line, so each image has a companion file
# IMAGE.cmdline that tests/boot/emulate passes with -append; the initramfs
# is $(BUILD)/initramfs.cpio, passed with -initrd when it exists. The crash
# images are the same Image with crashtest=KIND added to their .cmdline.

IMAGE := $(BUILD)/umbra.img
CRASH_IMAGES := $(patsubst %,$(BUILD)/crash-%.img,$(CRASH_KINDS) $(CFI_CRASH_KINDS))
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
# after IMAGE_INPUTS; tests/boot/emulate finds the initramfs beside it, and
# on the UEFI platforms the EFI system partition beside it (OUT.esp: the
# files of ESP_FILES below, with this command line), so make fuzz and make
# stress run there too.
IMAGE_INPUTS := $(BUILD)/umbra.bin $(INITRAMFS_CPIO) scripts/mkesp
define image-with-cmdline
	@$(if $(Q),echo "  IMAGE   $(1)")
	$(call make-img,$(1),$(2))
	$(Q)scripts/mkesp $(basename $(1)).esp $(BUILD)/umbra.bin:EFI/BOOT/BOOTAA64.EFI \
		$(INITRAMFS_CPIO):EFI/umbra/initramfs.cpio $(1).cmdline:EFI/umbra/cmdline
endef

# The EFI system partition for UEFI firmware (tests/boot/platforms'
# qemu-arm64-uefi), as SOURCE:PATH pairs: the Image is itself the EFI
# application (boot/arm64/pe.S), and its stub (arch/arm64/efi_stub.c) reads
# the initramfs and the command line from files beside it. A disk that
# boots arm64 UEFI needs exactly these files on its ESP.
ESP_IMAGE := $(BUILD)/umbra.esp
ESP_FILES := $(BUILD)/umbra.bin:EFI/BOOT/BOOTAA64.EFI \
	$(INITRAMFS_CPIO):EFI/umbra/initramfs.cpio \
	$(SCREEN_CMDLINE_FILE):EFI/umbra/cmdline

# The USB-stick image of both architectures (make usb, scripts/mkusb), which
# the UEFI platforms boot: x86_64's make writes it, with these files on its ESP.
USB_IMAGE := build/umbra-usb.img
EXTRA_IMAGES := $(ESP_IMAGE) $(USB_IMAGE)

$(USB_IMAGE): $(ESP_IMAGE) FORCE
	$(Q)$(MAKE) --no-print-directory ARCH=x86_64 $@

$(ESP_IMAGE): $(foreach f,$(ESP_FILES),$(firstword $(subst :, ,$(f)))) scripts/mkesp
	@$(if $(Q),echo "  ESP     $@")
	$(Q)scripts/mkesp $@ $(ESP_FILES)

# The stub runs wherever the firmware loads the Image, before the MMU maps
# the link address: a pointer the linker wrote would point to nowhere.
EFI_STUB_OBJ := $(OBJ)/arch/arm64/efi_stub.c.o
$(BUILD)/umbra.bin: $(BUILD)/efi-stub-pic.ok
$(BUILD)/efi-stub-pic.ok: $(EFI_STUB_OBJ)
	$(Q)if $(CROSS_COMPILE)readelf -rW $< | \
		awk '/^Relocation section/ { sec = $$3 } sec !~ /debug/ && /R_AARCH64_ABS/' | grep .; then \
		echo "$<: absolute relocations (above): the EFI stub must address PC-relatively"; \
		exit 1; fi; touch $@
