// SPDX-License-Identifier: GPL-2.0
/*
 * The initiator: a session sends count probes interval apart from a
 * softirq hrtimer, matches the replies the receive hook hands it, and ends
 * when every probe is answered or timeout after the last one. Its end is
 * handled in process context (port->done_work): statistics, headroom,
 * the result kept on the port, and a notification.
 */
#include <linux/bitmap.h>
#include <linux/etherdevice.h>
#include <linux/random.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "dcb_hdrm.h"
#include "trace.h"

/* The pure code's names for the uAPI's enums. */
static_assert((int)HDRM_TS_AUTO == (int)DCB_HDRM_TS_MODE_AUTO);
static_assert((int)HDRM_TS_HARDWARE == (int)DCB_HDRM_TS_MODE_HARDWARE);
static_assert((int)HDRM_TS_SOFTWARE == (int)DCB_HDRM_TS_MODE_SOFTWARE);
static_assert((int)HDRM_TS_HOOK == (int)DCB_HDRM_TS_MODE_HOOK);
static_assert((int)HDRM_PREC_OVERRIDE == (int)DCB_HDRM_PRECISION_SOURCE_OVERRIDE);
static_assert((int)HDRM_PREC_HARDWARE == (int)DCB_HDRM_PRECISION_SOURCE_HARDWARE);
static_assert((int)HDRM_PREC_SAMPLES == (int)DCB_HDRM_PRECISION_SOURCE_SAMPLES);

struct hdrm_session *hdrm_session_alloc(u32 count, gfp_t gfp)
{
	struct hdrm_session *s;

	s = kzalloc(sizeof(*s), gfp);
	if (!s)
		return NULL;
	s->rec = kvcalloc(count, sizeof(*s->rec), gfp);
	s->rtt = kvcalloc(count, sizeof(*s->rtt), gfp);
	s->turnaround = kvcalloc(count, sizeof(*s->turnaround), gfp);
	if (!s->rec || !s->rtt || !s->turnaround) {
		hdrm_session_free(s);
		return NULL;
	}
	s->count = count;
	s->ts_mode = U8_MAX;	/* the device's, unless the request says */
	return s;
}

void hdrm_session_free(struct hdrm_session *s)
{
	if (!s)
		return;
	kvfree(s->rec);
	kvfree(s->rtt);
	kvfree(s->turnaround);
	kfree(s);
}

/*
 * Which timestamps the probes ask for, once the peer said what its replies
 * can carry (its capability reply): this end's TX timestamps from the
 * driver where it gives them, the NIC's where the mode allows and both
 * ends have them (hardware asks regardless: the peer's refusal shows in
 * the result), and follow-ups where the peer sends them.
 *
 * Context: port->lock held, before the first probe.
 */
static void hdrm_session_ts_plan(struct hdrm_session *s)
{
	bool hw;

	s->req_flags = 0;
	s->want_tx = 0;
	if (s->ts_mode == DCB_HDRM_TS_MODE_HOOK)
		return;
	if (s->ts.flags & HDRM_TSC_TX_SW)
		s->want_tx |= SKBTX_SW_TSTAMP;
	/*
	 * A peer-delay responder says nothing of its stamps beforehand: a
	 * switch port stamps in hardware, and ptp4l -H does; this end's NIC
	 * stamps too wherever it can.
	 */
	hw = (s->ts.flags & HDRM_TSC_HW) &&
	     (s->ts_mode == DCB_HDRM_TS_MODE_HARDWARE ||
	      (s->ts_mode == DCB_HDRM_TS_MODE_AUTO &&
	       (s->mode == DCB_HDRM_MODE_2TS ||
		s->method == DCB_HDRM_METHOD_PDELAY ||
		(s->peer_tscap & HDRM_TSCAP_HARDWARE))));
	if (hw)
		s->want_tx |= HDRM_SKBTX_HW;
	if (s->mode == DCB_HDRM_MODE_4TS &&
	    (s->peer_tscap & HDRM_TSCAP_TWOSTEP)) {
		s->req_flags |= HDRM_F_TWOSTEP;
		if (hw)
			s->req_flags |= HDRM_F_HWTS;
	}
}

/* Has this probe all it will get? Context: port->lock held. */
static bool hdrm_rec_settled(const struct hdrm_session *s,
			     const struct hdrm_rec *r)
{
	if (!(r->flags & HDRM_REC_REPLIED))
		return false;
	if ((r->flags & HDRM_REC_TWOSTEP) && !(r->flags & HDRM_REC_FOLLOWUP))
		return false;
	if ((s->want_tx & SKBTX_SW_TSTAMP) && !r->t1_sw)
		return false;
	/* t1 from the NIC only matters when t4 came from it */
	if ((s->want_tx & HDRM_SKBTX_HW) && r->t4_hw && !r->t1_hw)
		return false;
	return true;
}

/*
 * A probe gained something: count it settled when it has all it will get,
 * and end the session when every probe has. Context: port->lock held.
 */
static void hdrm_rec_account(struct hdrm_port *port, struct hdrm_session *s,
			     bool was, const struct hdrm_rec *r)
{
	if (was || !hdrm_rec_settled(s, r))
		return;
	s->settled++;
	if (s->sent == s->count && s->settled == s->count)
		hdrm_session_end_locked(port, s, DCB_HDRM_STATUS_OK);
}

/* The probe a frame answers, if it is one of the session's. */
static struct hdrm_rec *hdrm_session_rec(struct hdrm_session *s,
					 const struct hdrm_probe *p)
{
	struct hdrm_rec *r;

	if (s->done || p->session != s->id || p->seq >= s->count)
		return NULL;
	r = &s->rec[p->seq];
	if (!r->t1_hook || r->t1_hook != p->t1)
		return NULL;
	return r;
}

/* The Pdelay_Req of probe @seq. Context: softirq (the session's timer). */
static struct sk_buff *hdrm_session_ptp_skb(struct hdrm_port *port,
					    const struct hdrm_session *s,
					    u32 seq)
{
	struct hdrm_ptp_req req = {
		.sdo = s->ptp_sdo,
		.domain = s->ptp_domain,
		.source = s->ptp_self,
		.seq = (u16)(s->ptp_seq0 + seq),
	};

	return hdrm_ptp_skb(port->dev, &req);
}

static void hdrm_session_send(struct hdrm_port *port, struct hdrm_session *s)
{
	struct hdrm_probe p = {
		.type = HDRM_TYPE_REQUEST,
		.session = s->id,
	};
	struct sk_buff *skb;
	u32 seq;
	u64 t1;
	u8 want;

	spin_lock(&port->lock);
	seq = s->sent;
	if (!seq)
		hdrm_session_ts_plan(s);
	p.flags = s->mode == DCB_HDRM_MODE_2TS ? HDRM_F_LOOPBACK : s->req_flags;
	spin_unlock(&port->lock);

	/*
	 * t1 as late as possible: the frame is built around a placeholder,
	 * then stamped just before it goes to the driver, past the qdiscs.
	 * A Pdelay_Req carries no t1: it stays here (1588-2019 11.4.2 a),
	 * and the stamp's slot names the probe by session and number alike.
	 */
	p.seq = seq;
	if (s->method == DCB_HDRM_METHOD_PDELAY)
		skb = hdrm_session_ptp_skb(port, s, seq);
	else
		skb = hdrm_frame_skb(port->dev, s->encap, &p);
	if (!skb) {
		atomic64_inc(&port->ctr.tx_errors);
		goto account;
	}
	/* the driver's TX timestamps, when asked for, come to hdrm_ts_work */
	want = READ_ONCE(s->want_tx);
	if (want &&
	    !hdrm_ts_own(skb, want, s->encap, &p, hdrm_session_tx_stamp)) {
		spin_lock(&port->lock);
		s->want_tx = 0;
		spin_unlock(&port->lock);
	}
	t1 = ktime_get_ns();
	if (s->method != DCB_HDRM_METHOD_PDELAY)
		hdrm_frame_set_t1(skb_mac_header(skb), t1 + s->clock_base);

	spin_lock(&port->lock);
	s->rec[seq].t1_hook = t1 + s->clock_base;
	s->last_sent_ns = t1;
	spin_unlock(&port->lock);

	trace_dcb_hdrm_probe_sent(port, s, &p, t1);
	if (hdrm_ts_xmit(skb) == NETDEV_TX_OK)
		atomic64_inc(&port->ctr.tx_probes);
	else
		atomic64_inc(&port->ctr.tx_errors);
account:
	spin_lock(&port->lock);
	s->sent = seq + 1;
	if (!s->last_sent_ns)
		s->last_sent_ns = ktime_get_ns();
	spin_unlock(&port->lock);
}

/*
 * Before any probe: a capability request every HDRM_CAP_INTERVAL_MS until
 * the peer's reply with the buffer-configuration field sets s->peer_ok
 * (hdrm_cap_rx_reply()), checked every HDRM_CAP_POLL_US. The session ends
 * without a probe when the peer says no (the receive path ends it) or
 * never answers. Returns true while the timer should keep polling.
 */
static bool hdrm_session_negotiate(struct hdrm_port *port,
				   struct hdrm_session *s)
{
	const u8 no_cap = DCB_HDRM_STATUS_PEER_NO_CAP;
	const u8 silent = DCB_HDRM_STATUS_PEER_SILENT;
	bool ok, send = false;
	u64 now = ktime_get_ns();

	spin_lock(&port->lock);
	ok = s->peer_ok;
	if (ok) {
		s->negotiating = false;
	} else if (!s->cap_tries && port->peer.known &&
		   port->peer.via == DCB_HDRM_PEER_VIA_LLDP &&
		   !port->peer.auto_hdrm) {
		/*
		 * The peer's DCBX PFC TLV, the latest word on it, says it
		 * lacks the capability: as good as an in-band no.
		 */
		ok = hdrm_session_fallback_locked(s, no_cap);
		if (!ok)
			hdrm_session_end_locked(port, s, no_cap);
	} else if (now >= s->cap_next_ns && s->ether_ok) {
		/*
		 * encap auto: the peer answered in 0x88B5 and not in MAC
		 * control for a whole interval; its NIC, or ours, does not
		 * carry MAC control frames.
		 */
		s->encap = HDRM_ENCAP_ETHER;
		s->peer_ok = true;
		s->negotiating = false;
		ok = true;
	} else if (now >= s->cap_next_ns) {
		if (s->cap_tries == HDRM_CAP_TRIES) {
			ok = hdrm_session_fallback_locked(s, silent);
			if (!ok)
				hdrm_session_end_locked(port, s, silent);
		} else {
			s->cap_tries++;
			s->cap_next_ns = now + HDRM_CAP_INTERVAL_MS *
					       NSEC_PER_MSEC;
			send = true;
		}
	}
	ok = ok || s->done;
	spin_unlock(&port->lock);
	if (send)
		hdrm_cap_request(port, s);
	return !ok;
}

static enum hrtimer_restart hdrm_session_timer(struct hrtimer *timer)
{
	struct hdrm_session *s = container_of(timer, struct hdrm_session,
					      timer);
	struct hdrm_port *port = s->port;
	bool done, more, wait = false;
	u64 deadline;

	spin_lock(&port->lock);
	done = s->done;
	more = s->sent < s->count;
	spin_unlock(&port->lock);
	if (done)
		return HRTIMER_NORESTART;

	if (READ_ONCE(s->negotiating)) {
		if (hdrm_session_negotiate(port, s)) {
			hrtimer_forward_now(timer, ns_to_ktime(HDRM_CAP_POLL_US *
							       NSEC_PER_USEC));
			return HRTIMER_RESTART;
		}
		spin_lock(&port->lock);
		done = s->done;
		spin_unlock(&port->lock);
		if (done)
			return HRTIMER_NORESTART;
	}

	if (more) {
		hdrm_session_send(port, s);
		spin_lock(&port->lock);
		more = s->sent < s->count;
		spin_unlock(&port->lock);
		if (more) {
			hrtimer_forward_now(timer,
					    ns_to_ktime((u64)s->interval_us *
							NSEC_PER_USEC));
			return HRTIMER_RESTART;
		}
	}

	/*
	 * All probes are out: end once every one is answered (the receive
	 * path usually gets there first) or timeout after the last one.
	 * The deadline counts from when the last probe really left, which
	 * may be later than this timer was due.
	 */
	spin_lock(&port->lock);
	deadline = s->last_sent_ns + (u64)s->timeout_ms * NSEC_PER_MSEC;
	if (ktime_get_ns() >= deadline || s->settled >= s->sent)
		hdrm_session_end_locked(port, s, s->received ?
					DCB_HDRM_STATUS_OK :
					s->fell_back ? s->fallback_status :
					DCB_HDRM_STATUS_NO_REPLY);
	else if (!s->done)
		wait = true;
	spin_unlock(&port->lock);
	if (!wait)
		return HRTIMER_NORESTART;
	hrtimer_set_expires(timer, ns_to_ktime(deadline));
	return HRTIMER_RESTART;
}

/*
 * method ptp4l: the round trip is twice the peer delay ptp4l measured on
 * this link (its peerMeanPathDelay, read by the requester). No frame goes
 * out: one probe's record holds it, t4 - t1 on the clock ptp4l used and
 * no turnaround, and the session ends at once; its end turns it into a
 * result as any other (precision the NIC's resolution when ptp4l stamped
 * in hardware, else the host clock's).
 * Context: port->lock held.
 */
static void hdrm_session_ptp4l_locked(struct hdrm_port *port,
				      struct hdrm_session *s)
{
	struct hdrm_rec *r = &s->rec[0];
	u64 t1 = s->clock_base + 1;

	r->t1_hook = t1;
	r->t4_hook = t1 + 2ULL * s->ptp4l_delay;
	if (s->ptp4l_hw) {
		r->t1_hw = t1;
		r->t4_hw = r->t4_hook;
	}
	r->flags = HDRM_REC_REPLIED;
	s->sent = 1;
	s->received = 1;
	s->settled = 1;
	s->last_sent_ns = ktime_get_ns();
	hdrm_session_end_locked(port, s, DCB_HDRM_STATUS_OK);
}

/**
 * hdrm_session_start() - attach a session to a port and send its first probe
 * @port: the device's port
 * @s: a session from hdrm_session_alloc(), with its parameters set
 * @id: the session's id, set on success
 * @extack: where to say why not
 *
 * Context: rtnl held. On success the port owns @s, which may end and be
 * freed at any time; the caller must not touch it any more.
 */
int hdrm_session_start(struct hdrm_port *port, struct hdrm_session *s,
		       u32 *id, struct netlink_ext_ack *extack)
{
	ASSERT_RTNL();
	do {
		s->id = get_random_u32();
	} while (!s->id);
	s->port = port;
	s->clock_base = get_random_u64() & HDRM_CLOCK_BASE_MASK;
	s->started_ns = ktime_get_ns();
	hdrm_hrtimer_setup(&s->timer, hdrm_session_timer, CLOCK_MONOTONIC,
			   HRTIMER_MODE_REL_SOFT);

	spin_lock_bh(&port->lock);
	if (port->session) {
		spin_unlock_bh(&port->lock);
		NL_SET_ERR_MSG(extack, "a measurement is already running on this device");
		return -EBUSY;
	}
	if (port->resp) {
		spin_unlock_bh(&port->lock);
		NL_SET_ERR_MSG(extack, "a pause-response measurement is running on this device");
		return -EBUSY;
	}
	/* A previous session's end may still be in flight. */
	if (work_pending(&port->done_work)) {
		spin_unlock_bh(&port->lock);
		NL_SET_ERR_MSG(extack, "the previous measurement is still ending; try again");
		return -EBUSY;
	}
	if (!port->cfg.auto_hdrm) {
		spin_unlock_bh(&port->lock);
		NL_SET_ERR_MSG(extack, "auto-hdrm is off on this device");
		return -EOPNOTSUPP;
	}
	s->cfg = port->cfg;
	s->k_meas = port->k_meas;
	if (s->ts_mode == U8_MAX)
		s->ts_mode = s->cfg.ts_mode;
	if (s->ts_mode == DCB_HDRM_TS_MODE_HARDWARE &&
	    !(s->ts.flags & HDRM_TSC_HW)) {
		spin_unlock_bh(&port->lock);
		NL_SET_ERR_MSG(extack, "ts-mode hardware: no hardware timestamping (ethtool -T)");
		return -EOPNOTSUPP;
	}
	port->session = s;
	/* auto: MAC control unless only 0x88B5 is answered (negotiation) */
	s->encap = s->cfg.encap == DCB_HDRM_ENCAP_ETHER ? HDRM_ENCAP_ETHER :
							  HDRM_ENCAP_MACCTL;
	/* pdelay and ptp4l ask nobody first; auto and hdrm negotiate */
	s->method = s->method_req == DCB_HDRM_METHOD_AUTO ?
		    DCB_HDRM_METHOD_HDRM : s->method_req;
	s->negotiating = s->method == DCB_HDRM_METHOD_HDRM;
	hdrm_ptp_clock_id(port->dev->dev_addr, s->ptp_self.clock);
	s->ptp_self.port = HDRM_PTP_OWN_PORT;
	s->ptp_seq0 = get_random_u16();
	*id = s->id;
	if (s->method == DCB_HDRM_METHOD_PTP4L)
		hdrm_session_ptp4l_locked(port, s);
	else
		hrtimer_start(&s->timer, 0, HRTIMER_MODE_REL_SOFT);
	spin_unlock_bh(&port->lock);
	return 0;
}

/**
 * hdrm_session_reply() - a reply arrived for this port
 * @port: the port it arrived on
 * @src: its source address
 * @p: the decoded, validated reply
 * @rx: when it arrived (t4), on each clock there is
 *
 * Context: softirq. Counts it as a reply or stale. A reply that answers
 * one of the session's probes but comes from another address than the
 * negotiated responder's ends the session (status foreign): a second
 * machine answers on this link, and its round trip is not this cable's.
 * Which of its timestamps make the round trip is decided at the end
 * (hdrm_samples_build()); late replies are told apart there too.
 */
void hdrm_session_reply(struct hdrm_port *port, const u8 *src,
			const struct hdrm_probe *p, const struct hdrm_rxts *rx)
{
	bool want_stamps, was, stale = true, foreign = false;
	struct hdrm_session *s;
	struct hdrm_rec *r;
	u64 t4;
	s64 rtt;

	spin_lock(&port->lock);
	s = port->session;
	r = s ? hdrm_session_rec(s, p) : NULL;
	if (!r || (r->flags & HDRM_REC_REPLIED))
		goto out;
	/* t4 on the clock t1 left on */
	t4 = rx->hook + s->clock_base;
	want_stamps = s->mode == DCB_HDRM_MODE_4TS;
	if (!!(p->flags & HDRM_F_TIMESTAMPS) != want_stamps)
		goto out;
	/* two-step and the NIC's stamps only where the request offered them */
	if (p->flags & ~s->req_flags & (HDRM_F_TWOSTEP | HDRM_F_HWTS))
		goto out;
	if (!(p->flags & HDRM_F_TWOSTEP) &&
	    (hdrm_probe_rtt(p, t4, &rtt) || rtt < 0))
		goto out;
	stale = false;
	if (!ether_addr_equal(src, s->peer_addr)) {
		foreign = true;
		hdrm_session_end_locked(port, s, DCB_HDRM_STATUS_FOREIGN);
		goto out;
	}
	was = hdrm_rec_settled(s, r);
	r->flags |= HDRM_REC_REPLIED;
	r->t4_hook = t4;
	r->t4_sw = rx->sw ? rx->sw + s->clock_base : 0;
	r->t4_hw = rx->hw;
	if (want_stamps) {
		r->flags |= HDRM_REC_STAMPS;
		r->t2 = p->t2;
		r->t3 = p->t3;
		if (p->flags & HDRM_F_TWOSTEP)
			r->flags |= HDRM_REC_TWOSTEP;
		if (p->flags & HDRM_F_HWTS)
			r->flags |= HDRM_REC_T2_HW;
	}
	s->received++;
	trace_dcb_hdrm_reply_received(port, s, p, t4);
	hdrm_rec_account(port, s, was, r);
out:
	spin_unlock(&port->lock);
	atomic64_inc(stale ? &port->ctr.stale : foreign ? &port->ctr.foreign :
		     &port->ctr.rx_replies);
}

/**
 * hdrm_session_followup() - a two-step reply's follow-up arrived
 * @port: the port it arrived on
 * @src: its source address
 * @p: the decoded, validated follow-up
 *
 * Its t3 completes the probe's exchange when it matches the reply that
 * announced it: same t1 and t2, from the same responder, on the same
 * clock (hardware or not). Anything else is stale.
 *
 * Context: softirq.
 */
void hdrm_session_followup(struct hdrm_port *port, const u8 *src,
			   const struct hdrm_probe *p)
{
	struct hdrm_session *s;
	struct hdrm_rec *r;
	bool was, stale = true;

	spin_lock(&port->lock);
	s = port->session;
	r = s ? hdrm_session_rec(s, p) : NULL;
	if (!r || !(r->flags & HDRM_REC_TWOSTEP) ||
	    (r->flags & HDRM_REC_FOLLOWUP) || p->t2 != r->t2 ||
	    !(p->flags & HDRM_F_HWTS) != !(r->flags & HDRM_REC_T2_HW) ||
	    !ether_addr_equal(src, s->peer_addr))
		goto out;
	stale = false;
	was = hdrm_rec_settled(s, r);
	r->t3 = p->t3;
	r->flags |= HDRM_REC_FOLLOWUP;
	if (p->flags & HDRM_F_HWTS)
		r->flags |= HDRM_REC_T3_HW;
	hdrm_rec_account(port, s, was, r);
out:
	spin_unlock(&port->lock);
	if (stale)
		atomic64_inc(&port->ctr.stale);
}

/*
 * The probe a peer-delay answer is for: its requestingPortIdentity is
 * this session's, in its domain and SDO, with the sequenceId of a probe
 * sent. Context: port->lock held.
 */
static struct hdrm_rec *hdrm_session_ptp_rec(struct hdrm_session *s,
					     const struct hdrm_ptp_msg *m)
{
	u16 i = m->seq - s->ptp_seq0;

	if (s->done || s->method != DCB_HDRM_METHOD_PDELAY ||
	    !hdrm_ptp_pid_equal(&m->requesting, &s->ptp_self) ||
	    m->domain != s->ptp_domain || m->sdo != s->ptp_sdo ||
	    i >= s->count || !s->rec[i].t1_hook)
		return NULL;
	return &s->rec[i];
}

/*
 * A Pdelay_Resp for probe @r: t4 now, and t2 with its correction until
 * the follow-up (two-step), or the turnaround at once (one-step: t2 0 and
 * t3 the turnaround, so that t3 - t2 is all the samples take). The
 * responder's stamps count as hardware where this end's are: a switch
 * port stamps in hardware, and 1588 leaves the choice to it.
 * Context: port->lock held. Return: false when it is not taken.
 */
static bool hdrm_session_ptp_resp(struct hdrm_session *s, struct hdrm_rec *r,
				  const struct hdrm_ptp_msg *m,
				  const struct hdrm_rxts *rx)
{
	struct hdrm_ptp_turn turn;

	if (r->flags & HDRM_REC_REPLIED)
		return false;
	if (m->flags & HDRM_PTP_FLAG_TWO_STEP) {
		r->t2 = m->ts;
		r->corr = m->correction;
		r->flags |= HDRM_REC_TWOSTEP;
	} else {
		/* t3 before t2, or a turnaround of 4 s: no sample */
		if (hdrm_ptp_turnaround(m, NULL, &turn))
			return false;
		r->t2 = 0;
		r->t3 = turn.turnaround;
	}
	r->flags |= HDRM_REC_REPLIED | HDRM_REC_STAMPS | HDRM_REC_T2_HW |
		    HDRM_REC_T3_HW;
	r->t4_hook = rx->hook + s->clock_base;
	r->t4_sw = rx->sw ? rx->sw + s->clock_base : 0;
	r->t4_hw = rx->hw;
	s->ptp_steps = m->flags & HDRM_PTP_FLAG_TWO_STEP ? 2 : 1;
	s->received++;
	return true;
}

/*
 * A Pdelay_Resp_Follow_Up for probe @r: its t3 and correction, with the
 * response's t2 and correction, make the turnaround.
 * Context: port->lock held. Return: false when it is not taken.
 */
static bool hdrm_session_ptp_fup(struct hdrm_session *s, struct hdrm_rec *r,
				 const struct hdrm_ptp_msg *m)
{
	struct hdrm_ptp_msg resp = {
		.type = HDRM_PTP_PDELAY_RESP,
		.flags = HDRM_PTP_FLAG_TWO_STEP,
		.correction = r->corr,
		.source = s->ptp_responder,
		.seq = m->seq,
		.ts = r->t2,
		.requesting = s->ptp_self,
	};
	struct hdrm_ptp_turn turn;

	if (!(r->flags & HDRM_REC_TWOSTEP) || (r->flags & HDRM_REC_FOLLOWUP) ||
	    hdrm_ptp_turnaround(&resp, m, &turn))
		return false;
	r->t3 = r->t2 + turn.turnaround;
	r->flags |= HDRM_REC_FOLLOWUP;
	return true;
}

/**
 * hdrm_session_ptp_rx() - an IEEE 1588 delay answer arrived
 * @port: the port it arrived on
 * @src: its source address
 * @m: the decoded, validated Pdelay_Resp, Pdelay_Resp_Follow_Up or
 *     Delay_Resp
 * @rx: when it arrived (t4 for a response), on each clock there is
 *
 * An answer to this device's clockIdentity from another port number
 * than dcb_hdrm's says a ptp4l runs here (hdrm_ptp_local_busy()); a
 * Delay_Resp is only that, and counted (ptp-others). An answer to
 * another requester (a ptp4l's own on this port), in another domain or
 * to no probe of the running pdelay session is counted (ptp-others) and
 * left alone. The first answer names the responder; an
 * answer to one of the session's probes from another port identity ends
 * it with status foreign, as a second reflector does. A response or
 * follow-up whose timestamps do not add up (t3 before t2, a turnaround
 * of 4 s or more) is no sample, and counted as stale.
 *
 * Context: softirq.
 */
void hdrm_session_ptp_rx(struct hdrm_port *port, const u8 *src,
			 const struct hdrm_ptp_msg *m,
			 const struct hdrm_rxts *rx)
{
	bool was, taken = false, other = false, foreign = false;
	struct hdrm_session *s;
	struct hdrm_rec *r;
	u8 self[8];

	hdrm_ptp_clock_id(port->dev->dev_addr, self);
	/*
	 * ptp4l's own exchange on this port, P2P or E2E (a Delay_Resp): its
	 * identity, its port number
	 */
	if (!memcmp(m->requesting.clock, self, sizeof(self)) &&
	    m->requesting.port != HDRM_PTP_OWN_PORT)
		WRITE_ONCE(port->ptp_local_ns, rx->hook);
	/* an E2E answer is never a sample of ours */
	if (m->type == HDRM_PTP_DELAY_RESP) {
		atomic64_inc(&port->ctr.ptp_others);
		return;
	}
	spin_lock(&port->lock);
	s = port->session;
	r = s ? hdrm_session_ptp_rec(s, m) : NULL;
	if (!r) {
		other = true;
		goto out;
	}
	if (!s->ptp_have_responder) {
		s->ptp_have_responder = true;
		s->ptp_responder = m->source;
		ether_addr_copy(s->peer_addr, src);
	} else if (!hdrm_ptp_pid_equal(&m->source, &s->ptp_responder) ||
		   !ether_addr_equal(src, s->peer_addr)) {
		foreign = true;
		hdrm_session_end_locked(port, s, DCB_HDRM_STATUS_FOREIGN);
		goto out;
	}
	was = hdrm_rec_settled(s, r);
	if (m->type == HDRM_PTP_PDELAY_RESP)
		taken = hdrm_session_ptp_resp(s, r, m, rx);
	else
		taken = hdrm_session_ptp_fup(s, r, m);
	if (taken)
		hdrm_rec_account(port, s, was, r);
out:
	spin_unlock(&port->lock);
	atomic64_inc(other ? &port->ctr.ptp_others :
		     foreign ? &port->ctr.foreign :
		     taken ? &port->ctr.rx_replies : &port->ctr.stale);
}

/**
 * hdrm_session_tx_stamp() - the driver's TX timestamp of a probe
 * @port: the port it left on
 * @encap: its encapsulation (the session knows it; hdrm_ts_done_t gives it)
 * @p: the probe, as it was sent (its t1 not yet stamped)
 * @hw: the NIC's timestamp, or 0
 * @sw: the software one on the monotonic clock, or 0
 *
 * Context: BH off, RCU held (hdrm_ts_work).
 */
void hdrm_session_tx_stamp(struct hdrm_port *port, enum hdrm_encap encap,
			   const struct hdrm_probe *p, u64 hw, u64 sw)
{
	struct hdrm_session *s;
	struct hdrm_rec *r;
	bool was;

	spin_lock(&port->lock);
	s = port->session;
	r = NULL;
	/* the stamp's key named the probe: its t1 is not needed */
	if (s && !s->done && p->session == s->id && p->seq < s->count &&
	    s->rec[p->seq].t1_hook)
		r = &s->rec[p->seq];
	if (r) {
		was = hdrm_rec_settled(s, r);
		if (hw)
			r->t1_hw = hw;
		else
			r->t1_sw = sw + s->clock_base;
		hdrm_rec_account(port, s, was, r);
	}
	spin_unlock(&port->lock);
}

/*
 * A finished session's result: hdrm_samples_build() from what each probe
 * gathered, then hdrm_derive() from the samples and settings.
 */
static void hdrm_session_result(struct hdrm_session *s, struct hdrm_result *r,
				struct hdrm_sample_set *set)
{
	struct hdrm_samples_in sin = {
		.rec = s->rec,
		.sent = s->sent,
		.ts_mode = s->ts_mode,
		.timeout_ns = (u64)s->timeout_ms * NSEC_PER_MSEC,
	};
	struct hdrm_samples_out so;
	struct hdrm_derive_in in = {
		.rtt = s->rtt,
		.turnaround = s->mode == DCB_HDRM_MODE_4TS ? s->turnaround : NULL,
		.estimator = s->estimator,
		.speed_override = s->cfg.speed_override,
		.speed_link = s->speed,
		.precision_override = s->cfg.precision_override,
		.prio_override = s->cfg.prio_mask,
		.prio_pfc = s->prio_mask,
		.k_override = s->cfg.k_override,
		.k_measured = s->cfg.k_measured && s->k_meas.valid,
		.k_measured_ns = s->k_meas.k_ns,
		.cell = s->cfg.cell ?: s->drv_cell,
		.small_pct = s->cfg.small_pct,
		.mtu = s->mtu,
	};
	struct hdrm_derived d;
	u32 i;

	hdrm_samples_build(&sin, s->rtt, s->turnaround, &so);
	/* the raw samples, before hdrm_derive() sorts them */
	if (set) {
		set->session = s->id;
		set->n = min(so.received, s->sent);
		for (i = 0; i < set->n; i++)
			set->ns[i] = min_t(u64, s->rtt[i], U32_MAX);
	}
	r->session = s->id;
	r->status = s->status;
	/* asked for hardware, got replies, none of them in hardware */
	if (r->status == DCB_HDRM_STATUS_OK && !so.received &&
	    s->ts_mode == DCB_HDRM_TS_MODE_HARDWARE && so.rejected)
		r->status = DCB_HDRM_STATUS_NO_HW_TIMESTAMPS;
	r->mode = s->mode;
	r->method = s->method;
	if (s->method == DCB_HDRM_METHOD_PDELAY && s->ptp_have_responder) {
		r->responder = s->ptp_responder;
		r->steps = s->ptp_steps;
	}
	r->encap = s->encap;
	r->estimator = s->estimator;
	r->ts_mode = s->ts_mode;
	r->timestamping = so.hardware ? DCB_HDRM_TIMESTAMPING_HARDWARE :
					DCB_HDRM_TIMESTAMPING_SOFTWARE;
	r->has_ratio = so.has_ratio;
	r->ratio_ppb = so.ratio_ppb;
	r->two_step = so.two_step;
	r->followup_missing = so.followup_missing;
	r->sent = s->sent;
	r->received = so.received;
	r->late = so.late;
	r->lost = s->sent - so.received - so.late;
	in.received = so.received;
	in.size = r->status == DCB_HDRM_STATUS_OK;
	in.hardware = so.hardware;
	in.hw_resolution = max(s->ts.hw_resolution, s->peer_hw_resolution);
	r->ended_ns = ktime_get_ns();
	r->duration_us = div_u64(r->ended_ns - s->started_ns, NSEC_PER_USEC);

	BUILD_BUG_ON(sizeof(in.max_frame) != sizeof(s->cfg.max_frame));
	memcpy(in.max_frame, s->cfg.max_frame, sizeof(in.max_frame));
	hdrm_derive(&in, &d);
	r->speed = d.speed;
	r->precision = d.precision;
	r->precision_source = d.precision_source;
	r->k_bytes = d.k_bytes;
	r->k_source = d.k_source;
	r->k_table_bytes = d.k_table_bytes;
	r->cell = d.cell;
	r->cell_source = s->cfg.cell ? DCB_HDRM_CELL_SOURCE_SET :
				       s->cell_source;
	r->small_pct = d.small_pct;
	r->occupancy_permille = d.occupancy_permille;
	r->link_frame = d.link_frame;
	r->rtt = d.rtt;
	r->rtt_estimate = d.rtt_estimate;
	r->turnaround_median = d.turnaround_median;
	if (d.no_speed)
		r->status = DCB_HDRM_STATUS_NO_SPEED;
	r->prio_mask = d.prio_mask;
	r->unsized_mask = d.unsized_mask;
	memcpy(r->max_frame, d.max_frame, sizeof(r->max_frame));
	memcpy(r->packed_bytes, d.frame_bytes, sizeof(r->packed_bytes));
	memcpy(r->headroom_bytes, d.headroom_bytes, sizeof(r->headroom_bytes));
	memcpy(r->headroom_cells, d.headroom_cells, sizeof(r->headroom_cells));
	memcpy(r->inflight_bytes, d.inflight_bytes, sizeof(r->inflight_bytes));
}

static void hdrm_last_set(struct hdrm_last *last, const struct hdrm_result *r)
{
	last->session = r->session;
	last->precision = r->precision;
	last->speed = r->speed;
	last->prio_mask = r->prio_mask;
	last->rtt_estimate = r->rtt_estimate;
	memcpy(last->headroom_bytes, r->headroom_bytes,
	       sizeof(last->headroom_bytes));
}

/*
 * What a response measurement starts from, and whether it can: a round
 * trip that ended ok, with a speed; of hdrm, unless passive (no stream is
 * asked for: peer delay measures a switch's link). The XOFF and the XON
 * are stamped as the probes were: by the NIC when the round trip was,
 * else in software.
 */
static u8 hdrm_session_response_params(const struct hdrm_session *s,
				       const struct hdrm_result *r,
				       struct hdrm_response_start *p)
{
	p->session = r->session;
	p->prio = s->response_prio;
	p->passive = s->response_passive;
	p->repeats = s->response_repeats;
	p->rtt_ns = r->rtt_estimate;
	p->speed = r->speed;
	p->mtu = s->mtu;
	p->hw = r->timestamping == DCB_HDRM_TIMESTAMPING_HARDWARE;
	p->tx_flags = p->hw ? HDRM_SKBTX_HW :
		      s->ts_mode != DCB_HDRM_TS_MODE_HOOK &&
		      (s->ts.flags & HDRM_TSC_TX_SW) ? SKBTX_SW_TSTAMP : 0;
	p->encap = s->encap;
	p->owner_portid = s->owner_portid;
	p->owner_net = s->owner_net;
	if (r->status != DCB_HDRM_STATUS_OK || !r->received || !r->speed ||
	    (s->method != DCB_HDRM_METHOD_HDRM && !p->passive))
		return DCB_HDRM_RESPONSE_END_NO_ROUND_TRIP;
	return DCB_HDRM_RESPONSE_END_OK;
}

/* A response measurement that cannot even start says so in the result. */
static void hdrm_session_response_none(struct hdrm_result *r,
				       const struct hdrm_session *s, u8 end)
{
	r->has_response = true;
	r->resp.prio = s->response_prio;
	r->resp.passive = s->response_passive;
	r->resp.repeats = s->response_repeats;
	r->resp.end = end;
}

/* Detach the port's finished session, if any, and turn it into a result. */
static void hdrm_session_finish(struct hdrm_port *port)
{
	struct hdrm_sample_set *set, *old_set;
	struct hdrm_response_start rp = {};
	struct hdrm_result *r, *old;
	struct hdrm_resp *resp = NULL;
	struct hdrm_session *s;
	bool ok, dead, want;
	u8 rend;

	/*
	 * Allocated before the detach, which reserves it on the port: no
	 * new measurement starts until the response has ended.
	 */
	spin_lock_bh(&port->lock);
	want = port->session && port->session->done &&
	       port->session->response;
	spin_unlock_bh(&port->lock);
	if (want)
		resp = hdrm_response_alloc();
	spin_lock_bh(&port->lock);
	s = port->session;
	if (!s || !s->done) {
		spin_unlock_bh(&port->lock);
		hdrm_response_free(resp);
		return;
	}
	port->session = NULL;
	if (!s->response) {
		hdrm_response_free(resp);
		resp = NULL;
	}
	if (resp)
		port->resp = resp;
	dead = port->dead;
	spin_unlock_bh(&port->lock);

	hrtimer_cancel(&s->timer);
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	set = s->sent ? kvmalloc(struct_size(set, ns, s->sent), GFP_KERNEL) :
			NULL;
	if (r) {
		hdrm_session_result(s, r, set);
		trace_dcb_hdrm_result(port, r);
		rend = DCB_HDRM_RESPONSE_END_ERROR;
		if (resp)
			rend = hdrm_session_response_params(s, r, &rp);
		else if (s->response)
			hdrm_session_response_none(r, s, rend);
		/* Once on the port, @r may be replaced (a push) and freed. */
		ok = r->status == DCB_HDRM_STATUS_OK;
		/* a peer-delay responder takes no push (nl_measure.c) */
		if (s->method == DCB_HDRM_METHOD_PDELAY ||
		    s->method == DCB_HDRM_METHOD_PTP4L)
			s->push = false;
		if (ok && s->push)
			hdrm_push_prepare(port, r, s->encap);
		spin_lock_bh(&port->lock);
		old = port->result;
		port->result = r;
		old_set = port->samples;
		port->samples = set;
		set = old_set;
		if (ok)
			hdrm_last_set(&port->last, r);
		spin_unlock_bh(&port->lock);
		kfree(old);
		/* a response measurement announces the result when it ends */
		if (resp)
			hdrm_response_start(port, resp, &rp, rend);
		else
			hdrm_notify(port, DCB_HDRM_CMD_RESULT_NTF, 0);
		/* A port being deleted queues no work: its works are cancelled next. */
		if (ok && !dead && s->apply != DCB_HDRM_APPLY_NONE)
			hdrm_apply_schedule(port, s->apply);
		if (ok && !dead && s->push)
			mod_delayed_work(system_wq, &port->push_work, 0);
	} else if (resp) {
		/* no result to carry it: the port is free again */
		rp.session = 0;
		hdrm_response_start(port, resp, &rp, DCB_HDRM_RESPONSE_END_ERROR);
	}
	kvfree(set);
	hdrm_session_free(s);
}

void hdrm_session_done_work(struct work_struct *work)
{
	hdrm_session_finish(container_of(work, struct hdrm_port, done_work));
}

/**
 * hdrm_session_release() - a netlink socket closed
 * @port: a port
 * @net: the socket's network namespace
 * @portid: its port id
 *
 * Ends the port's measurement, status cancelled, when that socket started
 * it with "owned": the tool waiting for it was interrupted, and nobody is
 * left to read it.
 *
 * Context: process (the netlink notifier), under rcu_read_lock().
 */
void hdrm_session_release(struct hdrm_port *port, const struct net *net,
			  u32 portid)
{
	struct hdrm_session *s;

	spin_lock_bh(&port->lock);
	s = port->session;
	if (s && !port->dead && s->owner_portid == portid &&
	    s->owner_net == net)
		hdrm_session_end_locked(port, s, DCB_HDRM_STATUS_CANCELLED);
	spin_unlock_bh(&port->lock);
}

/**
 * hdrm_session_stop() - end the port's measurement now, if one runs
 * @port: the port
 * @status: why (enum dcb_hdrm_status)
 *
 * Once ended, a session belongs to whoever detaches it first: the end work
 * (port->done_work) may do so at any moment on another CPU, so nothing
 * here touches it after the lock is dropped. cancel_work_sync() waits for
 * a running end work (it never takes rtnl) or drops a pending one; the
 * finish after it then detaches what the work did not.
 *
 * Context: process, may sleep; rtnl held, so no new session starts here.
 * On return no timer or work of the session runs any more.
 */
void hdrm_session_stop(struct hdrm_port *port, u8 status)
{
	ASSERT_RTNL();
	spin_lock_bh(&port->lock);
	if (port->session)
		hdrm_session_end_locked(port, port->session, status);
	spin_unlock_bh(&port->lock);
	hdrm_test_stop_window();
	cancel_work_sync(&port->done_work);
	hdrm_session_finish(port);
}

/**
 * hdrm_session_snapshot() - what the headroom of a new session depends on
 * @port: the port it will run on
 * @s: the session, not started yet
 *
 * Reads the speed and priorities from the device and its driver, now,
 * each only where the configuration has no override (hdrm_derive() picks
 * one of the two at the end), the MTU, and what the driver timestamps.
 *
 * Context: rtnl held (link settings and PFC are read through the driver).
 */
void hdrm_session_snapshot(struct hdrm_port *port, struct hdrm_session *s)
{
	struct net_device *dev = port->dev;
	u32 speed, prio_mask;

	ASSERT_RTNL();
	hdrm_drv_ts_refresh(port);
	spin_lock_bh(&port->lock);
	speed = port->cfg.speed_override;
	prio_mask = port->cfg.prio_mask;
	s->ts = port->ts;
	spin_unlock_bh(&port->lock);
	s->speed = speed ? 0 : hdrm_drv_speed(dev);
	s->prio_mask = prio_mask ? 0 : hdrm_drv_pfc_prio_mask(dev);
	s->mtu = READ_ONCE(dev->mtu);
	s->drv_cell = hdrm_drv_cell(dev, 0, &s->cell_source);
}
