// SPDX-License-Identifier: GPL-2.0
/*
 * dcb_hdrm: measure a link's round trip with PFC-format measurement frames
 * and size each priority's PFC headroom from it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <uapi/linux/dcb_hdrm.h>

#include "dcb_hdrm.h"

bool hdrm_reflect_default = true;
module_param_named(reflect_default, hdrm_reflect_default, bool, 0444);
MODULE_PARM_DESC(reflect_default,
		 "Answer measurement requests on every Ethernet device unless its reflect attribute says otherwise (default: on)");

/* Set once unloading starts: no notifications after the family is gone. */
bool hdrm_unloading;

#ifdef HDRM_TEST_HOOKS
unsigned int hdrm_test_stop_window_ms;
module_param_named(test_stop_window_ms, hdrm_test_stop_window_ms, uint, 0644);
MODULE_PARM_DESC(test_stop_window_ms,
		 "Test builds: sleep this long between ending a session and waiting for its end, and after a stream's first frame (default: 0)");
#endif

static int __init dcb_hdrm_init(void)
{
	int err;

	hdrm_reflect_init();
	/* The namespaces' sockets for TX timestamps, before any frame. */
	err = hdrm_ts_init();
	if (err) {
		pr_err("cannot register the namespaces' timestamp sockets: %d\n",
		       err);
		return err;
	}
	/* Ports first: the receive hook and the family look them up. */
	err = hdrm_ports_init();
	if (err) {
		pr_err("cannot register the netdevice notifier: %d\n", err);
		hdrm_ts_exit();
		return err;
	}
	hdrm_rx_init();
	err = hdrm_nl_init();
	if (err) {
		pr_err("cannot register the generic netlink family: %d\n", err);
		WRITE_ONCE(hdrm_unloading, true);
		hdrm_rx_exit();
		hdrm_ports_exit();
		hdrm_ts_exit();
		return err;
	}
	return 0;
}

/*
 * Receive hook and ports first, the family last: the works a port's end
 * runs may still notify, and the flag stops them before the family goes.
 * A request that comes in meanwhile finds no port (ENODEV).
 */
static void __exit dcb_hdrm_exit(void)
{
	WRITE_ONCE(hdrm_unloading, true);
	hdrm_rx_exit();
	/* Ends every session, cancels every work and frees every port. */
	hdrm_ports_exit();
	/* after the ports: no session or reflector asks for a stamp now */
	hdrm_ts_exit();
	hdrm_nl_exit();
}

module_init(dcb_hdrm_init);
module_exit(dcb_hdrm_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Measure the link round trip and size PFC headroom (DCB extension)");
MODULE_VERSION(DCB_HDRM_VERSION);
MODULE_ALIAS_GENL_FAMILY(DCB_HDRM_FAMILY_NAME);
