# SPDX-License-Identifier: GPL-2.0
#
# dcb_hdrm: kernel module, user-space tool, tests.
#
#   make                  module against KDIR (default: the running kernel) and the tool
#   make kmod KERNEL=K    module for a test kernel (debian-6.1, debian-6.12, debug) in build/K
#   make check            install what is missing, build for every test kernel, run every test
#   make demo             measure an emulated cable in a guest
#   make install          install the module (against KDIR), the tool and the man pages

KDIR ?= /lib/modules/$(shell uname -r)/build
PREFIX ?= /usr/local
TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))

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

install: module tool
	$(MAKE) -C $(KDIR) M=$(TOP) modules_install
	install -D -m 0755 $(TOP)/tools/dcb-hdrm/dcb-hdrm $(DESTDIR)$(PREFIX)/sbin/dcb-hdrm
	install -D -m 0644 $(TOP)/Documentation/man/dcb-hdrm.8 $(DESTDIR)$(PREFIX)/share/man/man8/dcb-hdrm.8
	-depmod -a

clean:
	-$(MAKE) -C $(KDIR) M=$(TOP) clean 2>/dev/null
	$(MAKE) -C $(TOP)/tools/dcb-hdrm clean
	rm -rf $(TOP)/build

.PHONY: all module kmod tool uapi uapi-check check demo install clean
