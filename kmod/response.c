// SPDX-License-Identifier: GPL-2.0
/*
 * The measuring end of a pause-response measurement (Documentation/
 * design.rst, "Measuring the pause response"): K, the response term of
 * the headroom formula that US 2025/0267110 A1 takes from the
 * manufacturer ([0103], [0108], [0136]), measured on the link. After a
 * round trip measured as any other (session.c), each repeat asks the
 * peer for a stream of priority P (stream.c answers it there), pauses
 * the stream with a real PFC XOFF as soon as HDRM_RESPONSE_REF_FRAMES + 2
 * of its frames are in, releases it with an XON 7/8 of the pause later
 * (or later still, refreshed), and hands what arrived to
 * hdrm_response_analyse(); the repeats' figures are aggregated into the
 * result of the round trip.
 *
 * Contexts: port->resp_work (process) asks for each stream, waits out
 * its answer and its frames, analyses and ends; the receive hook
 * (softirq) takes the answer and the frames, and sends the XOFF;
 * port->resp_timer (softirq) refreshes it, then sends the XON; the
 * namespace's stamp work
 * brings the two frames' TX stamps. port->lock guards all of it. The
 * XOFF and the XON go to the driver under port->lock, so that no XON
 * ever leaves before its XOFF, and every path that ends the measurement
 * sends the XON of an XOFF that has none (hdrm_resp_xon_locked()).
 *
 * Passive (response-passive; issue 30, item 5), against a peer that runs
 * no dcb_hdrm (a switch): no stream is asked for. Each repeat puts a tap
 * on the device (a packet_type of its own, on for the repeat alone) that
 * records the frames of priority P the peer sends of its own; as soon as
 * they flow it sends the XOFF, from the tap, and the silence the pause
 * leaves in them tells when the peer stopped.
 */
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/random.h>
#include <linux/skbuff.h>
#include <linux/slab.h>

#include <net/dcbnl.h>

#include "dcb_hdrm.h"
#include "lib/hdrm_stream.h"

static_assert((int)HDRM_RESP_OK == (int)DCB_HDRM_RESPONSE_STATUS_OK);
static_assert((int)HDRM_RESP_RANGE == (int)DCB_HDRM_RESPONSE_STATUS_RANGE);
static_assert((int)HDRM_RESP_WINDOW == (int)DCB_HDRM_RESPONSE_STATUS_WINDOW);
static_assert((int)HDRM_RESP_FEW == (int)DCB_HDRM_RESPONSE_STATUS_FEW);
static_assert((int)HDRM_RESP_ORDER == (int)DCB_HDRM_RESPONSE_STATUS_ORDER);
static_assert((int)HDRM_RESP_LATE == (int)DCB_HDRM_RESPONSE_STATUS_LATE);
static_assert((int)HDRM_RESP_NOT_HELD == (int)DCB_HDRM_RESPONSE_STATUS_NOT_HELD);
static_assert((int)HDRM_RESP_SPARSE == (int)DCB_HDRM_RESPONSE_STATUS_SPARSE);
static_assert((int)HDRM_RESP_LOST == (int)DCB_HDRM_RESPONSE_STATUS_LOST);
static_assert(HDRM_RESPONSE_MAX_REPEATS ==
	      DCB_HDRM_LIMIT_MEASURE_RESPONSE_REPEATS_MAX);

/*
 * The XOFF goes from the receive path at the stream's
 * HDRM_RESPONSE_REF_FRAMES + 2nd frame, as for passive traffic: the peer
 * builds the whole stream before it sends any of it and then hands it to
 * its NIC's ring in one go (stream.c), so the frames leave back to back
 * at the line's rate, however slow its host, and when this end has
 * taken ten of them the stream still has most of its frames to go:
 * 32,768 of them, 5 ms at 25 Gb/s and 4 ms at 100 Gb/s. On a timer from
 * the grant the XOFF came before the stream when the peer took longer
 * to build it, or after a stream a shared CPU had spread out.
 */
#define HDRM_RESP_XOFF_FRAMES	(HDRM_RESPONSE_REF_FRAMES + 2)
/* A stream's first frames arrive this long after its grant, or never. */
#define HDRM_RESP_START_NS	(500 * NSEC_PER_MSEC)
/* A stream request is asked this many times, this long apart. */
#define HDRM_RESP_TRIES		3
#define HDRM_RESP_ANSWER_MS	100
/* Refused for the peer's rate: waited out this many times. */
#define HDRM_RESP_RATE_WAITS	2
/* Streams this long apart: the peer grants one a second at most. */
#define HDRM_RESP_GAP_NS	(HDRM_STREAM_MIN_GAP_NS + 50 * NSEC_PER_MSEC)
/*
 * The XON 7/8 of the XOFF's quanta after it: the pause as long as the
 * quanta allow and still ended by the XON, not by the quanta running out
 * (the XON arrives a one-way delay after it leaves, as the XOFF did). A
 * long pause is more likely to hold a frame of a stream with gaps in it
 * (a host slower than the line).
 */
#define HDRM_RESP_XON_EIGHTHS	7
/*
 * The pause lasts at least this long: where 7/8 of the quanta are
 * shorter (294 us at 100 Gb/s), the XOFF is sent again every half of its
 * quanta, as a congested PFC receiver refreshes it, half the quanta of
 * margin for a late timer, and the XON follows the last step. A stream
 * with gaps (a host slower than the line) puts no frame on the wire in a
 * short pause, and nothing is held to be seen.
 */
#define HDRM_RESP_HOLD_MIN_NS	NSEC_PER_MSEC
/* After a stream's duration and pause: its held frames' drain. */
#define HDRM_RESP_MARGIN_NS	(50 * NSEC_PER_MSEC)
/*
 * A stream's frames still coming as its recording is to end are
 * recorded on while one came within HDRM_RESP_IDLE_NS, up to
 * HDRM_RESP_LATE_NS after the grant: a host that hands them up behind
 * the wire's timeline (a NIC's ring of 32,768 frames received at a
 * guest's pace, 245 ms) has the last before the pause and the first
 * held still to give.
 */
#define HDRM_RESP_IDLE_NS	(5 * NSEC_PER_MSEC)
#define HDRM_RESP_LATE_NS	(900 * NSEC_PER_MSEC)
/*
 * Passive: how long a repeat waits for the priority's traffic to flow,
 * and how long it records after its pause and a round trip (the traffic
 * resumes then; the analysis needs the first frame after it).
 */
#define HDRM_RESP_LISTEN_MS	1000
#define HDRM_RESP_TAIL_NS	(10 * NSEC_PER_MSEC)
/* A stream of at least this many frames, at the link's speed. */
#define HDRM_RESP_MIN_STREAM	256
#define HDRM_RESP_FRAME_LEN	1514

enum hdrm_resp_state {
	HDRM_RS_WAIT,		/* until the next repeat may ask */
	HDRM_RS_ASKED,		/* the stream request is out */
	HDRM_RS_LISTEN,		/* passive: frames recorded until they flow */
	HDRM_RS_STREAM,		/* granted: frames are recorded */
	HDRM_RS_PAUSED,		/* the XOFF is out, the XON not yet */
	HDRM_RS_RELEASED,	/* the XON is out; frames still recorded */
	HDRM_RS_DONE,		/* recording over */
};

/* What a repeat's stamps and frames were taken with. */
struct hdrm_resp {
	u32 id;			/* names the XOFF and XON's TX stamps */
	u32 result_session;	/* the round trip's result */
	struct hdrm_response_start p;
	u8 state;		/* enum hdrm_resp_state */
	bool done;		/* ended: no frame, no work, no XOFF more */
	u8 end;			/* enum dcb_hdrm_response_end */
	u8 reason;		/* with end refused */
	u32 cur;		/* the repeat running */
	u8 tries, rate_waits;
	struct hdrm_ctl req;	/* this repeat's stream request */
	u64 granted_ns;		/* when its grant arrived (passive: its
				 * listening began, then its XOFF went)
				 */
	u64 end_ns;		/* when its recording ends */
	u64 last_rx_ns;		/* host ns: its last stream frame came */
	u16 duration_us;	/* as granted */
	u16 frame_len;		/* as granted */
	u64 pause_ns;		/* from the XOFF to the XON */
	u64 quanta_ns;		/* an XOFF's quanta at the speed */
	/*
	 * The pause without a hole: the clock as its last XOFF in time
	 * left (each within an XOFF's quanta of the one before), how many
	 * did, and whether one came too late (a host timer behind)
	 */
	u64 cont_clock;
	u32 cont_xoffs;
	bool hole;
	u64 step_ns;		/* from an XOFF to the next, or to the XON */
	u8 steps, xoffs;	/* XOFFs a repeat sends; sent in this one */
	bool xoff_sent, xon_sent;
	u64 xoff_clock, xon_clock;	/* the clock read as each left */
	u64 xoff_hw, xoff_sw, xon_hw, xon_sw;	/* their TX stamps */
	bool unstamped;		/* a frame without the repeat's stamp */
	u32 n;			/* arrivals recorded in this repeat */
	u32 frames, overflow;	/* over all repeats */
	struct hdrm_response_arrival *arr;	/* HDRM_RESP_MAX_ARRIVALS */
	struct hdrm_response_out out[HDRM_RESPONSE_MAX_REPEATS];
	u8 status[HDRM_RESPONSE_MAX_REPEATS];	/* enum ..._response_status */
	/* passive: the tap, on while a repeat records; how P is told */
	struct packet_type pt;
	struct hdrm_port *port;	/* the tap's */
	bool tap_on;		/* process context only */
	bool trust_dscp;	/* the device maps DSCPs to priorities */
	u64 dscp_mask;		/* then these DSCPs are P */
};

struct hdrm_resp *hdrm_response_alloc(void)
{
	struct hdrm_resp *resp;

	resp = kzalloc(sizeof(*resp), GFP_KERNEL);
	if (!resp)
		return NULL;
	resp->arr = kvcalloc(HDRM_RESP_MAX_ARRIVALS, sizeof(*resp->arr),
			     GFP_KERNEL);
	if (!resp->arr) {
		kfree(resp);
		return NULL;
	}
	return resp;
}

void hdrm_response_free(struct hdrm_resp *resp)
{
	if (!resp)
		return;
	kvfree(resp->arr);
	kfree(resp);
}

/* Ends the measurement; the first reason stays. Context: port->lock held. */
static void hdrm_resp_end_locked(struct hdrm_resp *resp, u8 end)
{
	if (resp->done)
		return;
	resp->done = true;
	resp->end = end;
}

/*
 * A PFC frame for the measurement's priority: @quanta 0xFFFF the XOFF, 0
 * the XON; its TX stamps asked for and named by the repeat. GFP_ATOMIC:
 * built under port->lock. Context: any.
 */
static struct sk_buff *hdrm_resp_pfc_skb(struct hdrm_port *port,
					 struct hdrm_resp *resp, u16 quanta)
{
	struct hdrm_probe p = {
		.session = resp->id,
		.seq = resp->cur * 2 + !quanta,
	};
	struct sk_buff *skb;

	skb = hdrm_pfc_skb(port->dev, resp->p.prio, quanta);
	if (skb && resp->p.tx_flags)
		hdrm_ts_own(skb, resp->p.tx_flags, HDRM_ENCAP_MACCTL, &p,
			    hdrm_response_tx_stamp);
	return skb;
}

/*
 * Sends the XON of an XOFF that has none, whoever calls: the timer, the
 * end of a repeat, a stop. Under the lock, so that it cannot pass the
 * XOFF; a frame that cannot be built or sent is counted, and the pause
 * then ends when its quanta run out. Context: port->lock held, BH off.
 */
static void hdrm_resp_xon_locked(struct hdrm_port *port, struct hdrm_resp *resp)
{
	struct sk_buff *skb;

	if (!resp->xoff_sent || resp->xon_sent)
		return;
	resp->xon_sent = true;
	if (resp->state == HDRM_RS_PAUSED)
		resp->state = HDRM_RS_RELEASED;
	skb = hdrm_resp_pfc_skb(port, resp, 0);
	resp->xon_clock = ktime_get_ns();
	if (skb && hdrm_ts_xmit(skb) == NETDEV_TX_OK) {
		atomic64_inc(&port->ctr.tx_control);
		return;
	}
	atomic64_inc(&port->ctr.tx_errors);
	/* without a link, nothing is paused at the other end any more */
	if (netif_running(port->dev) && netif_carrier_ok(port->dev))
		netdev_warn_once(port->dev, "dcb_hdrm: the XON of priority %u could not be sent; its pause ends when its quanta run out\n",
				 resp->p.prio);
}

/* Sends the XOFF. Context: port->lock held, BH off. */
static void hdrm_resp_xoff_locked(struct hdrm_port *port,
				  struct hdrm_resp *resp)
{
	struct sk_buff *skb;

	resp->state = HDRM_RS_PAUSED;
	skb = hdrm_resp_pfc_skb(port, resp, HDRM_RESPONSE_XOFF_QUANTA);
	if (!skb) {
		atomic64_inc(&port->ctr.tx_errors);
		return;
	}
	resp->xoff_clock = ktime_get_ns();
	resp->cont_clock = resp->xoff_clock;
	resp->cont_xoffs = 1;
	resp->hole = false;
	/* sent or not, the XON follows: the driver may have queued it */
	resp->xoff_sent = true;
	if (hdrm_ts_xmit(skb) == NETDEV_TX_OK)
		atomic64_inc(&port->ctr.tx_control);
	else
		atomic64_inc(&port->ctr.tx_errors);
}

/*
 * The XOFF again, before its quanta run out: unstamped, the first XOFF's
 * stamps time the pause. Context: port->lock held, BH off.
 */
static void hdrm_resp_refresh_locked(struct hdrm_port *port,
				     struct hdrm_resp *resp)
{
	u64 now = ktime_get_ns();
	struct sk_buff *skb;

	/* the peer's pause ran out before this one, if it came late */
	if (!resp->hole && now - resp->cont_clock <= resp->quanta_ns) {
		resp->cont_clock = now;
		resp->cont_xoffs++;
	} else {
		resp->hole = true;
	}

	skb = hdrm_pfc_skb(port->dev, resp->p.prio, HDRM_RESPONSE_XOFF_QUANTA);
	if (skb && hdrm_ts_xmit(skb) == NETDEV_TX_OK)
		atomic64_inc(&port->ctr.tx_control);
	else
		atomic64_inc(&port->ctr.tx_errors);
}

/*
 * port->resp_timer, started as the XOFF leaves (hdrm_resp_pause_locked()):
 * the XOFF again each step until HDRM_RESP_HOLD_MIN_NS, then the XON;
 * else the XON of an XOFF that has none (none, after an end).
 */
enum hrtimer_restart hdrm_response_timer(struct hrtimer *timer)
{
	struct hdrm_port *port = container_of(timer, struct hdrm_port,
					      resp_timer);
	enum hrtimer_restart ret = HRTIMER_NORESTART;
	struct hdrm_resp *resp;

	spin_lock(&port->lock);
	resp = port->resp;
	if (resp && !resp->done && resp->state == HDRM_RS_PAUSED &&
	    resp->xoffs < resp->steps) {
		hdrm_resp_refresh_locked(port, resp);
		resp->xoffs++;
		hrtimer_forward_now(timer, ns_to_ktime(resp->step_ns));
		ret = HRTIMER_RESTART;
	} else if (resp) {
		hdrm_resp_xon_locked(port, resp);
	}
	spin_unlock(&port->lock);
	return ret;
}

/**
 * hdrm_response_tx_stamp() - the driver's TX timestamp of an XOFF or XON
 * @port: the port it left on
 * @encap: MAC control, always
 * @p: its name: the measurement in session, the repeat and which in seq
 * @hw: the NIC's timestamp, or 0
 * @sw: the software one on the monotonic clock, or 0
 *
 * Context: BH off, RCU held (the namespace's stamp work).
 */
void hdrm_response_tx_stamp(struct hdrm_port *port, enum hdrm_encap encap,
			    const struct hdrm_probe *p, u64 hw, u64 sw)
{
	struct hdrm_resp *resp;
	bool xon = p->seq & 1;

	spin_lock(&port->lock);
	resp = port->resp;
	if (resp && resp->id == p->session && p->seq / 2 == resp->cur) {
		if (hw)
			*(xon ? &resp->xon_hw : &resp->xoff_hw) = hw;
		else
			*(xon ? &resp->xon_sw : &resp->xoff_sw) = sw;
	}
	spin_unlock(&port->lock);
}

/*
 * A frame length that gives the stream HDRM_RESP_MIN_STREAM frames or
 * more in its duration at @speed: 1514 bytes from 1 Gb/s up, shorter
 * below; never above what the MTU carries (the peer lowers it to its own).
 */
static u16 hdrm_resp_frame_len(u32 speed, u32 mtu)
{
	u64 room = div_u64((u64)HDRM_STREAM_MAX_US * speed,
			   8 * HDRM_RESP_MIN_STREAM);
	u32 len = HDRM_RESP_FRAME_LEN;
	u32 over = hdrm_stream_wire_bytes(HDRM_STREAM_MIN_FRAME, true) -
		   HDRM_STREAM_MIN_FRAME;

	if (room < (u64)len + over)
		len = room > over ? (u32)room - over : 0;
	if (mtu && len > mtu + HDRM_ETH_HLEN)
		len = mtu + HDRM_ETH_HLEN;
	return clamp_t(u32, len, HDRM_STREAM_MIN_FRAME, HDRM_RESP_FRAME_LEN);
}

/*
 * A new repeat: its own stream request (a new session, which the peer
 * takes for a new stream) and nothing recorded. Context: port->lock held.
 */
static void hdrm_resp_repeat_init(struct hdrm_resp *resp)
{
	struct hdrm_ctl *req = &resp->req;

	memset(req, 0, sizeof(*req));
	req->type = HDRM_CTL_STREAM_REQUEST;
	do {
		req->session = get_random_u32();
	} while (!req->session);
	req->has_stream = true;
	req->stream.prio = resp->p.prio;
	req->stream.duration_us = HDRM_STREAM_MAX_US;
	req->stream.frame_len = hdrm_resp_frame_len(resp->p.speed, resp->p.mtu);
	resp->tries = 0;
	resp->n = 0;
	resp->last_rx_ns = 0;
	resp->unstamped = false;
	resp->xoff_sent = false;
	resp->xon_sent = false;
	resp->xoff_hw = 0;
	resp->xoff_sw = 0;
	resp->xon_hw = 0;
	resp->xon_sw = 0;
}

/*
 * The repeat records for @wait ns from @from, an instant not after now:
 * resp_work ends it at end_ns. Context: port->lock held.
 */
static void hdrm_resp_record_for_locked(struct hdrm_port *port,
					struct hdrm_resp *resp, u64 from,
					u64 wait)
{
	u64 now = ktime_get_ns();

	resp->end_ns = from + wait;
	if (!port->dead)
		mod_delayed_work(system_wq, &port->resp_work,
				 resp->end_ns > now ?
				 nsecs_to_jiffies(resp->end_ns - now) + 1 : 0);
}

/*
 * The XOFF now, from the receive path, with frames of P flowing (a
 * stream's, or the peer's own traffic); the timer takes the refreshes
 * and the XON, and the repeat records for @wait ns from now. Context:
 * softirq, port->lock held.
 */
static void hdrm_resp_pause_locked(struct hdrm_port *port,
				   struct hdrm_resp *resp, u64 wait)
{
	hdrm_resp_xoff_locked(port, resp);
	resp->xoffs = 1;
	if (!port->dead && resp->xoff_sent)
		hrtimer_start(&port->resp_timer, ns_to_ktime(resp->step_ns),
			      HRTIMER_MODE_REL_SOFT);
	hdrm_resp_record_for_locked(port, resp, ktime_get_ns(), wait);
}

/*
 * The repeat's stream request, asked again with the same session when
 * unanswered (the peer then answers the same again, with no second
 * stream). Context: process (port->resp_work), port->lock held; dropped
 * while the frame goes.
 */
static void hdrm_resp_ask(struct hdrm_port *port, struct hdrm_resp *resp)
{
	struct hdrm_ctl req;

	resp->tries++;
	resp->state = HDRM_RS_ASKED;
	req = resp->req;
	spin_unlock_bh(&port->lock);
	hdrm_ctl_send(port, resp->p.encap, &req);
	spin_lock_bh(&port->lock);
	if (!resp->done && !port->dead)
		mod_delayed_work(system_wq, &port->resp_work,
				 msecs_to_jiffies(HDRM_RESP_ANSWER_MS));
}

/**
 * hdrm_response_rx_answer() - the peer's answer to a stream request
 * @port: the port it arrived on
 * @c: the decoded, validated answer
 *
 * A grant starts the repeat's recording, and the work waits out the
 * stream; a refusal for the rate waits out the peer's second, any other
 * ends the measurement with the peer's reason.
 *
 * Context: softirq. Return: false when it answers no request of ours.
 */
bool hdrm_response_rx_answer(struct hdrm_port *port, const struct hdrm_ctl *c)
{
	struct hdrm_resp *resp;
	bool taken = false;
	u64 wait;
	int err;

	spin_lock(&port->lock);
	resp = port->resp;
	if (!resp || resp->done || resp->state != HDRM_RS_ASKED)
		goto out;
	err = hdrm_stream_answer_check(&resp->req, c);
	if (err == -EPROTO)
		goto out;
	taken = true;
	if (err == -ECONNREFUSED && c->reason == HDRM_REASON_RATE &&
	    resp->rate_waits < HDRM_RESP_RATE_WAITS) {
		resp->rate_waits++;
		resp->state = HDRM_RS_WAIT;
		wait = min_t(u64, c->value, HDRM_STREAM_MIN_GAP_NS /
			     NSEC_PER_MSEC) + 10;
		if (!port->dead)
			mod_delayed_work(system_wq, &port->resp_work,
					 msecs_to_jiffies(wait));
		goto out;
	}
	if (err == -ECONNREFUSED) {
		resp->reason = c->reason;
		hdrm_resp_end_locked(resp, DCB_HDRM_RESPONSE_END_REFUSED);
	} else {
		resp->state = HDRM_RS_STREAM;
		resp->granted_ns = ktime_get_ns();
		resp->duration_us = c->stream.duration_us;
		resp->frame_len = c->stream.frame_len;
		resp->rate_waits = 0;
		/* until its frames come; they then set the repeat's end */
		hdrm_resp_record_for_locked(port, resp, resp->granted_ns,
					    HDRM_RESP_START_NS);
		goto out;
	}
	if (!port->dead)
		mod_delayed_work(system_wq, &port->resp_work, 0);
out:
	spin_unlock(&port->lock);
	return taken;
}

/**
 * hdrm_response_rx_frame() - a stream frame arrived
 * @port: the port it arrived on
 * @f: the decoded, validated frame
 * @rx: its arrival stamps
 *
 * Recorded while the repeat's stream runs, on the clock the measurement
 * takes (the NIC's or the host's), into the preallocated arrivals.
 *
 * Context: softirq.
 */
void hdrm_response_rx_frame(struct hdrm_port *port,
			    const struct hdrm_stream_frame *f,
			    const struct hdrm_rxts *rx)
{
	struct hdrm_response_arrival *a;
	struct hdrm_resp *resp;
	u64 t;

	spin_lock(&port->lock);
	resp = port->resp;
	if (!resp || resp->done || resp->p.passive ||
	    f->session != resp->req.session ||
	    resp->state < HDRM_RS_STREAM || resp->state >= HDRM_RS_DONE)
		goto out;
	t = resp->p.hw ? rx->hw : (rx->sw ?: rx->hook);
	if (!t)
		resp->unstamped = true;
	if (resp->n == HDRM_RESP_MAX_ARRIVALS) {
		resp->overflow++;
		goto out;
	}
	resp->last_rx_ns = ktime_get_ns();
	a = &resp->arr[resp->n++];
	a->rx_ns = t;
	a->sent_ns = f->sent_ns;
	a->seq = f->seq;
	a->frame_len = resp->frame_len;
	resp->frames++;
	if (resp->state == HDRM_RS_STREAM && resp->n == HDRM_RESP_XOFF_FRAMES)
		hdrm_resp_pause_locked(port, resp,
				       (u64)resp->duration_us * NSEC_PER_USEC +
				       resp->pause_ns + HDRM_RESP_MARGIN_NS);
out:
	spin_unlock(&port->lock);
}

/*
 * The priority a received frame has for PFC, as the MAC classifies it: by
 * its DSCP for an IP frame where the device maps DSCPs to priorities
 * (DCB APP entries of selector 5, on which mlx5 and mlxsw trust DSCP),
 * else by its VLAN tag's PCP, else priority 0, the port's default. The
 * tag is in skb->vlan_tci by now (taps see a frame after its untagging);
 * skb->data is at the network header. Context: softirq.
 */
static bool hdrm_resp_is_prio(const struct hdrm_resp *resp,
			      const struct sk_buff *skb)
{
	u8 _b[2], dscp;
	const u8 *b;

	if (resp->trust_dscp && (skb->protocol == htons(ETH_P_IP) ||
				 skb->protocol == htons(ETH_P_IPV6))) {
		b = skb_header_pointer(skb, 0, sizeof(_b), _b);
		if (!b)
			return false;
		if (skb->protocol == htons(ETH_P_IP))
			dscp = b[1] >> 2;
		else
			dscp = ((b[0] & 0x0f) << 2) | (b[1] >> 6);
		return resp->dscp_mask & BIT_ULL(dscp);
	}
	if (skb_vlan_tag_present(skb))
		return skb_vlan_tag_get_prio(skb) == resp->p.prio;
	return resp->p.prio == 0;
}

/*
 * Passive: a frame of P, on the arrivals' clock @t, @len bytes from its
 * MAC header to its payload's end (its tag included). Until the traffic
 * flows, a run of frames none more than an eighth of the pause apart (the
 * analysis's test, hdrm_response_passive_held()), a wider gap starts the
 * run again; at HDRM_RESPONSE_REF_FRAMES + 2 of them the XOFF goes, from
 * here, and the timer takes the refreshes and the XON as for a stream.
 * Context: softirq, port->lock held.
 */
static void hdrm_resp_passive_frame_locked(struct hdrm_port *port,
					   struct hdrm_resp *resp, u32 len,
					   u64 t)
{
	struct hdrm_response_arrival *a;

	if (!t)
		resp->unstamped = true;
	if (resp->state == HDRM_RS_LISTEN && resp->n &&
	    (t < resp->arr[resp->n - 1].rx_ns ||
	     t - resp->arr[resp->n - 1].rx_ns > resp->pause_ns / 8))
		resp->n = 0;
	if (resp->n == HDRM_RESP_MAX_ARRIVALS) {
		resp->overflow++;
		return;
	}
	a = &resp->arr[resp->n++];
	a->rx_ns = t;
	a->sent_ns = 0;
	a->seq = 0;
	a->frame_len = len;
	resp->frames++;
	if (resp->state != HDRM_RS_LISTEN || resp->n < HDRM_RESP_XOFF_FRAMES)
		return;
	resp->state = HDRM_RS_STREAM;
	resp->granted_ns = ktime_get_ns();
	hdrm_resp_pause_locked(port, resp, resp->pause_ns + resp->p.rtt_ns +
			       HDRM_RESP_TAIL_NS);
}

/*
 * Passive: the tap, on the measured device alone and only while a repeat
 * records. Every frame the device receives passes; those of P are
 * recorded with their arrival stamps. It owns a reference to @skb.
 * Context: softirq (the receive path's taps).
 */
static int hdrm_resp_tap(struct sk_buff *skb, struct net_device *dev,
			 struct packet_type *pt, struct net_device *orig_dev)
{
	struct hdrm_resp *resp = container_of(pt, struct hdrm_resp, pt);
	struct hdrm_port *port = resp->port;
	struct hdrm_rxts rx;
	u32 len;

	if (skb->pkt_type == PACKET_OUTGOING ||
	    skb->pkt_type == PACKET_LOOPBACK || !skb_mac_header_was_set(skb) ||
	    !hdrm_resp_is_prio(resp, skb))
		goto out;
	hdrm_rx_stamps(skb, orig_dev, &rx);
	len = skb->len - skb_mac_offset(skb) +
	      (skb_vlan_tag_present(skb) ? VLAN_HLEN : 0);
	spin_lock(&port->lock);
	if (port->resp == resp && !resp->done &&
	    resp->state >= HDRM_RS_LISTEN && resp->state < HDRM_RS_DONE)
		hdrm_resp_passive_frame_locked(port, resp, len, resp->p.hw ?
					       rx.hw : (rx.sw ?: rx.hook));
	spin_unlock(&port->lock);
out:
	consume_skb(skb);
	return NET_RX_SUCCESS;
}

/*
 * Passive: the tap on, or off. Off, no tap runs any more when it returns
 * (dev_remove_pack() waits for them), so that the arrivals can be read
 * and @resp freed. Context: process, may sleep, port->lock not held; the
 * measurement's work, or its end once the work is cancelled.
 */
static void hdrm_resp_tap_set(struct hdrm_resp *resp, bool on)
{
	if (resp->tap_on == on)
		return;
	resp->tap_on = on;
	if (on)
		dev_add_pack(&resp->pt);
	else
		dev_remove_pack(&resp->pt);
}

/*
 * Passive: the repeat listens for P's traffic, its tap on, for
 * HDRM_RESP_LISTEN_MS at most. Context: process (port->resp_work),
 * port->lock held; dropped while the tap goes on.
 */
static void hdrm_resp_listen(struct hdrm_port *port, struct hdrm_resp *resp)
{
	spin_unlock_bh(&port->lock);
	hdrm_resp_tap_set(resp, true);
	spin_lock_bh(&port->lock);
	if (resp->done)
		return;
	resp->state = HDRM_RS_LISTEN;
	resp->granted_ns = ktime_get_ns();
	hdrm_resp_record_for_locked(port, resp, resp->granted_ns,
				    HDRM_RESP_LISTEN_MS * NSEC_PER_MSEC);
}

/*
 * A stamp on the arrivals' clock, moved from where the NIC takes it (the
 * frame's start) to its last bit, as the analysis takes every instant
 * (design.rst): by the 64-byte frame's time for the XOFF and XON.
 */
static u64 hdrm_resp_pfc_instant(const struct hdrm_resp *resp, u64 hw,
				 u64 sw, u64 clock)
{
	u64 t = resp->p.hw ? hw : (sw ?: clock);

	return t ? t + hdrm_line_ns(HDRM_FRAME_WIRE_LEN, resp->p.speed) : 0;
}

/*
 * The repeat that has just stopped recording, with the XOFF's and XON's
 * instants (0: unstamped). Context: process, the lock not held; the
 * receive hook no longer writes the arrivals.
 */
static u8 hdrm_resp_analyse(struct hdrm_resp *resp, u64 xoff_ns, u64 xon_ns)
{
	struct hdrm_response_out *out = &resp->out[resp->cur];
	struct hdrm_response_in in = {
		.xoff_ns = xoff_ns,
		.xon_ns = xon_ns,
		.xoff_quanta = HDRM_RESPONSE_XOFF_QUANTA,
		.refreshed = resp->cont_xoffs > 1,
		.speed_mbps = resp->p.speed,
		.rtt_ns = resp->p.rtt_ns,
		/* passive: each frame's tag is in its length */
		.tagged = !resp->p.passive,
		.passive = resp->p.passive,
		.arr = resp->arr,
		.n = resp->n,
	};
	u32 i, tag = in.tagged ? HDRM_VLAN_HLEN : 0;

	/*
	 * A refresh that left after the quanta before it ran out left a
	 * hole: the peer's pause ended with the quanta of the last XOFF in
	 * time, and the frames it held went then (a host timer behind, as
	 * a TCG guest's is by 0.5 to 1.5 ms against 168 us at 100 Gb/s)
	 */
	if (resp->hole && xoff_ns)
		in.xon_ns = min(xon_ns, xoff_ns + resp->quanta_ns +
				(resp->cont_clock - resp->xoff_clock));
	memset(out, 0, sizeof(*out));
	out->status = HDRM_RESP_FEW;
	if (!resp->xoff_sent)
		return resp->p.passive ? DCB_HDRM_RESPONSE_STATUS_IDLE :
					 DCB_HDRM_RESPONSE_STATUS_NO_XOFF;
	if (resp->unstamped || !xoff_ns || !xon_ns)
		return DCB_HDRM_RESPONSE_STATUS_NO_STAMP;
	/* the NIC stamps a frame's start: its last bit a frame later */
	if (resp->p.hw)
		for (i = 0; i < resp->n; i++)
			resp->arr[i].rx_ns +=
				hdrm_line_ns(resp->arr[i].frame_len + tag +
					     HDRM_FCS_LEN, resp->p.speed);
	if (hdrm_response_analyse(&in, out) == HDRM_RESP_IDLE)
		return DCB_HDRM_RESPONSE_STATUS_IDLE;
	return out->status;
}

/*
 * Ends the repeat that recorded, and starts the next or ends the
 * measurement. Context: process (port->resp_work), port->lock held; drops
 * it to analyse.
 */
static void hdrm_resp_repeat_end(struct hdrm_port *port,
				 struct hdrm_resp *resp)
{
	u64 xoff, xon, now, due;
	u8 status;

	hdrm_resp_xon_locked(port, resp);
	resp->state = HDRM_RS_DONE;
	xoff = hdrm_resp_pfc_instant(resp, resp->xoff_hw, resp->xoff_sw,
				     resp->xoff_clock);
	xon = hdrm_resp_pfc_instant(resp, resp->xon_hw, resp->xon_sw,
				    resp->xon_clock);
	spin_unlock_bh(&port->lock);
	/* the XON's timer has nothing left to do; wait for it if it runs */
	hrtimer_cancel(&port->resp_timer);
	hdrm_resp_tap_set(resp, false);
	status = hdrm_resp_analyse(resp, xoff, xon);
	spin_lock_bh(&port->lock);
	resp->status[resp->cur] = status;
	resp->cur++;
	if (resp->done)
		return;
	if (resp->cur == resp->p.repeats) {
		hdrm_resp_end_locked(resp, DCB_HDRM_RESPONSE_END_OK);
		return;
	}
	resp->state = HDRM_RS_WAIT;
	now = ktime_get_ns();
	due = resp->granted_ns + HDRM_RESP_GAP_NS;
	if (!port->dead)
		mod_delayed_work(system_wq, &port->resp_work,
				 due > now ? nsecs_to_jiffies(due - now) + 1 : 0);
}

/*
 * The measurement's figures into the round trip's result, if that is
 * still the port's, and a notification of it. Context: process.
 */
static void hdrm_resp_publish(struct hdrm_port *port, struct hdrm_resp *resp)
{
	struct hdrm_resp_result *rr;
	u32 ran = resp->cur;

	rr = kzalloc(sizeof(*rr), GFP_KERNEL);
	if (!rr)
		goto notify;
	rr->prio = resp->p.prio;
	rr->passive = resp->p.passive;
	rr->end = resp->end;
	rr->reason = resp->reason;
	rr->repeats = resp->p.repeats;
	rr->ran = ran;
	memcpy(rr->status, resp->status, sizeof(rr->status));
	rr->rtt_ns = resp->p.rtt_ns;
	rr->speed = resp->p.speed;
	rr->hw = resp->p.hw;
	rr->frame_len = resp->frame_len;
	rr->duration_us = resp->duration_us;
	rr->pause_ns = resp->pause_ns;
	rr->frames = resp->frames;
	rr->overflow = resp->overflow;
	if (hdrm_response_aggregate(resp->out, ran, &rr->agg) == -ENODATA &&
	    rr->end == DCB_HDRM_RESPONSE_END_OK)
		rr->end = DCB_HDRM_RESPONSE_END_FAILED;
	spin_lock_bh(&port->lock);
	if (port->result && port->result->session == resp->result_session) {
		port->result->has_response = true;
		port->result->resp = *rr;
	}
	/* the K a headroom takes with k-measured: the greatest measured */
	if (rr->agg.ok && rr->agg.k_ns.max <= U32_MAX) {
		port->k_meas.valid = true;
		port->k_meas.prio = rr->prio;
		port->k_meas.k_ns = (u32)rr->agg.k_ns.max;
	}
	spin_unlock_bh(&port->lock);
	kfree(rr);
notify:
	hdrm_notify(port, DCB_HDRM_CMD_RESULT_NTF, 0);
}

/* Detaches an ended measurement and makes its result. Context: process. */
static void hdrm_resp_finish(struct hdrm_port *port)
{
	struct hdrm_resp *resp;

	spin_lock_bh(&port->lock);
	resp = port->resp;
	if (!resp || !resp->done) {
		spin_unlock_bh(&port->lock);
		return;
	}
	/* a stream cut short: its frames are not analysed */
	if (resp->state >= HDRM_RS_LISTEN && resp->state < HDRM_RS_DONE &&
	    resp->cur < resp->p.repeats) {
		hdrm_resp_xon_locked(port, resp);
		resp->status[resp->cur++] = DCB_HDRM_RESPONSE_STATUS_STOPPED;
		memset(&resp->out[resp->cur - 1], 0, sizeof(resp->out[0]));
		resp->out[resp->cur - 1].status = HDRM_RESP_FEW;
	}
	port->resp = NULL;
	spin_unlock_bh(&port->lock);
	hrtimer_cancel(&port->resp_timer);
	hdrm_resp_tap_set(resp, false);
	hdrm_resp_publish(port, resp);
	hdrm_response_free(resp);
}

/*
 * port->resp_work: whatever is due: the next request, an unanswered one
 * again, the end of a stream, or the end of the measurement. Context:
 * process; never takes rtnl, so teardown cancels it under rtnl.
 */
void hdrm_response_work(struct work_struct *work)
{
	struct hdrm_port *port = container_of(to_delayed_work(work),
					      struct hdrm_port, resp_work);
	struct hdrm_resp *resp;
	bool done;
	u64 now;

	spin_lock_bh(&port->lock);
	resp = port->resp;
	if (!resp) {
		spin_unlock_bh(&port->lock);
		return;
	}
	if (!resp->done && port->dead)
		hdrm_resp_end_locked(resp, READ_ONCE(hdrm_unloading) ?
				     DCB_HDRM_RESPONSE_END_ABORTED :
				     DCB_HDRM_RESPONSE_END_DEV_GONE);
	if (resp->done) {
		spin_unlock_bh(&port->lock);
		hdrm_resp_finish(port);
		return;
	}
	switch (resp->state) {
	case HDRM_RS_WAIT:
		/*
		 * A new session after a wait out of the peer's rate too: the
		 * peer answers a session it has answered with the same answer.
		 */
		hdrm_resp_repeat_init(resp);
		if (resp->p.passive)
			hdrm_resp_listen(port, resp);
		else
			hdrm_resp_ask(port, resp);
		break;
	case HDRM_RS_ASKED:
		if (resp->tries < HDRM_RESP_TRIES)
			hdrm_resp_ask(port, resp);
		else
			hdrm_resp_end_locked(resp,
					     DCB_HDRM_RESPONSE_END_NO_ANSWER);
		break;
	default:
		/*
		 * A run that waited for the lock while the recording was
		 * given more time (passive traffic flowing at the end of its
		 * listening): the work runs again when it ends.
		 */
		now = ktime_get_ns();
		if (now < resp->end_ns) {
			mod_delayed_work(system_wq, &port->resp_work,
					 nsecs_to_jiffies(resp->end_ns - now) + 1);
			break;
		}
		/* a stream still coming, behind the wire's timeline */
		if (!resp->p.passive && resp->state >= HDRM_RS_PAUSED &&
		    resp->n < HDRM_RESP_MAX_ARRIVALS &&
		    now - resp->last_rx_ns < HDRM_RESP_IDLE_NS &&
		    now - resp->granted_ns < HDRM_RESP_LATE_NS) {
			hdrm_resp_record_for_locked(port, resp, now,
						    HDRM_RESP_IDLE_NS);
			break;
		}
		hdrm_resp_repeat_end(port, resp);
		break;
	}
	/* the teardown that may free it waits for this work first */
	done = resp->done;
	spin_unlock_bh(&port->lock);
	if (done)
		hdrm_resp_finish(port);
}

/**
 * hdrm_response_start() - the round trip is in: measure the response
 * @port: the port; port->resp is @resp, reserved when the session ended
 * @resp: from hdrm_response_alloc()
 * @p: the priority, repeats, the round trip's figures and the exchange's
 * @end: DCB_HDRM_RESPONSE_END_OK to measure; another end (no-round-trip)
 *	 ends it at once
 *
 * Context: process (the session's end). The port's result for
 * @p->session is published already; the measurement announces it again,
 * with its response nest, when it ends. A port going away, or a round
 * trip that did not end ok, ends it at once.
 */
void hdrm_response_start(struct hdrm_port *port, struct hdrm_resp *resp,
			 const struct hdrm_response_start *p, u8 end)
{
	struct dcb_ieee_app_prio_map map = {};
	u64 full;
	int i;

	if (p->passive) {
		resp->port = port;
		resp->pt.type = htons(ETH_P_ALL);
		resp->pt.dev = port->dev;
		resp->pt.func = hdrm_resp_tap;
		resp->pt.ignore_outgoing = true;
		dcb_ieee_getapp_prio_dscp_mask_map(port->dev, &map);
		for (i = 0; i < ARRAY_SIZE(map.map); i++)
			resp->trust_dscp |= !!map.map[i];
		resp->dscp_mask = map.map[p->prio];
	}
	spin_lock_bh(&port->lock);
	resp->p = *p;
	resp->result_session = p->session;
	do {
		resp->id = get_random_u32();
	} while (!resp->id);
	full = hdrm_response_pause_ns(HDRM_RESPONSE_XOFF_QUANTA, p->speed);
	resp->step_ns = full * HDRM_RESP_XON_EIGHTHS / 8;
	resp->steps = 1;
	if (full && resp->step_ns < HDRM_RESP_HOLD_MIN_NS) {
		resp->step_ns = full / 2;
		resp->steps = min_t(u64, DIV_ROUND_UP_ULL(HDRM_RESP_HOLD_MIN_NS,
							  resp->step_ns), 128);
	}
	resp->pause_ns = resp->step_ns * resp->steps;
	resp->quanta_ns = full;
	resp->state = HDRM_RS_WAIT;
	if (port->dead)
		end = READ_ONCE(hdrm_unloading) ? DCB_HDRM_RESPONSE_END_ABORTED :
						  DCB_HDRM_RESPONSE_END_DEV_GONE;
	if (end != DCB_HDRM_RESPONSE_END_OK)
		hdrm_resp_end_locked(resp, end);
	else
		mod_delayed_work(system_wq, &port->resp_work, 0);
	spin_unlock_bh(&port->lock);
	if (end != DCB_HDRM_RESPONSE_END_OK)
		hdrm_resp_finish(port);
}

/**
 * hdrm_response_stop() - end the port's response measurement, if any
 * @port: the port
 * @end: why (enum dcb_hdrm_response_end)
 *
 * Sends the XON of a paused priority at once (the device is still up
 * for NETDEV_GOING_DOWN, and at unload), then waits for the XON's timer
 * and the work and makes the result.
 *
 * Context: process, may sleep; rtnl held (neither the work nor the timer
 * takes it). On return no timer or work of the measurement runs.
 */
void hdrm_response_stop(struct hdrm_port *port, u8 end)
{
	spin_lock_bh(&port->lock);
	if (port->resp) {
		hdrm_resp_end_locked(port->resp, end);
		hdrm_resp_xon_locked(port, port->resp);
	}
	spin_unlock_bh(&port->lock);
	hrtimer_cancel(&port->resp_timer);
	cancel_delayed_work_sync(&port->resp_work);
	hdrm_resp_finish(port);
}

/**
 * hdrm_response_release() - a netlink socket closed
 * @port: a port
 * @net: the socket's network namespace
 * @portid: its port id
 *
 * Ends the response measurement that socket owns (measure ... owned),
 * end cancelled, releasing its priority now; the work makes the result.
 *
 * Context: process (the netlink notifier), under rcu_read_lock().
 */
void hdrm_response_release(struct hdrm_port *port, const struct net *net,
			   u32 portid)
{
	struct hdrm_resp *resp;

	spin_lock_bh(&port->lock);
	resp = port->resp;
	if (resp && !resp->done && !port->dead &&
	    resp->p.owner_portid == portid && resp->p.owner_net == net) {
		hdrm_resp_end_locked(resp, DCB_HDRM_RESPONSE_END_CANCELLED);
		hdrm_resp_xon_locked(port, resp);
		mod_delayed_work(system_wq, &port->resp_work, 0);
	}
	spin_unlock_bh(&port->lock);
}
