// SPDX-License-Identifier: GPL-2.0
/*
 * dcb_hdrm: measure a link's round trip with PFC-format measurement frames
 * and size each priority's PFC headroom from it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <uapi/linux/dcb_hdrm.h>

#include "dcb_hdrm.h"

static int __init dcb_hdrm_init(void)
{
	int err;

	err = dcb_hdrm_nl_init();
	if (err) {
		pr_err("cannot register the generic netlink family: %d\n", err);
		return err;
	}
	return 0;
}

static void __exit dcb_hdrm_exit(void)
{
	dcb_hdrm_nl_exit();
}

module_init(dcb_hdrm_init);
module_exit(dcb_hdrm_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Measure the link round trip and size PFC headroom (DCB extension)");
MODULE_ALIAS_GENL_FAMILY(DCB_HDRM_FAMILY_NAME);
