// SPDX-License-Identifier: GPL-2.0
/*
 * dcbsim: PFC as a NIC's MAC does it: pause frames sent (the storm)
 * and received, transmit held on a paused priority, and the driver
 * knob's PFC counters. Documentation/testing.rst describes each.
 */
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/math64.h>

#include "dcbsim_priv.h"

/* frames held per paused priority: a stream's whole ring, as a MAC holds */
#define DCBSIM_HELD_MAX		65536
/* how soon the pause timer looks again when the ring held it back */
#define DCBSIM_RING_RECHECK_NS	(20 * NSEC_PER_USEC)
#define DCBSIM_QUANTUM_BITS	512ULL	/* a pause quantum, bit times */
#define DCBSIM_REFRESH_MIN_NS	100000ULL
#define DCBSIM_REFRESH_MAX_NS	10000000ULL

/* This end's PFC-enabled priorities, the model's. */
static u8 dcbsim_pfc_en(const struct dcbsim_priv *priv)
{
	if (READ_ONCE(priv->model) == DCBSIM_MLX5)
		return READ_ONCE(priv->mlx5.pfc_en);
	return READ_ONCE(priv->pfc.pfc_en);
}

/* A pause of @quanta: @quanta x 512 bit times at @speed Mb/s, ns. */
static u64 dcbsim_pause_ns(u32 speed, u16 quanta)
{
	return div_u64(quanta * DCBSIM_QUANTUM_BITS * 1000, speed);
}

/*
 * A storming NIC refreshes its XOFF before the pause it sent expires:
 * every half pause of 65535 quanta at its own speed, within 100 us and
 * 10 ms, whatever pfc-storm-quanta is (an XON storm keeps the cadence).
 */
static u64 dcbsim_refresh_ns(u32 speed)
{
	return clamp_t(u64, dcbsim_pause_ns(speed, DCBSIM_PFC_QUANTA_MAX) / 2,
		       DCBSIM_REFRESH_MIN_NS, DCBSIM_REFRESH_MAX_NS);
}

/*
 * A frame's priority: its VLAN PCP (an accelerated tag or an 802.1Q
 * header), else skb->priority when below 8, else 0. *@ctl: a MAC control
 * frame (0x8808), which a MAC sends even on a paused priority.
 *
 * A tagged frame's PCP is what a NIC pauses on: mlx5 in PCP trust
 * (mlx5e_get_up() in en/selq.c, 6.12) picks the transmit queue of the
 * tag's priority, and PFC stops that queue. An untagged frame goes, on
 * mlx5, to priority 0 whatever skb->priority is. dcbsim keeps
 * skb->priority there instead, not mapped through a prio-to-TC map (it
 * registers no traffic classes; ETS's prio_tc names a TC, not the PFC
 * priority a pause names): the debug kernel has no VLANs, and its tests
 * put untagged traffic on a priority with SO_PRIORITY or the IP TOS.
 */
u8 dcbsim_skb_prio(const struct sk_buff *skb, bool *ctl)
{
	const __be16 *proto, *tci;
	__be16 _proto, _tci;

	*ctl = false;
	if (skb_vlan_tag_present(skb))
		return skb_vlan_tag_get_prio(skb);
	/* the frame from its MAC header, as handed to the driver */
	proto = skb_header_pointer(skb, 2 * ETH_ALEN, sizeof(_proto), &_proto);
	if (proto && *proto == htons(ETH_P_8021Q)) {
		tci = skb_header_pointer(skb, ETH_HLEN, sizeof(_tci), &_tci);
		if (tci)
			return ntohs(*tci) >> VLAN_PRIO_SHIFT;
	}
	if (proto && *proto == htons(ETH_P_PAUSE))
		*ctl = true;
	return skb->priority < DCBSIM_NUM_PRIOS ? skb->priority : 0;
}

#define DCBSIM_PFC_OPCODE	0x0101	/* 802.1Qbb, Annex 31D of 802.3 */

/*
 * Whether @skb, a MAC control frame, is a PFC frame a MAC acts on: to
 * 01-80-C2-00-00-01, opcode 0x0101. *@vec: its class-enable vector,
 * @quanta[8]: each priority's pause time (0 for a priority not in it).
 */
bool dcbsim_pfc_parse(const struct sk_buff *skb, u8 *vec, u16 *quanta)
{
	static const u8 group[ETH_ALEN] = { 0x01, 0x80, 0xc2, 0x00, 0x00, 0x01 };
	__be16 _f[2 + DCBSIM_NUM_PRIOS];
	const __be16 *f;
	const u8 *da;
	u8 _da[ETH_ALEN];
	int prio;

	da = skb_header_pointer(skb, 0, ETH_ALEN, _da);
	f = skb_header_pointer(skb, ETH_HLEN, sizeof(_f), _f);
	if (!da || !f || !ether_addr_equal_unaligned(da, group) ||
	    ntohs(f[0]) != DCBSIM_PFC_OPCODE)
		return false;
	*vec = ntohs(f[1]) & 0xff;
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++)
		quanta[prio] = (*vec & BIT(prio)) ? ntohs(f[2 + prio]) : 0;
	return true;
}

/* pause_timer fires at @at, or earlier if it is already due earlier. */
static void dcbsim_pause_timer_arm(struct dcbsim_priv *priv, u64 at)
{
	lockdep_assert_held(&priv->pfc_lock);
	if (priv->pause_timer_at && priv->pause_timer_at <= at)
		return;
	priv->pause_timer_at = at;
	hrtimer_start(&priv->pause_timer, ns_to_ktime(at),
		      HRTIMER_MODE_ABS_SOFT);
}

/*
 * Puts held frames on the cable, in order, each as if it entered it at
 * @at, or when the driver took it if that was later. Under pfc_lock, so
 * that a frame transmitted meanwhile cannot overtake them. Held frames
 * are never MAC control frames, so none of them takes a pfc_lock.
 * Context: bottom halves off.
 */
static void dcbsim_release_locked(struct dcbsim_priv *priv,
				  struct sk_buff_head *q, u64 at)
{
	struct sk_buff *skb;

	lockdep_assert_held(&priv->pfc_lock);
	while ((skb = __skb_dequeue(q)))
		dcbsim_cable_tx(priv, skb, max(at, DCBSIM_CB(skb)->xmit));
}

/* The time @ps has paused transmit up to @now, ns. */
static u64 dcbsim_pause_total(const struct dcbsim_pause *ps, u64 now)
{
	u64 t = ps->done_ns;
	unsigned int i;

	for (i = 0; i < ps->n && ps->from[i] < now; i++)
		t += min(ps->until[i], now) - ps->from[i];
	return t;
}

/* Whether @ps pauses transmit at @now. */
static bool dcbsim_pause_at(const struct dcbsim_pause *ps, u64 now)
{
	unsigned int i;

	for (i = 0; i < ps->n && ps->from[i] <= now; i++)
		if (now < ps->until[i])
			return true;
	return false;
}

/* No pause from @now on: what has elapsed stays counted. */
static void dcbsim_pause_clear(struct dcbsim_pause *ps, u64 now)
{
	ps->done_ns = dcbsim_pause_total(ps, now);
	ps->n = 0;
	ps->resume = now;
}

/*
 * Brings @prio's pause up to @now: each pause that has ended is counted
 * and dropped, and the frames held go at its end, in the gap after it
 * (pauses never touch). With PFC off on @prio (!@en) every pause ends
 * now. Afterwards frames are held only while a pause runs at @now.
 * Context: bottom halves off.
 */
static void dcbsim_pause_advance(struct dcbsim_priv *priv, int prio,
				 u64 now, bool en)
{
	struct dcbsim_pause *ps = &priv->pause[prio];
	struct sk_buff_head *q = &priv->held[prio];

	lockdep_assert_held(&priv->pfc_lock);
	if (!en) {
		if (ps->n)
			dcbsim_pause_clear(ps, now);
		if (!skb_queue_empty(q))
			dcbsim_release_locked(priv, q, now);
		return;
	}
	while (ps->n && ps->until[0] <= now) {
		ps->done_ns += ps->until[0] - ps->from[0];
		ps->resume = ps->until[0];
		ps->n--;
		memmove(ps->from, ps->from + 1, ps->n * sizeof(ps->from[0]));
		memmove(ps->until, ps->until + 1, ps->n * sizeof(ps->until[0]));
		dcbsim_release_locked(priv, q, ps->resume);
	}
	/* frames held across a pause that was cleared (the link's end) */
	if ((!ps->n || ps->from[0] > now) && !skb_queue_empty(q))
		dcbsim_release_locked(priv, q, ps->resume);
}

/*
 * An XOFF whose pause runs from @from (its arrival plus the response
 * time) to @until: the 802.1Qbb receiver loads its pause timer with the
 * frame's time, replacing what runs, so a pause that covers @from ends
 * at @until instead, and one due to start at @from or later (only from
 * a frame that arrived at the same instant) is replaced. Beyond
 * DCBSIM_PAUSE_WINDOWS pending pauses (frames a few apart with pauses
 * shorter than their spacing, all still to come) the gap before the
 * newest closes: transmit stays paused through it.
 */
static void dcbsim_pause_xoff(struct dcbsim_pause *ps, u64 from, u64 until)
{
	while (ps->n && ps->from[ps->n - 1] >= from)
		ps->n--;
	if (ps->n && ps->until[ps->n - 1] >= from) {
		ps->until[ps->n - 1] = until;
		return;
	}
	if (until == from)
		return;
	if (ps->n == DCBSIM_PAUSE_WINDOWS) {
		ps->until[ps->n - 1] = until;
		return;
	}
	ps->from[ps->n] = from;
	ps->until[ps->n] = until;
	ps->n++;
}

/*
 * An XON (time 0) arriving at @t: transmit resumes at @t, a pause whose
 * response was still running (due to start at @t or later) included.
 */
static void dcbsim_pause_xon(struct dcbsim_pause *ps, u64 t)
{
	while (ps->n && ps->from[ps->n - 1] >= t)
		ps->n--;
	if (ps->n && ps->until[ps->n - 1] > t)
		ps->until[ps->n - 1] = t;
}

/*
 * One PFC frame reaches @priv at host instant @t (the cable's timeline:
 * the frame's x_tx plus its sender's delay-ns, or the storm's tick),
 * enabling the priorities of @vec with the times of @quanta. On each
 * that this end has PFC on, as 802.1Qbb's receiver (a priority with PFC
 * off ignores it): an XOFF (time Q not 0) stops its transmit from t +
 * pfc-response-ns, the frames that started before then going on (the
 * frame in progress and those the MAC's response still lets out), for
 * Q x 512 bit times at this end's speed from that instant; an XON
 * resumes it at t. The frames held go when it ends, so the pause timer
 * is brought forward to that instant; only for held frames, which
 * ndo_stop purges before it cancels the timer. No timer is needed for
 * the response: a frame is held only when the driver takes it inside a
 * pause, and the instant the pause starts is known when the frame
 * arrives, before @t (a frame on the cable) or at it (the storm).
 * Counting is the caller's. Context: bottom halves off, RCU held (the
 * peer's transmit or storm timer).
 */
void dcbsim_pfc_rx(struct dcbsim_priv *priv, u8 vec, const u16 *quanta,
		   u64 t)
{
	u32 speed = READ_ONCE(priv->speed);
	u64 from = t + READ_ONCE(priv->pfc_response_ns);
	struct dcbsim_pause *ps;
	int prio;

	vec &= dcbsim_pfc_en(priv);
	spin_lock(&priv->pfc_lock);
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		if (!(vec & BIT(prio)))
			continue;
		ps = &priv->pause[prio];
		if (quanta[prio])
			dcbsim_pause_xoff(ps, from, from +
					  dcbsim_pause_ns(speed, quanta[prio]));
		else
			dcbsim_pause_xon(ps, t);
		if (!skb_queue_empty(&priv->held[prio]))
			dcbsim_pause_timer_arm(priv, ps->n ? ps->until[0] : t);
	}
	spin_unlock(&priv->pfc_lock);
}

/*
 * A PFC frame received, as the MAC counts it: every priority of its
 * vector, PFC on or off (rx_prio<p>_pause, indications), the XOFF ones
 * apart (the XOFF-only drivers). Context: any.
 */
void dcbsim_pfc_rx_count(struct dcbsim_priv *priv, u8 vec, u8 xoff)
{
	int prio;

	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		if (vec & BIT(prio))
			atomic64_inc(&priv->pause_rcvd[prio]);
		if (xoff & BIT(prio))
			atomic64_inc(&priv->xoff_rcvd[prio]);
	}
}

/*
 * Holds @skb when its priority is paused at @now, the instant it would
 * enter the cable (PFC on for it and a pause running); a pause that has
 * ended lets the frames it held go first, so none is overtaken. Beyond
 * DCBSIM_HELD_MAX it is dropped. False: it may go onto the cable.
 * Context: bottom halves off.
 */
bool dcbsim_hold(struct dcbsim_priv *priv, struct sk_buff *skb, u64 now)
{
	u8 prio = DCBSIM_CB(skb)->prio;
	struct dcbsim_pause *ps = &priv->pause[prio];
	struct sk_buff_head *q = &priv->held[prio];
	bool en = dcbsim_pfc_en(priv) & BIT(prio);
	bool held = true;

	spin_lock(&priv->pfc_lock);
	dcbsim_pause_advance(priv, prio, now, en);
	if (!en || !ps->n || ps->from[0] > now) {
		held = false;
	} else if (skb_queue_len(q) >= DCBSIM_HELD_MAX) {
		atomic64_inc(&priv->tx_dropped);
		kfree_skb(skb);
	} else {
		DCBSIM_CB(skb)->xmit = now;
		__skb_queue_tail(q, skb);
		priv->tx_held[prio]++;
		dcbsim_pause_timer_arm(priv, ps->until[0]);
	}
	spin_unlock(&priv->pfc_lock);
	return held;
}

/*
 * Context: softirq. Releases the priorities whose pause is over, as of
 * now or, while the ring still has frames due before now (a host behind
 * the wire's timeline), as of the first of them: a pause may not end
 * ahead of the frames it holds; the ring's own frames end it in order
 * (dcbsim_hold()), and the timer looks again a little later.
 */
enum hrtimer_restart dcbsim_pause_timer(struct hrtimer *timer)
{
	struct dcbsim_priv *priv = container_of(timer, struct dcbsim_priv,
						pause_timer);
	u64 host = ktime_get_ns(), ring = READ_ONCE(priv->ring_next);
	bool behind = ring < host;
	u64 now = behind ? ring : host, next = 0, at;
	int prio;
	u8 en;

	spin_lock(&priv->pfc_lock);
	priv->pause_timer_at = 0;
	en = dcbsim_pfc_en(priv);
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		if (skb_queue_empty(&priv->held[prio]))
			continue;
		dcbsim_pause_advance(priv, prio, now, en & BIT(prio));
		/* still held: a pause runs now */
		if (skb_queue_empty(&priv->held[prio]))
			continue;
		at = priv->pause[prio].until[0];
		if (behind)
			at = max(at, host + DCBSIM_RING_RECHECK_NS);
		if (!next || at < next)
			next = at;
	}
	/* hrtimer_start() from the callback: the only way it is re-armed */
	if (next)
		dcbsim_pause_timer_arm(priv, next);
	spin_unlock(&priv->pfc_lock);
	return HRTIMER_NORESTART;
}

/*
 * A NIC with PFC off on a priority ignores pause on it: its pause ends
 * and its held frames go now. Context: rtnl held, after any change of
 * pfc_en (a model's reset included).
 */
void dcbsim_pfc_release(struct dcbsim_priv *priv)
{
	u8 en = dcbsim_pfc_en(priv);
	u64 now = ktime_get_ns();
	int prio;

	spin_lock_bh(&priv->pfc_lock);
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++)
		if (!(en & BIT(prio)))
			dcbsim_pause_advance(priv, prio, now, false);
	spin_unlock_bh(&priv->pfc_lock);
}

/* The priorities whose transmit is paused now, a mask. Context: rtnl. */
u8 dcbsim_paused(struct dcbsim_priv *priv)
{
	u8 en = dcbsim_pfc_en(priv), mask = 0;
	u64 now;
	int prio;

	spin_lock_bh(&priv->pfc_lock);
	now = ktime_get_ns();
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++)
		if ((en & BIT(prio)) && dcbsim_pause_at(&priv->pause[prio], now))
			mask |= BIT(prio);
	spin_unlock_bh(&priv->pfc_lock);
	return mask;
}

/*
 * ethtool -S: the frames ever held on @prio, and the time its transmit
 * has been paused, up to now, ns. Context: process.
 */
void dcbsim_pfc_tx_stats(struct dcbsim_priv *priv, int prio, u64 *held,
			 u64 *paused_ns)
{
	spin_lock_bh(&priv->pfc_lock);
	*held = priv->tx_held[prio];
	*paused_ns = dcbsim_pause_total(&priv->pause[prio], ktime_get_ns());
	spin_unlock_bh(&priv->pfc_lock);
}

/*
 * One PFC frame of the storm on @prio, sent at @now if this end has PFC
 * on @prio and a link: counted at both ends, the XOFF ones (quanta not
 * 0) also apart, and received by the peer at @now (the cable's delay is
 * not applied to it), as dcbsim_pfc_rx() says. The frame itself is not
 * on the cable (a MAC consumes it). Context: softirq.
 */
static void dcbsim_storm_pause(struct dcbsim_priv *priv, u8 prio, u64 now)
{
	u16 quanta[DCBSIM_NUM_PRIOS] = {};
	struct dcbsim_priv *ppriv;
	struct net_device *peer;

	if (!netif_carrier_ok(priv->dev) ||
	    !(dcbsim_pfc_en(priv) & BIT(prio))) {
		priv->storm_sending = false;
		return;
	}
	if (!priv->storm_sending) {
		WRITE_ONCE(priv->storm_since, now);
		priv->storm_sending = true;
	}
	quanta[prio] = READ_ONCE(priv->storm_quanta);
	atomic64_inc(&priv->pause_sent[prio]);
	if (quanta[prio])
		atomic64_inc(&priv->xoff_sent[prio]);
	rcu_read_lock();
	peer = rcu_dereference(priv->peer);
	if (peer && (peer->flags & IFF_UP)) {
		ppriv = netdev_priv(peer);
		dcbsim_pfc_rx_count(ppriv, BIT(prio),
				    quanta[prio] ? BIT(prio) : 0);
		dcbsim_pfc_rx(ppriv, BIT(prio), quanta, now);
	}
	rcu_read_unlock();
}

/*
 * Context: softirq. A tick of the storm: in a burst, a pause and the next
 * tick a refresh interval later (or at the burst's end); between bursts,
 * the next tick at the next burst's start.
 */
enum hrtimer_restart dcbsim_storm_timer(struct hrtimer *timer)
{
	struct dcbsim_priv *priv = container_of(timer, struct dcbsim_priv,
						storm_timer);
	u64 on = (u64)READ_ONCE(priv->storm_on_ms) * NSEC_PER_MSEC;
	u64 off = (u64)READ_ONCE(priv->storm_off_ms) * NSEC_PER_MSEC;
	u8 prio = READ_ONCE(priv->storm_prio);
	u64 now = ktime_get_ns();
	u64 next, pos;

	if (prio >= DCBSIM_NUM_PRIOS)
		return HRTIMER_NORESTART;
	next = now + dcbsim_refresh_ns(READ_ONCE(priv->speed));
	if (on && off) {
		div64_u64_rem(now - priv->storm_start, on + off, &pos);
		if (pos >= on) {
			priv->storm_sending = false;
			hrtimer_set_expires(timer,
					    ns_to_ktime(now - pos + on + off));
			return HRTIMER_RESTART;
		}
		next = min(next, now - pos + on);
	}
	dcbsim_storm_pause(priv, prio, now);
	hrtimer_set_expires(timer, ns_to_ktime(next));
	return HRTIMER_RESTART;
}

/*
 * The storm's cycle afresh from now, its first burst at once, if a
 * priority is set and the device is up. Context: rtnl held.
 */
void dcbsim_storm_restart(struct dcbsim_priv *priv)
{
	hrtimer_cancel(&priv->storm_timer);
	priv->storm_sending = false;
	if (priv->storm_prio >= DCBSIM_NUM_PRIOS || !netif_running(priv->dev))
		return;
	priv->storm_start = ktime_get_ns();
	hrtimer_start(&priv->storm_timer, ns_to_ktime(priv->storm_start),
		      HRTIMER_MODE_ABS_SOFT);
}

/*
 * Down or going: no storm, no pause, held frames dropped; no timer left.
 * The held frames go before the pause timer is cancelled: with none,
 * nothing arms it again (transmit is off, and the peer's storm and
 * PFC frames arm it only for held frames). Context: process; nothing
 * transmits any more.
 */
void dcbsim_pfc_stop(struct dcbsim_priv *priv)
{
	u64 now;
	int prio;

	hrtimer_cancel(&priv->storm_timer);
	priv->storm_sending = false;
	spin_lock_bh(&priv->pfc_lock);
	now = ktime_get_ns();
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		atomic64_add(skb_queue_len(&priv->held[prio]),
			     &priv->tx_dropped);
		__skb_queue_purge(&priv->held[prio]);
		dcbsim_pause_clear(&priv->pause[prio], now);
	}
	spin_unlock_bh(&priv->pfc_lock);
	hrtimer_cancel(&priv->pause_timer);
	spin_lock_bh(&priv->pfc_lock);
	priv->pause_timer_at = 0;
	spin_unlock_bh(&priv->pfc_lock);
}

/*
 * The link went down (the peer's ndo_stop) or comes up (ndo_open): the
 * pauses received end with it, as a MAC's pause state is reset with its
 * link, and the frames held on them go now (onto a cable whose far end
 * is down: dropped there, unless it is up again by the time they
 * arrive). A storm from the peer, up again, pauses afresh. Context: rtnl
 * held.
 */
void dcbsim_pfc_unpause(struct dcbsim_priv *priv)
{
	u64 now;
	int prio;

	spin_lock_bh(&priv->pfc_lock);
	now = ktime_get_ns();
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		dcbsim_pause_clear(&priv->pause[prio], now);
		if (!skb_queue_empty(&priv->held[prio]))
			dcbsim_pause_timer_arm(priv, now);
	}
	spin_unlock_bh(&priv->pfc_lock);
}

/*
 * The driver knob: a real driver's PFC counters.
 *
 * Whether they count XON frames (quanta 0), in Linux 6.12:
 * - mlx5 (dcbsim's own, the ethtool names it uses): ieee_getpfc's
 *   requests and indications are the port's per-priority tx_pause and
 *   rx_pause counters (mlx5e_dcbnl_ieee_getpfc() in
 *   drivers/net/ethernet/mellanox/mlx5/core/en_dcbnl.c), ethtool's
 *   tx_prio<p>_pause and rx_prio<p>_pause
 *   (drivers/net/ethernet/mellanox/mlx5/core/en_stats.c,
 *   pport_per_prio_pfc_stats_desc[]): "the number of pause packets"
 *   per priority, XON included (Documentation/networking/
 *   device_drivers/ethernet/mellanox/mlx5/counters.rst; the XOFF to
 *   XON transitions have their own rx_prio<p>_pause_transition);
 * - bnxt_en: rx_pfc_ena_frames_pri<p> and tx_pfc_ena_frames_pri<p>
 *   (drivers/net/ethernet/broadcom/bnxt/bnxt_dcb.c), by their name the
 *   PFC frames whose class-enable vector has p, XON ones too, beside
 *   rx_pfc_xon2xoff_frames_pri<p> (bnxt/bnxt_hsi.h);
 * - i40e, ice: priority_xoff_tx and priority_xoff_rx
 *   (drivers/net/ethernet/intel/i40e/i40e_dcb_nl.c,
 *   drivers/net/ethernet/intel/ice/ice_dcb_nl.c), XOFF only: XON frames
 *   have their own priority_xon_* counters (i40e_ethtool.c);
 * - ixgbe: pxoffrxc and pxofftxc
 *   (drivers/net/ethernet/intel/ixgbe/ixgbe_dcb_nl.c), XOFF only.
 */
const struct dcbsim_driver dcbsim_drivers[DCBSIM_DRV_COUNT] = {
	[DCBSIM_DRV_DCBSIM]	= { DRV_NAME, 0, false, false },
	[DCBSIM_DRV_BNXT_EN]	= { "bnxt_en", 1000, false, false },
	[DCBSIM_DRV_I40E]	= { "i40e", 1000, false, true },
	[DCBSIM_DRV_ICE]	= { "ice", 1000, false, true },
	[DCBSIM_DRV_IXGBE]	= { "ixgbe", 2000, true, true },
};

/*
 * The PFC frames sent and received on @prio now, as the driver knob's
 * driver counts them (every one, or the XOFF ones). Each counter only
 * grows. Context: any.
 */
void dcbsim_pfc_live(struct dcbsim_priv *priv, int prio,
		     u64 *sent, u64 *rcvd)
{
	if (dcbsim_drivers[READ_ONCE(priv->driver)].xoff_only) {
		*sent = atomic64_read(&priv->xoff_sent[prio]);
		*rcvd = atomic64_read(&priv->xoff_rcvd[prio]);
		return;
	}
	*sent = atomic64_read(&priv->pause_sent[prio]);
	*rcvd = atomic64_read(&priv->pause_rcvd[prio]);
}

/* Context: any; bottom halves off or softirq (the timer). */
static void dcbsim_snap_take_locked(struct dcbsim_priv *priv)
{
	int prio;

	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++)
		dcbsim_pfc_live(priv, prio, &priv->snap_sent[prio],
				&priv->snap_rcvd[prio]);
}

/*
 * Context: softirq. The driver's service timer: a snapshot every period,
 * on the boundaries counted from the knob (a late run skips to the next).
 */
enum hrtimer_restart dcbsim_snap_timer(struct hrtimer *timer)
{
	struct dcbsim_priv *priv = container_of(timer, struct dcbsim_priv,
						snap_timer);
	u32 ms = dcbsim_drivers[READ_ONCE(priv->driver)].period_ms;

	if (!ms)
		return HRTIMER_NORESTART;
	spin_lock(&priv->snap_lock);
	dcbsim_snap_take_locked(priv);
	spin_unlock(&priv->snap_lock);
	hrtimer_forward_now(timer, ms_to_ktime(ms));
	return HRTIMER_RESTART;
}

/* -1 for a name that is none of dcbsim_drivers[] */
int dcbsim_driver_find(const struct nlattr *a)
{
	int i;

	for (i = 0; i < DCBSIM_DRV_COUNT; i++)
		if (!nla_strcmp(a, dcbsim_drivers[i].name))
			return i;
	return -1;
}

/*
 * The knob given (even unchanged): a snapshot now and the service timer
 * from now on, for a driver with a period. Context: rtnl held; @a valid.
 */
void dcbsim_apply_driver(struct dcbsim_priv *priv,
			 const struct nlattr *a)
{
	u32 ms;

	hrtimer_cancel(&priv->snap_timer);
	WRITE_ONCE(priv->driver, dcbsim_driver_find(a));
	ms = dcbsim_drivers[priv->driver].period_ms;
	if (!ms)
		return;
	spin_lock_bh(&priv->snap_lock);
	dcbsim_snap_take_locked(priv);
	spin_unlock_bh(&priv->snap_lock);
	hrtimer_start(&priv->snap_timer,
		      ns_to_ktime(ktime_get_ns() + (u64)ms * NSEC_PER_MSEC),
		      HRTIMER_MODE_ABS_SOFT);
}

/*
 * The pause frames sent and received on @prio as ieee_getpfc reports
 * them: live for dcbsim, else the last snapshot. Context: rtnl held.
 */
void dcbsim_pfc_counters(struct dcbsim_priv *priv, int prio,
			 u64 *sent, u64 *rcvd)
{
	if (!dcbsim_drivers[priv->driver].period_ms) {
		dcbsim_pfc_live(priv, prio, sent, rcvd);
		return;
	}
	spin_lock_bh(&priv->snap_lock);
	*sent = priv->snap_sent[prio];
	*rcvd = priv->snap_rcvd[prio];
	spin_unlock_bh(&priv->snap_lock);
}

/*
 * The storm knobs: pfc-storm, pfc-storm-on-ms or pfc-storm-off-ms given
 * restarts the cycle (pfc-storm off stops it). pfc-storm-quanta does not:
 * the storm's next frames carry it, so that an XOFF storm turns into an
 * XON storm (or back) with its cycle and pfc-storm-since-ns kept.
 * Context: rtnl held.
 */
void dcbsim_apply_storm(struct dcbsim_priv *priv, struct nlattr *data[])
{
	struct nlattr *quanta = data[IFLA_DCBSIM_PFC_STORM_QUANTA];
	struct nlattr *prio = data[IFLA_DCBSIM_PFC_STORM];
	struct nlattr *on = data[IFLA_DCBSIM_PFC_STORM_ON_MS];
	struct nlattr *off = data[IFLA_DCBSIM_PFC_STORM_OFF_MS];

	if (quanta)
		WRITE_ONCE(priv->storm_quanta, nla_get_u16(quanta));
	if (!prio && !on && !off)
		return;
	if (prio)
		WRITE_ONCE(priv->storm_prio, nla_get_u8(prio));
	if (on)
		WRITE_ONCE(priv->storm_on_ms, nla_get_u32(on));
	if (off)
		WRITE_ONCE(priv->storm_off_ms, nla_get_u32(off));
	dcbsim_storm_restart(priv);
}
