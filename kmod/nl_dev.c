// SPDX-License-Identifier: GPL-2.0
/*
 * DCB_HDRM_CMD_DEV_GET / DEV_SET: the Ethernet devices of the caller's
 * network namespace, what the headroom computation knows about them, their
 * measurement parameters and their frame counters.
 */
#include <linux/rtnetlink.h>
#include <net/genetlink.h>
#include <uapi/linux/dcb_hdrm.h>

#include "dcb_hdrm.h"
#include "nl_gen.h"

/* The counters a dev message carries, in the order it puts them. */
static const struct {
	int attr;
	size_t off;
} hdrm_stats_map[] = {
	{ DCB_HDRM_A_STATS_RX_REQUESTS, offsetof(struct hdrm_counters, rx_requests) },
	{ DCB_HDRM_A_STATS_REFLECTED, offsetof(struct hdrm_counters, reflected) },
	{ DCB_HDRM_A_STATS_RATE_LIMITED, offsetof(struct hdrm_counters, rate_limited) },
	{ DCB_HDRM_A_STATS_NOT_REFLECTING, offsetof(struct hdrm_counters, not_reflecting) },
	{ DCB_HDRM_A_STATS_MALFORMED, offsetof(struct hdrm_counters, malformed) },
	{ DCB_HDRM_A_STATS_RX_REPLIES, offsetof(struct hdrm_counters, rx_replies) },
	{ DCB_HDRM_A_STATS_STALE, offsetof(struct hdrm_counters, stale) },
	{ DCB_HDRM_A_STATS_TX_PROBES, offsetof(struct hdrm_counters, tx_probes) },
	{ DCB_HDRM_A_STATS_TX_ERRORS, offsetof(struct hdrm_counters, tx_errors) },
	{ DCB_HDRM_A_STATS_REMEASURED, offsetof(struct hdrm_counters, remeasured) },
	{ DCB_HDRM_A_STATS_APPLIED, offsetof(struct hdrm_counters, applied) },
	{ DCB_HDRM_A_STATS_APPLY_ERRORS, offsetof(struct hdrm_counters, apply_errors) },
	{ DCB_HDRM_A_STATS_RX_CONTROL, offsetof(struct hdrm_counters, rx_control) },
	{ DCB_HDRM_A_STATS_TX_CONTROL, offsetof(struct hdrm_counters, tx_control) },
	{ DCB_HDRM_A_STATS_PUSH_APPLIED, offsetof(struct hdrm_counters, push_applied) },
	{ DCB_HDRM_A_STATS_PUSH_REFUSED, offsetof(struct hdrm_counters, push_refused) },
	{ DCB_HDRM_A_STATS_FOREIGN, offsetof(struct hdrm_counters, foreign) },
	{ DCB_HDRM_A_STATS_PEER_NO_CAP, offsetof(struct hdrm_counters, peer_no_cap) },
	{ DCB_HDRM_A_STATS_PTP_OTHERS, offsetof(struct hdrm_counters, ptp_others) },
	{ DCB_HDRM_A_STATS_STREAM_GRANTED, offsetof(struct hdrm_counters, stream_granted) },
	{ DCB_HDRM_A_STATS_STREAM_REFUSED, offsetof(struct hdrm_counters, stream_refused) },
	{ DCB_HDRM_A_STATS_STREAM_FRAMES_SENT, offsetof(struct hdrm_counters, stream_frames_sent) },
	{ DCB_HDRM_A_STATS_RX_STREAM, offsetof(struct hdrm_counters, rx_stream) },
};

/*
 * Everything a dev message says, copied from the device, its driver and
 * its port by hdrm_dev_prepare(); hdrm_dev_fill() only puts it.
 */
struct hdrm_dev_msg {
	int ifindex;
	char ifname[IFNAMSIZ];
	bool has_dcb;
	u32 dcb_ops;
	u32 mtu;
	bool carrier;
	u32 caps;
	u32 speed;			/* 0 = unknown, left out */
	bool has_port;
	/* the port's, when has_port */
	struct hdrm_config cfg;
	struct hdrm_k_measured k_meas;
	struct hdrm_peer peer;
	u64 peer_age_ms;
	struct hdrm_last last;
	struct hdrm_ts_caps ts;
	u64 stats[ARRAY_SIZE(hdrm_stats_map)];
	/* the driver's DCB state, when has_port and has_dcb */
	char driver[HDRM_DRV_NAME_LEN];
	u8 delay_unit;
	u8 model;			/* enum dcb_hdrm_model in use */
	bool tc_mode;			/* mlxsw in TC mode made it none */
	bool has_pfc;
	struct hdrm_drv_pfc pfc;
	bool has_buf;
	struct hdrm_buffers buf;
	/* the manual setting of last, when has_dcb and last.session */
	bool has_manual;
	struct hdrm_manual manual;
};

/*
 * mlx5 and mlxsw: what apply auto would write for the last measurement,
 * as the line to type when the peer cannot take part (US 2025/0267110 A1,
 * claims 8 and 23). Generic and none carry only the model: the tool words
 * those. Context: rtnl held.
 */
static void hdrm_dev_manual(struct net_device *dev, struct hdrm_port *port,
			    struct hdrm_dev_msg *m)
{
	struct hdrm_manual *man = &m->manual;
	struct hdrm_model_plan *plan;
	struct hdrm_model_state cur;
	struct hdrm_model_need n;
	struct hdrm_model_dev d;
	unsigned int p;
	u8 cell_source;
	u32 cell;
	int err;

	if (!m->last.session)
		return;
	m->has_manual = true;
	man->model = m->model;
	if (m->model != DCB_HDRM_MODEL_MLX5 && m->model != DCB_HDRM_MODEL_MLXSW)
		return;
	man->delay_unit = m->delay_unit;
	cell = hdrm_drv_cell(dev, m->cfg.cell, &cell_source);
	hdrm_drv_model_dev(dev, m->model, m->delay_unit, m->last.speed,
			   hdrm_model_cell(m->model, cell), &d);
	hdrm_drv_model_state(dev, &cur);
	memset(&n, 0, sizeof(n));
	n.mask = m->last.prio_mask;
	for (p = 0; p < HDRM_PRIOS; p++)
		n.bytes[p] = m->last.headroom_bytes[p];
	n.allowance_ns = hdrm_allowance_ns(m->last.rtt_estimate,
					   m->last.precision);
	plan = kmalloc(sizeof(*plan), GFP_KERNEL);
	if (!plan) {
		man->error = ENOMEM;
		return;
	}
	err = hdrm_model_plan(&d, &cur, &n, HDRM_METHOD_AUTO, plan);
	if (err) {
		man->error = -err;
		man->rule = plan->rule;
		man->rule_have = plan->rule_have;
		man->rule_need = plan->rule_need;
		goto out;
	}
	man->has_delay = plan->write_delay;
	man->delay = plan->next.delay;
	if (plan->write_buf) {
		man->grow = plan->next.buf;
		man->grow_mask = plan->lossless;
	} else if (m->model == DCB_HDRM_MODEL_MLX5 && cur.has_buf &&
		   !port->buf_sw_owned &&
		   !hdrm_mlx5_take_buffers(&d, &cur.buf, plan->lossless,
					   plan->next.delay, &man->take)) {
		for (p = 0; p < HDRM_BUFFERS; p++)
			if (man->take.size[p] != cur.buf.size[p])
				man->take_mask |= BIT(p);
	}
out:
	kfree(plan);
}

/*
 * The prepare step: reads the device, its driver and its port.
 * Context: rtnl held (link settings and DCB are read through the driver).
 */
static int hdrm_dev_prepare(const struct hdrm_nl_req *req, void *data)
{
	struct net_device *dev = req->dev;
	struct hdrm_port *port = req->port;
	struct hdrm_dev_msg *m = data;
	unsigned int i;

	ASSERT_RTNL();
	m->ifindex = dev->ifindex;
	strscpy(m->ifname, dev->name, sizeof(m->ifname));
	m->has_dcb = hdrm_drv_has_dcb(dev);
	m->dcb_ops = hdrm_drv_dcb_ops(dev);
	m->mtu = READ_ONCE(dev->mtu);
	m->carrier = netif_carrier_ok(dev);
	if (port)
		m->caps = DCB_HDRM_CAPS_REFLECT | DCB_HDRM_CAPS_MEASURE;
	m->speed = hdrm_drv_speed(dev);
	if (!port)
		return 0;
	m->has_port = true;
	hdrm_drv_ts_refresh(port);
	spin_lock_bh(&port->lock);
	m->ts = port->ts;
	m->cfg = port->cfg;
	m->k_meas = port->k_meas;
	m->peer = port->peer;
	m->last = port->last;
	spin_unlock_bh(&port->lock);
	if (m->peer.known)
		m->peer_age_ms = div_u64(ktime_get_ns() - m->peer.learned_ns,
					 NSEC_PER_MSEC);
	for (i = 0; i < ARRAY_SIZE(hdrm_stats_map); i++)
		m->stats[i] = atomic64_read((const void *)&port->ctr +
					    hdrm_stats_map[i].off);
	if (!m->has_dcb)
		return 0;
	hdrm_drv_name(dev, m->driver);
	m->model = hdrm_drv_model_in_use(dev, m->driver, m->cfg.model,
					 &m->tc_mode);
	m->delay_unit = hdrm_drv_model_unit_of(m->driver, m->model,
					       m->cfg.delay_unit);
	m->has_pfc = !hdrm_drv_get_pfc(dev, &m->pfc);
	m->has_buf = !hdrm_drv_get_buffer(dev, &m->buf);
	hdrm_dev_manual(dev, port, m);
	return 0;
}

static int hdrm_put_stats(struct sk_buff *skb, const struct hdrm_dev_msg *m)
{
	struct nlattr *nest;
	unsigned int i;

	nest = nla_nest_start(skb, DCB_HDRM_A_DEV_STATS);
	if (!nest)
		return -EMSGSIZE;
	for (i = 0; i < ARRAY_SIZE(hdrm_stats_map); i++) {
		if (nla_put_u64_64bit(skb, hdrm_stats_map[i].attr, m->stats[i],
				      DCB_HDRM_A_STATS_PAD)) {
			nla_nest_cancel(skb, nest);
			return -EMSGSIZE;
		}
	}
	nla_nest_end(skb, nest);
	return 0;
}

static int hdrm_put_config(struct sk_buff *skb, const struct hdrm_config *cfg)
{
	struct nlattr *nest;
	int prio;

	if (nla_put_u8(skb, DCB_HDRM_A_DEV_REFLECT, cfg->reflect) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_REFLECT_RATE, cfg->reflect_rate) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_ENCAP, cfg->encap) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_SPEED_OVERRIDE, cfg->speed_override) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_K_OVERRIDE, cfg->k_override) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_CELL, cfg->cell) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_PRIO_MASK, cfg->prio_mask) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_PRECISION_OVERRIDE,
			cfg->precision_override) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_APPLY, cfg->apply) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_DELAY_UNIT, cfg->delay_unit) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_REMEASURE, cfg->remeasure) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_REMEASURE_PERIOD,
			cfg->remeasure_period) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_AUTO_HDRM, cfg->auto_hdrm) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_ACCEPT_PUSH, cfg->accept_push) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_ACCEPT_STREAM, cfg->accept_stream) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_K_MEASURED, cfg->k_measured) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_TS_MODE, cfg->ts_mode) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_MODEL, cfg->model) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_METHOD, cfg->method) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_PTP_DOMAIN, cfg->ptp_domain) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_PTP_SDO, cfg->ptp_sdo) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_SMALL_PACKET_PERCENT,
		       cfg->small_pct))
		return -EMSGSIZE;
	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		if (!cfg->max_frame[prio])
			continue;
		nest = nla_nest_start(skb, DCB_HDRM_A_DEV_MAX_FRAME);
		if (!nest ||
		    nla_put_u32(skb, DCB_HDRM_A_PRIO_FRAME_PRIO, prio) ||
		    nla_put_u32(skb, DCB_HDRM_A_PRIO_FRAME_BYTES,
				cfg->max_frame[prio]))
			return -EMSGSIZE;
		nla_nest_end(skb, nest);
	}
	return 0;
}

/* The peer nest; nothing before the peer is known. */
static int hdrm_put_peer(struct sk_buff *skb, const struct hdrm_dev_msg *m)
{
	const struct hdrm_peer *peer = &m->peer;
	struct nlattr *nest;

	if (!peer->known)
		return 0;
	nest = nla_nest_start(skb, DCB_HDRM_A_DEV_PEER);
	if (!nest ||
	    nla_put_u8(skb, DCB_HDRM_A_PEER_AUTO_HDRM, peer->auto_hdrm) ||
	    (peer->has_accept_push &&
	     nla_put_u8(skb, DCB_HDRM_A_PEER_ACCEPT_PUSH, peer->accept_push)) ||
	    nla_put_u32(skb, DCB_HDRM_A_PEER_VIA, peer->via) ||
	    nla_put_u64_64bit(skb, DCB_HDRM_A_PEER_AGE, m->peer_age_ms,
			      DCB_HDRM_A_PEER_PAD))
		return -EMSGSIZE;
	if (peer->has_tscap &&
	    (nla_put_u8(skb, DCB_HDRM_A_PEER_TWO_STEP,
			!!(peer->tscap & HDRM_TSCAP_TWOSTEP)) ||
	     nla_put_u8(skb, DCB_HDRM_A_PEER_HW_TIMESTAMPING,
			!!(peer->tscap & HDRM_TSCAP_HARDWARE)) ||
	     (peer->hw_resolution &&
	      nla_put_u32(skb, DCB_HDRM_A_PEER_HW_RESOLUTION,
			  peer->hw_resolution))))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* The driver's PFC and buffers; nothing when it has no DCB operations. */
static int hdrm_put_dcb_state(struct sk_buff *skb,
			      const struct hdrm_dev_msg *m)
{
	struct nlattr *nest;

	if (!m->has_dcb)
		return 0;
	nest = nla_nest_start(skb, DCB_HDRM_A_DEV_DCB_STATE);
	if (!nest ||
	    nla_put_string(skb, DCB_HDRM_A_DCB_STATE_DRIVER, m->driver) ||
	    nla_put_u32(skb, DCB_HDRM_A_DCB_STATE_DELAY_UNIT, m->delay_unit))
		return -EMSGSIZE;
	if (m->has_pfc &&
	    (nla_put_u32(skb, DCB_HDRM_A_DCB_STATE_PFC_CAP, m->pfc.cap) ||
	     nla_put_u32(skb, DCB_HDRM_A_DCB_STATE_PFC_EN, m->pfc.en) ||
	     nla_put_u32(skb, DCB_HDRM_A_DCB_STATE_PFC_DELAY, m->pfc.delay)))
		return -EMSGSIZE;
	if (m->has_buf &&
	    (hdrm_nl_put_buffers(skb, DCB_HDRM_A_DCB_STATE_BUFFER, &m->buf,
				 NULL, NULL, 0) ||
	     nla_put_u32(skb, DCB_HDRM_A_DCB_STATE_BUFFER_TOTAL, m->buf.total)))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* Buffers @mask of @b, one nest each (index, size). */
static int hdrm_put_sizes(struct sk_buff *skb, int attr,
			  const struct hdrm_buffers *b, u8 mask)
{
	struct nlattr *nest;
	int i;

	for (i = 0; i < HDRM_BUFFERS; i++) {
		if (!(mask & BIT(i)))
			continue;
		nest = nla_nest_start(skb, attr);
		if (!nest ||
		    nla_put_u32(skb, DCB_HDRM_A_BUFFER_INDEX, i) ||
		    nla_put_u32(skb, DCB_HDRM_A_BUFFER_SIZE, b->size[i]))
			return -EMSGSIZE;
		nla_nest_end(skb, nest);
	}
	return 0;
}

static int hdrm_put_manual(struct sk_buff *skb, const struct hdrm_manual *man)
{
	struct nlattr *nest;

	nest = nla_nest_start(skb, DCB_HDRM_A_LAST_MEASURED_MANUAL);
	if (!nest ||
	    nla_put_u8(skb, DCB_HDRM_A_MANUAL_MODEL, man->model))
		return -EMSGSIZE;
	if (man->error &&
	    (nla_put_u32(skb, DCB_HDRM_A_MANUAL_ERROR, man->error) ||
	     (man->rule &&
	      (nla_put_u8(skb, DCB_HDRM_A_MANUAL_RULE, man->rule) ||
	       nla_put_u64_64bit(skb, DCB_HDRM_A_MANUAL_RULE_HAVE,
				 man->rule_have, DCB_HDRM_A_MANUAL_PAD) ||
	       nla_put_u64_64bit(skb, DCB_HDRM_A_MANUAL_RULE_NEED,
				 man->rule_need, DCB_HDRM_A_MANUAL_PAD)))))
		return -EMSGSIZE;
	if (man->has_delay &&
	    (nla_put_u32(skb, DCB_HDRM_A_MANUAL_DELAY, man->delay) ||
	     nla_put_u32(skb, DCB_HDRM_A_MANUAL_DELAY_UNIT, man->delay_unit)))
		return -EMSGSIZE;
	if (hdrm_put_sizes(skb, DCB_HDRM_A_MANUAL_BUFFER, &man->grow,
			   man->grow_mask) ||
	    hdrm_put_sizes(skb, DCB_HDRM_A_MANUAL_TAKE, &man->take,
			   man->take_mask))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* The last successful local measurement; nothing before the first. */
static int hdrm_put_last(struct sk_buff *skb, const struct hdrm_last *last,
			 const struct hdrm_manual *man)
{
	struct nlattr *nest, *pn;
	int prio;

	if (!last->session)
		return 0;
	nest = nla_nest_start(skb, DCB_HDRM_A_DEV_LAST_MEASURED);
	if (!nest ||
	    nla_put_u32(skb, DCB_HDRM_A_LAST_MEASURED_SESSION, last->session) ||
	    nla_put_u64_64bit(skb, DCB_HDRM_A_LAST_MEASURED_RTT_ESTIMATE,
			      last->rtt_estimate, DCB_HDRM_A_LAST_MEASURED_PAD) ||
	    nla_put_u32(skb, DCB_HDRM_A_LAST_MEASURED_PRECISION,
			last->precision) ||
	    nla_put_u32(skb, DCB_HDRM_A_LAST_MEASURED_SPEED, last->speed))
		return -EMSGSIZE;
	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		if (!(last->prio_mask & BIT(prio)))
			continue;
		pn = nla_nest_start(skb, DCB_HDRM_A_LAST_MEASURED_PRIO);
		if (!pn ||
		    nla_put_u32(skb, DCB_HDRM_A_PRIO_PRIO, prio) ||
		    nla_put_u64_64bit(skb, DCB_HDRM_A_PRIO_HEADROOM_BYTES,
				      last->headroom_bytes[prio],
				      DCB_HDRM_A_PRIO_PAD))
			return -EMSGSIZE;
		nla_nest_end(skb, pn);
	}
	if (man && hdrm_put_manual(skb, man))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* The fill step: puts what hdrm_dev_prepare() copied, reads nothing else. */
static int hdrm_dev_fill(struct sk_buff *skb, const void *data)
{
	const struct hdrm_dev_msg *m = data;

	if (nla_put_u32(skb, DCB_HDRM_A_DEV_IFINDEX, m->ifindex) ||
	    nla_put_string(skb, DCB_HDRM_A_DEV_IFNAME, m->ifname) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_DCB, m->has_dcb) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_DCB_OPS, m->dcb_ops) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_MTU, m->mtu) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_CARRIER, m->carrier) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_CAPS, m->caps) ||
	    (m->speed && nla_put_u32(skb, DCB_HDRM_A_DEV_SPEED, m->speed)))
		return -EMSGSIZE;

	if (m->has_port && (m->ts.flags & HDRM_TSC_HW) &&
	    (nla_put_u32(skb, DCB_HDRM_A_DEV_PHC_INDEX, m->ts.phc_index) ||
	     nla_put_u32(skb, DCB_HDRM_A_DEV_HW_RESOLUTION,
			 m->ts.hw_resolution)))
		return -EMSGSIZE;
	if (m->has_port &&
	    (hdrm_put_config(skb, &m->cfg) ||
	     (m->k_meas.valid &&
	      (nla_put_u32(skb, DCB_HDRM_A_DEV_K_MEASURED_NS, m->k_meas.k_ns) ||
	       nla_put_u8(skb, DCB_HDRM_A_DEV_K_MEASURED_PRIO,
			  m->k_meas.prio))) ||
	     hdrm_put_peer(skb, m) ||
	     hdrm_put_last(skb, &m->last,
			   m->has_manual ? &m->manual : NULL) ||
	     hdrm_put_stats(skb, m) ||
	     hdrm_put_dcb_state(skb, m) ||
	     (m->has_dcb &&
	      nla_put_u8(skb, DCB_HDRM_A_DEV_MODEL_IN_USE, m->model)) ||
	     (m->tc_mode && nla_put_u8(skb, DCB_HDRM_A_DEV_TC_MODE, 1))))
		return -EMSGSIZE;
	return 0;
}

/* dev-get, and the peer notification */
const struct hdrm_nl_msg_ops hdrm_nl_dev_ops = {
	.ifindex_attr	= DCB_HDRM_A_DEV_IFINDEX,
	.data_size	= sizeof(struct hdrm_dev_msg),
	.prepare	= hdrm_dev_prepare,
	.fill		= hdrm_dev_fill,
};

static int hdrm_parse_max_frames(struct genl_info *info,
				 struct hdrm_config *cfg)
{
	struct nlattr *tb[DCB_HDRM_A_PRIO_FRAME_MAX + 1];
	u32 seen = 0, prio, bytes;
	struct nlattr *nest;
	int rem, err;

	nlmsg_for_each_attr(nest, info->nlhdr, GENL_HDRLEN, rem) {
		if (nla_type(nest) != DCB_HDRM_A_DEV_MAX_FRAME)
			continue;
		err = nla_parse_nested(tb, DCB_HDRM_A_PRIO_FRAME_MAX, nest,
				       dcb_hdrm_prio_frame_nl_policy,
				       info->extack);
		if (err)
			return err;
		err = hdrm_nl_check_unique(nla_data(nest), nla_len(nest), 0,
					   info->extack);
		if (err)
			return err;
		if (!tb[DCB_HDRM_A_PRIO_FRAME_PRIO] ||
		    !tb[DCB_HDRM_A_PRIO_FRAME_BYTES]) {
			NL_SET_ERR_MSG_ATTR(info->extack, nest,
					    "max-frame needs a priority and a size in bytes");
			return -EINVAL;
		}
		prio = nla_get_u32(tb[DCB_HDRM_A_PRIO_FRAME_PRIO]);
		bytes = nla_get_u32(tb[DCB_HDRM_A_PRIO_FRAME_BYTES]);
		if (seen & BIT(prio)) {
			NL_SET_ERR_MSG_ATTR(info->extack, nest,
					    "max-frame given twice for one priority");
			return -EINVAL;
		}
		if (bytes && bytes < ETH_ZLEN + ETH_FCS_LEN) {
			NL_SET_ERR_MSG_ATTR(info->extack,
					    tb[DCB_HDRM_A_PRIO_FRAME_BYTES],
					    "max-frame must be 0 (from the MTU) or at least 64 bytes");
			return -ERANGE;
		}
		seen |= BIT(prio);
		cfg->max_frame[prio] = bytes;
	}
	return 0;
}

int hdrm_nl_dev_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr **tb = info->attrs;
	struct hdrm_port *port;
	struct hdrm_config cfg;
	int err;

	err = hdrm_nl_check_request(info, DCB_HDRM_A_DEV_MAX_FRAME);
	if (err)
		return err;
	rtnl_lock();
	port = hdrm_nl_port_lookup(genl_info_net(info),
				   tb[DCB_HDRM_A_DEV_IFINDEX], info->extack);
	if (IS_ERR(port)) {
		err = PTR_ERR(port);
		goto out;
	}
	/* Read-modify-write of the whole configuration: all or nothing. */
	spin_lock_bh(&port->lock);
	cfg = port->cfg;
	spin_unlock_bh(&port->lock);

	if (tb[DCB_HDRM_A_DEV_REFLECT])
		cfg.reflect = nla_get_u8(tb[DCB_HDRM_A_DEV_REFLECT]);
	if (tb[DCB_HDRM_A_DEV_REFLECT_RATE])
		cfg.reflect_rate = nla_get_u32(tb[DCB_HDRM_A_DEV_REFLECT_RATE]);
	if (tb[DCB_HDRM_A_DEV_ENCAP])
		cfg.encap = nla_get_u32(tb[DCB_HDRM_A_DEV_ENCAP]);
	if (tb[DCB_HDRM_A_DEV_SPEED_OVERRIDE])
		cfg.speed_override = nla_get_u32(tb[DCB_HDRM_A_DEV_SPEED_OVERRIDE]);
	if (tb[DCB_HDRM_A_DEV_K_OVERRIDE]) {
		cfg.k_override = nla_get_u32(tb[DCB_HDRM_A_DEV_K_OVERRIDE]);
		cfg.k_measured = false;
	}
	if (tb[DCB_HDRM_A_DEV_K_MEASURED])
		cfg.k_measured = nla_get_u8(tb[DCB_HDRM_A_DEV_K_MEASURED]);
	if (tb[DCB_HDRM_A_DEV_CELL])
		cfg.cell = nla_get_u32(tb[DCB_HDRM_A_DEV_CELL]);
	if (tb[DCB_HDRM_A_DEV_SMALL_PACKET_PERCENT])
		cfg.small_pct =
			nla_get_u8(tb[DCB_HDRM_A_DEV_SMALL_PACKET_PERCENT]);
	if (tb[DCB_HDRM_A_DEV_PRIO_MASK])
		cfg.prio_mask = nla_get_u32(tb[DCB_HDRM_A_DEV_PRIO_MASK]);
	if (tb[DCB_HDRM_A_DEV_PRECISION_OVERRIDE])
		cfg.precision_override =
			nla_get_u32(tb[DCB_HDRM_A_DEV_PRECISION_OVERRIDE]);
	if (tb[DCB_HDRM_A_DEV_APPLY])
		cfg.apply = nla_get_u32(tb[DCB_HDRM_A_DEV_APPLY]);
	if (tb[DCB_HDRM_A_DEV_DELAY_UNIT])
		cfg.delay_unit = nla_get_u32(tb[DCB_HDRM_A_DEV_DELAY_UNIT]);
	if (tb[DCB_HDRM_A_DEV_REMEASURE])
		cfg.remeasure = nla_get_u8(tb[DCB_HDRM_A_DEV_REMEASURE]);
	if (tb[DCB_HDRM_A_DEV_REMEASURE_PERIOD])
		cfg.remeasure_period =
			nla_get_u32(tb[DCB_HDRM_A_DEV_REMEASURE_PERIOD]);
	if (tb[DCB_HDRM_A_DEV_AUTO_HDRM])
		cfg.auto_hdrm = nla_get_u8(tb[DCB_HDRM_A_DEV_AUTO_HDRM]);
	if (tb[DCB_HDRM_A_DEV_ACCEPT_PUSH])
		cfg.accept_push = nla_get_u8(tb[DCB_HDRM_A_DEV_ACCEPT_PUSH]);
	if (tb[DCB_HDRM_A_DEV_ACCEPT_STREAM])
		cfg.accept_stream =
			nla_get_u8(tb[DCB_HDRM_A_DEV_ACCEPT_STREAM]);
	if (tb[DCB_HDRM_A_DEV_TS_MODE])
		cfg.ts_mode = nla_get_u8(tb[DCB_HDRM_A_DEV_TS_MODE]);
	if (tb[DCB_HDRM_A_DEV_MODEL])
		cfg.model = nla_get_u8(tb[DCB_HDRM_A_DEV_MODEL]);
	if (tb[DCB_HDRM_A_DEV_METHOD])
		cfg.method = nla_get_u8(tb[DCB_HDRM_A_DEV_METHOD]);
	if (tb[DCB_HDRM_A_DEV_PTP_DOMAIN])
		cfg.ptp_domain = nla_get_u8(tb[DCB_HDRM_A_DEV_PTP_DOMAIN]);
	if (tb[DCB_HDRM_A_DEV_PTP_SDO])
		cfg.ptp_sdo = nla_get_u8(tb[DCB_HDRM_A_DEV_PTP_SDO]);
	/*
	 * ptp4l's peer delay is read by whoever asks (the tool, over ptp4l's
	 * socket) and given with the request: the module cannot read it for
	 * a re-measurement, so no device takes it for its own.
	 */
	if (cfg.method == DCB_HDRM_METHOD_PTP4L) {
		NL_SET_ERR_MSG_ATTR(info->extack, tb[DCB_HDRM_A_DEV_METHOD],
				    "method ptp4l is a measurement's, not a device's: the tool reads ptp4l's peer delay for it (measure method ptp4l)");
		err = -EINVAL;
		goto out;
	}
	err = hdrm_parse_max_frames(info, &cfg);
	if (err)
		goto out;

	spin_lock_bh(&port->lock);
	/* under the lock: a response measurement ending sets k_meas */
	if (cfg.k_measured && tb[DCB_HDRM_A_DEV_K_MEASURED] &&
	    !port->k_meas.valid) {
		spin_unlock_bh(&port->lock);
		NL_SET_ERR_MSG_ATTR(info->extack, tb[DCB_HDRM_A_DEV_K_MEASURED],
				    "k measured: no pause response has been measured on this device yet (measure ... response prio P)");
		err = -ENODATA;
		goto out;
	}
	port->cfg = cfg;
	spin_unlock_bh(&port->lock);
	/* What LLDP says of the peer (dcb-hdrm lldp listen). */
	if (tb[DCB_HDRM_A_DEV_PEER_AUTO_HDRM]) {
		u8 lldp = nla_get_u8(tb[DCB_HDRM_A_DEV_PEER_AUTO_HDRM]);

		if (lldp == DCB_HDRM_LLDP_AUTO_HDRM_WITHDRAWN)
			hdrm_peer_withdraw_lldp(port);
		else
			hdrm_peer_learn(port, lldp == DCB_HDRM_LLDP_AUTO_HDRM_ON,
					false, false, DCB_HDRM_PEER_VIA_LLDP);
	}
	/* Off means off: a re-measurement already pending is dropped. */
	if (!cfg.remeasure)
		cancel_delayed_work(&port->remeasure_work);
	/* A period (re)starts counting now; events need no kick. */
	if (cfg.remeasure && cfg.remeasure_period &&
	    (tb[DCB_HDRM_A_DEV_REMEASURE] ||
	     tb[DCB_HDRM_A_DEV_REMEASURE_PERIOD]))
		hdrm_remeasure_kick(port, cfg.remeasure_period * MSEC_PER_SEC);
out:
	rtnl_unlock();
	return err;
}
