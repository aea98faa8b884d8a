// SPDX-License-Identifier: GPL-2.0
/*
 * DCB_HDRM_CMD_RESULT_GET and the result notification: the last
 * measurement of a device, kept on its port until the next one.
 */
#include <linux/rtnetlink.h>
#include <net/genetlink.h>
#include <uapi/linux/dcb_hdrm.h>

#include "dcb_hdrm.h"
#include "nl_gen.h"

static_assert(HDRM_K_TABLE == DCB_HDRM_K_SOURCE_TABLE);
static_assert(HDRM_K_SET == DCB_HDRM_K_SOURCE_SET);
static_assert(HDRM_K_MEASURED == DCB_HDRM_K_SOURCE_MEASURED);

/*
 * Everything a result message says, copied from the port by
 * hdrm_result_prepare(); hdrm_result_fill() only puts it.
 */
struct hdrm_result_msg {
	int ifindex;
	char ifname[IFNAMSIZ];
	u64 age_ms;
	struct hdrm_result r;
	struct hdrm_applied a;
	struct hdrm_push push;
	bool has_a, has_push;
	/* result-get only: the driver's headroom by the model, under rtnl */
	bool has_model;
	u8 model;
	bool has_owner;			/* mlx5 with buffers */
	u8 owner;			/* enum dcb_hdrm_buffer_owner */
	u8 eff_mask, best_mask;
	u32 cell;
	u64 eff[HDRM_PRIOS], best[HDRM_PRIOS];
};

static int hdrm_put_model(struct sk_buff *skb, const struct hdrm_result_msg *m,
			  int prio)
{
	if (m->eff_mask & BIT(prio) &&
	    (nla_put_u64_64bit(skb, DCB_HDRM_A_PRIO_EFFECTIVE_BYTES,
			       m->eff[prio], DCB_HDRM_A_PRIO_PAD) ||
	     nla_put_u64_64bit(skb, DCB_HDRM_A_PRIO_EFFECTIVE_CELLS,
			       div_u64(m->eff[prio], m->cell),
			       DCB_HDRM_A_PRIO_PAD)))
		return -EMSGSIZE;
	if (m->best_mask & BIT(prio) &&
	    nla_put_u64_64bit(skb, DCB_HDRM_A_PRIO_BEST_BYTES, m->best[prio],
			      DCB_HDRM_A_PRIO_PAD))
		return -EMSGSIZE;
	return 0;
}

static int hdrm_put_prios(struct sk_buff *skb, const struct hdrm_result *r,
			  const struct hdrm_result_msg *m)
{
	struct nlattr *nest;
	int prio;

	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		if (r->unsized_mask & BIT(prio)) {
			nest = nla_nest_start(skb, DCB_HDRM_A_RESULT_PRIO);
			if (!nest ||
			    nla_put_u32(skb, DCB_HDRM_A_PRIO_PRIO, prio) ||
			    nla_put_u32(skb, DCB_HDRM_A_PRIO_MAX_FRAME,
					r->max_frame[prio]) ||
			    nla_put_u8(skb, DCB_HDRM_A_PRIO_UNSIZED, 1))
				return -EMSGSIZE;
			nla_nest_end(skb, nest);
			continue;
		}
		if (!(r->prio_mask & BIT(prio)))
			continue;
		nest = nla_nest_start(skb, DCB_HDRM_A_RESULT_PRIO);
		if (!nest ||
		    nla_put_u32(skb, DCB_HDRM_A_PRIO_PRIO, prio) ||
		    nla_put_u32(skb, DCB_HDRM_A_PRIO_MAX_FRAME,
				r->max_frame[prio]) ||
		    nla_put_u64_64bit(skb, DCB_HDRM_A_PRIO_HEADROOM_BYTES,
				      r->headroom_bytes[prio],
				      DCB_HDRM_A_PRIO_PAD) ||
		    nla_put_u64_64bit(skb, DCB_HDRM_A_PRIO_HEADROOM_CELLS,
				      r->headroom_cells[prio],
				      DCB_HDRM_A_PRIO_PAD) ||
		    nla_put_u64_64bit(skb, DCB_HDRM_A_PRIO_INFLIGHT_BYTES,
				      r->inflight_bytes[prio],
				      DCB_HDRM_A_PRIO_PAD) ||
		    nla_put_u64_64bit(skb, DCB_HDRM_A_PRIO_PACKED_BYTES,
				      r->packed_bytes[prio],
				      DCB_HDRM_A_PRIO_PAD) ||
		    (m->has_model && hdrm_put_model(skb, m, prio)))
			return -EMSGSIZE;
		nla_nest_end(skb, nest);
	}
	return 0;
}

/*
 * How a local measurement took its timestamps; for peer delay, who
 * answered and in how many steps. A pushed result says nothing of it.
 */
static int hdrm_put_method(struct sk_buff *skb, const struct hdrm_result *r)
{
	u8 pid[10];

	if (r->source != DCB_HDRM_SOURCE_LOCAL)
		return 0;
	if (nla_put_u8(skb, DCB_HDRM_A_RESULT_METHOD, r->method))
		return -EMSGSIZE;
	if (!r->steps)
		return 0;
	memcpy(pid, r->responder.clock, 8);
	put_unaligned_be16(r->responder.port, pid + 8);
	if (nla_put(skb, DCB_HDRM_A_RESULT_RESPONDER, sizeof(pid), pid) ||
	    nla_put_u8(skb, DCB_HDRM_A_RESULT_STEPS, r->steps))
		return -EMSGSIZE;
	return 0;
}

static int hdrm_put_rtt(struct sk_buff *skb, const struct hdrm_result *r)
{
	const struct {
		int attr;
		u64 v;
	} vals[] = {
		{ DCB_HDRM_A_RESULT_RTT_ESTIMATE, r->rtt_estimate },
		{ DCB_HDRM_A_RESULT_RTT_MIN, r->rtt.min },
		{ DCB_HDRM_A_RESULT_RTT_MEDIAN, r->rtt.median },
		{ DCB_HDRM_A_RESULT_RTT_P99, r->rtt.p99 },
		{ DCB_HDRM_A_RESULT_RTT_MAX, r->rtt.max },
		{ DCB_HDRM_A_RESULT_RTT_STDDEV, r->rtt.stddev },
		{ DCB_HDRM_A_RESULT_TURNAROUND_MEDIAN, r->turnaround_median },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(vals); i++)
		if (nla_put_u64_64bit(skb, vals[i].attr, vals[i].v,
				      DCB_HDRM_A_RESULT_PAD))
			return -EMSGSIZE;
	return 0;
}

/* The applied nest of a result message. */
static int hdrm_put_applied(struct sk_buff *skb, const struct hdrm_applied *a)
{
	struct nlattr *nest;

	nest = nla_nest_start(skb, DCB_HDRM_A_RESULT_APPLIED);
	if (!nest ||
	    nla_put_u32(skb, DCB_HDRM_A_APPLIED_SESSION, a->session) ||
	    nla_put_u32(skb, DCB_HDRM_A_APPLIED_METHOD, a->method) ||
	    nla_put_u32(skb, DCB_HDRM_A_APPLIED_ERROR, -a->error) ||
	    nla_put_u8(skb, DCB_HDRM_A_APPLIED_CLAMPED, a->clamped))
		return -EMSGSIZE;
	if (nla_put_u8(skb, DCB_HDRM_A_APPLIED_MODEL, a->model) ||
	    (a->partial && nla_put_u8(skb, DCB_HDRM_A_APPLIED_PARTIAL, 1)) ||
	    (a->buffers_taken &&
	     nla_put_u8(skb, DCB_HDRM_A_APPLIED_BUFFERS_TAKEN, 1)) ||
	    (a->rule &&
	     (nla_put_u8(skb, DCB_HDRM_A_APPLIED_RULE, a->rule) ||
	      nla_put_u64_64bit(skb, DCB_HDRM_A_APPLIED_RULE_HAVE, a->rule_have,
				DCB_HDRM_A_APPLIED_PAD) ||
	      nla_put_u64_64bit(skb, DCB_HDRM_A_APPLIED_RULE_NEED, a->rule_need,
				DCB_HDRM_A_APPLIED_PAD) ||
	      nla_put_u32(skb, DCB_HDRM_A_APPLIED_RULE_BUFFER,
			  a->rule_buffer))))
		return -EMSGSIZE;
	/* the delay before, always: a refusal's message names it */
	if (nla_put_u32(skb, DCB_HDRM_A_APPLIED_DELAY_UNIT, a->delay_unit) ||
	    nla_put_u32(skb, DCB_HDRM_A_APPLIED_DELAY_OLD, a->delay_old) ||
	    (a->has_delay &&
	     (nla_put_u32(skb, DCB_HDRM_A_APPLIED_DELAY_NEW, a->delay_new) ||
	     nla_put_u64_64bit(skb, DCB_HDRM_A_APPLIED_DELAY_WANTED,
			       a->delay_wanted, DCB_HDRM_A_APPLIED_PAD))))
		return -EMSGSIZE;
	if (a->has_buf && a->lossless &&
	    (hdrm_nl_put_buffers(skb, DCB_HDRM_A_APPLIED_BUFFER,
				 a->error && !a->partial ? &a->buf_old :
							   &a->buf_new,
				 &a->buf_old, a->buf_wanted, a->lossless) ||
	     nla_put_u32(skb, DCB_HDRM_A_APPLIED_BUFFER_TOTAL,
			 a->buf_old.total)))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* The result message's push nest. */
static int hdrm_put_push(struct sk_buff *skb, const struct hdrm_push *push)
{
	struct nlattr *nest;

	nest = nla_nest_start(skb, DCB_HDRM_A_RESULT_PUSH);
	if (!nest ||
	    nla_put_u32(skb, DCB_HDRM_A_PUSH_SESSION, push->session) ||
	    nla_put_u32(skb, DCB_HDRM_A_PUSH_STATUS, push->status) ||
	    nla_put_u32(skb, DCB_HDRM_A_PUSH_REASON, push->reason))
		return -EMSGSIZE;
	if (push->reason == HDRM_REASON_BOUNDS &&
	    (nla_put_u32(skb, DCB_HDRM_A_PUSH_FIELD, push->field) ||
	     nla_put_u32(skb, DCB_HDRM_A_PUSH_PRIO, push->prio) ||
	     nla_put_u32(skb, DCB_HDRM_A_PUSH_VALUE, push->value) ||
	     nla_put_u32(skb, DCB_HDRM_A_PUSH_LIMIT, push->limit)))
		return -EMSGSIZE;
	if (push->reason == HDRM_REASON_APPLY &&
	    nla_put_u32(skb, DCB_HDRM_A_PUSH_VALUE, push->value))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* How a local measurement took its timestamps. */
static int hdrm_put_ts(struct sk_buff *skb, const struct hdrm_result *r)
{
	if (nla_put_u8(skb, DCB_HDRM_A_RESULT_TS_MODE, r->ts_mode) ||
	    nla_put_u8(skb, DCB_HDRM_A_RESULT_PRECISION_SOURCE,
		       r->precision_source) ||
	    (r->has_ratio &&
	     nla_put_s32(skb, DCB_HDRM_A_RESULT_RATE_RATIO, r->ratio_ppb)) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_TWO_STEP, r->two_step) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_FOLLOWUP_MISSING,
			r->followup_missing))
		return -EMSGSIZE;
	return 0;
}

/* One figure's least, median and greatest over the repeats. */
static int hdrm_put_range(struct sk_buff *skb, int attr,
			  const struct hdrm_response_range *v)
{
	struct nlattr *nest = nla_nest_start(skb, attr);

	if (!nest ||
	    nla_put_u64_64bit(skb, DCB_HDRM_A_RESPONSE_RANGE_LEAST, v->min,
			      DCB_HDRM_A_RESPONSE_RANGE_PAD) ||
	    nla_put_u64_64bit(skb, DCB_HDRM_A_RESPONSE_RANGE_MEDIAN, v->median,
			      DCB_HDRM_A_RESPONSE_RANGE_PAD) ||
	    nla_put_u64_64bit(skb, DCB_HDRM_A_RESPONSE_RANGE_GREATEST, v->max,
			      DCB_HDRM_A_RESPONSE_RANGE_PAD))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* The response nest of a response measurement's result. */
static int hdrm_put_response(struct sk_buff *skb,
			     const struct hdrm_resp_result *rr)
{
	const struct hdrm_response_agg *g = &rr->agg;
	const struct {
		int attr;
		const struct hdrm_response_range *v;
	} ranges[] = {
		{ DCB_HDRM_A_RESPONSE_XOFF_TO_LAST_NS, &g->xoff_to_last_ns },
		{ DCB_HDRM_A_RESPONSE_BYTES_AFTER_XOFF, &g->bytes_after_xoff },
		{ DCB_HDRM_A_RESPONSE_STREAM_RATE_MBPS, &g->stream_rate_mbps },
		{ DCB_HDRM_A_RESPONSE_BYTES_AT_LINE_RATE, &g->bytes_at_line_rate },
		{ DCB_HDRM_A_RESPONSE_K_NS, &g->k_ns },
		{ DCB_HDRM_A_RESPONSE_K_QUANTA, &g->k_quanta },
		{ DCB_HDRM_A_RESPONSE_K_BYTES, &g->k_bytes },
		{ DCB_HDRM_A_RESPONSE_GAP_NS, &g->gap_ns },
	};
	struct nlattr *nest;
	unsigned int i;

	nest = nla_nest_start(skb, DCB_HDRM_A_RESULT_RESPONSE);
	if (!nest ||
	    nla_put_u8(skb, DCB_HDRM_A_RESPONSE_PRIO, rr->prio) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESPONSE_END, rr->end) ||
	    (rr->end == DCB_HDRM_RESPONSE_END_REFUSED &&
	     nla_put_u32(skb, DCB_HDRM_A_RESPONSE_REASON, rr->reason)) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESPONSE_REPEATS, rr->repeats) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESPONSE_OK, g->ok))
		return -EMSGSIZE;
	for (i = 0; i < rr->ran && i < ARRAY_SIZE(rr->status); i++)
		if (nla_put_u32(skb, DCB_HDRM_A_RESPONSE_REPEAT_STATUS,
				rr->status[i]))
			return -EMSGSIZE;
	if (rr->speed &&
	    (nla_put_u64_64bit(skb, DCB_HDRM_A_RESPONSE_RTT, rr->rtt_ns,
			       DCB_HDRM_A_RESPONSE_PAD) ||
	     nla_put_u32(skb, DCB_HDRM_A_RESPONSE_SPEED, rr->speed) ||
	     nla_put_u32(skb, DCB_HDRM_A_RESPONSE_TIMESTAMPING,
			 rr->hw ? DCB_HDRM_TIMESTAMPING_HARDWARE :
				  DCB_HDRM_TIMESTAMPING_SOFTWARE) ||
	     nla_put_u64_64bit(skb, DCB_HDRM_A_RESPONSE_PAUSE, rr->pause_ns,
			       DCB_HDRM_A_RESPONSE_PAD) ||
	     nla_put_u32(skb, DCB_HDRM_A_RESPONSE_FRAMES, rr->frames) ||
	     nla_put_u32(skb, DCB_HDRM_A_RESPONSE_OVERFLOW, rr->overflow)))
		return -EMSGSIZE;
	if (rr->passive && nla_put_flag(skb, DCB_HDRM_A_RESPONSE_PASSIVE))
		return -EMSGSIZE;
	if (rr->frame_len &&
	    (nla_put_u32(skb, DCB_HDRM_A_RESPONSE_FRAME_LEN, rr->frame_len) ||
	     nla_put_u32(skb, DCB_HDRM_A_RESPONSE_DURATION, rr->duration_us)))
		return -EMSGSIZE;
	for (i = 0; g->ok && i < ARRAY_SIZE(ranges); i++)
		if (hdrm_put_range(skb, ranges[i].attr, ranges[i].v))
			return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* The fill step: puts what hdrm_result_prepare() copied, reads nothing else. */
static int hdrm_result_fill(struct sk_buff *skb, const void *data)
{
	const struct hdrm_result_msg *m = data;
	const struct hdrm_result *r = &m->r;

	if (nla_put_u32(skb, DCB_HDRM_A_RESULT_IFINDEX, m->ifindex) ||
	    nla_put_string(skb, DCB_HDRM_A_RESULT_IFNAME, m->ifname) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_SESSION, r->session) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_STATUS, r->status) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_MODE, r->mode) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_ENCAP, r->encap) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_ESTIMATOR, r->estimator) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_TIMESTAMPING, r->timestamping) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_PROBES_SENT, r->sent) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_PROBES_RECEIVED, r->received) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_PROBES_LOST, r->lost) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_PROBES_LATE, r->late) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_PRECISION, r->precision) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_SPEED, r->speed) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_K_BYTES, r->k_bytes) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_K_SOURCE, r->k_source) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_K_TABLE_BYTES,
			r->k_table_bytes) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_MEASURE_FRAME,
			HDRM_FRAME_WIRE_LEN) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_CELL, r->cell) ||
	    nla_put_u8(skb, DCB_HDRM_A_RESULT_CELL_SOURCE, r->cell_source) ||
	    hdrm_put_method(skb, r) ||
	    nla_put_u8(skb, DCB_HDRM_A_RESULT_SMALL_PACKET_PERCENT,
		       r->small_pct) ||
	    (r->link_frame &&
	     nla_put_u32(skb, DCB_HDRM_A_RESULT_LINK_FRAME, r->link_frame)) ||
	    (r->occupancy_permille &&
	     nla_put_u32(skb, DCB_HDRM_A_RESULT_OCCUPANCY,
			 r->occupancy_permille)) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_DURATION, r->duration_us) ||
	    nla_put_u64_64bit(skb, DCB_HDRM_A_RESULT_AGE, m->age_ms,
			      DCB_HDRM_A_RESULT_PAD) ||
	    nla_put_u32(skb, DCB_HDRM_A_RESULT_SOURCE, r->source) ||
	    (r->received && hdrm_put_rtt(skb, r)) ||
	    (!r->received && r->source == DCB_HDRM_SOURCE_PEER &&
	     nla_put_u64_64bit(skb, DCB_HDRM_A_RESULT_RTT_ESTIMATE,
			       r->rtt_estimate, DCB_HDRM_A_RESULT_PAD)) ||
	    hdrm_put_prios(skb, r, m) ||
	    (r->rtt_estimate &&
	     nla_put_u32(skb, DCB_HDRM_A_RESULT_EQUIVALENT_CABLE_CM,
			 hdrm_equivalent_cable_cm(r->rtt_estimate))) ||
	    (m->has_model &&
	     nla_put_u8(skb, DCB_HDRM_A_RESULT_MODEL, m->model)) ||
	    (m->has_owner &&
	     nla_put_u8(skb, DCB_HDRM_A_RESULT_BUFFER_OWNER, m->owner)) ||
	    (r->source == DCB_HDRM_SOURCE_LOCAL && hdrm_put_ts(skb, r)) ||
	    (m->has_a && hdrm_put_applied(skb, &m->a)) ||
	    (m->has_push && hdrm_put_push(skb, &m->push)) ||
	    (r->has_response && hdrm_put_response(skb, &r->resp)))
		return -EMSGSIZE;
	return 0;
}

/*
 * Copies the port's last result and, for the same session, what the
 * apply did and what the peer made of its push; false when there is no
 * result.
 */
static bool hdrm_result_copy(struct hdrm_port *port, struct hdrm_result_msg *m)
{
	bool have;

	spin_lock_bh(&port->lock);
	have = port->result;
	if (have)
		m->r = *port->result;
	m->has_a = have && port->applied &&
		   port->applied->session == m->r.session;
	if (m->has_a)
		m->a = *port->applied;
	m->has_push = have && port->push.session == m->r.session &&
		      m->r.source == DCB_HDRM_SOURCE_LOCAL;
	if (m->has_push)
		m->push = port->push;
	spin_unlock_bh(&port->lock);
	if (have)
		m->age_ms = div_u64(ktime_get_ns() - m->r.ended_ns,
				    NSEC_PER_MSEC);
	m->ifindex = port->dev->ifindex;
	strscpy(m->ifname, port->dev->name, sizeof(m->ifname));
	return have;
}

/*
 * What the driver gives each priority now, and what apply auto would give
 * it, by the device's model. Context: rtnl held.
 */
static void hdrm_result_model(struct hdrm_port *port, struct hdrm_result_msg *m)
{
	struct net_device *dev = port->dev;
	char driver[HDRM_DRV_NAME_LEN];
	struct hdrm_model_state cur;
	struct hdrm_model_plan *plan;
	struct hdrm_model_need n;
	struct hdrm_model_dev d;
	struct hdrm_config cfg;
	unsigned int p;
	bool tc;
	u8 unit;

	if (!hdrm_drv_has_dcb(dev))
		return;
	spin_lock_bh(&port->lock);
	cfg = port->cfg;
	spin_unlock_bh(&port->lock);
	m->has_model = true;
	hdrm_drv_name(dev, driver);
	m->model = hdrm_drv_model_in_use(dev, driver, cfg.model, &tc);
	m->cell = hdrm_model_cell(m->model, m->r.cell);
	unit = hdrm_drv_model_unit_of(driver, m->model, cfg.delay_unit);
	hdrm_model_inputs(dev, &m->r, m->model, unit, &d, &cur, &n);
	if (m->model == DCB_HDRM_MODEL_MLX5 && cur.has_buf) {
		m->has_owner = true;
		m->owner = port->buf_sw_owned ? DCB_HDRM_BUFFER_OWNER_SOFTWARE :
						DCB_HDRM_BUFFER_OWNER_UNKNOWN;
	}
	for (p = 0; p < HDRM_PRIOS; p++)
		if (!hdrm_model_effective(&d, &cur, &n, p, &m->eff[p]))
			m->eff_mask |= BIT(p);
	plan = kmalloc(sizeof(*plan), GFP_KERNEL);
	if (!plan)
		return;
	if (!hdrm_model_plan(&d, &cur, &n, HDRM_METHOD_AUTO, plan))
		for (p = 0; p < HDRM_PRIOS; p++)
			if (!hdrm_model_effective(&d, &plan->next, &n, p,
						  &m->best[p]))
				m->best_mask |= BIT(p);
	kfree(plan);
}

/*
 * The prepare step: the port's last result; for result-get (Context: rtnl
 * held) also the driver's headroom by the model. The notifications
 * (Context: process) carry the result alone.
 */
static int hdrm_result_prepare(const struct hdrm_nl_req *req, void *data)
{
	struct hdrm_result_msg *m = data;

	if (!req->port || !hdrm_result_copy(req->port, m)) {
		NL_SET_ERR_MSG(req->extack, "no measurement of this device yet");
		return -ENODATA;
	}
	if (req->cmd == DCB_HDRM_CMD_RESULT_GET)
		hdrm_result_model(req->port, m);
	return 0;
}

/* result-get, and the result, apply and push notifications */
const struct hdrm_nl_msg_ops hdrm_nl_result_ops = {
	.ifindex_attr	= DCB_HDRM_A_RESULT_IFINDEX,
	.data_size	= sizeof(struct hdrm_result_msg),
	.prepare	= hdrm_result_prepare,
	.fill		= hdrm_result_fill,
};

/*
 * DCB_HDRM_CMD_SAMPLES_GET: the raw round trips of the device's last local
 * measurement, copied under the port's lock (a new measurement replaces
 * them whole) into a buffer sized for the most probes a measurement
 * sends, allocated before rtnl.
 */
struct hdrm_samples_msg {
	int ifindex;
	char ifname[IFNAMSIZ];
	u32 session;
	u32 n;
	u32 ns[HDRM_MAX_PROBES];
};

static int hdrm_samples_prepare(const struct hdrm_nl_req *req, void *data)
{
	struct hdrm_samples_msg *m = data;
	struct hdrm_port *port = req->port;
	int err = -ENODATA;

	if (!port)
		return hdrm_nl_port_missing(req->extack, NULL);
	m->ifindex = req->dev->ifindex;
	strscpy(m->ifname, req->dev->name, sizeof(m->ifname));
	spin_lock_bh(&port->lock);
	if (port->result && port->samples &&
	    port->result->source == DCB_HDRM_SOURCE_LOCAL &&
	    port->samples->session == port->result->session &&
	    port->samples->n <= HDRM_MAX_PROBES) {
		m->session = port->samples->session;
		m->n = port->samples->n;
		memcpy(m->ns, port->samples->ns, m->n * sizeof(u32));
		err = 0;
	}
	spin_unlock_bh(&port->lock);
	if (err)
		NL_SET_ERR_MSG(req->extack,
			       "no local measurement of this device to take samples from");
	return err;
}

static size_t hdrm_samples_size(const void *data)
{
	const struct hdrm_samples_msg *m = data;

	return nla_total_size(m->n * sizeof(u32)) + nla_total_size(IFNAMSIZ) +
	       2 * nla_total_size(sizeof(u32));
}

static int hdrm_samples_fill(struct sk_buff *skb, const void *data)
{
	const struct hdrm_samples_msg *m = data;

	if (nla_put_u32(skb, DCB_HDRM_A_SAMPLES_IFINDEX, m->ifindex) ||
	    nla_put_string(skb, DCB_HDRM_A_SAMPLES_IFNAME, m->ifname) ||
	    nla_put_u32(skb, DCB_HDRM_A_SAMPLES_SESSION, m->session) ||
	    nla_put(skb, DCB_HDRM_A_SAMPLES_RTT, m->n * sizeof(u32), m->ns))
		return -EMSGSIZE;
	return 0;
}

const struct hdrm_nl_msg_ops hdrm_nl_samples_ops = {
	.ifindex_attr	= DCB_HDRM_A_SAMPLES_IFINDEX,
	.data_size	= sizeof(struct hdrm_samples_msg),
	.prepare	= hdrm_samples_prepare,
	.reply_size	= hdrm_samples_size,
	.fill		= hdrm_samples_fill,
};
