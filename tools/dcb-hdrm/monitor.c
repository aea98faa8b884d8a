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

static void mon_text(uint8_t cmd, const struct result *r)
{
	unsigned int p;

	if (cmd == DCB_HDRM_CMD_PUSH_NTF) {
		printf("[push] %s session %u: ", r->ifname, r->session);
		hdrm_push_text(&r->push);
		return;
	}
	if (cmd == DCB_HDRM_CMD_APPLY_NTF) {
		printf("[apply] %s session %u: ", r->ifname, r->session);
		if (r->applied.error) {
			printf("%s failed: %s\n",
			       HDRM_NAME(hdrm_apply_names, r->applied.method),
			       hdrm_applied_why(&r->applied));
			return;
		}
		hdrm_applied_text(&r->applied);
		return;
	}
	printf("[result] %s session %u: %s%s", r->ifname, r->session,
	       r->status == DCB_HDRM_STATUS_OK ? "ok" : "failed",
	       r->source == DCB_HDRM_SOURCE_PEER ? ", pushed by the peer" : "");
	if (r->has_rtt)
		printf(", t %llu ns", (unsigned long long)r->est);
	if (r->has_rtt && r->source == DCB_HDRM_SOURCE_LOCAL)
		printf(" (%s timestamps)",
		       HDRM_NAME(hdrm_timestamping_names, r->timestamping));
	for (p = 0; p < HDRM_PRIOS; p++)
		if (r->prio[p].valid)
			printf(", prio %u %llu B", p,
			       (unsigned long long)r->prio[p].bytes);
	printf(" (%u/%u replies)\n", r->received, r->sent);
}

/*
 * A peer without the capability probed or configured this end (peer-ntf):
 * US 2025/0267110 A1, claims 8 and 23, from the side that was asked. The
 * prompt names this end's own dcb(8) line, from its last measurement.
 */
static void mon_peer(struct mon *m, const struct dev_view *d)
{
	char how[1024];

	/* the notification carries the last measurement: nothing to ask */
	manual_command(how, sizeof(how), d->ifname,
		       d->has_last ? &d->last : NULL, &d->st);
	if (m->ctx->json) {
		jw_init(&m->ctx->jw, stdout, m->ctx->pretty);
		jw_obj_open(&m->ctx->jw);
		jw_kstr(&m->ctx->jw, "event", "peer");
		jw_kstr(&m->ctx->jw, "ifname", d->ifname);
		jw_ku64(&m->ctx->jw, "ifindex", d->ifindex);
		hdrm_peer_json(&m->ctx->jw, &d->peer);
		jw_kstr(&m->ctx->jw, "manual", how);
		jw_obj_close(&m->ctx->jw);
		jw_end(&m->ctx->jw);
	} else {
		printf("[peer] %s: the peer %s; set this end's headroom by hand: %s\n",
		       d->ifname, manual_why(d, 0), how);
		fflush(stdout);
	}
}

/* A priority of a device's PFC watchdog stormed, restored or stopped. */
static void mon_watchdog(struct mon *m, const struct wd_info *w)
{
	if (m->ctx->json) {
		jw_init(&m->ctx->jw, stdout, m->ctx->pretty);
		wd_ntf_json(&m->ctx->jw, w);
		jw_end(&m->ctx->jw);
	} else {
		wd_ntf_text(w);
		fflush(stdout);
	}
}

static int mon_event(struct nl_msg *msg, void *arg)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct genlmsghdr *g = nlmsg_data(nlh);
	struct mon *m = arg;
	struct dev_view d;
	struct wd_info w;
	struct result r;
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
	if (m->ctx->json) {
		jw_init(&m->ctx->jw, stdout, m->ctx->pretty);
		jw_obj_open(&m->ctx->jw);
		jw_kstr(&m->ctx->jw, "event",
			cmd == DCB_HDRM_CMD_APPLY_NTF ? "apply" :
			cmd == DCB_HDRM_CMD_PUSH_NTF ? "push" : "result");
		result_json_members(&m->ctx->jw, &r);
		jw_obj_close(&m->ctx->jw);
		jw_end(&m->ctx->jw);
	} else {
		mon_text(cmd, &r);
		fflush(stdout);
	}
counted:
	if (m->counted && !--m->left)
		return NL_STOP;
	return NL_OK;
}

int hdrm_cmd_monitor(struct hdrm_ctx *ctx, int argc, char **argv)
{
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
		if (argc < 2) {
			hdrm_err("monitor: \"%s\" needs a value", *argv);
			return EXIT_USAGE;
		}
		if (hdrm_matches(*argv, "dev")) {
			if (hdrm_dev_arg("monitor", argc, argv, &name) < 0)
				return EXIT_USAGE;
		} else if (hdrm_matches(*argv, "count")) {
			if (hdrm_parse_u32("count", argv[1], 1, 1000000, &m.left))
				return EXIT_USAGE;
			m.counted = true;
		} else {
			hdrm_err("monitor: unknown argument \"%s\"; expected dev or count",
				 *argv);
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
