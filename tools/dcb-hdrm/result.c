// SPDX-License-Identifier: GPL-2.0
/*
 * dcb-hdrm measure / show: run a measurement, or read the last one, and
 * print it with the derivation of every priority's headroom.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <netlink/attr.h>
#include <netlink/genl/ctrl.h>
#include <linux/genetlink.h>

#include <linux/dcb_hdrm.h>

#include "dcb-hdrm.h"
#include "hdrm_apply.h"
#include "hdrm_calc.h"
#include "result.h"

static const char *const status_names[] = {
	"ok", "no-reply", "dev-gone", "link-down", "aborted", "no-speed",
	"peer-no-cap", "peer-silent", "cancelled", "foreign",
};
static const char *const source_names[] = { "local", "peer" };
static const char *const mode_names[] = { "4ts", "2ts" };
static const char *const encap_names[] = { "macctl", "ether" };
static const char *const estimator_names[] = { "min", "median", "max" };
static const char *const timestamping_names[] = { "software", "hardware" };


static uint32_t get_u32(struct nlattr **tb, int attr)
{
	return tb[attr] ? nla_get_u32(tb[attr]) : 0;
}

static uint64_t get_u64(struct nlattr **tb, int attr)
{
	return tb[attr] ? nla_get_u64(tb[attr]) : 0;
}

/* result_parse() as a reply callback of hdrm_nl_talk() */
int result_parse_cb(struct nlattr *attrs, int len, void *arg)
{
	return result_parse(attrs, len, arg);
}

int result_parse(struct nlattr *attrs, int len, struct result *r)
{
	struct nlattr *tb[DCB_HDRM_A_RESULT_MAX + 1];
	struct nlattr *pt[DCB_HDRM_A_PRIO_MAX + 1];
	struct nlattr *nest;
	uint32_t prio;
	int rem;

	memset(r, 0, sizeof(*r));
	if (nla_parse(tb, DCB_HDRM_A_RESULT_MAX, attrs, len, NULL) < 0 ||
	    !tb[DCB_HDRM_A_RESULT_IFINDEX] || !tb[DCB_HDRM_A_RESULT_STATUS])
		return -EPROTO;
	r->ifindex = get_u32(tb, DCB_HDRM_A_RESULT_IFINDEX);
	if (tb[DCB_HDRM_A_RESULT_IFNAME])
		nla_strlcpy(r->ifname, tb[DCB_HDRM_A_RESULT_IFNAME],
			    sizeof(r->ifname));
	r->session = get_u32(tb, DCB_HDRM_A_RESULT_SESSION);
	r->status = get_u32(tb, DCB_HDRM_A_RESULT_STATUS);
	r->mode = get_u32(tb, DCB_HDRM_A_RESULT_MODE);
	r->encap = get_u32(tb, DCB_HDRM_A_RESULT_ENCAP);
	r->estimator = get_u32(tb, DCB_HDRM_A_RESULT_ESTIMATOR);
	r->timestamping = get_u32(tb, DCB_HDRM_A_RESULT_TIMESTAMPING);
	r->sent = get_u32(tb, DCB_HDRM_A_RESULT_PROBES_SENT);
	r->received = get_u32(tb, DCB_HDRM_A_RESULT_PROBES_RECEIVED);
	r->lost = get_u32(tb, DCB_HDRM_A_RESULT_PROBES_LOST);
	r->late = get_u32(tb, DCB_HDRM_A_RESULT_PROBES_LATE);
	r->has_rtt = tb[DCB_HDRM_A_RESULT_RTT_ESTIMATE];
	r->est = get_u64(tb, DCB_HDRM_A_RESULT_RTT_ESTIMATE);
	r->min = get_u64(tb, DCB_HDRM_A_RESULT_RTT_MIN);
	r->median = get_u64(tb, DCB_HDRM_A_RESULT_RTT_MEDIAN);
	r->p99 = get_u64(tb, DCB_HDRM_A_RESULT_RTT_P99);
	r->max = get_u64(tb, DCB_HDRM_A_RESULT_RTT_MAX);
	r->stddev = get_u64(tb, DCB_HDRM_A_RESULT_RTT_STDDEV);
	r->turnaround = get_u64(tb, DCB_HDRM_A_RESULT_TURNAROUND_MEDIAN);
	r->precision = get_u32(tb, DCB_HDRM_A_RESULT_PRECISION);
	r->speed = get_u32(tb, DCB_HDRM_A_RESULT_SPEED);
	r->k_bytes = get_u32(tb, DCB_HDRM_A_RESULT_K_BYTES);
	r->measure_frame = get_u32(tb, DCB_HDRM_A_RESULT_MEASURE_FRAME);
	r->cell = get_u32(tb, DCB_HDRM_A_RESULT_CELL);
	r->duration_us = get_u32(tb, DCB_HDRM_A_RESULT_DURATION);
	r->age_ms = get_u64(tb, DCB_HDRM_A_RESULT_AGE);

	nla_for_each_attr(nest, attrs, len, rem) {
		if (nla_type(nest) != DCB_HDRM_A_RESULT_PRIO)
			continue;
		if (nla_parse_nested(pt, DCB_HDRM_A_PRIO_MAX, nest, NULL) < 0 ||
		    !pt[DCB_HDRM_A_PRIO_PRIO])
			return -EPROTO;
		prio = nla_get_u32(pt[DCB_HDRM_A_PRIO_PRIO]);
		if (prio >= HDRM_PRIOS)
			return -EPROTO;
		r->prio[prio].max_frame = get_u32(pt, DCB_HDRM_A_PRIO_MAX_FRAME);
		if (pt[DCB_HDRM_A_PRIO_UNSIZED]) {
			r->prio[prio].unsized = true;
			continue;
		}
		r->prio[prio].valid = true;
		r->prio[prio].bytes = get_u64(pt, DCB_HDRM_A_PRIO_HEADROOM_BYTES);
		r->prio[prio].cells = get_u64(pt, DCB_HDRM_A_PRIO_HEADROOM_CELLS);
		r->prio[prio].inflight = get_u64(pt, DCB_HDRM_A_PRIO_INFLIGHT_BYTES);
	}
	r->source = get_u32(tb, DCB_HDRM_A_RESULT_SOURCE);
	if (hdrm_push_parse(tb[DCB_HDRM_A_RESULT_PUSH], &r->push))
		return -EPROTO;
	return hdrm_applied_parse(tb[DCB_HDRM_A_RESULT_APPLIED], &r->applied);
}

/**
 * hdrm_ntf_result() - a result notification of the family, parsed
 * @msg: a message from the monitor or nlctrl group
 * @family: the dcb_hdrm family id
 * @r: the result, when it is one
 * @cmd: which notification (result, apply or push)
 * @unloaded: set when nlctrl says the family went away
 *
 * Return: 1 when @r holds a result, else 0.
 */
int hdrm_ntf_result(struct nl_msg *msg, int family, struct result *r,
		    uint8_t *cmd, bool *unloaded)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct genlmsghdr *g = nlmsg_data(nlh);

	if (nlh->nlmsg_type == GENL_ID_CTRL) {
		*unloaded |= hdrm_is_unload(g);
		return 0;
	}
	if (nlh->nlmsg_type != family ||
	    (g->cmd != DCB_HDRM_CMD_RESULT_NTF &&
	     g->cmd != DCB_HDRM_CMD_APPLY_NTF &&
	     g->cmd != DCB_HDRM_CMD_PUSH_NTF) ||
	    result_parse(genlmsg_attrdata(g, 0), genlmsg_attrlen(g, 0), r))
		return 0;
	*cmd = g->cmd;
	return 1;
}

/* The members of a result, inside an object the caller opened. */
void result_json_members(struct jw *w, const struct result *r)
{
	int prio;

	jw_kstr(w, "ifname", r->ifname);
	jw_ku64(w, "ifindex", r->ifindex);
	jw_ku64(w, "session", r->session);
	jw_kstr(w, "status", HDRM_NAME(status_names, r->status));
	jw_kstr(w, "source", HDRM_NAME(source_names, r->source));
	jw_kstr(w, "mode", HDRM_NAME(mode_names, r->mode));
	jw_kstr(w, "encap", HDRM_NAME(encap_names, r->encap));
	jw_kstr(w, "estimator", HDRM_NAME(estimator_names, r->estimator));
	jw_kstr(w, "timestamping", HDRM_NAME(timestamping_names, r->timestamping));
	jw_key(w, "probes");
	jw_obj_open(w);
	jw_ku64(w, "sent", r->sent);
	jw_ku64(w, "received", r->received);
	jw_ku64(w, "lost", r->lost);
	jw_ku64(w, "late", r->late);
	jw_obj_close(w);
	jw_key(w, "rtt_ns");
	if (r->has_rtt && r->source == DCB_HDRM_SOURCE_PEER) {
		/* a pushed headroom carries its round trip, not samples */
		jw_obj_open(w);
		jw_ku64(w, "estimate", r->est);
		jw_obj_close(w);
	} else if (r->has_rtt) {
		jw_obj_open(w);
		jw_ku64(w, "estimate", r->est);
		jw_ku64(w, "min", r->min);
		jw_ku64(w, "median", r->median);
		jw_ku64(w, "p99", r->p99);
		jw_ku64(w, "max", r->max);
		jw_ku64(w, "stddev", r->stddev);
		jw_obj_close(w);
	} else {
		jw_null(w);
	}
	jw_key(w, "turnaround_ns");
	jw_obj_open(w);
	jw_key(w, "median");
	if (r->has_rtt && r->mode == DCB_HDRM_MODE_4TS &&
	    r->source == DCB_HDRM_SOURCE_LOCAL)
		jw_u64(w, r->turnaround);
	else
		jw_null(w);
	jw_obj_close(w);
	jw_ku64(w, "precision_ns", r->precision);
	jw_ku64(w, "speed_mbps", r->speed);
	jw_ku64(w, "k_bytes", r->k_bytes);
	jw_ku64(w, "measure_frame_bytes", r->measure_frame);
	jw_ku64(w, "cell_bytes", r->cell);
	jw_ku64(w, "duration_us", r->duration_us);
	jw_ku64(w, "age_ms", r->age_ms);
	jw_key(w, "priorities");
	jw_arr_open(w);
	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		if (!r->prio[prio].valid)
			continue;
		jw_obj_open(w);
		jw_ku64(w, "prio", prio);
		jw_ku64(w, "max_frame_bytes", r->prio[prio].max_frame);
		jw_ku64(w, "headroom_bytes", r->prio[prio].bytes);
		jw_ku64(w, "headroom_cells", r->prio[prio].cells);
		jw_ku64(w, "inflight_bytes", r->prio[prio].inflight);
		jw_obj_close(w);
	}
	jw_arr_close(w);
	/* PFC priorities whose maximum frame is beyond the arithmetic */
	jw_key(w, "unsized");
	jw_arr_open(w);
	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		if (!r->prio[prio].unsized)
			continue;
		jw_obj_open(w);
		jw_ku64(w, "prio", prio);
		jw_ku64(w, "max_frame_bytes", r->prio[prio].max_frame);
		jw_obj_close(w);
	}
	jw_arr_close(w);
	hdrm_applied_json(w, &r->applied);
	hdrm_push_json(w, &r->push);
}

/* The derivation, term by term, as the switch guides show theirs. */
void result_text(const struct result *r)
{
	bool any = false;
	int prio;

	printf("%s: %u probes sent, %u replies, %u lost, %u late (%s, %s, %s timestamps, %u us)\n",
	       r->ifname, r->sent, r->received, r->lost, r->late,
	       HDRM_NAME(mode_names, r->mode), HDRM_NAME(encap_names, r->encap),
	       HDRM_NAME(timestamping_names, r->timestamping), r->duration_us);
	printf("status: %s\n", HDRM_NAME(status_names, r->status));
	if (r->source == DCB_HDRM_SOURCE_PEER)
		printf("source: the peer measured this headroom and pushed it here (session %u)\n",
		       r->session);
	if (!r->has_rtt)
		return;
	if (r->source == DCB_HDRM_SOURCE_PEER) {
		printf("t = %llu ns  precision = %u ns  speed = %u Mb/s\n",
		       (unsigned long long)r->est, r->precision, r->speed);
		for (prio = 0; prio < HDRM_PRIOS; prio++)
			if (r->prio[prio].valid)
				printf("prio %d: %llu bytes, %llu cells\n", prio,
				       (unsigned long long)r->prio[prio].bytes,
				       (unsigned long long)r->prio[prio].cells);
		return;
	}
	printf("round trip t (ns): min %llu  median %llu  p99 %llu  max %llu  stddev %llu\n",
	       (unsigned long long)r->min, (unsigned long long)r->median,
	       (unsigned long long)r->p99, (unsigned long long)r->max,
	       (unsigned long long)r->stddev);
	if (r->mode == DCB_HDRM_MODE_4TS)
		printf("peer turnaround t3 - t2 (ns): median %llu\n",
		       (unsigned long long)r->turnaround);
	printf("t = %llu ns (%s)  precision = %u ns  speed = %u Mb/s  K = %u B  measure_frame = %u B  cell = %u B\n",
	       (unsigned long long)r->est, HDRM_NAME(estimator_names, r->estimator),
	       r->precision, r->speed, r->k_bytes, r->measure_frame, r->cell);
	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		any |= r->prio[prio].valid;
		if (r->prio[prio].unsized)
			printf("prio %d: no headroom: its maximum frame, %u bytes, is beyond the formula's %u (lower the MTU or set dev set max-frame %d:BYTES)\n",
			       prio, r->prio[prio].max_frame, HDRM_CALC_MAX_FRAME,
			       prio);
	}
	if (!any) {
		printf("no priority to size (no PFC-enabled priority, or no link speed)\n");
		return;
	}
	printf("HDRM = (t + 2 x precision) x speed + 2 x max_frame + measure_frame + K\n");
	printf("%-4s %9s %14s %13s %6s %7s %14s %12s\n", "PRIO", "MAX_FRAME",
	       "(t+2p)xSPEED", "2xMAX_FRAME", "FRAME", "K", "HDRM_BYTES",
	       "HDRM_CELLS");
	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		if (!r->prio[prio].valid)
			continue;
		printf("%-4d %9u %14llu %13llu %6u %7u %14llu %12llu\n", prio,
		       r->prio[prio].max_frame,
		       (unsigned long long)r->prio[prio].inflight,
		       2ULL * r->prio[prio].max_frame, r->measure_frame,
		       r->k_bytes, (unsigned long long)r->prio[prio].bytes,
		       (unsigned long long)r->prio[prio].cells);
	}
}

/* last-measured: a result with what the manual prompt needs */
static int last_parse(struct nlattr *nest, const char *ifname,
		      struct result *r)
{
	struct nlattr *tb[DCB_HDRM_A_LAST_MEASURED_MAX + 1];
	struct nlattr *pt[DCB_HDRM_A_PRIO_MAX + 1];
	struct nlattr *a;
	uint32_t prio;
	int rem;

	memset(r, 0, sizeof(*r));
	if (nla_parse_nested(tb, DCB_HDRM_A_LAST_MEASURED_MAX, nest, NULL) < 0 ||
	    !tb[DCB_HDRM_A_LAST_MEASURED_SESSION])
		return -EPROTO;
	snprintf(r->ifname, sizeof(r->ifname), "%s", ifname);
	r->status = DCB_HDRM_STATUS_OK;
	r->source = DCB_HDRM_SOURCE_LOCAL;
	r->has_rtt = true;
	r->session = get_u32(tb, DCB_HDRM_A_LAST_MEASURED_SESSION);
	r->est = get_u64(tb, DCB_HDRM_A_LAST_MEASURED_RTT_ESTIMATE);
	r->precision = get_u32(tb, DCB_HDRM_A_LAST_MEASURED_PRECISION);
	r->speed = get_u32(tb, DCB_HDRM_A_LAST_MEASURED_SPEED);
	nla_for_each_nested(a, nest, rem) {
		if (nla_type(a) != DCB_HDRM_A_LAST_MEASURED_PRIO)
			continue;
		if (nla_parse_nested(pt, DCB_HDRM_A_PRIO_MAX, a, NULL) < 0 ||
		    !pt[DCB_HDRM_A_PRIO_PRIO])
			return -EPROTO;
		prio = nla_get_u32(pt[DCB_HDRM_A_PRIO_PRIO]);
		if (prio >= HDRM_PRIOS)
			return -EPROTO;
		r->prio[prio].valid = true;
		r->prio[prio].bytes = get_u64(pt, DCB_HDRM_A_PRIO_HEADROOM_BYTES);
	}
	return 0;
}

/* The device message's parts the prompt and the report need. */
int dev_view_cb(struct nlattr *attrs, int len, void *arg)
{
	struct nlattr *tb[DCB_HDRM_A_DEV_MAX + 1];
	struct dev_view *d = arg;

	if (nla_parse(tb, DCB_HDRM_A_DEV_MAX, attrs, len, NULL) < 0)
		return -EPROTO;
	d->ifindex = get_u32(tb, DCB_HDRM_A_DEV_IFINDEX);
	if (tb[DCB_HDRM_A_DEV_IFNAME])
		snprintf(d->ifname, sizeof(d->ifname), "%s",
			 nla_get_string(tb[DCB_HDRM_A_DEV_IFNAME]));
	d->mtu = get_u32(tb, DCB_HDRM_A_DEV_MTU);
	if (hdrm_peer_parse(tb[DCB_HDRM_A_DEV_PEER], &d->peer))
		return -EPROTO;
	d->has_last = tb[DCB_HDRM_A_DEV_LAST_MEASURED] != NULL;
	if (d->has_last &&
	    last_parse(tb[DCB_HDRM_A_DEV_LAST_MEASURED], d->ifname, &d->last))
		return -EPROTO;
	return hdrm_dcb_state_parse(tb[DCB_HDRM_A_DEV_DCB_STATE], &d->st);
}

/*
 * The lossless buffers' sizes the last measurement calls for, as dcb(8)
 * takes them ("1:13471 2:9000"): each buffer that holds a measured
 * priority, at least the largest headroom among its priorities.
 */
static size_t buffer_sizes(char *buf, size_t len, const struct result *prev,
			   const struct hdrm_buf *b)
{
	uint64_t want[HDRM_BUFFERS] = { 0 };
	size_t n = 0;
	int prio, i;

	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		i = b->prio2buffer[prio];
		if (prev->prio[prio].valid && prev->prio[prio].bytes > want[i])
			want[i] = prev->prio[prio].bytes;
	}
	for (i = 0; i < HDRM_BUFFERS && n < len; i++)
		if (want[i])
			n += snprintf(buf + n, len - n, "%s%d:%llu",
				      n ? " " : "", i,
				      (unsigned long long)want[i]);
	return n;
}

/**
 * manual_command() - how to set a device's headroom by hand
 * @how: the text, a dcb(8) line where one can be had
 * @len: its size
 * @ifname: the device
 * @prev: its last result, or NULL
 * @st: its DCB state now, or NULL
 *
 * US 2025/0267110 A1, claims 8 and 23: when either end lacks automatic
 * headroom configuration, the user sets it. The line carries the PFC
 * delay allowance of the last measurement when it fits dcbnl's 16 bits,
 * else the lossless buffers' sizes, else each priority's headroom, else
 * the formula.
 */
void manual_command(char *how, size_t len, const char *ifname,
		    const struct result *prev, const struct hdrm_dcb_state *st)
{
	bool measured = prev && prev->status == DCB_HDRM_STATUS_OK &&
			prev->has_rtt && prev->source == DCB_HDRM_SOURCE_LOCAL;
	struct hdrm_delay d;
	char sizes[256];
	size_t n;
	int prio;

	if (measured && prev->speed &&
	    !hdrm_delay_value(hdrm_allowance_ns(prev->est, prev->precision),
			      prev->speed, HDRM_DELAY_BITS, &d) && !d.clamped) {
		snprintf(how, len,
			 "dcb pfc set dev %s delay %u (from the last measurement, session %u)",
			 ifname, d.value, prev->session);
	} else if (measured && st && st->has_buf &&
		   buffer_sizes(sizes, sizeof(sizes), prev, &st->buf)) {
		/* Too many bits for the u16 delay: the buffers, then. */
		snprintf(how, len,
			 "dcb buffer set dev %s buffer-size %s (each lossless buffer at least its priorities' headroom from the last measurement, session %u)",
			 ifname, sizes, prev->session);
	} else if (measured) {
		/* No buffers reported: the headroom each priority needs. */
		n = snprintf(how, len,
			     "the PFC delay of %s cannot carry it (over dcbnl's 16 bits) and its driver reports no buffers: give each lossless priority at least its headroom from the last measurement (session %u) with the NIC's own tools:",
			     ifname, prev->session);
		for (prio = 0; prio < HDRM_PRIOS && n < len; prio++)
			if (prev->prio[prio].valid)
				n += snprintf(how + n, len - n,
					      " prio %d %llu bytes", prio,
					      (unsigned long long)prev->prio[prio].bytes);
	} else {
		snprintf(how, len,
			 "dcb pfc set dev %s delay BITS, BITS = (round trip + 2 x precision) x speed for your cable, or size its lossless buffers with dcb buffer set dev %s buffer-size",
			 ifname, ifname);
	}
}

/* Why the peer cannot take part, as the device knows it. */
const char *manual_why(const struct dev_view *dev, uint32_t status)
{
	if (status == DCB_HDRM_STATUS_PEER_SILENT)
		return "did not answer the capability request (no dcb_hdrm module there, or auto-hdrm unsupported)";
	if (dev && dev->peer.present && dev->peer.via == DCB_HDRM_PEER_VIA_LLDP)
		return "said in its DCBX PFC TLV (LLDP) that it does not support automatic headroom configuration";
	if (status == DCB_HDRM_STATUS_PEER_NO_CAP)
		return "answered that it does not support automatic headroom configuration";
	/* this end was asked or pushed to: the peer's own frames said so */
	return "said in-band that it does not support automatic headroom configuration";
}

/* The initiator's prompt: the peer cannot take part, so no probe left. */
static int manual_prompt(const struct result *r, const struct result *prev,
			 const struct dev_view *dev)
{
	char how[512];

	manual_command(how, sizeof(how), r->ifname, prev, dev ? &dev->st : NULL);
	hdrm_err("%s: the peer %s, so no probe was sent; set the headroom by hand: %s",
		 r->ifname, manual_why(dev, r->status), how);
	return EXIT_MANUAL;
}

/* One line for a measurement that did not produce a headroom. */
int result_status_exit(const struct result *r)
{
	switch (r->status) {
	case DCB_HDRM_STATUS_OK:
		return 0;
	case DCB_HDRM_STATUS_PEER_NO_CAP:
	case DCB_HDRM_STATUS_PEER_SILENT:
		return manual_prompt(r, NULL, NULL);
	case DCB_HDRM_STATUS_NO_REPLY:
		hdrm_err("%s: no reply to %u probes; check that the peer runs dcb_hdrm with reflect on (dcb-hdrm dev set dev DEV reflect on) and, if its NIC drops MAC control frames, use encap ether on this end",
			 r->ifname, r->sent);
		return EXIT_NOREPLY;
	case DCB_HDRM_STATUS_NO_SPEED:
		hdrm_err("%s: the link speed is unknown; set it with \"dcb-hdrm dev set dev %s speed MBPS\"",
			 r->ifname, r->ifname);
		return EXIT_KERNEL;
	case DCB_HDRM_STATUS_DEV_GONE:
		hdrm_err("%s: the device went away during the measurement",
			 r->ifname);
		return EXIT_KERNEL;
	case DCB_HDRM_STATUS_LINK_DOWN:
		hdrm_err("%s: the link went down during the measurement",
			 r->ifname);
		return EXIT_KERNEL;
	case DCB_HDRM_STATUS_FOREIGN:
		hdrm_err("%s: a second responder answered (something on the link besides the peer, such as a bridge or a hub, runs dcb_hdrm and reflects); no headroom from two round trips: measure each cable between the two ends it joins",
			 r->ifname);
		return EXIT_KERNEL;
	default:
		hdrm_err("%s: the measurement was aborted (%s)", r->ifname,
			 HDRM_NAME(status_names, r->status));
		return EXIT_KERNEL;
	}
}

void result_print(struct hdrm_ctx *ctx, const struct result *r)
{
	if (ctx->json) {
		jw_obj_open(&ctx->jw);
		result_json_members(&ctx->jw, r);
		jw_obj_close(&ctx->jw);
		jw_end(&ctx->jw);
	} else {
		result_text(r);
		/* a failed apply is the one line on stderr */
		if (!r->applied.error)
			hdrm_applied_text(&r->applied);
		/* so is a refused push */
		if (r->push.v[DCB_HDRM_A_PUSH_STATUS] ==
		    DCB_HDRM_PUSH_STATUS_APPLIED)
			hdrm_push_text(&r->push);
	}
}

int hdrm_cmd_show(struct hdrm_ctx *ctx, int argc, char **argv)
{
	struct dev_view dev = { 0 };
	const char *name = NULL;
	char how[512];
	struct result r;
	uint32_t ifindex;
	struct nl_msg *msg;
	bool manual;
	int err;

	while (argc > 0) {
		if (hdrm_matches(*argv, "dev") && argc > 1) {
			name = argv[1];
			argc -= 2;
			argv += 2;
		} else if (hdrm_matches(*argv, "help")) {
			printf("Usage: dcb-hdrm show dev DEV\n");
			return 0;
		} else {
			hdrm_err("show: unknown argument \"%s\"; expected \"dev DEV\"",
				 *argv);
			return EXIT_USAGE;
		}
	}
	if (!name) {
		hdrm_err("show: expected \"dev DEV\"");
		return EXIT_USAGE;
	}
	if (hdrm_parse_ifindex(name, &ifindex))
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
	if (ctx->json) {
		jw_obj_open(&ctx->jw);
		result_json_members(&ctx->jw, &r);
		report_json(&ctx->jw, &r, &dev.st, dev.mtu);
		jw_key(&ctx->jw, "manual");
		if (manual) {
			jw_obj_open(&ctx->jw);
			jw_kstr(&ctx->jw, "why", manual_why(&dev, 0));
			jw_kstr(&ctx->jw, "command", how);
			jw_obj_close(&ctx->jw);
		} else {
			jw_null(&ctx->jw);
		}
		jw_obj_close(&ctx->jw);
		jw_end(&ctx->jw);
	} else {
		result_text(&r);
		hdrm_applied_text(&r.applied);
		hdrm_push_text(&r.push);
		report_text(&r, &dev.st, dev.mtu);
		if (manual)
			printf("manual: the peer %s; set this end's headroom by hand: %s\n",
			       manual_why(&dev, 0), how);
	}
	return 0;
}

struct measure_args {
	uint32_t ifindex;
	uint32_t count, interval, timeout, mode, estimator, apply;
	bool has_count, has_interval, has_timeout, has_mode, has_estimator;
	bool has_apply, apply_own, push;
};

static int measure_parse(int argc, char **argv, struct measure_args *a,
			 const char **name)
{
	const char *key, *val;

	while (argc > 0) {
		key = argv[0];
		if (hdrm_matches(key, "help")) {
			printf("Usage: dcb-hdrm measure dev DEV [ count N ] [ interval USEC ] [ mode 4ts | 2ts ]\n"
			       "                        [ estimator min | median | max ] [ timeout MSEC ]\n"
			       "                        [ apply [ delay | buffer | auto | none ] ] [ push ]\n");
			return 1;
		}
		if (hdrm_matches(key, "push")) {
			a->push = true;
			argc--;
			argv++;
			continue;
		}
		/*
		 * "apply" alone means the device's own method, or auto where
		 * the device's is none: the kernel resolves it (apply-own)
		 */
		if (hdrm_matches(key, "apply")) {
			a->has_apply = false;
			a->apply_own = true;
			if (argc > 1 && (!strcmp(argv[1], "none") ||
					 !strcmp(argv[1], "delay") ||
					 !strcmp(argv[1], "buffer") ||
					 !strcmp(argv[1], "auto"))) {
				hdrm_parse_word("apply", argv[1],
						hdrm_apply_names, 4, &a->apply);
				a->has_apply = true;
				a->apply_own = false;
				argc--;
				argv++;
			}
			argc--;
			argv++;
			continue;
		}
		if (argc < 2) {
			hdrm_err("measure: \"%s\" needs a value", key);
			return -EINVAL;
		}
		val = argv[1];
		if (hdrm_matches(key, "dev")) {
			*name = val;
		} else if (hdrm_matches(key, "count")) {
			if (hdrm_parse_u32("count", val, DCB_HDRM_LIMIT_MEASURE_COUNT_MIN,
					   DCB_HDRM_LIMIT_MEASURE_COUNT_MAX, &a->count))
				return -EINVAL;
			a->has_count = true;
		} else if (hdrm_matches(key, "interval")) {
			if (hdrm_parse_u32("interval", val, DCB_HDRM_LIMIT_MEASURE_INTERVAL_MIN,
					   DCB_HDRM_LIMIT_MEASURE_INTERVAL_MAX,
					   &a->interval))
				return -EINVAL;
			a->has_interval = true;
		} else if (hdrm_matches(key, "timeout")) {
			if (hdrm_parse_u32("timeout", val, DCB_HDRM_LIMIT_MEASURE_TIMEOUT_MIN,
					   DCB_HDRM_LIMIT_MEASURE_TIMEOUT_MAX,
					   &a->timeout))
				return -EINVAL;
			a->has_timeout = true;
		} else if (hdrm_matches(key, "mode")) {
			if (hdrm_parse_word("mode", val, mode_names, 2, &a->mode))
				return -EINVAL;
			a->has_mode = true;
		} else if (hdrm_matches(key, "estimator")) {
			if (hdrm_parse_word("estimator", val, estimator_names,
					    3, &a->estimator))
				return -EINVAL;
			a->has_estimator = true;
		} else {
			hdrm_err("measure: unknown argument \"%s\"; expected dev, count, interval, mode, estimator, timeout, apply or push",
				 key);
			return -EINVAL;
		}
		argc -= 2;
		argv += 2;
	}
	if (!*name) {
		hdrm_err("measure: expected \"dev DEV\"");
		return -EINVAL;
	}
	return hdrm_parse_ifindex(*name, &a->ifindex) ? -EINVAL : 0;
}

/* What the kernel will do: its session, the apply method, the push. */
struct measure_reply {
	uint32_t session, apply;
	bool push;
};

static int measure_session(struct nlattr *attrs, int len, void *arg)
{
	struct nlattr *tb[DCB_HDRM_A_MEASURE_MAX + 1];
	struct measure_reply *m = arg;

	if (nla_parse(tb, DCB_HDRM_A_MEASURE_MAX, attrs, len, NULL) < 0 ||
	    !tb[DCB_HDRM_A_MEASURE_SESSION] || !tb[DCB_HDRM_A_MEASURE_APPLY] ||
	    !tb[DCB_HDRM_A_MEASURE_PUSH])
		return -EPROTO;
	m->session = nla_get_u32(tb[DCB_HDRM_A_MEASURE_SESSION]);
	m->apply = nla_get_u32(tb[DCB_HDRM_A_MEASURE_APPLY]);
	m->push = nla_get_u8(tb[DCB_HDRM_A_MEASURE_PUSH]);
	return 0;
}

struct wait_ctx {
	int family;
	uint32_t ifindex, session;
	bool found, applied, pushed, unloaded;
	struct result r;
};

static int measure_ntf(struct nl_msg *msg, void *arg)
{
	struct wait_ctx *w = arg;
	struct result r;
	uint8_t cmd;

	if (!hdrm_ntf_result(msg, w->family, &r, &cmd, &w->unloaded) ||
	    r.ifindex != w->ifindex || r.session != w->session)
		return NL_OK;
	/* Each notification carries the whole result: keep the latest. */
	w->r = r;
	w->found = true;
	w->applied |= cmd == DCB_HDRM_CMD_APPLY_NTF;
	w->pushed |= cmd == DCB_HDRM_CMD_PUSH_NTF;
	return NL_OK;
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

int hdrm_cmd_measure(struct hdrm_ctx *ctx, int argc, char **argv)
{
	struct measure_args a = { 0 };
	struct measure_reply m = { 0 };
	struct wait_ctx w = { 0 };
	struct nl_sock *ntf = NULL;
	const char *name = NULL;
	long long deadline;
	struct nl_msg *msg;
	struct pollfd pfd;
	int err, ret;

	err = measure_parse(argc, argv, &a, &name);
	if (err)
		return err > 0 ? 0 : EXIT_USAGE;
	err = hdrm_connect(ctx);
	if (err)
		return err;

	/* Listen before starting, so the end cannot be missed. */
	ntf = hdrm_listen(&w.family);
	if (!ntf) {
		ret = EXIT_KERNEL;
		goto out;
	}
	nl_socket_modify_cb(ntf, NL_CB_VALID, NL_CB_CUSTOM, measure_ntf, &w);

	msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_MEASURE, 0);
	if (!msg ||
	    nla_put_u32(msg, DCB_HDRM_A_MEASURE_IFINDEX, a.ifindex) < 0 ||
	    (a.has_count &&
	     nla_put_u32(msg, DCB_HDRM_A_MEASURE_COUNT, a.count) < 0) ||
	    (a.has_interval &&
	     nla_put_u32(msg, DCB_HDRM_A_MEASURE_INTERVAL, a.interval) < 0) ||
	    (a.has_timeout &&
	     nla_put_u32(msg, DCB_HDRM_A_MEASURE_TIMEOUT, a.timeout) < 0) ||
	    (a.has_mode &&
	     nla_put_u32(msg, DCB_HDRM_A_MEASURE_MODE, a.mode) < 0) ||
	    (a.has_estimator &&
	     nla_put_u32(msg, DCB_HDRM_A_MEASURE_ESTIMATOR, a.estimator) < 0) ||
	    (a.has_apply &&
	     nla_put_u32(msg, DCB_HDRM_A_MEASURE_APPLY, a.apply) < 0) ||
	    (a.apply_own &&
	     nla_put_u8(msg, DCB_HDRM_A_MEASURE_APPLY_OWN, 1) < 0) ||
	    (a.push && nla_put_u8(msg, DCB_HDRM_A_MEASURE_PUSH, 1) < 0) ||
	    /* ours: Ctrl-C ends it at once instead of at its deadline */
	    nla_put_u8(msg, DCB_HDRM_A_MEASURE_OWNED, 1) < 0) {
		hdrm_err("out of memory");
		ret = EXIT_KERNEL;
		goto out;
	}
	/* The reply says whether an apply and a push follow the result. */
	err = hdrm_nl_talk(&ctx->nl, msg, measure_session, &m);
	if (err) {
		ret = hdrm_kernel_err(ctx, name, err);
		goto out;
	}
	w.ifindex = a.ifindex;
	w.session = m.session;

	/* Every probe's interval, the reply timeout, and a margin. */
	deadline = now_ms() +
		   (long long)(a.has_count ? a.count : 100) *
		   (a.has_interval ? a.interval : 1000) / 1000 +
		   (a.has_timeout ? a.timeout : 200) + 5000 +
		   (m.apply != DCB_HDRM_APPLY_NONE ? 5000 : 0) +
		   (m.push ? 5000 : 0);
	pfd.fd = nl_socket_get_fd(ntf);
	pfd.events = POLLIN;
	/* With an apply, the result is followed by what was written. */
	/* With a push, by the peer's answer. */
	while (!w.found ||
	       (m.apply != DCB_HDRM_APPLY_NONE && !w.applied &&
		w.r.status == DCB_HDRM_STATUS_OK) ||
	       (m.push && !w.pushed && w.r.status == DCB_HDRM_STATUS_OK)) {
		long long left = deadline - now_ms();

		if (w.unloaded) {
			hdrm_err("%s: the dcb_hdrm module was unloaded during the measurement",
				 name);
			ret = EXIT_KERNEL;
			goto out;
		}

		if (left <= 0) {
			hdrm_err("%s: the kernel did not report the end of session %u in time",
				 name, w.session);
			ret = EXIT_KERNEL;
			goto out;
		}
		if (poll(&pfd, 1, (int)left) > 0)
			nl_recvmsgs_default(ntf);
	}
	/* A measurement that failed says so in one line, and only that. */
	if (ctx->json || w.r.status == DCB_HDRM_STATUS_OK)
		result_print(ctx, &w.r);
	if (w.r.status == DCB_HDRM_STATUS_PEER_NO_CAP ||
	    w.r.status == DCB_HDRM_STATUS_PEER_SILENT) {
		struct dev_view dev = { 0 };

		/* its buffers and last measurement, for a concrete dcb line */
		msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_DEV_GET, 0);
		if (msg && nla_put_u32(msg, DCB_HDRM_A_DEV_IFINDEX, a.ifindex) < 0) {
			nlmsg_free(msg);
			msg = NULL;
		}
		if (!msg || hdrm_nl_talk(&ctx->nl, msg, dev_view_cb, &dev))
			memset(&dev, 0, sizeof(dev));
		ret = manual_prompt(&w.r, dev.has_last ? &dev.last : NULL, &dev);
	} else
		ret = result_status_exit(&w.r);
	if (!ret && w.r.applied.present && w.r.applied.error) {
		hdrm_err("%s: apply %s failed: %s; the driver's state is unchanged",
			 name, HDRM_NAME(hdrm_apply_names, w.r.applied.method),
			 hdrm_applied_why(&w.r.applied));
		ret = EXIT_KERNEL;
	}
	if (!ret && a.push && w.r.push.v[DCB_HDRM_A_PUSH_STATUS] !=
	    DCB_HDRM_PUSH_STATUS_APPLIED) {
		char buf[160];

		if (w.r.push.v[DCB_HDRM_A_PUSH_STATUS] ==
		    DCB_HDRM_PUSH_STATUS_REFUSED)
			hdrm_err("%s: the peer refused the pushed headroom: %s",
				 name, hdrm_push_why(&w.r.push, buf,
						     sizeof(buf)));
		else
			hdrm_err("%s: the peer did not acknowledge the pushed headroom",
				 name);
		ret = EXIT_KERNEL;
	}
out:
	if (ntf)
		nl_socket_free(ntf);
	return ret;
}
