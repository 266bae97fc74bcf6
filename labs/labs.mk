# The course kit (docs/labs/): the labs' work trees and checks
# (scripts/lab), the student kit (scripts/student-kit), grading, and an image
# that runs only some programs.
#
#   make lab-N                  labs/work/lab-N/: this tree with labs/lab-N/start.patch
#                               applied (made once; make clean leaves it), then its checks
#                               (STUDENT=ID: /bin/rop is ID's variant, docs/labs/rop.md §9)
#   make lab-N-check            the checks again, on labs/work/lab-N/ as edited
#   make lab-N SOLUTION=F       a fresh copy with the start patch and F applied
#                               (SOLUTION=main: this tree as it is), then the checks
#   make labs-selftest          every lab both ways: its start fails, main passes
#   make grade [LAB=N]          every lab's checks (or lab N's) on this tree, points and a total
#   make student-kit            build/student-kit/: the tree students get (every start, no answers;
#                               STUDENT=ID: one student's kit, its /bin/rop ID's variant)
#   make rop-variants           two student ids: different ROP layouts and keys, answers not shared
#   make only-image ONLY="..."  build/ARCH/only.{iso,img}: the image with ONLY
#                               after the command line ("-- /bin/shstk": /init
#                               runs only that; "init=/bin/showmaps")

# Every lab has a lab.conf (its checks); the student kit has no start.patch.
LABS := $(patsubst labs/lab-%/lab.conf,%,$(wildcard labs/lab-*/lab.conf))

.PHONY: $(addprefix lab-,$(LABS)) $(patsubst %,lab-%-check,$(LABS)) labs-selftest grade student-kit \
	only-image maps rop-variants

$(addprefix lab-,$(LABS)): lab-%: deps-check ## a lab's scratch tree and checks (docs/labs/; SOLUTION=F|main)
	$(Q)STUDENT='$(STUDENT)' scripts/lab $* $(if $(SOLUTION),--solution $(SOLUTION),--start)

$(patsubst %,lab-%-check,$(LABS)): lab-%-check: deps-check
	$(Q)scripts/lab $* --check

labs-selftest: deps-check ## every lab: its start patch fails the checks, the main tree passes
	$(Q)$(MAKE) --no-print-directory ARCH=x86_64 build/x86_64/user/rop.elf # for scripts/rop-variants
	$(Q)scripts/lab --selftest $(or $(LAB),$(LABS))

grade: deps-check ## every lab's checks on this tree (LAB=N: one), points per check and a total
	$(Q)scripts/lab --grade $(or $(LAB),$(LABS))

rop-variants: ## the ROP lab's student variants differ and do not share answers (scripts/rop-variants)
	$(Q)$(MAKE) --no-print-directory ARCH=x86_64 build/x86_64/user/rop.elf
	$(Q)scripts/rop-variants

# The kit goes to STUDENT_KIT; build/ is fine: a course copies the tarball out.
STUDENT_KIT ?= build/student-kit
student-kit: ## the student kit: every lab's start, no solutions or history, a tarball (docs/labs/README.md)
	@[ -x scripts/student-kit ] || { echo "make student-kit: this is a student kit already"; exit 2; }
	$(Q)STUDENT='$(STUDENT)' scripts/student-kit $(STUDENT_KIT)

ONLY_IMAGE := $(BUILD)/only$(suffix $(IMAGE))
only-image: $(IMAGE_INPUTS) $(CMDLINE_FILE)
	$(call image-with-cmdline,$(ONLY_IMAGE),$(CMDLINE) $(ONLY))

# The pictures of a process's address space (docs/labs/README.md): /bin/showmaps
# booted as init on the CET and the GCS machine (in the platform's time-out, or
# BOOT_TIMEOUT); its lines are saved as docs/labs/maps-ARCH.txt, which `make docs`
# draws (scripts/mapsvg). Every boot of those machines compares its own
# /bin/showmaps with them (tests/boot/run's "picture" lines).
MAPS_PLATFORMS := bochs-x86_64 qemu-arm64-gcs
# Where the capture of ARCH's picture writes its console log ($$a: the architecture).
MAPS_LOG = build/$$a/showmaps.log
maps: deps-check ## boot /bin/showmaps on Bochs and the GCS QEMU: docs/labs/maps-*.txt, then make docs
	$(Q)for p in $(MAPS_PLATFORMS); do \
		a=$$(awk -v p=$$p '$$1 == p { print $$2 }' tests/boot/platforms); \
		t=$$(awk -v p=$$p '$$1 == p { print $$4 }' tests/boot/platforms); \
		$(MAKE) --no-print-directory ARCH=$$a only-image ONLY=init=/bin/showmaps || exit 1; \
		img=$$(ls build/$$a/only.iso build/$$a/only.img 2>/dev/null | head -n 1); \
		timeout --kill-after=5 $${BOOT_TIMEOUT:-$$t} tests/boot/emulate $$p $$img $(MAPS_LOG) >/dev/null 2>&1; \
		scripts/mapsdiff --extract $(MAPS_LOG) > docs/labs/maps-$$a.txt.tmp; \
		grep -q '^end$$' docs/labs/maps-$$a.txt.tmp || \
			{ echo "maps: no picture from $$p ($(MAPS_LOG))"; rm -f docs/labs/maps-$$a.txt.tmp; exit 1; }; \
		mv docs/labs/maps-$$a.txt.tmp docs/labs/maps-$$a.txt; \
	done
	$(Q)$(MAKE) --no-print-directory docs
