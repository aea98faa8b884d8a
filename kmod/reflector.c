// SPDX-License-Identifier: GPL-2.0
/*
 * The receive hook, for both encapsulations. Every frame is validated in
 * full before anything acts on it. Requests are answered (the reflector)
 * on devices where reflecting is on, within the device's reply rate, with
 * a frame no larger than the request; replies go to the initiator.
 */
#include <linux/etherdevice.h>
#include <linux/if_ether.h>
#include <linux/netdevice.h>
#include <linux/random.h>
#include <linux/skbuff.h>

#include "dcb_hdrm.h"
#include "lib/hdrm_ratelimit.h"

/**
 * hdrm_frame_skb() - a measurement frame ready for dev_direct_xmit()
 * @dev: the device it leaves on
 * @encap: its encapsulation
 * @p: its contents
 *
 * Context: any; allocates with GFP_ATOMIC. The frame is the 60-byte
 * minimum (64 on the wire with the FCS the device adds).
 */
struct sk_buff *hdrm_frame_skb(struct net_device *dev, enum hdrm_encap encap,
			       const struct hdrm_probe *p)
{
	int hlen = LL_RESERVED_SPACE(dev);
	struct sk_buff *skb;

	skb = alloc_skb(hlen + HDRM_FRAME_LEN + dev->needed_tailroom,
			GFP_ATOMIC);
	if (!skb)
		return NULL;
	skb_reserve(skb, hlen);
	skb_reset_mac_header(skb);
	hdrm_frame_encode(skb_put(skb, HDRM_FRAME_LEN), encap, dev->dev_addr,
			  p);
	skb_set_network_header(skb, HDRM_ETH_HLEN);
	skb->dev = dev;
	skb->protocol = htons(hdrm_encap_ethertype(encap));
	skb->priority = TC_PRIO_CONTROL;
	return skb;
}

/**
 * hdrm_ctl_skb() - a control frame ready for dev_direct_xmit()
 * @dev: the device it leaves on
 * @encap: its encapsulation, the same two as the measurement frame's
 * @c: its contents
 *
 * Context: any; allocates with GFP_ATOMIC.
 */
struct sk_buff *hdrm_ctl_skb(struct net_device *dev, enum hdrm_encap encap,
			     const struct hdrm_ctl *c)
{
	int hlen = LL_RESERVED_SPACE(dev);
	u8 payload[HDRM_CTL_MAX_PAYLOAD];
	struct sk_buff *skb;
	unsigned int len;
	u8 *eth;

	len = hdrm_ctl_encode(payload, sizeof(payload), c);
	if (!len)
		return NULL;
	skb = alloc_skb(hlen + HDRM_ETH_HLEN + len + dev->needed_tailroom,
			GFP_ATOMIC);
	if (!skb)
		return NULL;
	skb_reserve(skb, hlen);
	skb_reset_mac_header(skb);
	eth = skb_put(skb, HDRM_ETH_HLEN + len);
	ether_addr_copy(eth, hdrm_encap_dest(encap));
	ether_addr_copy(eth + ETH_ALEN, dev->dev_addr);
	put_unaligned_be16(hdrm_encap_ethertype(encap), eth + 2 * ETH_ALEN);
	memcpy(eth + HDRM_ETH_HLEN, payload, len);
	skb_set_network_header(skb, HDRM_ETH_HLEN);
	skb->dev = dev;
	skb->protocol = htons(hdrm_encap_ethertype(encap));
	skb->priority = TC_PRIO_CONTROL;
	return skb;
}

static void hdrm_answer(struct hdrm_port *port, struct net_device *dev,
			enum hdrm_encap encap, const struct hdrm_probe *req,
			u64 t2)
{
	struct hdrm_probe reply;
	struct sk_buff *skb;
	bool allow;
	u64 base;

	spin_lock(&port->lock);
	allow = port->cfg.reflect &&
		hdrm_rl_allow(&port->rl_tat, t2, port->cfg.reflect_rate);
	if (!port->cfg.reflect)
		atomic64_inc(&port->ctr.not_reflecting);
	else if (!allow)
		atomic64_inc(&port->ctr.rate_limited);
	spin_unlock(&port->lock);
	if (!allow)
		return;

	/*
	 * t3 is stamped last, just before the frame goes to the driver. Both
	 * leave on a base of their own (HDRM_CLOCK_BASE_MASK): the initiator
	 * needs t3 - t2 only.
	 */
	base = get_random_u64() & HDRM_CLOCK_BASE_MASK;
	skb = NULL;
	if (!hdrm_reflect(req, t2 + base, t2 + base, &reply))
		skb = hdrm_frame_skb(dev, encap, &reply);
	if (!skb) {
		atomic64_inc(&port->ctr.tx_errors);
		return;
	}
	if (reply.flags & HDRM_F_TIMESTAMPS)
		hdrm_frame_set_t3(skb_mac_header(skb), ktime_get_ns() + base);
	if (dev_direct_xmit(skb, 0) == NETDEV_TX_OK)
		atomic64_inc(&port->ctr.reflected);
	else
		atomic64_inc(&port->ctr.tx_errors);
}

static int hdrm_rcv(struct sk_buff *skb, struct net_device *dev,
		    struct packet_type *pt, struct net_device *orig_dev)
{
	u64 now = ktime_get_ns();	/* t2 for a request, t4 for a reply */
	enum hdrm_wire_err err = HDRM_WIRE_OK;
	u8 buf[HDRM_CTL_MAX_PAYLOAD];
	enum hdrm_encap encap;
	struct hdrm_probe p;
	struct hdrm_port *port;
	const u8 *payload;
	struct hdrm_ctl c;
	unsigned int len;

	if (skb->pkt_type == PACKET_OTHERHOST ||
	    skb->pkt_type == PACKET_LOOPBACK)
		goto out;
	/*
	 * The link is the device the frame arrived on: a bond hands its
	 * slaves' frames up as its own (@dev), but the round trip, the reply
	 * and the answer all belong to the slave's cable (@orig_dev). Upper
	 * devices have no port (hdrm_port_add()), so a bridge that delivers a
	 * frame to itself as well as forwarding it does not answer it.
	 */
	dev = orig_dev;
	port = hdrm_port_find_rcu(dev);
	if (!port)
		goto out;

	encap = pt->type == htons(ETH_P_PAUSE) ? HDRM_ENCAP_MACCTL :
						 HDRM_ENCAP_ETHER;
	/* Only our group address: 0x88B5 is shared with other experiments. */
	if (!skb_mac_header_was_set(skb) ||
	    !ether_addr_equal(eth_hdr(skb)->h_dest, hdrm_encap_dest(encap)))
		goto out;
	/* The payload may sit in fragments; copy what we read. */
	len = min_t(unsigned int, skb->len, sizeof(buf));
	payload = skb_header_pointer(skb, 0, len, buf);
	if (payload && hdrm_is_ctl(payload, len)) {
		err = hdrm_ctl_decode(payload, len, &c);
		if (err != HDRM_WIRE_OK)
			goto malformed;
		atomic64_inc(&port->ctr.rx_control);
		hdrm_ctl_rx(port, dev, encap, eth_hdr(skb)->h_source, &c, now);
		goto out;
	}
	if (!payload)
		goto malformed;
	err = hdrm_payload_decode(payload, skb->len, &p);
	if (err != HDRM_WIRE_OK)
		goto malformed;
	if (p.type == HDRM_TYPE_REQUEST) {
		atomic64_inc(&port->ctr.rx_requests);
		hdrm_answer(port, dev, encap, &p, now);
	} else {
		hdrm_session_reply(port, eth_hdr(skb)->h_source, &p, now);
	}
out:
	consume_skb(skb);
	return NET_RX_SUCCESS;

malformed:
	/* A drop, not a consumption: drop monitors and skb:kfree_skb see it. */
	atomic64_inc(&port->ctr.malformed);
	kfree_skb_reason(skb, err == HDRM_WIRE_SHORT ?
			 SKB_DROP_REASON_PKT_TOO_SMALL :
			 SKB_DROP_REASON_NOT_SPECIFIED);
	return NET_RX_DROP;
}

static struct packet_type hdrm_pt_macctl __read_mostly = {
	.type = cpu_to_be16(ETH_P_PAUSE),
	.func = hdrm_rcv,
};

static struct packet_type hdrm_pt_ether __read_mostly = {
	.type = cpu_to_be16(HDRM_ETHERTYPE_EXP),
	.func = hdrm_rcv,
};

void hdrm_rx_init(void)
{
	dev_add_pack(&hdrm_pt_macctl);
	dev_add_pack(&hdrm_pt_ether);
}

/* Returns when no receive hook runs any more (dev_remove_pack syncs). */
void hdrm_rx_exit(void)
{
	dev_remove_pack(&hdrm_pt_ether);
	dev_remove_pack(&hdrm_pt_macctl);
}
