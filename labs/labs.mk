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

.PHONY: $(addprefix lab-,$(LABS)) $(patsubst %,lab-%-check,$(LABS)) labs-selftest only-image

$(addprefix lab-,$(LABS)): lab-%: deps-check ## a lab's scratch tree and checks (docs/labs/; SOLUTION=F|main)
	$(Q)scripts/lab $* $(if $(SOLUTION),--solution $(SOLUTION),--start)

$(patsubst %,lab-%-check,$(LABS)): lab-%-check: deps-check
	$(Q)scripts/lab $* --check

labs-selftest: deps-check ## every lab: its start patch fails the checks, the main tree passes
	$(Q)scripts/lab --selftest $(LABS)

ONLY_IMAGE := $(BUILD)/only$(suffix $(IMAGE))
only-image: $(IMAGE_INPUTS) $(CMDLINE_FILE)
	$(call image-with-cmdline,$(ONLY_IMAGE),$(CMDLINE) $(ONLY))
