// SPDX-License-Identifier: GPL-2.0
/*
 * A measurement's result: parsed from a reply or a notification, and
 * printed (JSON members, or the text with the derivation of every
 * priority's headroom) for measure, show and monitor.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <netlink/attr.h>
#include <netlink/genl/ctrl.h>
#include <linux/genetlink.h>

#include <linux/dcb_hdrm.h>

#include "hdrm_calc.h"
#include "result.h"

const char *const hdrm_status_names[DCB_HDRM_STATUS_NO_HW_TIMESTAMPS + 1] = {
	"ok", "no-reply", "dev-gone", "link-down", "aborted", "no-speed",
	"peer-no-cap", "peer-silent", "cancelled", "foreign", "no-hw-timestamps",
};
static const char *const source_names[] = { "local", "peer" };
const char *const hdrm_mode_names[DCB_HDRM_MODE_2TS + 1] = { "4ts", "2ts" };
static const char *const encap_names[] = { "macctl", "ether" };
const char *const hdrm_estimator_names[DCB_HDRM_ESTIMATOR_MAX + 1] = {
	"min", "median", "max",
};
const char *const hdrm_timestamping_names[DCB_HDRM_TIMESTAMPING_HARDWARE + 1] = {
	"software", "hardware",
};
const char *const hdrm_ts_mode_names[DCB_HDRM_TS_MODE_HOOK + 1] = {
	"auto", "hardware", "software", "hook",
};
const char *const hdrm_model_names[DCB_HDRM_MODEL_NONE + 1] = {
	"auto", "generic", "mlx5", "mlxsw", "none",
};
const char *const hdrm_precision_source_names[DCB_HDRM_PRECISION_SOURCE_SAMPLES + 1] = {
	"override", "hardware", "samples",
};

static const char *const cell_source_names[] = {
	"default", "driver", "set",
};

/* result_parse() as a reply callback of hdrm_nl_talk() */
int result_parse_cb(struct nlattr *attrs, int len, void *arg)
{
	return result_parse(attrs, len, arg);
}

/* The buffers of a manual nest's @type (index, size) into @size, @mask. */
static int manual_sizes(struct nlattr *nest, int type, uint32_t *size,
			uint32_t *mask)
{
	struct nlattr *bt[DCB_HDRM_A_BUFFER_MAX + 1];
	struct nlattr *a;
	uint32_t i;
	int rem;

	nla_for_each_nested(a, nest, rem) {
		if (nla_type(a) != type)
			continue;
		if (nla_parse_nested(bt, DCB_HDRM_A_BUFFER_MAX, a, NULL) < 0 ||
		    !bt[DCB_HDRM_A_BUFFER_INDEX] || !bt[DCB_HDRM_A_BUFFER_SIZE])
			return -EPROTO;
		i = nla_get_u32(bt[DCB_HDRM_A_BUFFER_INDEX]);
		if (i >= HDRM_BUFFERS)
			return -EPROTO;
		size[i] = nla_get_u32(bt[DCB_HDRM_A_BUFFER_SIZE]);
		*mask |= 1u << i;
	}
	return 0;
}

static int manual_parse(struct nlattr *nest, struct manual_info *m)
{
	struct nlattr *tb[DCB_HDRM_A_MANUAL_MAX + 1];

	if (nla_parse_nested(tb, DCB_HDRM_A_MANUAL_MAX, nest, NULL) < 0 ||
	    !tb[DCB_HDRM_A_MANUAL_MODEL])
		return -EPROTO;
	m->present = true;
	m->model = nla_get_u8(tb[DCB_HDRM_A_MANUAL_MODEL]);
	m->has_delay = tb[DCB_HDRM_A_MANUAL_DELAY];
	m->delay = hdrm_nla_u32(tb, DCB_HDRM_A_MANUAL_DELAY);
	m->delay_unit = hdrm_nla_u32(tb, DCB_HDRM_A_MANUAL_DELAY_UNIT);
	m->error = hdrm_nla_u32(tb, DCB_HDRM_A_MANUAL_ERROR);
	if (tb[DCB_HDRM_A_MANUAL_RULE])
		m->rule = nla_get_u8(tb[DCB_HDRM_A_MANUAL_RULE]);
	m->rule_have = hdrm_nla_u64(tb, DCB_HDRM_A_MANUAL_RULE_HAVE);
	m->rule_need = hdrm_nla_u64(tb, DCB_HDRM_A_MANUAL_RULE_NEED);
	if (manual_sizes(nest, DCB_HDRM_A_MANUAL_BUFFER, m->grow,
			 &m->grow_mask) ||
	    manual_sizes(nest, DCB_HDRM_A_MANUAL_TAKE, m->take, &m->take_mask))
		return -EPROTO;
	return 0;
}

/* last-measured: a result with what the manual prompt needs */
int result_last_parse(struct nlattr *nest, const char *ifname,
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
	r->session = hdrm_nla_u32(tb, DCB_HDRM_A_LAST_MEASURED_SESSION);
	r->est = hdrm_nla_u64(tb, DCB_HDRM_A_LAST_MEASURED_RTT_ESTIMATE);
	r->precision = hdrm_nla_u32(tb, DCB_HDRM_A_LAST_MEASURED_PRECISION);
	r->speed = hdrm_nla_u32(tb, DCB_HDRM_A_LAST_MEASURED_SPEED);
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
		r->prio[prio].bytes = hdrm_nla_u64(pt, DCB_HDRM_A_PRIO_HEADROOM_BYTES);
	}
	if (tb[DCB_HDRM_A_LAST_MEASURED_MANUAL] &&
	    manual_parse(tb[DCB_HDRM_A_LAST_MEASURED_MANUAL], &r->manual))
		return -EPROTO;
	return 0;
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
	r->ifindex = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_IFINDEX);
	if (tb[DCB_HDRM_A_RESULT_IFNAME])
		nla_strlcpy(r->ifname, tb[DCB_HDRM_A_RESULT_IFNAME],
			    sizeof(r->ifname));
	r->session = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_SESSION);
	r->status = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_STATUS);
	r->mode = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_MODE);
	r->encap = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_ENCAP);
	r->estimator = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_ESTIMATOR);
	r->timestamping = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_TIMESTAMPING);
	r->sent = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_PROBES_SENT);
	r->received = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_PROBES_RECEIVED);
	r->lost = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_PROBES_LOST);
	r->late = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_PROBES_LATE);
	r->has_rtt = tb[DCB_HDRM_A_RESULT_RTT_ESTIMATE];
	r->est = hdrm_nla_u64(tb, DCB_HDRM_A_RESULT_RTT_ESTIMATE);
	r->min = hdrm_nla_u64(tb, DCB_HDRM_A_RESULT_RTT_MIN);
	r->median = hdrm_nla_u64(tb, DCB_HDRM_A_RESULT_RTT_MEDIAN);
	r->p99 = hdrm_nla_u64(tb, DCB_HDRM_A_RESULT_RTT_P99);
	r->max = hdrm_nla_u64(tb, DCB_HDRM_A_RESULT_RTT_MAX);
	r->stddev = hdrm_nla_u64(tb, DCB_HDRM_A_RESULT_RTT_STDDEV);
	r->turnaround = hdrm_nla_u64(tb, DCB_HDRM_A_RESULT_TURNAROUND_MEDIAN);
	r->precision = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_PRECISION);
	r->speed = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_SPEED);
	r->k_bytes = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_K_BYTES);
	r->measure_frame = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_MEASURE_FRAME);
	r->cell = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_CELL);
	if (tb[DCB_HDRM_A_RESULT_SMALL_PACKET_PERCENT])
		r->small_pct = nla_get_u8(tb[DCB_HDRM_A_RESULT_SMALL_PACKET_PERCENT]);
	r->occupancy = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_OCCUPANCY);
	r->link_frame = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_LINK_FRAME);
	r->duration_us = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_DURATION);
	r->age_ms = hdrm_nla_u64(tb, DCB_HDRM_A_RESULT_AGE);
	r->has_ts = tb[DCB_HDRM_A_RESULT_TS_MODE];
	if (r->has_ts)
		r->ts_mode = nla_get_u8(tb[DCB_HDRM_A_RESULT_TS_MODE]);
	if (tb[DCB_HDRM_A_RESULT_PRECISION_SOURCE])
		r->precision_source =
			nla_get_u8(tb[DCB_HDRM_A_RESULT_PRECISION_SOURCE]);
	r->has_rate_ratio = tb[DCB_HDRM_A_RESULT_RATE_RATIO];
	if (r->has_rate_ratio)
		r->rate_ratio = nla_get_s32(tb[DCB_HDRM_A_RESULT_RATE_RATIO]);
	r->two_step = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_TWO_STEP);
	r->followup_missing = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_FOLLOWUP_MISSING);
	r->has_model = tb[DCB_HDRM_A_RESULT_MODEL];
	if (r->has_model)
		r->model = nla_get_u8(tb[DCB_HDRM_A_RESULT_MODEL]);
	r->has_cell_source = tb[DCB_HDRM_A_RESULT_CELL_SOURCE];
	if (r->has_cell_source)
		r->cell_source = nla_get_u8(tb[DCB_HDRM_A_RESULT_CELL_SOURCE]);
	r->has_owner = tb[DCB_HDRM_A_RESULT_BUFFER_OWNER];
	if (r->has_owner)
		r->owner = nla_get_u8(tb[DCB_HDRM_A_RESULT_BUFFER_OWNER]);
	r->has_cable = tb[DCB_HDRM_A_RESULT_EQUIVALENT_CABLE_CM];
	r->cable_cm = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_EQUIVALENT_CABLE_CM);

	nla_for_each_attr(nest, attrs, len, rem) {
		if (nla_type(nest) != DCB_HDRM_A_RESULT_PRIO)
			continue;
		if (nla_parse_nested(pt, DCB_HDRM_A_PRIO_MAX, nest, NULL) < 0 ||
		    !pt[DCB_HDRM_A_PRIO_PRIO])
			return -EPROTO;
		prio = nla_get_u32(pt[DCB_HDRM_A_PRIO_PRIO]);
		if (prio >= HDRM_PRIOS)
			return -EPROTO;
		r->prio[prio].max_frame = hdrm_nla_u32(pt, DCB_HDRM_A_PRIO_MAX_FRAME);
		if (pt[DCB_HDRM_A_PRIO_UNSIZED]) {
			r->prio[prio].unsized = true;
			continue;
		}
		r->prio[prio].valid = true;
		r->prio[prio].bytes = hdrm_nla_u64(pt, DCB_HDRM_A_PRIO_HEADROOM_BYTES);
		r->prio[prio].cells = hdrm_nla_u64(pt, DCB_HDRM_A_PRIO_HEADROOM_CELLS);
		r->prio[prio].inflight = hdrm_nla_u64(pt, DCB_HDRM_A_PRIO_INFLIGHT_BYTES);
		r->prio[prio].packed = hdrm_nla_u64(pt, DCB_HDRM_A_PRIO_PACKED_BYTES);
		r->prio[prio].has_eff = pt[DCB_HDRM_A_PRIO_EFFECTIVE_BYTES];
		r->prio[prio].eff = hdrm_nla_u64(pt, DCB_HDRM_A_PRIO_EFFECTIVE_BYTES);
		r->prio[prio].eff_cells = hdrm_nla_u64(pt, DCB_HDRM_A_PRIO_EFFECTIVE_CELLS);
		r->prio[prio].has_best = pt[DCB_HDRM_A_PRIO_BEST_BYTES];
		r->prio[prio].best = hdrm_nla_u64(pt, DCB_HDRM_A_PRIO_BEST_BYTES);
	}
	r->source = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_SOURCE);
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

/*
 * How the timestamps were taken; null where the result has no word on
 * them (a pushed headroom), and no rate_ratio_ppb when it is unknown.
 */
static void result_ts_json(struct jw *w, const struct result *r)
{
	if (!r->has_ts) {
		jw_key(w, "ts_mode");
		jw_null(w);
		jw_key(w, "precision_source");
		jw_null(w);
		jw_key(w, "two_step");
		jw_null(w);
		jw_key(w, "followup_missing");
		jw_null(w);
		return;
	}
	jw_kstr(w, "ts_mode", HDRM_NAME(hdrm_ts_mode_names, r->ts_mode));
	jw_kstr(w, "precision_source",
		HDRM_NAME(hdrm_precision_source_names, r->precision_source));
	if (r->has_rate_ratio) {
		jw_key(w, "rate_ratio_ppb");
		jw_s64(w, r->rate_ratio);
	}
	jw_ku64(w, "two_step", r->two_step);
	jw_ku64(w, "followup_missing", r->followup_missing);
}

/* The members of a result, inside an object the caller opened. */
void result_json_members(struct jw *w, const struct result *r)
{
	int prio;

	jw_kstr(w, "ifname", r->ifname);
	jw_ku64(w, "ifindex", r->ifindex);
	jw_ku64(w, "session", r->session);
	jw_kstr(w, "status", HDRM_NAME(hdrm_status_names, r->status));
	jw_kstr(w, "source", HDRM_NAME(source_names, r->source));
	jw_kstr(w, "mode", HDRM_NAME(hdrm_mode_names, r->mode));
	jw_kstr(w, "encap", HDRM_NAME(encap_names, r->encap));
	jw_kstr(w, "estimator", HDRM_NAME(hdrm_estimator_names, r->estimator));
	jw_kstr(w, "timestamping", HDRM_NAME(hdrm_timestamping_names, r->timestamping));
	result_ts_json(w, r);
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
	hdrm_k_json(w, r->k_bytes, r->speed);
	jw_ku64(w, "measure_frame_bytes", r->measure_frame);
	jw_ku64(w, "link_frame_bytes", r->link_frame);
	jw_ku64(w, "cell_bytes", r->cell);
	jw_key(w, "cell_source");
	if (r->has_cell_source)
		jw_str(w, HDRM_NAME(cell_source_names, r->cell_source));
	else
		jw_null(w);
	jw_ku64(w, "small_packet_percent", r->small_pct);
	jw_key(w, "occupancy");
	if (r->occupancy)
		jw_fixed(w, r->occupancy, 3);
	else
		jw_null(w);
	jw_ku64(w, "duration_us", r->duration_us);
	jw_ku64(w, "age_ms", r->age_ms);
	jw_key(w, "equivalent_cable_m");
	if (r->has_cable)
		jw_fixed(w, r->cable_cm, 2);
	else
		jw_null(w);
	jw_key(w, "model");
	if (r->has_model && r->model != DCB_HDRM_MODEL_NONE)
		jw_str(w, HDRM_NAME(hdrm_model_names, r->model));
	else
		jw_null(w);
	/* mlx5: whether the effective headroom is what the driver acts on */
	jw_key(w, "buffer_owner");
	if (r->has_owner)
		jw_str(w, r->owner == DCB_HDRM_BUFFER_OWNER_SOFTWARE ?
			  "software" : "unknown");
	else
		jw_null(w);
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
		jw_ku64(w, "packed_bytes", r->prio[prio].packed);
		jw_key(w, "effective_headroom_bytes");
		if (r->prio[prio].has_eff)
			jw_u64(w, r->prio[prio].eff);
		else
			jw_null(w);
		jw_key(w, "best_headroom_bytes");
		if (r->prio[prio].has_best)
			jw_u64(w, r->prio[prio].best);
		else
			jw_null(w);
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

/*
 * How the timestamps were taken: the mode asked for, where the precision
 * came from, the peer's clock rate against this end's, and the replies
 * whose t3 came in a follow-up, or never came.
 */
static void result_ts_text(const struct result *r)
{
	printf("ts-mode %s  precision-source %s  rate-ratio ",
	       HDRM_NAME(hdrm_ts_mode_names, r->ts_mode),
	       HDRM_NAME(hdrm_precision_source_names, r->precision_source));
	if (r->has_rate_ratio)
		printf("%+d ppb", r->rate_ratio);
	else
		printf("unknown");
	printf("  two-step %u  followup-missing %u\n", r->two_step,
	       r->followup_missing);
}

/*
 * K as pause quanta: the pause frame's unit, 512 bit times each, and
 * how long they last at the link's speed (the switch guides' "512 x
 * Time(n) / bandwidth"). Nothing without a speed.
 */
void hdrm_k_text(uint32_t k_bytes, uint32_t speed)
{
	unsigned long long ns = hdrm_line_ns(k_bytes, speed);

	if (!speed)
		return;
	printf("K = %u B = %llu pause quanta of 512 bit times = %llu.%03llu us at %u Mb/s\n",
	       k_bytes,
	       (unsigned long long)DIV_ROUND_UP_ULL(k_bytes, HDRM_QUANTUM_BYTES),
	       ns / 1000, ns % 1000, speed);
}

/* The same in JSON: k_quanta and k_ns. */
void hdrm_k_json(struct jw *w, uint32_t k_bytes, uint32_t speed)
{
	jw_ku64(w, "k_quanta", DIV_ROUND_UP_ULL(k_bytes, HDRM_QUANTUM_BYTES));
	jw_ku64(w, "k_ns", hdrm_line_ns(k_bytes, speed));
}

/* The derivation, term by term, as the switch guides show theirs. */
void result_text(const struct result *r)
{
	bool any = false;
	int prio;

	printf("%s: %u probes sent, %u replies, %u lost, %u late (%s, %s, %s timestamps, %u us)\n",
	       r->ifname, r->sent, r->received, r->lost, r->late,
	       HDRM_NAME(hdrm_mode_names, r->mode), HDRM_NAME(encap_names, r->encap),
	       HDRM_NAME(hdrm_timestamping_names, r->timestamping), r->duration_us);
	printf("status: %s\n", HDRM_NAME(hdrm_status_names, r->status));
	if (r->source == DCB_HDRM_SOURCE_PEER)
		printf("source: the peer measured this headroom and pushed it here (session %u)\n",
		       r->session);
	else if (r->has_ts)
		result_ts_text(r);
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
	       (unsigned long long)r->est,
	       HDRM_NAME(hdrm_estimator_names, r->estimator),
	       r->precision, r->speed, r->k_bytes, r->measure_frame, r->cell);
	hdrm_k_text(r->k_bytes, r->speed);
	if (r->has_cable)
		printf("equivalent cable: %u.%02u m (t at 5 ns/m each way)\n",
		       r->cable_cm / 100, r->cable_cm % 100);
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
	printf("HDRM = (t + 2 x precision) x speed + link_frame + max_frame + measure_frame + K, in whole cells\n");
	if (r->cell > 1)
		printf("cells: %u B each (%s), small-packet-percent %u: the frames before the last take x%u.%03u their bytes\n",
		       r->cell,
		       r->has_cell_source &&
		       r->cell_source == DCB_HDRM_CELL_SOURCE_DRIVER ?
		       "the driver's" : "as set", r->small_pct,
		       r->occupancy / 1000, r->occupancy % 1000);
	printf("%-4s %9s %14s %10s %6s %7s %12s %12s %12s\n", "PRIO",
	       "MAX_FRAME", "(t+2p)xSPEED", "LINK_FRAME", "FRAME", "K",
	       "PACKED", "HDRM_BYTES", "HDRM_CELLS");
	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		if (!r->prio[prio].valid)
			continue;
		printf("%-4d %9u %14llu %10u %6u %7u %12llu %12llu %12llu\n",
		       prio, r->prio[prio].max_frame,
		       (unsigned long long)r->prio[prio].inflight,
		       r->link_frame, r->measure_frame, r->k_bytes,
		       (unsigned long long)r->prio[prio].packed,
		       (unsigned long long)r->prio[prio].bytes,
		       (unsigned long long)r->prio[prio].cells);
	}
}
