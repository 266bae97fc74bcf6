# The x86_64 boot image, included by the top-level Makefile: a GRUB image
# for BIOS and UEFI in one (grub-mkrescue), which can also be written to a
# USB stick. The kernel is a Multiboot2 ELF, the initramfs a module.

IMAGE := $(BUILD)/umbra.iso
CRASH_IMAGES := $(patsubst %,$(BUILD)/crash-%.iso,$(CRASH_KINDS) $(CFI_CRASH_KINDS))
BENCH_IMAGE := $(BUILD)/bench.iso

# $(1) = output, $(2) = kernel command line.
define make-iso
	@$(if $(Q),echo "  ISO     $(1)")
	$(Q)rm -rf $(1).d && mkdir -p $(1).d/boot/grub
	$(Q)cp $(ELF) $(1).d/boot/umbra.elf
	$(Q)cp $(INITRAMFS_CPIO) $(1).d/boot/initramfs.cpio
	$(Q)sed 's|@CMDLINE@|$(2)|' boot/$(ARCH)/grub.cfg > $(1).d/boot/grub/grub.cfg
	$(Q)grub-mkrescue -o $(1) $(1).d > $(1).log 2>&1 || { cat $(1).log; exit 1; }
	$(Q)rm -rf $(1).d
endef

$(IMAGE): $(ELF) $(INITRAMFS_CPIO) boot/$(ARCH)/grub.cfg Makefile arch/$(ARCH)/image.mk $(CMDLINE_FILE)
	$(call make-iso,$@,$(CMDLINE))

$(BUILD)/crash-%.iso: $(ELF) $(INITRAMFS_CPIO) boot/$(ARCH)/grub.cfg Makefile arch/$(ARCH)/image.mk $(CMDLINE_FILE)
	$(call make-iso,$@,$(CMDLINE) crashtest=$*)

$(BENCH_IMAGE): $(ELF) $(INITRAMFS_CPIO) boot/$(ARCH)/grub.cfg $(BENCH_ARGS_FILE) Makefile arch/$(ARCH)/image.mk
	$(call make-iso,$@,$(BENCH_CMDLINE))

# An image of the same kernel and initramfs with another command line
# (make fuzz): $(call image-with-cmdline,OUT,CMDLINE) after IMAGE_INPUTS.
IMAGE_INPUTS := $(ELF) $(INITRAMFS_CPIO) boot/$(ARCH)/grub.cfg
image-with-cmdline = $(call make-iso,$(1),$(2))

# The USB-stick image (make usb): a GPT disk with GRUB for BIOS and UEFI on
# an EFI system partition, and the arm64 EFI application beside it when
# build/arm64 has one (scripts/mkusb). Its command line adds console=debugcon,
# which only acts under a hypervisor (arch/x86_64/debugcon.c): the
# qemu-x86_64-modern platform, without a serial port, is judged from it.
USB_IMAGE := build/umbra-usb.img
USB_ARM64_FILES := $(wildcard build/arm64/umbra.bin build/arm64/initramfs.cpio build/arm64/cmdline.screen)
EXTRA_IMAGES := $(USB_IMAGE)

# The SSDT qemu-x86_64-modern adds to QEMU's ACPI tables, whose \_PTS the
# kernel runs at power-off (tests/boot/acpi/pts.asl; tests/boot/emulate).
# Debian's iasl (acpica-tools) compiles it; a warning fails the build.
PTS_SSDT := $(BUILD)/acpi/pts.aml
EXTRA_IMAGES += $(PTS_SSDT)
$(PTS_SSDT): tests/boot/acpi/pts.asl
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  IASL    $@")
	$(Q)iasl -vs -we -p $(basename $@) $< > $@.log 2>&1 || { cat $@.log; rm -f $@; exit 1; }

$(USB_IMAGE): $(ELF) $(INITRAMFS_CPIO) boot/$(ARCH)/grub.cfg scripts/mkusb $(USB_ARM64_FILES) \
		Makefile arch/$(ARCH)/image.mk $(SCREEN_CMDLINE_FILE)
	@$(if $(Q),echo "  USB     $@")
	$(Q)scripts/mkusb $@ '$(SCREEN_CMDLINE) console=debugcon' >/dev/null

# qemu-x86_64-modern-fail's image (tests/boot/platforms): the screen
# platform's machine, run as a real machine's (verdict.emulator=ignore: the
# verdict held until a key, which the runner sends, and no emulator exit
# port), with one self-test failed on purpose (ktest.fail): the FAIL
# verdict on the screen, in the QR record and in the exit status. The run
# stops after the kernel's self-tests, so it costs a few seconds.
# Its machine's firmware also gets an SPCR naming COM2 (tests/boot/acpi/spcr-com2.dsl,
# a data table for iasl; tests/boot/emulate): the serial console must move there.
# Its CPU has no 1 GiB pages and 3 GiB of RAM (tests/boot/emulate), the RAM
# from 1 MiB to 2 GiB reserved (memmap=; GRUB's grub.cfg wants the '$'
# escaped): the page bitmap must go above 4 GiB, through the boot map's
# 2 MiB pages there (arch/x86_64/early_map.c).
SCREEN_FAIL_IMAGE := $(BUILD)/screen-fail.iso
SPCR_COM2 := $(BUILD)/acpi/spcr-com2.aml
EXTRA_IMAGES += $(SCREEN_FAIL_IMAGE) $(SPCR_COM2)
$(SPCR_COM2): tests/boot/acpi/spcr-com2.dsl
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  IASL    $@")
	$(Q)iasl -vs -we -p $(basename $@) $< > $@.log 2>&1 || { cat $@.log; rm -f $@; exit 1; }
$(SCREEN_FAIL_IMAGE): $(IMAGE_INPUTS) Makefile arch/$(ARCH)/image.mk $(CMDLINE_FILE)
	$(call make-iso,$@,$(CMDLINE) console=debugcon verdict.hold=key verdict.emulator=ignore \
		ktest.fail=cmdline_from_boot_loader memmap=0x7ff00000\\$$0x100000)
