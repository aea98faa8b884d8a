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
#include <linux/skbuff.h>

#include "dcb_hdrm.h"
#include "hdrm_ratelimit.h"

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
	skb_reset_network_header(skb);
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
	skb_reset_network_header(skb);
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

	/* t3 is stamped last, just before the frame goes to the driver. */
	skb = NULL;
	if (!hdrm_reflect(req, t2, t2, &reply))
		skb = hdrm_frame_skb(dev, encap, &reply);
	if (!skb) {
		atomic64_inc(&port->ctr.tx_errors);
		return;
	}
	if (reply.flags & HDRM_F_TIMESTAMPS)
		hdrm_frame_set_t3(skb_mac_header(skb), ktime_get_ns());
	if (dev_direct_xmit(skb, 0) == NETDEV_TX_OK)
		atomic64_inc(&port->ctr.reflected);
	else
		atomic64_inc(&port->ctr.tx_errors);
}

static int hdrm_rcv(struct sk_buff *skb, struct net_device *dev,
		    struct packet_type *pt, struct net_device *orig_dev)
{
	u64 now = ktime_get_ns();	/* t2 for a request, t4 for a reply */
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
		if (hdrm_ctl_decode(payload, len, &c) != HDRM_WIRE_OK) {
			atomic64_inc(&port->ctr.malformed);
			goto out;
		}
		atomic64_inc(&port->ctr.rx_control);
		hdrm_ctl_rx(port, dev, encap, eth_hdr(skb)->h_source, &c, now);
		goto out;
	}
	if (!payload ||
	    hdrm_payload_decode(payload, skb->len, &p) != HDRM_WIRE_OK) {
		atomic64_inc(&port->ctr.malformed);
		goto out;
	}
	if (p.type == HDRM_TYPE_REQUEST) {
		atomic64_inc(&port->ctr.rx_requests);
		hdrm_answer(port, dev, encap, &p, now);
	} else {
		hdrm_session_reply(port, &p, now);
	}
out:
	consume_skb(skb);
	return NET_RX_SUCCESS;
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
