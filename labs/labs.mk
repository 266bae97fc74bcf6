# The course kit (docs/labs/): the labs' scratch trees and checks
# (scripts/lab), and an image that runs only some programs.
#
#   make lab-N                  build/lab-N/: this tree with labs/lab-N/start.patch
#                               applied (made once), then its checks there
#   make lab-N-check            the checks again, on build/lab-N/ as edited
#   make lab-N SOLUTION=F       a fresh copy with the start patch and F applied
#                               (SOLUTION=main: this tree as it is), then the checks
#   make labs-selftest          every lab both ways: its start fails, main passes
#   make only-image ONLY="..."  build/ARCH/only.{iso,img}: the image with ONLY
#                               after the command line ("-- /bin/shstk": /init
#                               runs only that; "init=/bin/showmaps")

LABS := $(patsubst labs/lab-%/start.patch,%,$(wildcard labs/lab-*/start.patch))

.PHONY: $(addprefix lab-,$(LABS)) $(patsubst %,lab-%-check,$(LABS)) labs-selftest only-image maps

$(addprefix lab-,$(LABS)): lab-%: deps-check ## a lab's scratch tree and checks (docs/labs/; SOLUTION=F|main)
	$(Q)scripts/lab $* $(if $(SOLUTION),--solution $(SOLUTION),--start)

$(patsubst %,lab-%-check,$(LABS)): lab-%-check: deps-check
	$(Q)scripts/lab $* --check

labs-selftest: deps-check ## every lab: its start patch fails the checks, the main tree passes
	$(Q)scripts/lab --selftest $(LABS)

ONLY_IMAGE := $(BUILD)/only$(suffix $(IMAGE))
only-image: $(IMAGE_INPUTS) $(CMDLINE_FILE)
	$(call image-with-cmdline,$(ONLY_IMAGE),$(CMDLINE) $(ONLY))

# The pictures of a process's address space (docs/labs/README.md): /bin/showmaps
# booted as init on the CET and the GCS machine; its lines are saved as
# docs/labs/maps-ARCH.txt, which `make docs` draws (scripts/mapsvg).
MAPS_PLATFORMS := bochs-x86_64 qemu-arm64-gcs
maps: deps-check ## boot /bin/showmaps on Bochs and the GCS QEMU: docs/labs/maps-*.txt, then make docs
	$(Q)for p in $(MAPS_PLATFORMS); do \
		a=$$(awk -v p=$$p '$$1 == p { print $$2 }' tests/boot/platforms); \
		$(MAKE) --no-print-directory ARCH=$$a only-image ONLY=init=/bin/showmaps || exit 1; \
		img=$$(ls build/$$a/only.iso build/$$a/only.img 2>/dev/null | head -n 1); \
		timeout --kill-after=5 300 tests/boot/emulate $$p $$img build/$$a/showmaps.log >/dev/null 2>&1; \
		tr -d '\r' < build/$$a/showmaps.log | sed -n '/^showmaps: begin/,/^showmaps: end/s/^showmaps: //p' \
			> docs/labs/maps-$$a.txt.tmp; \
		grep -q '^end$$' docs/labs/maps-$$a.txt.tmp || \
			{ echo "maps: no picture from $$p (build/$$a/showmaps.log)"; rm -f docs/labs/maps-$$a.txt.tmp; exit 1; }; \
		mv docs/labs/maps-$$a.txt.tmp docs/labs/maps-$$a.txt; \
	done
	$(Q)$(MAKE) --no-print-directory docs
