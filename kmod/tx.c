// SPDX-License-Identifier: GPL-2.0
/*
 * Transmit: the skb builders for the measurement frame and the control
 * frame, in either encapsulation, and sending a control frame. The
 * frames' bytes come from kmod/lib (hdrm_wire, hdrm_ctl).
 */
#include <linux/etherdevice.h>
#include <linux/if_ether.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>

#include "dcb_hdrm.h"
#include "lib/hdrm_stream.h"

static_assert((int)HDRM_ENCAP_MACCTL == (int)DCB_HDRM_ENCAP_MACCTL);
static_assert((int)HDRM_ENCAP_ETHER == (int)DCB_HDRM_ENCAP_ETHER);

/*
 * A 60-byte frame's buffer for @dev, its headroom reserved and its MAC
 * header at the data. Context: any; GFP_ATOMIC.
 */
static struct sk_buff *hdrm_min_frame_alloc(struct net_device *dev)
{
	int hlen = LL_RESERVED_SPACE(dev);
	struct sk_buff *skb;

	skb = alloc_skb(hlen + HDRM_FRAME_LEN + dev->needed_tailroom,
			GFP_ATOMIC);
	if (!skb)
		return NULL;
	skb_reserve(skb, hlen);
	skb_reset_mac_header(skb);
	return skb;
}

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
	struct sk_buff *skb = hdrm_min_frame_alloc(dev);

	if (!skb)
		return NULL;
	hdrm_frame_encode(skb_put(skb, HDRM_FRAME_LEN), encap, dev->dev_addr,
			  p);
	skb_set_network_header(skb, HDRM_ETH_HLEN);
	skb->dev = dev;
	skb->protocol = htons(hdrm_encap_ethertype(encap));
	skb->priority = TC_PRIO_CONTROL;
	return skb;
}

/**
 * hdrm_ptp_skb() - an IEEE 1588 Pdelay_Req ready for dev_direct_xmit()
 * @dev: the device it leaves on
 * @req: its contents (hdrm_ptp_req_encode())
 *
 * To the peer-delay group 01-80-C2-00-00-0E, EtherType 0x88F7 (IEEE
 * 1588-2019 annex E): 68 bytes, 72 on the wire.
 *
 * Context: any; allocates with GFP_ATOMIC.
 */
struct sk_buff *hdrm_ptp_skb(struct net_device *dev,
			     const struct hdrm_ptp_req *req)
{
	int hlen = LL_RESERVED_SPACE(dev);
	struct sk_buff *skb;
	u8 *eth;

	skb = alloc_skb(hlen + HDRM_PTP_FRAME_LEN + dev->needed_tailroom,
			GFP_ATOMIC);
	if (!skb)
		return NULL;
	skb_reserve(skb, hlen);
	skb_reset_mac_header(skb);
	eth = skb_put(skb, HDRM_PTP_FRAME_LEN);
	ether_addr_copy(eth, hdrm_ptp_dest());
	ether_addr_copy(eth + ETH_ALEN, dev->dev_addr);
	put_unaligned_be16(HDRM_PTP_ETHERTYPE, eth + 2 * ETH_ALEN);
	hdrm_ptp_req_encode(eth + HDRM_ETH_HLEN, req);
	skb_set_network_header(skb, HDRM_ETH_HLEN);
	skb->dev = dev;
	skb->protocol = htons(HDRM_PTP_ETHERTYPE);
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

/**
 * hdrm_ctl_send() - build a control frame and send it
 * @port: the port it leaves on
 * @encap: its encapsulation
 * @c: its contents
 *
 * Context: any; counts it as sent or as a transmit error.
 */
void hdrm_ctl_send(struct hdrm_port *port, enum hdrm_encap encap,
		   const struct hdrm_ctl *c)
{
	struct sk_buff *skb = hdrm_ctl_skb(port->dev, encap, c);

	if (skb && dev_direct_xmit(skb, 0) == NETDEV_TX_OK)
		atomic64_inc(&port->ctr.tx_control);
	else
		atomic64_inc(&port->ctr.tx_errors);
}

/**
 * hdrm_pfc_skb() - a PFC frame for one priority, ready for dev_direct_xmit()
 * @dev: the device it leaves on
 * @prio: the priority it pauses or releases
 * @quanta: the priority's pause time: 0xFFFF an XOFF, 0 an XON
 *
 * The frame of hdrm_pfc_encode(), 60 bytes (64 on the wire). A MAC that
 * builds its own PFC frames may swallow one the host hands it; what
 * reaches the wire is then the NIC's business.
 *
 * Context: any; allocates with GFP_ATOMIC.
 */
struct sk_buff *hdrm_pfc_skb(struct net_device *dev, u8 prio, u16 quanta)
{
	struct sk_buff *skb = hdrm_min_frame_alloc(dev);

	if (!skb)
		return NULL;
	if (!hdrm_pfc_encode(skb_put(skb, HDRM_FRAME_LEN), HDRM_FRAME_LEN,
			     dev->dev_addr, prio, quanta)) {
		kfree_skb(skb);
		return NULL;
	}
	skb_set_network_header(skb, HDRM_ETH_HLEN);
	skb->dev = dev;
	skb->protocol = htons(ETH_P_PAUSE);
	skb->priority = TC_PRIO_CONTROL;
	return skb;
}
