# SPDX-License-Identifier: GPL-2.0
#
# dcb_hdrm: kernel module, user-space tool, tests.
#
#   make                  module against KDIR (default: the running kernel) and the tool
#   make kmod KERNEL=K    module for a test kernel (debian-6.1, debian-6.12, debug) in build/K
#   make check            install what is missing, build for every test kernel, run every test
#   make demo             measure an emulated cable in a guest
#   make dkms-source      the module's DKMS source tree (DKMS_SRC or DESTDIR)
#   make install          install the module (against KDIR), the tool, its man page,
#                         documentation, uAPI header, YNL spec and completion
#                         (DESTDIR, PREFIX)

KDIR ?= /lib/modules/$(shell uname -r)/build
PREFIX ?= /usr/local
TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
RELEASE := $(shell cat $(TOP)/VERSION)
# where dkms-source puts the module's source, dkms.conf included
DKMS_SRC ?= $(DESTDIR)/usr/src/dcb-hdrm-$(RELEASE)

all: module tool

module:
	$(MAKE) -C $(KDIR) M=$(TOP) modules

kmod:
	@test -n "$(KERNEL)" || { echo "make kmod: set KERNEL to one of: $$($(TOP)/selftests/kernels list | tr '\n' ' ')" >&2; exit 1; }
	$(TOP)/selftests/build-kmod $(if $(STRICT),--strict) $(KERNEL)

tool:
	$(MAKE) -C $(TOP)/tools/dcb-hdrm

# Regenerate the uAPI header, the kernel policies (kmod/nl_gen.[ch]) and the
# limits (kmod/lib/hdrm_limits.h) from the YNL spec; uapi-check fails on drift.
uapi:
	$(TOP)/tools/ynl-uapi.sh generate

uapi-check:
	$(TOP)/tools/ynl-uapi.sh check

check:
	$(TOP)/selftests/check

demo:
	$(TOP)/selftests/demo

# DESTDIR stages the install (packaging). Kbuild's modules_install runs
# depmod for KDIR's kernel; with DESTDIR it does not (DEPMOD=true).
# INSTALL_MOD_DIR: Kbuild's default for external modules is "extra".
install: module install-tool
	$(MAKE) -C $(KDIR) M=$(TOP) INSTALL_MOD_PATH=$(DESTDIR) $(if $(DESTDIR),DEPMOD=true) modules_install

# the tool and what goes with it, without the module (debian/rules uses it)
install-tool: tool
	install -D -m 0755 $(TOP)/tools/dcb-hdrm/dcb-hdrm $(DESTDIR)$(PREFIX)/sbin/dcb-hdrm
	install -D -m 0644 $(TOP)/Documentation/man/dcb-hdrm.8 $(DESTDIR)$(PREFIX)/share/man/man8/dcb-hdrm.8
	install -D -m 0644 $(TOP)/uapi/linux/dcb_hdrm.h $(DESTDIR)$(PREFIX)/include/linux/dcb_hdrm.h
	install -D -m 0644 $(TOP)/Documentation/netlink/specs/dcb_hdrm.yaml $(DESTDIR)$(PREFIX)/share/dcb-hdrm/dcb_hdrm.yaml
	install -D -m 0644 $(TOP)/tools/dcb-hdrm/system/dcb-hdrm.bash-completion $(DESTDIR)$(PREFIX)/share/bash-completion/completions/dcb-hdrm
	install -d $(DESTDIR)$(PREFIX)/share/doc/dcb-hdrm
	install -m 0644 $(TOP)/Documentation/*.rst $(DESTDIR)$(PREFIX)/share/doc/dcb-hdrm/

# The module's source as DKMS builds it: Kbuild, kmod/, the uAPI headers,
# VERSION and dkms.conf with the release filled in; no git, no tests' cache.
dkms-source:
	rm -rf $(DKMS_SRC)
	install -d $(DKMS_SRC)
	cd $(TOP) && find Kbuild VERSION kmod uapi -type f \( -name '*.[ch]' -o -name Kbuild -o -name VERSION \) ! -name '*.mod.c' \
		-exec install -D -m 0644 {} $(DKMS_SRC)/{} \;
	sed 's/#MODULE_VERSION#/$(RELEASE)/' $(TOP)/dkms.conf >$(DKMS_SRC)/dkms.conf

clean:
	-$(MAKE) -C $(KDIR) M=$(TOP) clean 2>/dev/null
	$(MAKE) -C $(TOP)/tools/dcb-hdrm clean
	rm -rf $(TOP)/build

.PHONY: all module kmod tool uapi uapi-check check demo install install-tool dkms-source clean
