// SPDX-License-Identifier: GPL-2.0
/*
 * dcb-hdrm show: the last measurement of a device, with the derivation of
 * every priority's headroom, judged against what the device holds now.
 */
#include <stdio.h>
#include <string.h>
#include <netlink/attr.h>

#include <linux/dcb_hdrm.h>

#include "dev.h"
#include "manual.h"
#include "report.h"
#include "result.h"

int hdrm_cmd_show(struct hdrm_ctx *ctx, int argc, char **argv)
{
	struct hdrm_keys k = { .cmd = "show" };
	struct dev_view dev = { 0 };
	const char *name = NULL;
	char how[1024];
	struct result r;
	uint32_t ifindex;
	struct nl_msg *msg;
	bool manual, simulate = false;
	struct out o;
	int err;

	while (argc > 0) {
		if (hdrm_matches(*argv, "dev")) {
			err = hdrm_dev_arg("show", argc, argv, &name);
			if (err < 0)
				return EXIT_USAGE;
			argc -= err;
			argv += err;
		} else if (!strcmp(*argv, "simulate")) {
			if (hdrm_key(&k, "simulate", argc, 0))
				return EXIT_USAGE;
			simulate = true;
			argc--;
			argv++;
		} else if (hdrm_matches(*argv, "help")) {
			printf("Usage: dcb-hdrm show dev DEV [ simulate ]\n"
			       "       dcb-hdrm show help\n");
			return 0;
		} else {
			hdrm_unknown_arg("show", argc, argv, !name,
					 "\"dev DEV\" or \"simulate\"");
			return EXIT_USAGE;
		}
	}
	if (hdrm_dev_ifindex("show", name, &ifindex))
		return EXIT_USAGE;
	err = hdrm_connect(ctx);
	if (err)
		return err;
	msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_RESULT_GET, 0);
	if (!msg || nla_put_u32(msg, DCB_HDRM_A_RESULT_IFINDEX, ifindex) < 0) {
		hdrm_err("out of memory");
		return EXIT_KERNEL;
	}
	err = hdrm_nl_talk(&ctx->nl, msg, result_parse_cb, &r);
	if (err)
		return hdrm_kernel_err(ctx, name, err);
	/* ...and what the device holds now, to judge it against */
	msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_DEV_GET, 0);
	if (!msg || nla_put_u32(msg, DCB_HDRM_A_DEV_IFINDEX, ifindex) < 0) {
		hdrm_err("out of memory");
		nlmsg_free(msg);
		return EXIT_KERNEL;
	}
	err = hdrm_nl_talk(&ctx->nl, msg, dev_view_cb, &dev);
	if (err)
		return hdrm_kernel_err(ctx, name, err);
	/* a peer known to lack the capability: this end is set by hand */
	manual = dev.peer.present && !dev.peer.auto_hdrm;
	if (manual)
		manual_command(how, sizeof(how), r.ifname,
			       dev.has_last ? &dev.last : NULL, &dev.st);
	hdrm_out(ctx, &o);
	out_obj_open(&o, NULL);
	hdrm_result_print(&o, &r);
	/* among the result's members in JSON; below it in the text */
	if (!out_json(&o)) {
		hdrm_applied_print(&o, &r.applied);
		hdrm_push_print(&o, &r.push);
	}
	report_print(&o, &r, &dev.st, dev.mtu);
	if (simulate)
		sim_result_print(&o, &r);
	if (manual) {
		out_obj_open(&o, "manual");
		out_str(&o, "why", "manual: the peer %s;", manual_why(&dev, 0));
		out_str(&o, "command", " set this end's headroom by hand: %s\n",
			how);
		out_obj_close(&o);
	} else {
		out_jnull(&o, "manual");
	}
	out_obj_close(&o);
	out_end(&o);
	return 0;
}
