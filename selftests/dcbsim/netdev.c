// SPDX-License-Identifier: GPL-2.0
/*
 * dcbsim: the test DCB device's netdev and its cable: transmit, the
 * FIFO and hrtimer that hold each frame for delay-ns, delivery to the
 * peer, the net_device_ops, the device's setup and the module.
 * Documentation/testing.rst describes the device.
 */
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/module.h>
#include <linux/net_tstamp.h>

#include "dcbsim_priv.h"

#define DCBSIM_WIRE_MAX		4096	/* frames in flight on the cable */
#define DCBSIM_DEF_SPEED	10000
#define DCBSIM_DEF_TOTAL	262144
#define DCBSIM_DEF_CELL		128
#define DCBSIM_DEF_TS_RES_NS	8
/*
 * frames posted with xmit_more before dcbsim rings its own doorbell:
 * deeper than a NIC's ring (mlx5's is 8,192 at most), since a real host
 * refills that at the line's rate and a TCG guest's cannot; a stream's
 * 32,768 frames wait in it whole
 */
#define DCBSIM_RING_MAX		65536
/* frames the ring puts on the cable in one run of its timer */
#define DCBSIM_TX_BATCH		64
/* a frame's bytes on the wire beyond skb->len: FCS, preamble, gap */
#define DCBSIM_WIRE_OVERHEAD	(4 + 8 + 12)

/* @bytes at @speed Mb/s, ns, rounded up; 0 at no speed. */
static u64 dcbsim_line_ns(u64 bytes, u32 speed)
{
	return speed ? div_u64(bytes * 8000 + speed - 1, speed) : 0;
}

/* Hands a frame to the peer. Context: bottom halves off, RCU held. */
static void dcbsim_deliver(struct dcbsim_priv *priv, struct net_device *peer,
			   struct sk_buff *skb)
{
	struct dcbsim_priv *ppriv = netdev_priv(peer);
	unsigned int len = skb->len;

	/* eth_type_trans() pulls a header that may sit in fragments */
	if (!(peer->flags & IFF_UP) || !pskb_may_pull(skb, ETH_HLEN)) {
		atomic64_inc(&priv->tx_dropped);
		kfree_skb(skb);
		return;
	}
	skb_scrub_packet(skb, !net_eq(dev_net(priv->dev), dev_net(peer)));
	if (dcbsim_rx_stamp(ppriv, skb)) {
		atomic64_inc(&priv->tx_dropped);
		kfree_skb(skb);
		return;
	}
	/* the peer's MAC takes a PFC frame: counted, acted on already */
	if (DCBSIM_CB(skb)->pfc) {
		dcbsim_pfc_rx_count(ppriv, DCBSIM_CB(skb)->pfc_vec,
				    DCBSIM_CB(skb)->pfc_xoff);
		consume_skb(skb);
		atomic64_inc(&priv->tx_packets);
		atomic64_add(len, &priv->tx_bytes);
		atomic64_inc(&ppriv->rx_packets);
		atomic64_add(len, &ppriv->rx_bytes);
		return;
	}
	skb->protocol = eth_type_trans(skb, peer);
	if (netif_rx(skb) == NET_RX_SUCCESS) {
		atomic64_inc(&priv->tx_packets);
		atomic64_add(len, &priv->tx_bytes);
		atomic64_inc(&ppriv->rx_packets);
		atomic64_add(len, &ppriv->rx_bytes);
	} else {
		atomic64_inc(&priv->tx_dropped);
	}
}

/*
 * The frame enters the cable at host instant @x_tx (now, or for a frame
 * held by a pause the instant the pause ended, if it was taken before
 * then): its hardware timestamp if asked, then the peer at once (delay
 * 0) or the FIFO, in the order frames enter it. A PFC frame acts on the
 * peer's transmit now, with the instant its last bit will arrive, so that
 * the pause starts exactly then however late the host delivers it; the
 * peer's MAC counts and consumes it on delivery. Context: bottom halves
 * off; a MAC control frame's caller holds no pfc_lock.
 */
void dcbsim_cable_tx(struct dcbsim_priv *priv, struct sk_buff *skb,
		     u64 x_tx)
{
	u16 quanta[DCBSIM_NUM_PRIOS];
	struct dcbsim_cb *cb = DCBSIM_CB(skb);
	u32 delay = READ_ONCE(priv->delay_ns);
	struct skb_shared_hwtstamps hwts = {};
	unsigned int len = skb->len;
	struct net_device *peer;
	u8 prio = cb->prio;
	bool start;
	int i;

	cb->due = x_tx + delay;
	if (cb->hw) {
		/* latched as the frame enters the cable: complete at once */
		hwts.hwtstamp = dcbsim_stamp(priv, x_tx);
		skb_tstamp_tx(skb, &hwts);
	}
	/*
	 * Transmit is complete: the sender's socket lets go of the frame,
	 * as a NIC's completion frees it before the peer has it. The peer
	 * never receives a frame still charged to a socket of this end's
	 * namespace, or of a module that has gone since.
	 */
	skb_orphan(skb);
	rcu_read_lock();
	peer = rcu_dereference(priv->peer);
	if (!peer) {
		atomic64_inc(&priv->tx_dropped);
		kfree_skb(skb);
		goto out;
	}
	cb->pfc = cb->ctl && dcbsim_pfc_parse(skb, &cb->pfc_vec, quanta);
	if (cb->pfc) {
		cb->pfc_xoff = 0;
		for (i = 0; i < DCBSIM_NUM_PRIOS; i++)
			if (quanta[i])
				cb->pfc_xoff |= BIT(i);
		/*
		 * 802.1Qbb acts on the frame whole: from its last bit, its
		 * length and FCS after its start (where it is stamped)
		 */
		if (peer->flags & IFF_UP)
			dcbsim_pfc_rx(netdev_priv(peer), cb->pfc_vec, quanta,
				      cb->due + dcbsim_line_ns(len + ETH_FCS_LEN,
							       READ_ONCE(priv->speed)));
	}
	if (!delay) {
		atomic64_inc(&priv->tx_prio_packets[prio]);
		atomic64_add(len, &priv->tx_prio_bytes[prio]);
		dcbsim_deliver(priv, peer, skb);
		goto out;
	}
	/* On the cable until the delay has passed. */
	spin_lock(&priv->lock);
	if (skb_queue_len(&priv->wire) >= DCBSIM_WIRE_MAX) {
		spin_unlock(&priv->lock);
		atomic64_inc(&priv->tx_dropped);
		kfree_skb(skb);
		goto out;
	}
	start = skb_queue_empty(&priv->wire);
	__skb_queue_tail(&priv->wire, skb);
	if (start)
		hrtimer_start(&priv->timer, ns_to_ktime(cb->due),
			      HRTIMER_MODE_ABS_SOFT);
	spin_unlock(&priv->lock);
	atomic64_inc(&priv->tx_prio_packets[prio]);
	atomic64_add(len, &priv->tx_prio_bytes[prio]);
out:
	rcu_read_unlock();
}

/* @skb's time on the wire at @speed Mb/s, its tag, FCS, preamble and gap in. */
static u64 dcbsim_wire_ns(const struct sk_buff *skb, u32 speed)
{
	return dcbsim_line_ns(skb->len + DCBSIM_WIRE_OVERHEAD +
			      (skb_vlan_tag_present(skb) ? VLAN_HLEN : 0), speed);
}

/*
 * A frame takes the cable at @x: held if its priority is paused then,
 * else on. Context: bottom halves off; ring_lock held for a frame of the
 * ring, so that none passes another.
 */
static void dcbsim_enter(struct dcbsim_priv *priv, struct sk_buff *skb, u64 x)
{
	if (!dcbsim_hold(priv, skb, x))
		dcbsim_cable_tx(priv, skb, x);
}

/*
 * The doorbell: the frames posted go onto the wire's timeline, back to
 * back at the speed from when the wire is free, as a NIC's MAC sends a
 * ring it was told of; tx_timer puts each on the cable at its instant.
 * The batch's first frame gets its instant now, each of the others from
 * the one before it as tx_timer comes to it (dcbsim_tx_next()): a
 * doorbell for 32,768 frames took 4 ms of a TCG guest's time when it
 * gave every frame its instant here. Context: ring_lock held.
 */
static void dcbsim_ring_doorbell(struct dcbsim_priv *priv, u64 now)
{
	bool start = skb_queue_empty(&priv->sched);
	u64 x = max(now, priv->wire_free);
	struct sk_buff *skb = skb_peek(&priv->posted);

	if (!skb)
		return;
	DCBSIM_CB(skb)->x = x;
	priv->wire_free = x + priv->posted_ns;
	priv->posted_ns = 0;
	skb_queue_splice_tail_init(&priv->posted, &priv->sched);
	if (start) {
		WRITE_ONCE(priv->ring_next, x);
		hrtimer_start(&priv->tx_timer, ns_to_ktime(x),
			      HRTIMER_MODE_ABS_SOFT);
	}
}

/*
 * Returns the frame that now heads @sched, @skb just taken off it at its
 * instant, with its own instant set: the end of @skb's time on the wire,
 * unless its batch's doorbell gave it a later one. Context: ring_lock
 * held.
 */
static struct sk_buff *dcbsim_tx_next(struct dcbsim_priv *priv,
				      const struct sk_buff *skb)
{
	struct sk_buff *next = skb_peek(&priv->sched);

	if (next && !DCBSIM_CB(next)->x)
		DCBSIM_CB(next)->x = DCBSIM_CB(skb)->x +
			dcbsim_wire_ns(skb, READ_ONCE(priv->speed));
	return next;
}

/*
 * Context: softirq. Puts the ring's frames on the cable, each at its
 * instant, in order, then sleeps until the next one's. A frame is
 * judged at its instant however late the host runs this: a pause that
 * starts by then was known before it (an XOFF acts on this end when it
 * enters the peer's cable, a delay-ns before it arrives).
 */
static enum hrtimer_restart dcbsim_tx_timer(struct hrtimer *timer)
{
	struct dcbsim_priv *priv = container_of(timer, struct dcbsim_priv,
						tx_timer);
	enum hrtimer_restart ret = HRTIMER_NORESTART;
	u64 now = ktime_get_ns();
	struct sk_buff *skb, *next;
	unsigned int n = 0;

	spin_lock(&priv->ring_lock);
	skb = skb_peek(&priv->sched);
	while (skb && DCBSIM_CB(skb)->x <= now && n++ < DCBSIM_TX_BATCH) {
		__skb_unlink(skb, &priv->sched);
		next = dcbsim_tx_next(priv, skb);
		dcbsim_enter(priv, skb, DCBSIM_CB(skb)->x);
		skb = next;
	}
	if (skb) {
		WRITE_ONCE(priv->ring_next, DCBSIM_CB(skb)->x);
		/*
		 * Behind: again once the softirqs after this one have run,
		 * the cable's delivery and the peer's receive among them
		 */
		hrtimer_set_expires(timer, ns_to_ktime(max(DCBSIM_CB(skb)->x,
							   ktime_get_ns() + 1)));
		ret = HRTIMER_RESTART;
	} else {
		WRITE_ONCE(priv->ring_next, U64_MAX);
	}
	spin_unlock(&priv->ring_lock);
	return ret;
}

/* Drops what is in the ring. Context: process; transmit is stopped. */
static void dcbsim_ring_flush(struct dcbsim_priv *priv)
{
	hrtimer_cancel(&priv->tx_timer);
	spin_lock_bh(&priv->ring_lock);
	atomic64_add(skb_queue_len(&priv->posted) +
		     skb_queue_len(&priv->sched), &priv->tx_dropped);
	__skb_queue_purge(&priv->posted);
	__skb_queue_purge(&priv->sched);
	priv->posted_ns = 0;
	WRITE_ONCE(priv->ring_next, U64_MAX);
	spin_unlock_bh(&priv->ring_lock);
}

static netdev_tx_t dcbsim_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	bool hw, ctl, more;
	u64 now;

	hw = (skb_shinfo(skb)->tx_flags & SKBTX_HW_TSTAMP) &&
	     READ_ONCE(priv->hwts) &&
	     READ_ONCE(priv->tx_type) == HWTSTAMP_TX_ON;
	if (hw)
		skb_shinfo(skb)->tx_flags |= SKBTX_IN_PROGRESS;
	/* handed to the hardware: the software timestamp, then the cable */
	skb_tx_timestamp(skb);
	DCBSIM_CB(skb)->hw = hw;
	DCBSIM_CB(skb)->prio = dcbsim_skb_prio(skb, &ctl);
	DCBSIM_CB(skb)->ctl = ctl;
	DCBSIM_CB(skb)->pfc = false;
	more = netdev_xmit_more();
	/*
	 * One instant for both: the pause is checked at the instant the
	 * frame enters the cable, as a MAC checks it at the frame's start.
	 * Two clock reads let a frame that passed the check before a pause
	 * began enter the cable after it (an interrupt in between), which
	 * a measured K then shows as a response longer than the one set.
	 */
	now = ktime_get_ns();
	/* a MAC sends PFC between frames, ahead of its ring */
	if (ctl) {
		dcbsim_cable_tx(priv, skb, now);
		return NETDEV_TX_OK;
	}
	spin_lock(&priv->ring_lock);
	if (!more && skb_queue_empty(&priv->posted) &&
	    skb_queue_empty(&priv->sched)) {
		/* alone: on the wire now, and what follows after it */
		priv->wire_free = max(priv->wire_free, now) +
				  dcbsim_wire_ns(skb, READ_ONCE(priv->speed));
		dcbsim_enter(priv, skb, now);
	} else {
		/* its instant comes at the doorbell or after the one before */
		DCBSIM_CB(skb)->x = 0;
		priv->posted_ns += dcbsim_wire_ns(skb, READ_ONCE(priv->speed));
		__skb_queue_tail(&priv->posted, skb);
		if (!more || skb_queue_len(&priv->posted) >= DCBSIM_RING_MAX)
			dcbsim_ring_doorbell(priv, now);
	}
	spin_unlock(&priv->ring_lock);
	return NETDEV_TX_OK;
}

/* Context: softirq. Delivers every frame that is due, then sleeps on. */
static enum hrtimer_restart dcbsim_wire_timer(struct hrtimer *timer)
{
	struct dcbsim_priv *priv = container_of(timer, struct dcbsim_priv,
						timer);
	enum hrtimer_restart ret = HRTIMER_NORESTART;
	struct sk_buff_head due;
	struct net_device *peer;
	struct sk_buff *skb;
	u64 now = ktime_get_ns();

	__skb_queue_head_init(&due);
	spin_lock(&priv->lock);
	while ((skb = skb_peek(&priv->wire)) && DCBSIM_CB(skb)->due <= now) {
		__skb_unlink(skb, &priv->wire);
		__skb_queue_tail(&due, skb);
	}
	if (skb) {
		hrtimer_set_expires(timer, ns_to_ktime(DCBSIM_CB(skb)->due));
		ret = HRTIMER_RESTART;
	}
	spin_unlock(&priv->lock);

	rcu_read_lock();
	peer = rcu_dereference(priv->peer);
	while ((skb = __skb_dequeue(&due))) {
		if (peer) {
			dcbsim_deliver(priv, peer, skb);
		} else {
			atomic64_inc(&priv->tx_dropped);
			kfree_skb(skb);
		}
	}
	rcu_read_unlock();
	return ret;
}

/* Drops what is on the cable. Context: process; the timer is stopped. */
static void dcbsim_wire_flush(struct dcbsim_priv *priv)
{
	hrtimer_cancel(&priv->timer);
	spin_lock_bh(&priv->lock);
	__skb_queue_purge(&priv->wire);
	spin_unlock_bh(&priv->lock);
}

static int dcbsim_open(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct net_device *peer = rtnl_dereference(priv->peer);

	if (!peer)
		return -ENOTCONN;
	/* a new link: no pause left from a storm tick that raced ndo_stop */
	dcbsim_pfc_unpause(priv);
	if (peer->flags & IFF_UP) {
		netif_carrier_on(dev);
		netif_carrier_on(peer);
	}
	netif_tx_start_all_queues(dev);
	dcbsim_storm_restart(priv);
	return 0;
}

static int dcbsim_stop(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct net_device *peer = rtnl_dereference(priv->peer);

	/*
	 * As drivers do in ndo_stop (mlx5e_deactivate_priv_channels() and
	 * ixgbe_down() in 6.12), the queues stop first, under their transmit
	 * locks. A sender that passed dev_direct_xmit()'s running check before
	 * the device went down (a work in process context, which
	 * synchronize_net() does not wait for) then finds its queue stopped,
	 * and nothing reaches the cable after the flush below.
	 */
	netif_tx_disable(dev);
	netif_carrier_off(dev);
	if (peer) {
		netif_carrier_off(peer);
		/* the link is gone: so are the pauses this end sent */
		dcbsim_pfc_unpause(netdev_priv(peer));
	}
	dcbsim_ring_flush(priv);
	dcbsim_pfc_stop(priv);
	dcbsim_wire_flush(priv);
	return 0;
}

/* The PHC lives as long as the registered device. Context: rtnl held. */
static int dcbsim_dev_init(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct ptp_clock *ptp;

	priv->ptp_info = dcbsim_ptp_info;
	ptp = ptp_clock_register(&priv->ptp_info, NULL);
	if (IS_ERR(ptp))
		return PTR_ERR(ptp);
	priv->ptp = ptp;	/* NULL without PTP support: no PHC */
	WRITE_ONCE(priv->phc_index, ptp ? ptp_clock_index(ptp) : -1);
	return 0;
}

/*
 * Frames still on the cable go first; the PHC's operations are over when
 * ptp_clock_unregister() returns (an open /dev/ptpN then gets -ENODEV).
 */
static void dcbsim_uninit(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	dcbsim_ring_flush(priv);
	dcbsim_pfc_stop(priv);
	dcbsim_wire_flush(priv);
	hrtimer_cancel(&priv->snap_timer);
	WRITE_ONCE(priv->phc_index, -1);
	if (priv->ptp) {
		ptp_clock_unregister(priv->ptp);
		priv->ptp = NULL;
	}
}

static void dcbsim_get_stats64(struct net_device *dev,
			       struct rtnl_link_stats64 *s)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	s->tx_packets = atomic64_read(&priv->tx_packets);
	s->tx_bytes = atomic64_read(&priv->tx_bytes);
	s->tx_dropped = atomic64_read(&priv->tx_dropped);
	s->rx_packets = atomic64_read(&priv->rx_packets);
	s->rx_bytes = atomic64_read(&priv->rx_bytes);
}

static int dcbsim_get_iflink(const struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct net_device *peer;
	int iflink;

	rcu_read_lock();
	peer = rcu_dereference(priv->peer);
	iflink = peer ? READ_ONCE(peer->ifindex) : 0;
	rcu_read_unlock();
	return iflink;
}

static const struct net_device_ops dcbsim_netdev_ops = {
	.ndo_setup_tc		= dcbsim_setup_tc,
	.ndo_init		= dcbsim_dev_init,
	.ndo_uninit		= dcbsim_uninit,
	.ndo_open		= dcbsim_open,
	.ndo_stop		= dcbsim_stop,
	.ndo_start_xmit		= dcbsim_xmit,
	.ndo_change_mtu		= dcbsim_change_mtu,
	.ndo_get_stats64	= dcbsim_get_stats64,
	.ndo_set_mac_address	= eth_mac_addr,
	.ndo_validate_addr	= eth_validate_addr,
	.ndo_get_iflink		= dcbsim_get_iflink,
#ifdef DCBSIM_HAVE_NDO_HWTSTAMP
	.ndo_hwtstamp_get	= dcbsim_ndo_hwtstamp_get,
	.ndo_hwtstamp_set	= dcbsim_ndo_hwtstamp_set,
#else
	.ndo_eth_ioctl		= dcbsim_eth_ioctl,
#endif
};

/* A softirq hrtimer on CLOCK_MONOTONIC, started in absolute time. */
static void dcbsim_timer_init(struct hrtimer *timer,
			      enum hrtimer_restart (*fn)(struct hrtimer *))
{
#ifdef DCBSIM_HAVE_HRTIMER_SETUP
	hrtimer_setup(timer, fn, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_SOFT);
#else
	hrtimer_init(timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_SOFT);
	timer->function = fn;
#endif
}

void dcbsim_setup(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	int prio;

	ether_setup(dev);
	dev->netdev_ops = &dcbsim_netdev_ops;
	dev->ethtool_ops = &dcbsim_ethtool_ops;
	dev->dcbnl_ops = &dcbsim_dcbnl_ops;
	dev->rtnl_link_ops = &dcbsim_link_ops;
	/* tc offloads a root qdisc to model mlxsw (dcbsim_setup_tc()) */
	dev->hw_features |= NETIF_F_HW_TC;
	dev->features |= NETIF_F_HW_TC;
	/*
	 * frames in fragments, tagged ones too, as mlx5 takes them
	 * (mlx5e_build_nic_netdev(): NETIF_F_SG in features and
	 * vlan_features); a stream's padding is one shared page
	 */
	dev->hw_features |= NETIF_F_SG;
	dev->features |= NETIF_F_SG;
	dev->vlan_features |= NETIF_F_SG;
	dev->needs_free_netdev = true;
	dev->priv_flags &= ~IFF_TX_SKB_SHARING;
	eth_hw_addr_random(dev);

	priv->dev = dev;
	spin_lock_init(&priv->lock);
	__skb_queue_head_init(&priv->wire);
	dcbsim_timer_init(&priv->timer, dcbsim_wire_timer);
	spin_lock_init(&priv->ring_lock);
	__skb_queue_head_init(&priv->posted);
	__skb_queue_head_init(&priv->sched);
	priv->ring_next = U64_MAX;
	dcbsim_timer_init(&priv->tx_timer, dcbsim_tx_timer);
	spin_lock_init(&priv->pfc_lock);
	for (prio = 0; prio < DCBSIM_NUM_PRIOS; prio++)
		__skb_queue_head_init(&priv->held[prio]);
	dcbsim_timer_init(&priv->pause_timer, dcbsim_pause_timer);
	dcbsim_timer_init(&priv->storm_timer, dcbsim_storm_timer);
	spin_lock_init(&priv->snap_lock);
	dcbsim_timer_init(&priv->snap_timer, dcbsim_snap_timer);
	priv->driver = DCBSIM_DRV_DCBSIM;
	priv->storm_prio = DCBSIM_PFC_STORM_OFF;
	priv->storm_quanta = DCBSIM_PFC_QUANTA_MAX;
	priv->speed = DCBSIM_DEF_SPEED;
	priv->lanes = 1;
	priv->model = DCBSIM_GENERIC;
	priv->total = DCBSIM_DEF_TOTAL;
	priv->cell = DCBSIM_DEF_CELL;
	dcbsim_model_reset(priv);
	priv->dcbx = DCB_CAP_DCBX_HOST | DCB_CAP_DCBX_VER_IEEE;
	priv->ts_res = DCBSIM_DEF_TS_RES_NS;
	priv->phc_index = -1;
	priv->tx_type = HWTSTAMP_TX_OFF;
	priv->rx_filter = HWTSTAMP_FILTER_NONE;
	dcbsim_clock_init(&priv->clock);
}

static int __init dcbsim_init(void)
{
	return rtnl_link_register(&dcbsim_link_ops);
}

static void __exit dcbsim_exit(void)
{
	rtnl_link_unregister(&dcbsim_link_ops);
}

module_init(dcbsim_init);
module_exit(dcbsim_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DCB test device pairs with a delaying cable, for dcb_hdrm's selftests");
MODULE_ALIAS_RTNL_LINK(DRV_NAME);
