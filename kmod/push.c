// SPDX-License-Identifier: GPL-2.0
/*
 * The push (US 2025/0267110 A1, [0144] and [0167]-[0169]; the second
 * sequence of Documentation/wire-format.rst): the initiator sends its
 * measured headroom to the peer in a configuration frame, and the peer
 * holds it (and applies it) only when it accepts pushes and every value is
 * within its own bounds, and says so in an acknowledgment.
 *
 * The receive side runs in softirq: it hands configuration frames to
 * port->rx_push_work, which needs rtnl for the driver's DCB operations and
 * only ever trylocks it (see dcb_hdrm.h). The initiator's port->push_work
 * sends the configuration frame again until the peer answers, and
 * announces the answer.
 */
#include <linux/etherdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "dcb_hdrm.h"
#include "trace.h"
#include "lib/hdrm_ratelimit.h"

static_assert(HDRM_REASON_NONE == DCB_HDRM_PUSH_REASON_NONE);
static_assert(HDRM_REASON_POLICY == DCB_HDRM_PUSH_REASON_POLICY);
static_assert(HDRM_REASON_NO_CAP == DCB_HDRM_PUSH_REASON_NO_CAP);
static_assert(HDRM_REASON_SENDER_NO_CAP == DCB_HDRM_PUSH_REASON_SENDER_NO_CAP);
static_assert(HDRM_REASON_BOUNDS == DCB_HDRM_PUSH_REASON_BOUNDS);
static_assert(HDRM_REASON_APPLY == DCB_HDRM_PUSH_REASON_APPLY_FAILED);
static_assert(HDRM_REASON_BUSY == DCB_HDRM_PUSH_REASON_BUSY);
static_assert(HDRM_REASON_RATE == DCB_HDRM_PUSH_REASON_RATE);
static_assert(HDRM_FIELD_SPEED == DCB_HDRM_PUSH_FIELD_SPEED);
static_assert(HDRM_FIELD_RTT == DCB_HDRM_PUSH_FIELD_RTT);
static_assert(HDRM_FIELD_PRECISION == DCB_HDRM_PUSH_FIELD_PRECISION);
static_assert(HDRM_FIELD_HEADROOM == DCB_HDRM_PUSH_FIELD_HEADROOM);
static_assert(HDRM_FIELD_PRIOS == DCB_HDRM_PUSH_FIELD_PRIOS);
static_assert(HDRM_ACK_APPLIED == DCB_HDRM_PUSH_STATUS_APPLIED);
static_assert(HDRM_ACK_REFUSED == DCB_HDRM_PUSH_STATUS_REFUSED);

/* A configuration frame: queue it for rx_push_work, or answer now. */
void hdrm_push_rx_config(struct hdrm_port *port, enum hdrm_encap encap,
			 const u8 *src, const struct hdrm_ctl *c, u64 now)
{
	struct hdrm_ctl ack = {
		.type = HDRM_CTL_CONFIG_ACK,
		.session = c->session,
		.has_ack = true,
	};
	bool send = false;

	spin_lock(&port->lock);
	if (!hdrm_rl_allow(&port->ctl_tat, now, HDRM_CTL_RATE)) {
		spin_unlock(&port->lock);
		atomic64_inc(&port->ctr.rate_limited);
		return;
	}
	if (port->last_ack.session == c->session) {
		/* Our acknowledgment was lost: the same answer again. */
		ack = port->last_ack;
		send = true;
	} else if (port->rx_push.pending) {
		/* The same push sent again is already being handled. */
		if (port->rx_push.frame.session != c->session) {
			ack.status = HDRM_ACK_REFUSED;
			ack.reason = HDRM_REASON_BUSY;
			send = true;
		}
	} else if (!port->dead) {
		port->rx_push.pending = true;
		port->rx_push.encap = encap;
		ether_addr_copy(port->rx_push.src, src);
		port->rx_push.frame = *c;
		/* Under the lock, so that teardown's cancel comes after. */
		mod_delayed_work(system_wq, &port->rx_push_work, 0);
	}
	spin_unlock(&port->lock);
	if (send)
		hdrm_ctl_send(port, encap, &ack);
}

/* The peer's acknowledgment of our push. */
void hdrm_push_rx_ack(struct hdrm_port *port, const struct hdrm_ctl *c)
{
	struct hdrm_push *push = &port->push;
	bool stale = true;

	spin_lock(&port->lock);
	if (push->session == c->session &&
	    push->status == DCB_HDRM_PUSH_STATUS_PENDING) {
		stale = false;
		push->status = c->status;
		push->reason = c->reason;
		push->field = c->field;
		push->prio = c->prio;
		push->value = c->value;
		push->limit = c->limit;
		trace_dcb_hdrm_push(port, HDRM_TRACE_PUSH_ACKED, &push->frame, c);
		if (!port->dead)
			mod_delayed_work(system_wq, &port->push_work, 0);
	}
	spin_unlock(&port->lock);
	if (stale)
		atomic64_inc(&port->ctr.stale);
}

/**
 * hdrm_push_prepare() - the configuration frame that pushes a result
 * @port: the port
 * @r: the result, status ok, not yet the port's
 * @encap: the encapsulation its measurement used
 *
 * Context: process. port->push_work sends it once queued.
 */
void hdrm_push_prepare(struct hdrm_port *port, const struct hdrm_result *r,
		       enum hdrm_encap encap)
{
	struct hdrm_ctl c = {
		.type = HDRM_CTL_CONFIG,
		.session = r->session,
		.has_link = true,
		.rtt_ns = min_t(u64, r->rtt_estimate, U32_MAX),
		.precision_ns = r->precision,
		.speed = r->speed,
		.has_headroom = true,
		.prio_mask = r->prio_mask,
	};
	int prio;

	for (prio = 0; prio < HDRM_PRIOS; prio++)
		if (r->prio_mask & BIT(prio))
			c.headroom[prio] = min_t(u64, r->headroom_bytes[prio],
						 U32_MAX);
	spin_lock_bh(&port->lock);
	memset(&port->push, 0, sizeof(port->push));
	port->push.session = r->session;
	port->push.status = DCB_HDRM_PUSH_STATUS_PENDING;
	port->push.encap = encap;
	port->push.frame = c;
	spin_unlock_bh(&port->lock);
}

void hdrm_push_work(struct work_struct *work)
{
	struct hdrm_port *port = container_of(to_delayed_work(work),
					      struct hdrm_port, push_work);
	struct hdrm_push *push = &port->push;
	bool notify = false, send = false;
	enum hdrm_encap encap;
	struct hdrm_ctl c;

	spin_lock_bh(&port->lock);
	if (push->session && push->status == DCB_HDRM_PUSH_STATUS_PENDING &&
	    push->tries == HDRM_PUSH_TRIES)
		push->status = DCB_HDRM_PUSH_STATUS_NO_ANSWER;
	if (!push->session) {
		/* nothing to do */
	} else if (push->status != DCB_HDRM_PUSH_STATUS_PENDING) {
		notify = !push->notified;
		push->notified = true;
	} else {
		push->tries++;
		c = push->frame;
		encap = push->encap;
		send = true;
	}
	spin_unlock_bh(&port->lock);
	if (send) {
		trace_dcb_hdrm_push(port, HDRM_TRACE_PUSH_SENT, &c, NULL);
		hdrm_ctl_send(port, encap, &c);
		queue_delayed_work(system_wq, &port->push_work,
				   msecs_to_jiffies(HDRM_PUSH_WAIT_MS));
	}
	if (notify)
		hdrm_notify(port, DCB_HDRM_CMD_PUSH_NTF, 0);
}

/*
 * A pushed headroom as this end holds it: the peer's round trip and
 * precision (what it measured of the cable), with this end's own speed,
 * maximum frames, K and cell, recomputed by this end's arithmetic rather
 * than trusted as bytes. K as a local result takes it (hdrm_k_choose()):
 * with k-measured, this end's measurement of the peer's response @km,
 * which is the response a headroom here must hold. With @floor, each
 * priority's headroom for a round trip of 0 instead
 * (hdrm_push_bounds.floor). Returns 0, or the first priority the
 * arithmetic refuses (its maximum frame out of bounds) + 1.
 */
static int hdrm_push_local(const struct hdrm_ctl *c,
			   const struct hdrm_config *cfg,
			   const struct hdrm_k_measured *km, u32 speed, u32 mtu,
			   bool floor, struct hdrm_result *r)
{
	struct hdrm_calc_in in = {
		.rtt_ns = floor ? 0 : c->rtt_ns,
		.precision_ns = floor ? 0 : c->precision_ns,
		.speed_mbps = speed,
		.measure_frame = HDRM_FRAME_WIRE_LEN,
		.cell_bytes = cfg->cell,
		.link_frame = hdrm_link_frame(cfg->max_frame, mtu),
		.small_pct = cfg->small_pct,
	};
	struct hdrm_calc_out out;
	int prio;

	memset(r, 0, sizeof(*r));
	r->k_source = hdrm_k_choose(cfg->k_measured && km->valid, km->k_ns,
				    cfg->k_override, speed, &in.k_bytes);
	r->session = c->session;
	r->status = DCB_HDRM_STATUS_OK;
	r->mode = DCB_HDRM_MODE_4TS;
	r->estimator = DCB_HDRM_ESTIMATOR_MIN;
	r->source = DCB_HDRM_SOURCE_PEER;
	r->rtt_estimate = in.rtt_ns;
	r->precision = in.precision_ns;
	r->speed = speed;
	r->k_bytes = in.k_bytes;
	r->k_table_bytes = hdrm_k_bytes(speed);
	r->cell = cfg->cell;
	r->small_pct = cfg->small_pct;
	r->link_frame = in.link_frame;
	r->prio_mask = c->prio_mask;
	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		if (!(c->prio_mask & BIT(prio)))
			continue;
		in.max_frame = cfg->max_frame[prio] ?:
			       hdrm_default_max_frame(mtu);
		if (hdrm_headroom(&in, &out))
			return prio + 1;
		r->max_frame[prio] = in.max_frame;
		r->occupancy_permille = out.occupancy_permille;
		r->packed_bytes[prio] = out.frame_bytes;
		r->headroom_bytes[prio] = out.headroom_bytes;
		r->headroom_cells[prio] = out.headroom_cells;
		r->inflight_bytes[prio] = out.inflight_bytes;
	}
	r->ended_ns = ktime_get_ns();
	return 0;
}

/*
 * Decide on a pushed headroom and, when accepted, hold (and apply) it.
 * Context: rtnl held. Returns whether the driver was written to.
 */
static bool hdrm_rx_push_decide(struct hdrm_port *port,
				const struct hdrm_ctl *c,
				struct hdrm_result *r, struct hdrm_ctl *ack)
{
	struct net_device *dev = port->dev;
	struct hdrm_push_bounds b = {
		.max_rtt_ns = HDRM_PUSH_MAX_RTT_NS,
		.max_precision_ns = HDRM_CALC_MAX_PRECISION_NS,
		.min_headroom = HDRM_PUSH_MIN_HEADROOM,
		.max_headroom = HDRM_PUSH_MAX_HEADROOM,
	};
	struct hdrm_k_measured km;
	u32 total, speed, mtu;
	struct hdrm_config cfg;
	u8 cell_source;
	bool sender_cap;
	int err, prio;

	ASSERT_RTNL();
	spin_lock_bh(&port->lock);
	cfg = port->cfg;
	km = port->k_meas;
	sender_cap = port->peer.known && port->peer.auto_hdrm;
	if (cfg.auto_hdrm && !sender_cap)
		hdrm_peer_no_cap_locked(port);
	spin_unlock_bh(&port->lock);
	ack->status = HDRM_ACK_REFUSED;
	if (!cfg.auto_hdrm) {
		ack->reason = HDRM_REASON_NO_CAP;
		return false;
	}
	/* US 2025/0267110 A1, claims 8 and 23: only from a capable peer */
	if (!sender_cap) {
		ack->reason = HDRM_REASON_SENDER_NO_CAP;
		return false;
	}
	if (!cfg.accept_push) {
		ack->reason = HDRM_REASON_POLICY;
		return false;
	}
	b.speed = cfg.speed_override ?: hdrm_drv_speed(dev);
	total = hdrm_drv_buffer_total(dev);
	if (total && total < b.max_headroom)
		b.max_headroom = total;
	/* The link's speed: this end's, or the peer's where this end's is unknown. */
	speed = b.speed ?: c->speed;
	mtu = READ_ONCE(dev->mtu);
	cfg.cell = hdrm_drv_cell(dev, cfg.cell, &cell_source);
	if (!hdrm_push_local(c, &cfg, &km, speed, mtu, true, r))
		for (prio = 0; prio < HDRM_PRIOS; prio++)
			b.floor[prio] = min_t(u64, r->headroom_bytes[prio],
					      U32_MAX);
	if (hdrm_push_check(c, &b, ack))
		return false;
	prio = hdrm_push_local(c, &cfg, &km, speed, mtu, false, r);
	r->cell_source = cell_source;
	if (prio) {
		/* A maximum frame here beyond the arithmetic's bounds. */
		ack->status = HDRM_ACK_REFUSED;
		ack->reason = HDRM_REASON_BOUNDS;
		ack->field = HDRM_FIELD_HEADROOM;
		ack->prio = prio - 1;
		ack->value = c->headroom[prio - 1];
		ack->limit = 0;
		return false;
	}
	if (cfg.apply == DCB_HDRM_APPLY_NONE)
		return false;
	err = hdrm_apply_now(port, r, cfg.apply);
	if (err) {
		ack->status = HDRM_ACK_REFUSED;
		ack->reason = HDRM_REASON_APPLY;
		ack->value = -err;
	}
	return true;
}

void hdrm_rx_push_work(struct work_struct *work)
{
	struct hdrm_port *port = container_of(to_delayed_work(work),
					      struct hdrm_port, rx_push_work);
	struct hdrm_ctl c, ack = { .type = HDRM_CTL_CONFIG_ACK, .has_ack = true };
	struct hdrm_result *r, *old = NULL;
	enum hdrm_encap encap;
	bool applied, held;
	u8 src[ETH_ALEN];

	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r) {
		queue_delayed_work(system_wq, &port->rx_push_work, HZ / 10);
		return;
	}
	if (!rtnl_trylock()) {
		kfree(r);
		queue_delayed_work(system_wq, &port->rx_push_work, 1);
		return;
	}
	spin_lock_bh(&port->lock);
	if (!port->rx_push.pending) {
		spin_unlock_bh(&port->lock);
		rtnl_unlock();
		kfree(r);
		return;
	}
	c = port->rx_push.frame;
	encap = port->rx_push.encap;
	ether_addr_copy(src, port->rx_push.src);
	spin_unlock_bh(&port->lock);

	ack.session = c.session;
	applied = hdrm_rx_push_decide(port, &c, r, &ack);
	trace_dcb_hdrm_push(port, HDRM_TRACE_PUSH_RECEIVED, &c, &ack);
	rtnl_unlock();

	r->encap = encap;	/* the push's own, as the result says */
	held = ack.status == HDRM_ACK_APPLIED;
	spin_lock_bh(&port->lock);
	if (held) {
		old = port->result;
		port->result = r;
		r = NULL;
	}
	port->last_ack = ack;
	port->rx_push.pending = false;
	spin_unlock_bh(&port->lock);
	kfree(old);
	kfree(r);

	atomic64_inc(held ? &port->ctr.push_applied : &port->ctr.push_refused);
	if (held)
		net_info_ratelimited("dcb_hdrm: %s: holding the headroom %pM pushed (session %08x)\n",
				     port->dev->name, src, c.session);
	else
		net_info_ratelimited("dcb_hdrm: %s: refused the headroom %pM pushed (session %08x, reason %u)\n",
				     port->dev->name, src, c.session,
				     ack.reason);
	hdrm_ctl_send(port, encap, &ack);
	if (held)
		hdrm_notify(port, DCB_HDRM_CMD_RESULT_NTF, 0);
	if (applied)
		hdrm_notify(port, DCB_HDRM_CMD_APPLY_NTF, 0);
}
