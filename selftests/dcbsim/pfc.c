// SPDX-License-Identifier: GPL-2.0
/*
 * dcbsim: PFC as a NIC's MAC does it: pause frames sent (the storm)
 * and received, transmit held on a paused priority, and the driver
 * knob's PFC counters. Documentation/testing.rst describes each.
 */
#include <linux/if_vlan.h>
#include <linux/math64.h>

#include "dcbsim_priv.h"

#define DCBSIM_HELD_MAX		1024	/* frames held per paused priority */
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
 * Puts a priority's held frames on the cable, in order. Under pfc_lock,
 * so that a frame transmitted meanwhile cannot overtake them.
 * Context: bottom halves off.
 */
static void dcbsim_release_locked(struct dcbsim_priv *priv,
				  struct sk_buff_head *q)
{
	struct sk_buff *skb;

	lockdep_assert_held(&priv->pfc_lock);
	while ((skb = __skb_dequeue(q)))
		dcbsim_cable_tx(priv, skb);
}

/*
 * Holds @skb when its priority is paused (PFC on for it and a pause
 * running), or behind frames held before it; beyond DCBSIM_HELD_MAX it is
 * dropped. False: it may go onto the cable. Context: bottom halves off.
 */
bool dcbsim_hold(struct dcbsim_priv *priv, struct sk_buff *skb)
{
	u8 prio = DCBSIM_CB(skb)->prio;
	struct sk_buff_head *q = &priv->held[prio];
	u64 now = ktime_get_ns();
	bool held = true;
	u64 until;

	spin_lock(&priv->pfc_lock);
	until = priv->paused_until[prio];
	if (skb_queue_empty(q) &&
	    (!(dcbsim_pfc_en(priv) & BIT(prio)) || until <= now)) {
		held = false;
	} else if (skb_queue_len(q) >= DCBSIM_HELD_MAX) {
		atomic64_inc(&priv->tx_dropped);
		kfree_skb(skb);
	} else {
		__skb_queue_tail(q, skb);
		/* a later pause re-arms the timer when it fires */
		dcbsim_pause_timer_arm(priv, max(until, now));
	}
	spin_unlock(&priv->pfc_lock);
	return held;
}

/* Context: softirq. Releases the priorities whose pause is over. */
enum hrtimer_restart dcbsim_pause_timer(struct hrtimer *timer)
{
	struct dcbsim_priv *priv = container_of(timer, struct dcbsim_priv,
						pause_timer);
	u64 now = ktime_get_ns(), next = 0;
	int prio;
	u8 en;

	spin_lock(&priv->pfc_lock);
	priv->pause_timer_at = 0;
	en = dcbsim_pfc_en(priv);
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		u64 until = priv->paused_until[prio];

		if (skb_queue_empty(&priv->held[prio]))
			continue;
		if ((en & BIT(prio)) && until > now) {
			if (!next || until < next)
				next = until;
			continue;
		}
		dcbsim_release_locked(priv, &priv->held[prio]);
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
	int prio;

	spin_lock_bh(&priv->pfc_lock);
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		if (en & BIT(prio))
			continue;
		WRITE_ONCE(priv->paused_until[prio], 0);
		dcbsim_release_locked(priv, &priv->held[prio]);
	}
	spin_unlock_bh(&priv->pfc_lock);
}

/* The priorities whose transmit is paused now, a mask. */
u8 dcbsim_paused(const struct dcbsim_priv *priv)
{
	u64 now = ktime_get_ns();
	u8 en = dcbsim_pfc_en(priv), mask = 0;
	int prio;

	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++)
		if ((en & BIT(prio)) &&
		    READ_ONCE(priv->paused_until[prio]) > now)
			mask |= BIT(prio);
	return mask;
}

/*
 * One PFC frame on @prio, sent at @now if this end has PFC on @prio and
 * a link: counted at both ends, the XOFF ones (quanta not 0) also apart,
 * and if the peer has PFC on @prio it loads the peer's pause on @prio
 * with pfc-storm-quanta at the peer's speed, as 802.1Qbb's receiver does
 * (the frame's time replaces the running one): quanta 0, an XON, ends
 * the pause at once. Frames the peer holds go when the new pause ends,
 * so the peer's pause timer is brought forward to that instant; only
 * for held frames, which the peer's ndo_stop purges before it cancels
 * the timer. The frame itself is not on the cable (a MAC consumes it).
 * Context: softirq.
 */
static void dcbsim_storm_pause(struct dcbsim_priv *priv, u8 prio, u64 now)
{
	u16 quanta = READ_ONCE(priv->storm_quanta);
	struct dcbsim_priv *ppriv;
	struct net_device *peer;
	u64 until;

	if (!netif_carrier_ok(priv->dev) ||
	    !(dcbsim_pfc_en(priv) & BIT(prio))) {
		priv->storm_sending = false;
		return;
	}
	if (!priv->storm_sending) {
		WRITE_ONCE(priv->storm_since, now);
		priv->storm_sending = true;
	}
	atomic64_inc(&priv->pause_sent[prio]);
	if (quanta)
		atomic64_inc(&priv->xoff_sent[prio]);
	rcu_read_lock();
	peer = rcu_dereference(priv->peer);
	if (peer && (peer->flags & IFF_UP)) {
		ppriv = netdev_priv(peer);
		atomic64_inc(&ppriv->pause_rcvd[prio]);
		if (quanta)
			atomic64_inc(&ppriv->xoff_rcvd[prio]);
		spin_lock(&ppriv->pfc_lock);
		if (dcbsim_pfc_en(ppriv) & BIT(prio)) {
			until = now + dcbsim_pause_ns(READ_ONCE(ppriv->speed),
						      quanta);
			WRITE_ONCE(ppriv->paused_until[prio], until);
			if (!skb_queue_empty(&ppriv->held[prio]))
				dcbsim_pause_timer_arm(ppriv, until);
		}
		spin_unlock(&ppriv->pfc_lock);
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
 * nothing arms it again (transmit is off, and the peer's storm arms it
 * only for held frames). Context: process; nothing transmits any more.
 */
void dcbsim_pfc_stop(struct dcbsim_priv *priv)
{
	int prio;

	hrtimer_cancel(&priv->storm_timer);
	priv->storm_sending = false;
	spin_lock_bh(&priv->pfc_lock);
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		atomic64_add(skb_queue_len(&priv->held[prio]),
			     &priv->tx_dropped);
		__skb_queue_purge(&priv->held[prio]);
		WRITE_ONCE(priv->paused_until[prio], 0);
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
	u64 now = ktime_get_ns();
	int prio;

	spin_lock_bh(&priv->pfc_lock);
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++) {
		WRITE_ONCE(priv->paused_until[prio], 0);
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
