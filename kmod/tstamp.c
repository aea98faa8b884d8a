// SPDX-License-Identifier: GPL-2.0
/*
 * Timestamps at the wire (Documentation/design.rst): the receive side's
 * from the skb, the transmit side's from the driver through a socket.
 *
 * A driver hands a frame's TX timestamp (hardware, or the software one
 * skb_tx_timestamp() takes as it gives the frame to the NIC) to the socket
 * that owns the skb, on its error queue. The module's frames need an owner
 * for that: one kernel socket per network namespace (a UDP socket, never
 * bound, which any namespace can create without privileges), made at the
 * namespace's birth and released at its death. Its error report callback
 * only queues hdrm_ts_work, which reads the queue in process context: a
 * follow-up must not be transmitted from inside the driver's transmit
 * path that delivered the timestamp.
 *
 * The stamps come without the frame (SOF_TIMESTAMPING_OPT_TSONLY: the
 * kernel hands a socket without a file no copy of the data when
 * net.core.tstamp_allow_data is 0), keyed by the skb's tskey
 * (SOF_TIMESTAMPING_OPT_ID). The key indexes a small ring per namespace
 * that says which frame it was: its device (compared by address only, it
 * holds no reference), its encapsulation and its contents. A device gone
 * since finds no port; a key whose slot was reused finds another key.
 */
#include <linux/errqueue.h>
#include <linux/net.h>
#include <linux/skbuff.h>
#include <linux/timekeeping.h>
#include <net/net_namespace.h>
#include <net/netns/generic.h>
#include <net/sock.h>

#include "dcb_hdrm.h"

/* Room for a burst of TX timestamps (each a small skb on the queue). */
#define HDRM_TS_RCVBUF		(4 << 20)
/*
 * Frames whose stamps may still come, per namespace (about 80 KB): a
 * stamp is taken within microseconds, but hdrm_ts_work reads it from
 * process context, which a host busy in softirq (a flood, a fuzzer) may
 * hold off for a while. A slot reused before its stamp was read loses
 * that stamp: a probe falls back to its clock read, a reply's follow-up
 * is not sent. At a device's 1,000 replies a second, 1024 slots wait a
 * second.
 */
#define HDRM_TS_SLOTS		1024

/*
 * A frame that asked for TX timestamps. Its software stamp counts only
 * when taken during this module's transmit call (from @start until @end,
 * 0 while it lasts): the skb keeps its owner and its stamp requests when
 * a veth hands it to the next device in the host (a bridge, a qdisc
 * redirect, netem), whose driver would stamp it again later.
 */
struct hdrm_ts_slot {
	u32 key;
	bool used;
	bool sw_done, hw_done;		/* the first of each kind counts */
	const struct net_device *dev;	/* compared, never dereferenced */
	enum hdrm_encap encap;
	u64 start, end;			/* the transmit call, monotonic ns */
	struct hdrm_probe p;
	hdrm_ts_done_t done;		/* the frame's owner */
};

struct hdrm_net {
	struct socket *sock;
	struct work_struct work;
	void (*saved_error_report)(struct sock *sk);
	spinlock_t lock;		/* the slots and the next key */
	u32 next_key;
	/*
	 * HDRM_TS_SLOTS of them, 80 KB: allocated apart (kvcalloc), so
	 * that a new namespace's generic data stays small. Inside it, every
	 * namespace creation needed an order-5 block, and failed on a
	 * fragmented host.
	 */
	struct hdrm_ts_slot *slot;
};

static unsigned int hdrm_net_id;

/**
 * hdrm_real_to_mono() - a CLOCK_REALTIME stamp on CLOCK_MONOTONIC
 * @real: the stamp, as skb->tstamp holds it
 *
 * Software timestamps are taken on the realtime clock; the module's own
 * clock reads on the monotonic one. Both run at the same rate, so the
 * offset between them now converts a stamp taken a moment ago exactly,
 * unless the clock was stepped in between.
 */
static u64 hdrm_real_to_mono(ktime_t real)
{
	s64 mono = ktime_to_ns(ktime_sub(real, ktime_mono_to_any(0, TK_OFFS_REAL)));

	return mono > 0 ? mono : 0;
}

/* A software RX timestamp, when the stack took one (realtime), else 0. */
static u64 hdrm_skb_sw_stamp(const struct sk_buff *skb)
{
	if (!skb->tstamp)
		return 0;
#ifdef HDRM_HAVE_TSTAMP_TYPE
	if (skb->tstamp_type != SKB_CLOCK_REALTIME)
		return 0;
#else
	if (skb->mono_delivery_time)
		return 0;
#endif
	return hdrm_real_to_mono(skb->tstamp);
}

/*
 * A received frame's hardware timestamp, or 0. Some drivers (igc, tsnep)
 * leave in its place a pointer of their own (SKBTX_HW_TSTAMP_NETDEV) that
 * only their ndo_get_tstamp turns into a time: read as a time it would be
 * a kernel address, and a reply would carry it to the peer.
 */
static u64 hdrm_skb_hw_rx_stamp(struct sk_buff *skb, struct net_device *dev)
{
	struct skb_shared_hwtstamps *hw = skb_hwtstamps(skb);
	s64 t;

	if (skb_shinfo(skb)->tx_flags & SKBTX_HW_TSTAMP_NETDEV)
		t = ktime_to_ns(netdev_get_tstamp(dev, hw, false));
	else
		t = ktime_to_ns(hw->hwtstamp);
	return t > 0 ? t : 0;
}

/**
 * hdrm_rx_stamps() - a received frame's timestamps
 * @skb: the frame, at the receive hook
 * @dev: the device it arrived on (the one that stamped it)
 * @rx: filled: the clock read now, the stack's software timestamp on the
 *	monotonic clock (taken as the driver handed the frame up), and the
 *	NIC's hardware timestamp; each 0 when there is none
 *
 * Context: softirq.
 */
void hdrm_rx_stamps(struct sk_buff *skb, struct net_device *dev,
		    struct hdrm_rxts *rx)
{
	rx->hook = ktime_get_ns();
	rx->sw = hdrm_skb_sw_stamp(skb);
	if (rx->sw > rx->hook)
		rx->sw = 0;
	rx->hw = hdrm_skb_hw_rx_stamp(skb, dev);
}

/**
 * hdrm_ts_own() - ask the driver for a frame's TX timestamps
 * @skb: the frame, about to be transmitted on skb->dev, not owned yet
 * @tx_flags: SKBTX_SW_TSTAMP and/or HDRM_SKBTX_HW
 * @encap: its encapsulation
 * @p: what it carries: a probe (its session and sequence number are what
 *     count) or a two-step reply (all of it, for the follow-up)
 * @done: what gets the stamp (Context: BH off, RCU held): the session's
 *	  hdrm_session_tx_stamp() or the reflector's hdrm_reflect_followup();
 *	  this file calls neither by name
 *
 * Return: true when the frame's namespace has its socket and the stamps
 * were asked for; false when they will not come.
 *
 * Context: process or softirq.
 */
bool hdrm_ts_own(struct sk_buff *skb, u8 tx_flags, enum hdrm_encap encap,
		 const struct hdrm_probe *p, hdrm_ts_done_t done)
{
	struct hdrm_net *hn = net_generic(dev_net(skb->dev), hdrm_net_id);
	struct hdrm_ts_slot *slot;
	u32 key;

	if (!hn->sock)
		return false;
	spin_lock_bh(&hn->lock);
	key = hn->next_key++;
	slot = &hn->slot[key % HDRM_TS_SLOTS];
	memset(slot, 0, sizeof(*slot));
	slot->key = key;
	slot->used = true;
	slot->dev = skb->dev;
	slot->encap = encap;
	slot->start = ktime_get_ns();
	slot->p = *p;
	slot->done = done;
	spin_unlock_bh(&hn->lock);
	skb_set_owner_w(skb, hn->sock->sk);
	skb_shinfo(skb)->tskey = key;
	skb_shinfo(skb)->tx_flags |= tx_flags;
	return true;
}

/**
 * hdrm_ts_xmit() - transmit a frame, closing its software-stamp window
 * @skb: the frame; hdrm_ts_own() may have asked for its stamps
 *
 * Return: dev_direct_xmit()'s.
 *
 * Context: process or softirq.
 */
int hdrm_ts_xmit(struct sk_buff *skb)
{
	struct hdrm_net *hn = net_generic(dev_net(skb->dev), hdrm_net_id);
	bool owned = hn->sock && skb->sk == hn->sock->sk;
	u32 key = skb_shinfo(skb)->tskey;
	struct hdrm_ts_slot *slot;
	int ret;

	ret = dev_direct_xmit(skb, 0);
	if (!owned)
		return ret;
	spin_lock_bh(&hn->lock);
	slot = &hn->slot[key % HDRM_TS_SLOTS];
	if (slot->used && slot->key == key)
		slot->end = ktime_get_ns();
	spin_unlock_bh(&hn->lock);
	return ret;
}

/*
 * Does this stamp count, and is it the first of its kind for its frame?
 * Context: hn->lock held.
 */
static bool hdrm_ts_take(struct hdrm_ts_slot *sl, u64 hw, u64 sw)
{
	if (hw) {
		if (sl->hw_done)
			return false;
		sl->hw_done = true;
		return true;
	}
	if (sl->sw_done || sw < sl->start || (sl->end && sw > sl->end))
		return false;
	sl->sw_done = true;
	return true;
}

/* One TX timestamp from the error queue. Context: BH off, RCU held. */
static void hdrm_ts_one(struct hdrm_net *hn, struct sk_buff *skb)
{
	struct sock_exterr_skb *serr = SKB_EXT_ERR(skb);
	struct hdrm_ts_slot slot, *sl;
	struct hdrm_port *port;
	u64 hw, sw = 0;
	bool found;

	if (serr->ee.ee_errno != ENOMSG ||
	    serr->ee.ee_origin != SO_EE_ORIGIN_TIMESTAMPING ||
	    serr->ee.ee_info != SCM_TSTAMP_SND)
		return;
	hw = ktime_to_ns(skb_hwtstamps(skb)->hwtstamp) > 0 ?
	     ktime_to_ns(skb_hwtstamps(skb)->hwtstamp) : 0;
	if (!hw)
		sw = hdrm_skb_sw_stamp(skb);
	if (!hw && !sw)
		return;
	spin_lock(&hn->lock);
	sl = &hn->slot[serr->ee.ee_data % HDRM_TS_SLOTS];
	found = sl->used && sl->key == serr->ee.ee_data &&
		hdrm_ts_take(sl, hw, sw);
	if (found)
		slot = *sl;
	spin_unlock(&hn->lock);
	if (!found)
		return;
	port = hdrm_port_find_rcu(slot.dev);
	if (port)
		slot.done(port, slot.encap, &slot.p, hw, sw);
}

static void hdrm_ts_work(struct work_struct *work)
{
	struct hdrm_net *hn = container_of(work, struct hdrm_net, work);
	struct sk_buff *skb;

	while ((skb = sock_dequeue_err_skb(hn->sock->sk))) {
		local_bh_disable();
		rcu_read_lock();
		hdrm_ts_one(hn, skb);
		rcu_read_unlock();
		local_bh_enable();
		consume_skb(skb);
		cond_resched();
	}
}

/* The socket's error report: a TX timestamp was queued. Context: any. */
static void hdrm_ts_error_report(struct sock *sk)
{
	struct hdrm_net *hn;

	rcu_read_lock();
	hn = rcu_dereference_sk_user_data(sk);
	if (hn)
		queue_work(system_highpri_wq, &hn->work);
	rcu_read_unlock();
}

static int __net_init hdrm_net_init(struct net *net)
{
	struct hdrm_net *hn = net_generic(net, hdrm_net_id);
	struct sock *sk;
	int err;

	INIT_WORK(&hn->work, hdrm_ts_work);
	spin_lock_init(&hn->lock);
	/* no slots, no socket: never a namespace refused for this */
	hn->slot = kvcalloc(HDRM_TS_SLOTS, sizeof(*hn->slot), GFP_KERNEL);
	err = hn->slot ? sock_create_kern(net, AF_INET, SOCK_DGRAM,
					  IPPROTO_UDP, &hn->sock) : -ENOMEM;
	if (err) {
		/* Measurements there go on without TX timestamps. */
		pr_warn_once("no socket for TX timestamps (%d): measurements use the clock reads\n",
			     err);
		hn->sock = NULL;
		return 0;
	}
	sk = hn->sock->sk;
	lock_sock(sk);
	sk->sk_userlocks |= SOCK_RCVBUF_LOCK;
	WRITE_ONCE(sk->sk_rcvbuf, HDRM_TS_RCVBUF);
	/*
	 * Both stamps of a frame when the driver gives both; the stamp alone,
	 * keyed by the skb's tskey (hdrm_ts_own()).
	 */
	WRITE_ONCE(sk->sk_tsflags, SOF_TIMESTAMPING_OPT_TX_SWHW |
		   SOF_TIMESTAMPING_OPT_TSONLY | SOF_TIMESTAMPING_OPT_ID);
	release_sock(sk);
	write_lock_bh(&sk->sk_callback_lock);
	rcu_assign_sk_user_data(sk, hn);
	hn->saved_error_report = sk->sk_error_report;
	sk->sk_error_report = hdrm_ts_error_report;
	write_unlock_bh(&sk->sk_callback_lock);
	return 0;
}

static void __net_exit hdrm_net_exit(struct net *net)
{
	struct hdrm_net *hn = net_generic(net, hdrm_net_id);
	struct sock *sk;

	if (!hn->sock)
		goto out;
	sk = hn->sock->sk;
	write_lock_bh(&sk->sk_callback_lock);
	rcu_assign_sk_user_data(sk, NULL);
	sk->sk_error_report = hn->saved_error_report;
	write_unlock_bh(&sk->sk_callback_lock);
	/* a report that read the old callback has queued its work by now */
	synchronize_rcu();
	cancel_work_sync(&hn->work);
	sock_release(hn->sock);
	hn->sock = NULL;
out:
	kvfree(hn->slot);
	hn->slot = NULL;
}

static struct pernet_operations hdrm_net_ops = {
	.init = hdrm_net_init,
	.exit = hdrm_net_exit,
	.id = &hdrm_net_id,
	.size = sizeof(struct hdrm_net),
};

/*
 * Software RX timestamps are taken only while someone wants them
 * (net_enable_timestamp()): the module does, from load to unload.
 */
int hdrm_ts_init(void)
{
	int err;

	err = register_pernet_subsys(&hdrm_net_ops);
	if (err)
		return err;
	net_enable_timestamp();
	return 0;
}

void hdrm_ts_exit(void)
{
	net_disable_timestamp();
	unregister_pernet_subsys(&hdrm_net_ops);
}
