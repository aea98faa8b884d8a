// SPDX-License-Identifier: GPL-2.0
/*
 * A stream on request (Documentation/design.rst, "Measuring the pause
 * response"): to measure this end's pause response K (US 2025/0267110 A1,
 * [0103], [0108] and [0136]: K, the constant the manufacturer gives for
 * the interface and higher-layer delays of 802.1Qbb), the peer asks this
 * end for frames of one priority back to back, pauses them with a real
 * XOFF and times what still arrives. This end grants a request
 * (hdrm_stream_grant()), answers it, and sends the stream.
 *
 * The threat: a 60-byte request draws at most HDRM_STREAM_MAX_US (5 ms)
 * of traffic at the line's rate (50 ms at a slower host's own pace) and
 * HDRM_STREAM_BURST_BYTES (48 MB) of frames built for it,
 * at most once per HDRM_STREAM_MIN_GAP_NS (1 s), to the
 * requester's own address, and only with accept-stream on (default off)
 * and a requester whose auto-HDRM capability this end has on record
 * (claims 8 and 23: the capability exchange happened). Requests count
 * against the control frames' rate limit; a granted frame is no longer
 * than the device's MTU allows, and the number of frames is capped.
 *
 * The request arrives in softirq (hdrm_stream_rx_request()); the stream
 * is sent from port->stream_work in process context, which never takes
 * rtnl (the link's speed is the port's, as of its last event), so
 * teardown cancels it under rtnl (hdrm_port_works_cancel()).
 */
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>

#include "dcb_hdrm.h"
#include "lib/hdrm_ratelimit.h"
#include "lib/hdrm_stream.h"

/* Frames beyond the duration's worth at the link's speed. */
#define HDRM_STREAM_MARGIN	64U
/*
 * At most this many frames are built for one stream: what a measuring
 * end records of a repeat (HDRM_RESP_MAX_ARRIVALS), 4 ms at 100 Gb/s of
 * 1,514-byte frames (5 ms up to 25 Gb/s), and at most
 * HDRM_STREAM_BURST_BYTES of them: 49.6 MB of frames at 1,514 bytes (24
 * MB of memory where the device takes fragments, 82 MB where it does
 * not, for the stream's few ms, a second apart at most), 5,583
 * jumbo frames. With 4,096 frames, 0.5 ms at 100 Gb/s, a TCG guest sent
 * its XOFF 1.5 to 3.7 ms after the stream's first frame, past its end.
 */
#define HDRM_STREAM_BURST	HDRM_RESP_MAX_ARRIVALS
#define HDRM_STREAM_BURST_BYTES	(48U << 20)
/*
 * With the link's speed unknown (the driver reports none, and nothing
 * was configured or measured), as many frames as a stream took before
 * the cap grew with the speed: 0.5 ms at 100 Gb/s, 5 ms at 10 Gb/s.
 */
#define HDRM_STREAM_BURST_UNKNOWN	4096U
/*
 * Posting ends this many durations after it began: a host slower than
 * the line, on a driver that sends each frame as it is posted, streams
 * at its own pace, below the line's rate, for at most 50 ms. Frames that
 * wait in the ring for the doorbell take the line's rate from it, and
 * the frame cap bounds their time on the wire; a TCG guest posted
 * 32,768 frames in 30 ms.
 */
#define HDRM_STREAM_POST_DURATIONS	10
/* Frames handed to the driver under one hold of its queue's lock. */
#define HDRM_STREAM_CHUNK	64U

/**
 * hdrm_stream_rx_request() - the peer asks this end for a stream
 * @port: the port
 * @encap: the encapsulation the request came in; the answer goes back in it
 * @src: the request's source address, where the stream goes
 * @c: the decoded request
 * @now: when it arrived, ktime_get_ns()
 *
 * Context: softirq.
 */
void hdrm_stream_rx_request(struct hdrm_port *port, enum hdrm_encap encap,
			    const u8 *src, const struct hdrm_ctl *c, u64 now)
{
	struct hdrm_stream_policy pol = { .max_us = HDRM_STREAM_MAX_US };
	struct hdrm_ctl answer;
	bool repeat = false;
	int err;

	spin_lock(&port->lock);
	if (!hdrm_rl_allow(&port->ctl_tat, now, HDRM_CTL_RATE)) {
		spin_unlock(&port->lock);
		atomic64_inc(&port->ctr.rate_limited);
		return;
	}
	if (port->dead) {
		spin_unlock(&port->lock);
		return;
	}
	if (port->stream_answer.session == c->session) {
		/* Our answer was lost: the same answer, and no second stream. */
		answer = port->stream_answer;
		repeat = true;
	} else {
		pol.auto_hdrm = port->cfg.auto_hdrm;
		pol.sender_cap = port->peer.known && port->peer.auto_hdrm;
		pol.accept_stream = port->cfg.accept_stream;
		pol.busy = port->stream.running;
		pol.mtu = READ_ONCE(port->dev->mtu);
		err = hdrm_stream_grant(c, &pol, now, &port->stream.last_ns,
					&answer);
		if (err == -EINVAL) {
			/* no stream request: the decoder let none through */
			spin_unlock(&port->lock);
			return;
		}
		if (pol.auto_hdrm && !pol.sender_cap)
			hdrm_peer_no_cap_locked(port);
		port->stream_answer = answer;
		if (!err) {
			port->stream.running = true;
			port->stream.session = c->session;
			port->stream.prio = answer.stream.prio;
			port->stream.duration_us = answer.stream.duration_us;
			port->stream.frame_len = answer.stream.frame_len;
			ether_addr_copy(port->stream.dst, src);
		}
	}
	spin_unlock(&port->lock);
	if (!repeat)
		atomic64_inc(answer.status == HDRM_ACK_APPLIED ?
			     &port->ctr.stream_granted :
			     &port->ctr.stream_refused);
	/* The answer first, then the stream it announces. */
	hdrm_ctl_send(port, encap, &answer);
	if (repeat || answer.status != HDRM_ACK_APPLIED)
		return;
	spin_lock(&port->lock);
	/* Under the lock, so that teardown's cancel comes after. */
	if (!port->dead)
		queue_work(system_unbound_wq, &port->stream_work);
	else
		port->stream.running = false;
	spin_unlock(&port->lock);
}

/*
 * The most frames a stream of @duration_us may take: its duration's worth
 * at @speed Mb/s of back-to-back tagged frames, and a margin; never more
 * than HDRM_STREAM_BURST, nor HDRM_STREAM_BURST_BYTES of them, nor with
 * the speed unknown (0) HDRM_STREAM_BURST_UNKNOWN.
 */
static u32 hdrm_stream_max_frames(u16 duration_us, u16 frame_len, u32 speed)
{
	u64 ns = hdrm_stream_wire_ns(frame_len, true, speed);
	u32 max = min(HDRM_STREAM_BURST, HDRM_STREAM_BURST_BYTES / frame_len);

	if (!ns)
		return min(max, HDRM_STREAM_BURST_UNKNOWN);
	return min_t(u64, div64_u64((u64)duration_us * NSEC_PER_USEC, ns) +
			  HDRM_STREAM_MARGIN, max);
}

/* The stream is to stop: the port goes, the device is down, the module. */
static bool hdrm_stream_stop(struct hdrm_port *port, struct net_device *dev)
{
	bool dead;

	spin_lock_bh(&port->lock);
	dead = port->dead;
	spin_unlock_bh(&port->lock);
	return dead || READ_ONCE(hdrm_unloading) || !netif_running(dev) ||
	       !netif_carrier_ok(dev);
}

/*
 * What a stream's frames are made of: @frame_len bytes each, the first
 * @head_len of them in the frame's own buffer and the rest, zeros, in
 * @pad, one zeroed page (compound where 9 KB frames need it) that every
 * frame of the stream holds a reference to, as a fragment. Where the
 * device takes no fragments (NETIF_F_SG: mlx5 and mlxsw take them), or
 * the page cannot be had, the whole frame is its own (@pad NULL). In a
 * guest, 32,768 frames of 1,514 bytes took 751 bytes of memory a frame
 * so, 2,559 as whole frames (peer.sh, peer_stream_memory).
 */
struct hdrm_stream_shape {
	u16 frame_len;
	u16 head_len;
	struct page *pad;
};

/* A frame's bytes in its own buffer where its padding is in @pad. */
#define HDRM_STREAM_HEAD_LEN	64U

/* Context: process. Put @s->pad once the frames are built. */
static void hdrm_stream_shape_init(struct net_device *dev, u16 frame_len,
				   struct hdrm_stream_shape *s)
{
	s->frame_len = frame_len;
	s->head_len = frame_len;
	s->pad = NULL;
	if (!(dev->features & NETIF_F_SG) ||
	    frame_len < 2 * HDRM_STREAM_HEAD_LEN)
		return;
	s->pad = alloc_pages(GFP_KERNEL | __GFP_ZERO | __GFP_COMP |
			     __GFP_NOWARN,
			     get_order(frame_len - HDRM_STREAM_HEAD_LEN));
	if (s->pad)
		s->head_len = HDRM_STREAM_HEAD_LEN;
}

/*
 * One stream frame to @dst from the device's address, priority-tagged
 * (VID 0, PCP @prio) and with skb->priority @prio, its sequence number and
 * send time still to stamp. Context: process.
 */
static struct sk_buff *hdrm_stream_skb(struct net_device *dev, const u8 *dst,
				       const struct hdrm_stream_frame *f,
				       const struct hdrm_stream_shape *s,
				       u8 prio)
{
	int hlen = LL_RESERVED_SPACE(dev);
	unsigned int rest = s->frame_len - s->head_len;
	struct sk_buff *skb;
	u8 *eth;

	skb = alloc_skb(hlen + s->head_len + dev->needed_tailroom, GFP_KERNEL);
	if (!skb)
		return NULL;
	skb_reserve(skb, hlen);
	skb_reset_mac_header(skb);
	eth = skb_put(skb, s->head_len);
	ether_addr_copy(eth, dst);
	ether_addr_copy(eth + ETH_ALEN, dev->dev_addr);
	put_unaligned_be16(HDRM_ETHERTYPE_EXP, eth + 2 * ETH_ALEN);
	if (!hdrm_stream_encode_head(eth + HDRM_ETH_HLEN,
				     s->head_len - HDRM_ETH_HLEN,
				     s->frame_len, f)) {
		kfree_skb(skb);
		return NULL;
	}
	if (rest) {
		/* the padding, read-only: shared by the stream's frames */
		get_page(s->pad);
		skb_fill_page_desc(skb, 0, s->pad, 0, rest);
		skb->len += rest;
		skb->data_len += rest;
		skb->truesize += rest;
	}
	skb_set_network_header(skb, HDRM_ETH_HLEN);
	skb->dev = dev;
	skb->protocol = htons(HDRM_ETHERTYPE_EXP);
	skb->priority = prio;
	__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q), prio << VLAN_PRIO_SHIFT);
	return skb;
}

/*
 * The queue index @skb goes out on, as dev_queue_xmit() would pick it: the
 * driver's choice (mlx5 and mlxsw pick by the frame's priority, so that
 * the NIC's PFC pauses the stream's queue), else the stack's hash.
 */
static u16 hdrm_stream_txq(struct net_device *dev, struct sk_buff *skb)
{
	const struct net_device_ops *ops = dev->netdev_ops;
	u16 idx = 0;

	if (dev->real_num_tx_queues > 1)
		idx = ops->ndo_select_queue ?
		      ops->ndo_select_queue(dev, skb, NULL) :
		      netdev_pick_tx(dev, skb, NULL);
	return idx < dev->real_num_tx_queues ? idx : 0;
}

/*
 * Builds the stream's frames, all of them before any is sent, each made
 * ready for the device as dev_queue_xmit() would (its VLAN tag into the
 * frame where the NIC does not insert it). Returns how many are in @q.
 */
static u32 hdrm_stream_build(struct hdrm_port *port, struct net_device *dev,
			     struct hdrm_stream_frame *f, const u8 *dst,
			     const struct hdrm_stream_shape *s, u8 prio,
			     u32 max, struct sk_buff_head *q)
{
	struct sk_buff *skb;
	bool again;
	u32 seq;

	for (seq = 0; seq < max; seq++) {
		if (!(seq % HDRM_STREAM_CHUNK) && hdrm_stream_stop(port, dev))
			break;
		f->seq = seq;
		skb = hdrm_stream_skb(dev, dst, f, s, prio);
		if (skb)
			skb = validate_xmit_skb_list(skb, dev, &again);
		if (!skb) {
			atomic64_inc(&port->ctr.tx_errors);
			break;
		}
		__skb_queue_tail(q, skb);
		if (!(seq % HDRM_STREAM_CHUNK))
			cond_resched();
	}
	return skb_queue_len(q);
}

/*
 * Hands up to HDRM_STREAM_CHUNK frames of @q to the driver under its
 * queue's lock, each stamped as it goes, with xmit_more on all but the
 * stream's last: the NIC then sends what its ring holds back to back,
 * at the line's rate, as pktgen's bursts do, where one frame at a time
 * leaves the host's gaps between them. The last goes without it, the
 * doorbell: the last of @q, the one posted once @end has passed, or,
 * with @last, the next (a stream cut short leaves nothing in the ring
 * unannounced). A queue the driver stops (its ring full, which rings
 * the doorbell) ends the chunk; a frame it refused stays first in @q.
 * Returns whether the stream is over. Context: process; bottom halves
 * off here.
 */
static bool hdrm_stream_post(struct hdrm_port *port, struct net_device *dev,
			     struct netdev_queue *txq, u16 idx,
			     struct sk_buff_head *q, u64 end, bool last)
{
	struct sk_buff *skb;
	bool more = true;
	netdev_tx_t rc;
	u8 *payload;
	u32 i;
	u64 now;

	local_bh_disable();
	HARD_TX_LOCK(dev, txq, smp_processor_id());
	for (i = 0; i < HDRM_STREAM_CHUNK && more &&
	     (skb = skb_peek(q)); i++) {
		if (netif_xmit_frozen_or_drv_stopped(txq))
			break;
		now = ktime_get_ns();
		__skb_unlink(skb, q);
		more = !last && !skb_queue_empty(q) && now < end;
		/*
		 * the payload follows the tag where the tag went into the
		 * frame (a NIC that does not insert it); the header is in
		 * the frame's own buffer, linearised or not
		 */
		payload = skb->data + HDRM_ETH_HLEN +
			  (skb_vlan_tag_present(skb) ? 0 : VLAN_HLEN);
		hdrm_stream_stamp(payload, get_unaligned_be32(payload +
					HDRM_STREAM_OFF_SEQ), now);
		skb_set_queue_mapping(skb, idx);
		rc = netdev_start_xmit(skb, dev, txq, more);
		if (rc == NETDEV_TX_BUSY) {
			/* not taken: first again, for when the ring has room */
			__skb_queue_head(q, skb);
			more = true;
			break;
		}
		atomic64_inc(rc == NETDEV_TX_OK ? &port->ctr.stream_frames_sent :
						  &port->ctr.tx_errors);
	}
	HARD_TX_UNLOCK(dev, txq);
	local_bh_enable();
	return !more || skb_queue_empty(q);
}

/*
 * port->stream_work: the granted stream, back to back until its duration
 * has passed since its first frame, its frame cap is reached or
 * hdrm_stream_stop() says stop. Its frames are built first, at most
 * HDRM_STREAM_BURST of them (as many as a measuring end records), then
 * posted (hdrm_stream_post()), bypassing the qdisc as pktgen does: a
 * stream of a few ms on its own priority. The frame cap bounds its time
 * on the wire at the line's rate; @end (HDRM_STREAM_POST_DURATIONS)
 * bounds a host slower than that.
 * Context: process; takes port->lock only to read, never rtnl, and never
 * sleeps under port->lock.
 */
void hdrm_stream_work(struct work_struct *work)
{
	struct hdrm_port *port = container_of(work, struct hdrm_port,
					      stream_work);
	struct net_device *dev = port->dev;
	struct hdrm_stream_frame f = { 0 };
	struct hdrm_stream_shape shape;
	struct netdev_queue *txq;
	struct sk_buff_head q;
	u32 max, speed, posted, built;
	u16 frame_len, dur, idx;
	u8 dst[ETH_ALEN];
	bool stop, first;
	u64 end = 0;
	u8 prio;

	spin_lock_bh(&port->lock);
	f.session = port->stream.session;
	prio = port->stream.prio;
	dur = port->stream.duration_us;
	frame_len = port->stream.frame_len;
	ether_addr_copy(dst, port->stream.dst);
	/*
	 * The frame cap is what bounds the stream's time on the wire, so the
	 * link's own speed where nothing is configured, as of its last event
	 * (rtnl is not waited for: teardown holds it while it waits for this
	 * work), else the last measured one, else none
	 * (HDRM_STREAM_BURST_UNKNOWN frames)
	 */
	speed = port->cfg.speed_override ?: READ_ONCE(port->link_speed) ?:
		(port->result ? port->result->speed : 0);
	spin_unlock_bh(&port->lock);

	__skb_queue_head_init(&q);
	max = hdrm_stream_max_frames(dur, frame_len, speed);
	hdrm_stream_shape_init(dev, frame_len, &shape);
	built = hdrm_stream_build(port, dev, &f, dst, &shape, prio, max, &q);
	/* each frame holds its own reference to the padding */
	if (shape.pad)
		put_page(shape.pad);
	if (!built)
		goto out;
	idx = hdrm_stream_txq(dev, skb_peek(&q));
	txq = netdev_get_tx_queue(dev, idx);
	for (posted = 0; !skb_queue_empty(&q); posted++) {
		stop = hdrm_stream_stop(port, dev);
		if (!end)
			end = ktime_get_ns() + HDRM_STREAM_POST_DURATIONS *
			      (u64)dur * NSEC_PER_USEC;
		/*
		 * test builds: the first frame alone, with its doorbell, then
		 * the stream held open
		 */
		first = !posted && hdrm_test_stop_window_on();
		if ((hdrm_stream_post(port, dev, txq, idx, &q, end,
				      stop || first) && !first) || stop)
			break;
		if (first)
			hdrm_test_stop_window();
		/* a ring the driver stopped: its completions free it */
		if (netif_xmit_frozen_or_drv_stopped(txq))
			usleep_range(10, 20);
	}
out:
	__skb_queue_purge(&q);
	spin_lock_bh(&port->lock);
	port->stream.running = false;
	spin_unlock_bh(&port->lock);
}
