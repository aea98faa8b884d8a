// SPDX-License-Identifier: GPL-2.0
/*
 * dcb-hdrm monitor: every new result, apply and push, every peer without
 * the auto-HDRM capability that probes or configures this end, and every
 * PFC watchdog storm, restore and stop, as they happen (the module's
 * monitor group), a line each, or a JSON object per line.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>

#include <linux/dcb_hdrm.h>

#include "dev.h"
#include "manual.h"
#include "result.h"
#include "watchdog.h"

struct mon {
	struct hdrm_ctx *ctx;
	int family;
	uint32_t ifindex;	/* 0: every device */
	uint32_t left;		/* events still to print; 0: no limit */
	bool counted, unloaded;
};

/* The text's words for the exchange, where the module names it. */
static void mon_method(struct out *o, const struct result *r)
{
	char id[HDRM_PORT_ID_STR];

	if (r->has_method)
		out_text(o, ", method %s",
			 HDRM_NAME(hdrm_method_names, r->method));
	if (r->has_responder)
		out_text(o, ", responder %s",
			 hdrm_port_id_str(id, sizeof(id), r->responder));
}

/*
 * A result, apply or push notification: JSON's {"event", the result's
 * members}; the text's line of what happened
 *   [result] eth9 session 42: ok, t 2480 ns (hardware timestamps), prio 3 60000 B (98/100 replies)
 *   [result] eth9 session 43: ok, method pdelay, responder 0c42a1.fffe.000007-1, t 2480 ns ...
 *   [apply] eth9 session 42: applied (mlx5 model): pfc delay 7 -> 25 metres
 *   [push] eth9 session 42: push: the peer accepted the headroom and holds it
 */
static void mon_result(struct out *o, uint8_t cmd, const struct result *r)
{
	unsigned int p;
	bool was;

	out_obj_open(o, NULL);
	out_str(o, "event", "[%s] ", cmd == DCB_HDRM_CMD_APPLY_NTF ? "apply" :
		cmd == DCB_HDRM_CMD_PUSH_NTF ? "push" : "result");
	out_text(o, "%s session %u: ", r->ifname, r->session);
	/* the JSON has the whole result, the line what happened */
	was = out_mute(o, true);
	hdrm_result_print(o, r);
	out_mute(o, was);
	out_obj_close(o);
	if (out_json(o))
		return;
	if (cmd == DCB_HDRM_CMD_PUSH_NTF) {
		hdrm_push_print(o, &r->push);
		return;
	}
	if (cmd == DCB_HDRM_CMD_APPLY_NTF) {
		if (r->applied.error)
			out_text(o, "%s failed: %s\n",
				 HDRM_NAME(hdrm_apply_names, r->applied.method),
				 hdrm_applied_why(&r->applied));
		else
			hdrm_applied_print(o, &r->applied);
		return;
	}
	out_text(o, "%s%s", r->status == DCB_HDRM_STATUS_OK ? "ok" : "failed",
		 r->source == DCB_HDRM_SOURCE_PEER ? ", pushed by the peer" : "");
	mon_method(o, r);
	if (r->has_rtt)
		out_text(o, ", t %llu ns", (unsigned long long)r->est);
	if (r->has_rtt && r->source == DCB_HDRM_SOURCE_LOCAL)
		out_text(o, " (%s timestamps)",
			 HDRM_NAME(hdrm_timestamping_names, r->timestamping));
	for (p = 0; p < HDRM_PRIOS; p++)
		if (r->prio[p].valid)
			out_text(o, ", prio %u %llu B", p,
				 (unsigned long long)r->prio[p].bytes);
	out_text(o, " (%u/%u replies)\n", r->received, r->sent);
}

/*
 * A peer without the capability probed or configured this end (peer-ntf):
 * US 2025/0267110 A1, claims 8 and 23, from the side that was asked. The
 * prompt names this end's own dcb(8) line, from its last measurement.
 */
static void mon_peer(struct mon *m, const struct dev_view *d)
{
	char how[1024];
	struct out o;
	bool was;

	/* the notification carries the last measurement: nothing to ask */
	manual_command(how, sizeof(how), d->ifname,
		       d->has_last ? &d->last : NULL, &d->st);
	jw_init(&m->ctx->jw, stdout, m->ctx->pretty);
	hdrm_out(m->ctx, &o);
	out_obj_open(&o, NULL);
	out_str(&o, "event", "[%s] ", "peer");
	out_str(&o, "ifname", "%s:", d->ifname);
	out_ju64(&o, "ifindex", d->ifindex);
	/* what it said: its words in the text, the peer's object in JSON */
	was = out_mute(&o, true);
	hdrm_peer_print(&o, &d->peer);
	out_mute(&o, was);
	out_text(&o, " the peer %s;", manual_why(d, 0));
	out_str(&o, "manual", " set this end's headroom by hand: %s\n", how);
	out_obj_close(&o);
	out_end(&o);
	fflush(stdout);
}

/* A priority of a device's PFC watchdog stormed, restored or stopped. */
static void mon_watchdog(struct mon *m, const struct wd_info *w)
{
	struct out o;

	jw_init(&m->ctx->jw, stdout, m->ctx->pretty);
	hdrm_out(m->ctx, &o);
	wd_ntf_print(&o, w);
	out_end(&o);
	fflush(stdout);
}

static int mon_event(struct nl_msg *msg, void *arg)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct genlmsghdr *g = nlmsg_data(nlh);
	struct mon *m = arg;
	struct dev_view d;
	struct wd_info w;
	struct result r;
	struct out o;
	uint8_t cmd;

	if (nlh->nlmsg_type == m->family &&
	    g->cmd == DCB_HDRM_CMD_WATCHDOG_NTF) {
		if (wd_parse(genlmsg_attrdata(g, 0), genlmsg_attrlen(g, 0), &w) ||
		    !w.has_event || (m->ifindex && w.ifindex != m->ifindex))
			return NL_OK;
		mon_watchdog(m, &w);
		goto counted;
	}
	if (nlh->nlmsg_type == m->family && g->cmd == DCB_HDRM_CMD_PEER_NTF) {
		memset(&d, 0, sizeof(d));
		if (dev_view_cb(genlmsg_attrdata(g, 0), genlmsg_attrlen(g, 0), &d) ||
		    (m->ifindex && d.ifindex != m->ifindex))
			return NL_OK;
		mon_peer(m, &d);
		goto counted;
	}
	if (!hdrm_ntf_result(msg, m->family, &r, &cmd, &m->unloaded) ||
	    (m->ifindex && r.ifindex != m->ifindex))
		return NL_OK;
	/* a JSON document per line: the writer starts afresh */
	jw_init(&m->ctx->jw, stdout, m->ctx->pretty);
	hdrm_out(m->ctx, &o);
	mon_result(&o, cmd, &r);
	out_end(&o);
	fflush(stdout);
counted:
	if (m->counted && !--m->left)
		return NL_STOP;
	return NL_OK;
}

int hdrm_cmd_monitor(struct hdrm_ctx *ctx, int argc, char **argv)
{
	struct hdrm_keys k = { .cmd = "monitor" };
	struct mon m = { .ctx = ctx };
	const char *name = NULL;
	struct nl_sock *sk;
	struct pollfd pfd;
	int err, ret = 0;

	while (argc > 0) {
		if (hdrm_matches(*argv, "help")) {
			printf("Usage: dcb-hdrm monitor [ dev DEV ] [ count N ]\n"
			       "       dcb-hdrm monitor help\n");
			return 0;
		}
		if (hdrm_matches(*argv, "dev")) {
			if (hdrm_dev_arg("monitor", argc, argv, &name) < 0)
				return EXIT_USAGE;
		} else if (hdrm_matches(*argv, "count")) {
			if (hdrm_key(&k, "count", argc, 1) ||
			    hdrm_parse_u32("count", argv[1], 1, 1000000, &m.left))
				return EXIT_USAGE;
			m.counted = true;
		} else {
			hdrm_unknown_arg("monitor", argc, argv, !name,
					 "dev or count");
			return EXIT_USAGE;
		}
		argc -= 2;
		argv += 2;
	}
	if (hdrm_dev_ifindex(NULL, name, &m.ifindex))
		return EXIT_USAGE;
	/* Fails with the usual one line when the module is not loaded. */
	err = hdrm_connect(ctx);
	if (err)
		return err;
	sk = hdrm_listen(&m.family);
	if (!sk)
		return EXIT_KERNEL;
	nl_socket_modify_cb(sk, NL_CB_VALID, NL_CB_CUSTOM, mon_event, &m);
	pfd.fd = nl_socket_get_fd(sk);
	pfd.events = POLLIN;
	while (!m.counted || m.left) {
		if (m.unloaded) {
			hdrm_err("the dcb_hdrm module was unloaded");
			ret = EXIT_KERNEL;
			break;
		}
		if (poll(&pfd, 1, -1) < 0 && errno != EINTR) {
			hdrm_err("poll: %s", strerror(errno));
			ret = EXIT_KERNEL;
			break;
		}
		err = nl_recvmsgs_default(sk);
		if (err < 0 && err != -NLE_AGAIN && err != -NLE_INTR) {
			hdrm_err("receiving notifications: %s", nl_geterror(err));
			ret = EXIT_KERNEL;
			break;
		}
	}
	nl_socket_free(sk);
	return ret;
}
