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
#include "manual.h"
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

const char *const hdrm_method_names[DCB_HDRM_METHOD_PTP4L + 1] = {
	"auto", "hdrm", "pdelay", "ptp4l",
};

/* the text's words for a method, after its name */
static const char *const method_words[DCB_HDRM_METHOD_PTP4L + 1] = {
	[DCB_HDRM_METHOD_HDRM] = "dcb_hdrm's own measurement frames",
	[DCB_HDRM_METHOD_PDELAY] = "IEEE 1588 peer delay",
	[DCB_HDRM_METHOD_PTP4L] = "ptp4l's own peer delay, read over its management socket",
};

/**
 * hdrm_port_id_str() - a PTP port identity as ptp4l and pmc print it
 * @buf: at least HDRM_PORT_ID_STR bytes
 * @len: its size
 * @id: HDRM_PORT_ID_LEN bytes: clockIdentity, portNumber (big-endian)
 *
 * The module's hdrm_ptp_pid_str() writes it, from the attribute's bytes:
 * 0c42a1.fffe.000007-1. A @buf shorter than HDRM_PORT_ID_STR gets the
 * identity cut short, never more than @len bytes.
 *
 * Return: @buf.
 */
const char *hdrm_port_id_str(char *buf, size_t len, const uint8_t *id)
{
	char full[HDRM_PTP_PID_STR_LEN];
	struct hdrm_ptp_pid pid;

	memcpy(pid.clock, id, sizeof(pid.clock));
	pid.port = (uint16_t)(id[8] << 8 | id[9]);
	hdrm_ptp_pid_str(&pid, full);
	snprintf(buf, len, "%s", full);
	return buf;
}

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

/*
 * The exchange, and for pdelay its responder and steps: absent from a
 * module before pdelay, and from a pushed result. A responder that is
 * not a port identity's ten bytes is refused.
 */
static int result_method_parse(struct nlattr **tb, struct result *r)
{
	struct nlattr *id = tb[DCB_HDRM_A_RESULT_RESPONDER];

	r->has_method = tb[DCB_HDRM_A_RESULT_METHOD];
	if (r->has_method)
		r->method = nla_get_u8(tb[DCB_HDRM_A_RESULT_METHOD]);
	r->has_steps = tb[DCB_HDRM_A_RESULT_STEPS];
	if (r->has_steps)
		r->steps = nla_get_u8(tb[DCB_HDRM_A_RESULT_STEPS]);
	if (!id)
		return 0;
	if (nla_len(id) != HDRM_PORT_ID_LEN)
		return -EPROTO;
	r->has_responder = true;
	memcpy(r->responder, nla_data(id), HDRM_PORT_ID_LEN);
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
	r->has_k_source = tb[DCB_HDRM_A_RESULT_K_SOURCE];
	r->k_source = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_K_SOURCE);
	r->k_table_bytes = hdrm_nla_u32(tb, DCB_HDRM_A_RESULT_K_TABLE_BYTES);
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
	if (result_method_parse(tb, r))
		return -EPROTO;

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
	if (hdrm_push_parse(tb[DCB_HDRM_A_RESULT_PUSH], &r->push) ||
	    response_parse(tb[DCB_HDRM_A_RESULT_RESPONSE], &r->response))
		return -EPROTO;
	return hdrm_applied_parse(tb[DCB_HDRM_A_RESULT_APPLIED], &r->applied);
}

/**
 * hdrm_result_follow() - one more notification of a measurement's result
 * @f: what the earlier ones brought
 * @r: this one's result
 * @cmd: this one's command: result-ntf, apply-ntf or push-ntf
 *
 * Each notification carries the whole result, and the latest is kept.
 * The kernel copies the result into a notification before it sends it,
 * so the apply's and the push's, sent from different contexts, can
 * arrive in the other order: a copy taken while the push was pending
 * after the push's own. The apply and the push are final in their own
 * notifications, and are kept as those had them; a response measured
 * after the round trip is kept from the copy that brought it.
 */
void hdrm_result_follow(struct result_follow *f, const struct result *r,
			uint8_t cmd)
{
	f->r = *r;
	f->found = true;
	if (cmd == DCB_HDRM_CMD_APPLY_NTF) {
		f->applied = true;
		f->applied_info = r->applied;
	}
	if (cmd == DCB_HDRM_CMD_PUSH_NTF) {
		f->pushed = true;
		f->push_info = r->push;
	}
	if (r->response.present)
		f->response = r->response;
	if (f->applied)
		f->r.applied = f->applied_info;
	if (f->pushed)
		f->r.push = f->push_info;
	/* the response's result comes last; an older copy has none */
	if (f->response.present)
		f->r.response = f->response;
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
 * Which exchange took the timestamps, and for peer delay who answered
 * and in how many steps: JSON's method, responder and steps; the text's
 * line after the status
 *   method pdelay (IEEE 1588 peer delay), responder 0c42a1.fffe.000007-1, two-step
 *   method ptp4l (ptp4l's own peer delay, read over its management socket)
 * Nothing where the module does not say (a module before pdelay
 * measured with hdrm; a pushed result).
 */
static void result_method_print(struct out *o, const struct result *r)
{
	char id[HDRM_PORT_ID_STR];

	if (!r->has_method)
		return;
	out_str(o, "method", "method %s",
		HDRM_NAME(hdrm_method_names, r->method));
	if (r->method < ARRAY_SIZE(method_words) && method_words[r->method])
		out_text(o, " (%s)", method_words[r->method]);
	if (r->has_responder)
		out_str(o, "responder", ", responder %s",
			hdrm_port_id_str(id, sizeof(id), r->responder));
	if (r->has_steps)
		out_ju64(o, "steps", r->steps);
	if (r->has_steps && (r->steps == 1 || r->steps == 2))
		out_text(o, ", %s-step", r->steps == 1 ? "one" : "two");
	else if (r->has_steps)
		out_text(o, ", steps %u", r->steps);
	out_text(o, "\n");
}

/*
 * How the timestamps were taken: the mode asked for, where the precision
 * came from, the peer's clock rate against this end's, and the replies
 * whose t3 came in a follow-up, or never came. JSON's null where the
 * result has no word on them (a pushed headroom), and no rate_ratio_ppb
 * when it is unknown; the text's line.
 */
static void result_ts_print(struct out *o, const struct result *r)
{
	if (!r->has_ts) {
		out_jnull(o, "ts_mode");
		out_jnull(o, "precision_source");
		out_jnull(o, "two_step");
		out_jnull(o, "followup_missing");
		return;
	}
	out_str(o, "ts_mode", "ts-mode %s",
		HDRM_NAME(hdrm_ts_mode_names, r->ts_mode));
	out_str(o, "precision_source", "  precision-source %s",
		HDRM_NAME(hdrm_precision_source_names, r->precision_source));
	if (r->has_rate_ratio)
		out_s64(o, "rate_ratio_ppb", "  rate-ratio %+lld ppb",
			r->rate_ratio);
	else
		out_text(o, "  rate-ratio unknown");
	out_u64(o, "two_step", "  two-step %llu", r->two_step);
	out_u64(o, "followup_missing", "  followup-missing %llu\n",
		r->followup_missing);
}

/*
 * K as pause quanta: the pause frame's unit, 512 bit times each, and
 * how long they last at the link's speed (the switch guides' "512 x
 * Time(n) / bandwidth"): JSON's k_quanta and k_ns; the text's line,
 * nothing without a speed.
 */
void hdrm_k_print(struct out *o, uint32_t k_bytes, uint32_t speed)
{
	unsigned long long ns = hdrm_line_ns(k_bytes, speed);
	unsigned long long quanta = DIV_ROUND_UP_ULL(k_bytes,
						     HDRM_QUANTUM_BYTES);

	if (speed)
		out_text(o, "K = %u B = ", k_bytes);
	out_u64_if(o, "k_quanta", speed,
		   "%llu pause quanta of 512 bit times = ", quanta);
	out_ju64(o, "k_ns", ns);
	if (speed)
		out_text(o, "%llu.%03llu us at %u Mb/s\n", ns / 1000, ns % 1000,
			 speed);
}

static const char *const k_source_names[] = {
	[DCB_HDRM_K_SOURCE_TABLE] = "table",
	[DCB_HDRM_K_SOURCE_SET] = "set",
	[DCB_HDRM_K_SOURCE_MEASURED] = "measured",
};

/*
 * Where K came from, and the table's beside it (issue 30: both K's and
 * their difference): JSON's k_source and k_table_bytes; the text's line
 * when K is not the table's, e.g.
 *   K measured (k-measured): 1200 B; the table's 25216 B, 24016 B more
 */
static void result_k_source_print(struct out *o, const struct result *r)
{
	long long diff = (long long)r->k_table_bytes - r->k_bytes;

	if (!r->has_k_source)
		return;
	out_jstr(o, "k_source", HDRM_NAME(k_source_names, r->k_source));
	out_ju64(o, "k_table_bytes", r->k_table_bytes);
	if (r->k_source == DCB_HDRM_K_SOURCE_TABLE)
		return;
	out_text(o, "K %s (%s): %u B; the table's %u B, %llu B %s\n",
		 r->k_source == DCB_HDRM_K_SOURCE_MEASURED ? "measured" : "set",
		 r->k_source == DCB_HDRM_K_SOURCE_MEASURED ? "k-measured" :
							     "k-override",
		 r->k_bytes, r->k_table_bytes,
		 (unsigned long long)(diff < 0 ? -diff : diff),
		 diff < 0 ? "less" : "more");
}

/*
 * A priority's headroom: JSON's member of "priorities"; the text's row
 * of the derivation's table, or for a pushed headroom its line
 *   PRIO MAX_FRAME   (t+2p)xSPEED LINK_FRAME  FRAME       K       PACKED   HDRM_BYTES   HDRM_CELLS
 *   3         9238          31000       9238     64    1536        40000        60000          625
 *   prio 3: 20000 bytes, 209 cells
 */
static void result_prio_print(struct out *o, const struct result *r,
			      int prio)
{
	const struct prio_res *p = &r->prio[prio];
	bool peer = r->source == DCB_HDRM_SOURCE_PEER;

	out_obj_open(o, NULL);
	out_u64(o, "prio", peer ? "prio %llu:" : "%-4llu", prio);
	out_u64_if(o, "max_frame_bytes", !peer, " %9llu", p->max_frame);
	/* the terms of the sum: the text's, the JSON has the others */
	if (!peer)
		out_text(o, " %14llu %10u %6u %7u %12llu",
			 (unsigned long long)p->inflight, r->link_frame,
			 r->measure_frame, r->k_bytes,
			 (unsigned long long)p->packed);
	out_u64(o, "headroom_bytes", peer ? " %llu bytes," : " %12llu",
		p->bytes);
	out_u64(o, "headroom_cells", peer ? " %llu cells\n" : " %12llu\n",
		p->cells);
	out_ju64(o, "inflight_bytes", p->inflight);
	out_ju64(o, "packed_bytes", p->packed);
	/* the driver's model: judged by show, against the need */
	out_jopt_u64(o, "effective_headroom_bytes", p->has_eff, p->eff);
	out_jopt_u64(o, "best_headroom_bytes", p->has_best, p->best);
	out_obj_close(o);
}

/*
 * A result: JSON's members, in an object the caller opened; the text's
 * lines, the derivation of every priority's headroom term by term as
 * the switch guides show theirs, and for a peer delay what to set on the
 * far end by hand. What was applied and pushed is the JSON's here, and
 * the caller's to word in the text.
 */
void hdrm_result_print(struct out *o, const struct result *r)
{
	bool peer = r->source == DCB_HDRM_SOURCE_PEER;
	/* ptp4l's peer delay: its turnarounds were ptp4l's, not told */
	bool turnaround = r->mode == DCB_HDRM_MODE_4TS &&
			  !(r->has_method && r->method == DCB_HDRM_METHOD_PTP4L);
	bool any = false, was, local;
	int prio;

	for (prio = 0; prio < HDRM_PRIOS; prio++)
		any |= r->prio[prio].valid;
	out_str(o, "ifname", "%s:", r->ifname);
	out_ju64(o, "ifindex", r->ifindex);
	out_ju64(o, "session", r->session);
	/* the text's second line, the source its third */
	out_jstr(o, "status", HDRM_NAME(hdrm_status_names, r->status));
	out_jstr(o, "source", HDRM_NAME(source_names, r->source));
	/* the probes: the JSON's object below */
	out_text(o, " %u probes sent, %u replies, %u lost, %u late", r->sent,
		 r->received, r->lost, r->late);
	out_str(o, "mode", " (%s", HDRM_NAME(hdrm_mode_names, r->mode));
	out_str(o, "encap", ", %s", HDRM_NAME(encap_names, r->encap));
	out_jstr(o, "estimator", HDRM_NAME(hdrm_estimator_names, r->estimator));
	out_str(o, "timestamping", ", %s timestamps",
		HDRM_NAME(hdrm_timestamping_names, r->timestamping));
	out_text(o, ", %u us)\n", r->duration_us);
	out_text(o, "status: %s\n", HDRM_NAME(hdrm_status_names, r->status));
	if (peer)
		out_text(o, "source: the peer measured this headroom and pushed it here (session %u)\n",
			 r->session);
	result_method_print(o, r);
	/* a pushed headroom has no probes of its own to tell of */
	was = out_mute(o, o->mute || peer);
	result_ts_print(o, r);
	/* the rest of the text is for a round trip */
	out_mute(o, was || !r->has_rtt);
	out_obj_open(o, "probes");
	out_ju64(o, "sent", r->sent);
	out_ju64(o, "received", r->received);
	out_ju64(o, "lost", r->lost);
	out_ju64(o, "late", r->late);
	out_obj_close(o);
	if (r->has_rtt) {
		out_obj_open(o, "rtt_ns");
		out_ju64(o, "estimate", r->est);
		/* a pushed headroom carries its round trip, not samples */
		if (!peer) {
			out_u64(o, "min", "round trip t (ns): min %llu", r->min);
			out_u64(o, "median", "  median %llu", r->median);
			out_u64(o, "p99", "  p99 %llu", r->p99);
			out_u64(o, "max", "  max %llu", r->max);
			out_u64(o, "stddev", "  stddev %llu\n", r->stddev);
		}
		out_obj_close(o);
	} else {
		out_jnull(o, "rtt_ns");
	}
	out_obj_open(o, "turnaround_ns");
	out_jopt_u64(o, "median", r->has_rtt && turnaround &&
		     r->source == DCB_HDRM_SOURCE_LOCAL, r->turnaround);
	if (!peer && turnaround)
		out_text(o, "peer turnaround t3 - t2 (ns): median %llu\n",
			 (unsigned long long)r->turnaround);
	out_obj_close(o);
	out_text(o, "t = %llu ns", (unsigned long long)r->est);
	if (!peer)
		out_text(o, " (%s)",
			 HDRM_NAME(hdrm_estimator_names, r->estimator));
	out_u64(o, "precision_ns", "  precision = %llu ns", r->precision);
	out_u64(o, "speed_mbps", "  speed = %llu Mb/s", r->speed);
	if (peer)
		out_text(o, "\n");
	/* a local result's derivation */
	local = was || !r->has_rtt || peer;
	out_mute(o, local);
	out_u64(o, "k_bytes", "  K = %llu B", r->k_bytes);
	if (out_json(o))
		hdrm_k_print(o, r->k_bytes, r->speed);
	out_u64(o, "measure_frame_bytes", "  measure_frame = %llu B",
		r->measure_frame);
	out_ju64(o, "link_frame_bytes", r->link_frame);
	out_u64(o, "cell_bytes", "  cell = %llu B\n", r->cell);
	if (!out_json(o))
		hdrm_k_print(o, r->k_bytes, r->speed);
	result_k_source_print(o, r);
	/* the cell's words are the text's, below */
	out_jopt_str(o, "cell_source", r->has_cell_source,
		     HDRM_NAME(cell_source_names, r->cell_source));
	out_ju64(o, "small_packet_percent", r->small_pct);
	if (r->occupancy)
		out_jfixed(o, "occupancy", r->occupancy, 3);
	else
		out_jnull(o, "occupancy");
	out_ju64(o, "duration_us", r->duration_us);
	out_ju64(o, "age_ms", r->age_ms);
	if (r->has_cable)
		out_fixed(o, "equivalent_cable_m",
			  "equivalent cable: %s m (t at 5 ns/m each way)\n",
			  r->cable_cm, 2);
	else
		out_jnull(o, "equivalent_cable_m");
	out_jopt_str(o, "model", r->has_model &&
		     r->model != DCB_HDRM_MODEL_NONE,
		     HDRM_NAME(hdrm_model_names, r->model));
	/* mlx5: whether the effective headroom is what the driver acts on */
	out_jopt_str(o, "buffer_owner", r->has_owner,
		     r->owner == DCB_HDRM_BUFFER_OWNER_SOFTWARE ?
		     "software" : "unknown");
	/* PFC priorities whose maximum frame is beyond the arithmetic */
	for (prio = 0; prio < HDRM_PRIOS; prio++)
		if (r->prio[prio].unsized)
			out_text(o, "prio %d: no headroom: its maximum frame, %u bytes, is beyond the formula's %u (lower the MTU or set dev set max-frame %d:BYTES)\n",
				 prio, r->prio[prio].max_frame,
				 HDRM_CALC_MAX_FRAME, prio);
	if (!any)
		out_text(o, "no priority to size (no PFC-enabled priority, or no link speed)\n");
	out_mute(o, local || !any);
	out_text(o, "HDRM = (t + 2 x precision) x speed + link_frame + max_frame + measure_frame + K, in whole cells\n");
	if (r->cell > 1)
		out_text(o, "cells: %u B each (%s), small-packet-percent %u: the frames before the last take x%u.%03u their bytes\n",
			 r->cell,
			 r->has_cell_source &&
			 r->cell_source == DCB_HDRM_CELL_SOURCE_DRIVER ?
			 "the driver's" : "as set", r->small_pct,
			 r->occupancy / 1000, r->occupancy % 1000);
	out_text(o, "%-4s %9s %14s %10s %6s %7s %12s %12s %12s\n", "PRIO",
		 "MAX_FRAME", "(t+2p)xSPEED", "LINK_FRAME", "FRAME", "K",
		 "PACKED", "HDRM_BYTES", "HDRM_CELLS");
	/* a local result's rows, a pushed one's lines */
	out_mute(o, was || !r->has_rtt);
	out_arr_open(o, "priorities");
	for (prio = 0; prio < HDRM_PRIOS; prio++)
		if (r->prio[prio].valid)
			result_prio_print(o, r, prio);
	out_arr_close(o);
	/* the text's lines above */
	out_arr_open(o, "unsized");
	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		if (!r->prio[prio].unsized)
			continue;
		out_obj_open(o, NULL);
		out_ju64(o, "prio", prio);
		out_ju64(o, "max_frame_bytes", r->prio[prio].max_frame);
		out_obj_close(o);
	}
	out_arr_close(o);
	/* what a peer-delay responder, which takes no push, is set to */
	out_mute(o, was);
	manual_far_end_print(o, r);
	if (r->response.present)
		response_print(o, &r->response);
	out_mute(o, true);
	hdrm_applied_print(o, &r->applied);
	hdrm_push_print(o, &r->push);
	out_mute(o, was);
}

void result_json_members(struct jw *w, const struct result *r)
{
	struct out o;

	out_init_json(&o, w);
	hdrm_result_print(&o, r);
}

void result_text(const struct result *r)
{
	struct out o;

	out_init_text(&o, stdout);
	hdrm_result_print(&o, r);
}
