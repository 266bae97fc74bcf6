# Debian's BusyBox in the initramfs (included by user/build.mk): bookworm's
# busybox-static for ARCH, fetched as a .deb into the cache by
# scripts/busybox (never built from source), staged as /bin/busybox with a
# symbolic link /bin/APPLET -> busybox for each of its applets, except where
# one of Umbra's own programs has that name (/bin/time is Umbra's suite).
# The applet list is the amd64 binary's own (busybox --list, run on the
# amd64 build host): Debian builds both architectures from one
# configuration. /bin/sh is among them: make run boots it (SHELL_IMAGE).
#
# The suite busybox (user/busybox/, the runner of every case through
# busybox sh -c) is staged as /usr/libexec/umbra/busybox so that /bin/busybox
# stays Debian's; /init's table names it by that path (USER_RUN_PATH_busybox).

BUSYBOX_CACHE := $(or $(UMBRA_CACHE),$(or $(XDG_CACHE_HOME),$(HOME)/.cache)/umbra)/busybox
BUSYBOX_STAMP := $(USER_OBJ)/busybox.stamp
BUSYBOX_RUNNER := $(INITRAMFS)/usr/libexec/umbra/busybox
USER_RUN_PATH_busybox := /usr/libexec/umbra/busybox
USER_BINARIES += $(BUSYBOX_STAMP) $(BUSYBOX_RUNNER)

$(BUSYBOX_STAMP): scripts/busybox user/busybox.mk user/build.mk $(wildcard $(BUSYBOX_CACHE)/stamp-bin)
	@mkdir -p $(INITRAMFS)/bin $(dir $@)
	@$(if $(Q),echo "  BUSYBOX $(INITRAMFS)/bin/busybox")
	$(Q)bin=$$(scripts/busybox bin $(ARCH) | tail -n 1) && host=$$(scripts/busybox bin x86_64 | tail -n 1) && \
		cp $$bin $(INITRAMFS)/bin/busybox && chmod 755 $(INITRAMFS)/bin/busybox && \
		$$host --list | LC_ALL=C sort > $(USER_OBJ)/busybox.applets && \
		for a in $$(cat $(USER_OBJ)/busybox.applets); do \
			case " $(USER_BIN_NAMES) busybox " in *" $$a "*) continue ;; esac; \
			ln -sfn busybox $(INITRAMFS)/bin/$$a || exit 1; \
		done
	$(Q)touch $@

$(BUSYBOX_RUNNER): $(USER_OBJ)/busybox.elf $(BUSYBOX_STAMP)
	@mkdir -p $(dir $@)
	$(Q)cp $< $@
