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
 * of traffic, at most once per HDRM_STREAM_MIN_GAP_NS (1 s), to the
 * requester's own address, and only with accept-stream on (default off)
 * and a requester whose auto-HDRM capability this end has on record
 * (claims 8 and 23: the capability exchange happened). Requests count
 * against the control frames' rate limit; a granted frame is no longer
 * than the device's MTU allows, and the number of frames is capped.
 *
 * The request arrives in softirq (hdrm_stream_rx_request()); the stream
 * is sent from port->stream_work in process context, which never takes
 * rtnl, so teardown cancels it under rtnl (hdrm_port_works_cancel()).
 */
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>

#include "dcb_hdrm.h"
#include "lib/hdrm_ratelimit.h"
#include "lib/hdrm_stream.h"

/* At most this many frames in one stream, whatever its duration. */
#define HDRM_STREAM_MAX_FRAMES	65536U
/* Frames beyond the duration's worth at the link's speed. */
#define HDRM_STREAM_MARGIN	64U

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
 * at @speed Mb/s of back-to-back tagged frames, and a margin; with the
 * speed unknown (0), HDRM_STREAM_MAX_FRAMES, which bounds it always.
 */
static u32 hdrm_stream_max_frames(u16 duration_us, u16 frame_len, u32 speed)
{
	u64 ns = hdrm_stream_wire_ns(frame_len, true, speed);
	u64 n;

	if (!ns)
		return HDRM_STREAM_MAX_FRAMES;
	n = div64_u64((u64)duration_us * NSEC_PER_USEC, ns) + HDRM_STREAM_MARGIN;
	return min_t(u64, n, HDRM_STREAM_MAX_FRAMES);
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
 * One stream frame to @dst from the device's address, priority-tagged
 * (VID 0, PCP @prio) and with skb->priority @prio, its sequence number and
 * send time still to stamp. Context: process.
 */
static struct sk_buff *hdrm_stream_skb(struct net_device *dev, const u8 *dst,
				       const struct hdrm_stream_frame *f,
				       u16 frame_len, u8 prio)
{
	int hlen = LL_RESERVED_SPACE(dev);
	struct sk_buff *skb;
	u8 *eth;

	skb = alloc_skb(hlen + frame_len + dev->needed_tailroom, GFP_KERNEL);
	if (!skb)
		return NULL;
	skb_reserve(skb, hlen);
	skb_reset_mac_header(skb);
	eth = skb_put(skb, frame_len);
	ether_addr_copy(eth, dst);
	ether_addr_copy(eth + ETH_ALEN, dev->dev_addr);
	put_unaligned_be16(HDRM_ETHERTYPE_EXP, eth + 2 * ETH_ALEN);
	if (!hdrm_stream_encode(eth + HDRM_ETH_HLEN, frame_len - HDRM_ETH_HLEN,
				frame_len, f)) {
		kfree_skb(skb);
		return NULL;
	}
	skb_set_network_header(skb, HDRM_ETH_HLEN);
	skb->dev = dev;
	skb->protocol = htons(HDRM_ETHERTYPE_EXP);
	skb->priority = prio;
	__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q), prio << VLAN_PRIO_SHIFT);
	return skb;
}

/*
 * port->stream_work: the granted stream, back to back until its duration
 * has passed, its frame cap is reached or hdrm_stream_stop() says stop.
 * Context: process; takes port->lock only to read, never rtnl, and never
 * sleeps under the lock.
 */
void hdrm_stream_work(struct work_struct *work)
{
	struct hdrm_port *port = container_of(work, struct hdrm_port,
					      stream_work);
	struct net_device *dev = port->dev;
	struct hdrm_stream_frame f = { 0 };
	u32 seq, max, speed;
	u16 frame_len, dur;
	u8 dst[ETH_ALEN];
	struct sk_buff *skb;
	u64 end;
	u8 prio;
	int rc;

	spin_lock_bh(&port->lock);
	f.session = port->stream.session;
	prio = port->stream.prio;
	dur = port->stream.duration_us;
	frame_len = port->stream.frame_len;
	ether_addr_copy(dst, port->stream.dst);
	/* the driver's speed needs rtnl: the configured or last measured */
	speed = port->cfg.speed_override ?:
		(port->result ? port->result->speed : 0);
	spin_unlock_bh(&port->lock);

	max = hdrm_stream_max_frames(dur, frame_len, speed);
	end = ktime_get_ns() + (u64)dur * NSEC_PER_USEC;
	/*
	 * No cond_resched(): a stream is back to back, and lasts 5 ms at
	 * most, which bounds the loop along with @max.
	 */
	for (seq = 0; seq < max; seq++) {
		/* test builds: the stream held open after its first frame */
		if (seq == 1)
			hdrm_test_stop_window();
		if (hdrm_stream_stop(port, dev) || ktime_get_ns() >= end)
			break;
		f.seq = seq;
		skb = hdrm_stream_skb(dev, dst, &f, frame_len, prio);
		if (!skb) {
			atomic64_inc(&port->ctr.tx_errors);
			break;
		}
		/*
		 * Stamped with bottom halves off, so that no softirq runs
		 * between the stamp and the driver: a receive path that
		 * shares this CPU shows as a gap in the send times, which
		 * bounds K (hdrm_response_analyse()), not as a hold.
		 */
		local_bh_disable();
		hdrm_stream_stamp(skb->data + HDRM_ETH_HLEN, seq,
				  ktime_get_ns());
		rc = dev_queue_xmit(skb);
		local_bh_enable();
		if (rc == NET_XMIT_SUCCESS)
			atomic64_inc(&port->ctr.stream_frames_sent);
		else
			atomic64_inc(&port->ctr.tx_errors);
	}
	spin_lock_bh(&port->lock);
	port->stream.running = false;
	spin_unlock_bh(&port->lock);
}
