// SPDX-License-Identifier: GPL-2.0
/*
 * The receive hook, for both encapsulations: every frame is validated in
 * full before anything acts on it, then dispatched: requests to the
 * reflector, replies to the initiator's session, control frames to the
 * capability exchange, the push or the stream (stream.c); stream frames
 * and stream answers the peer sends this end go to its response
 * measurement (response.c). Runs in softirq, ports found under RCU.
 */
#include <linux/etherdevice.h>
#include <linux/if_ether.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>

#include "dcb_hdrm.h"
#include "lib/hdrm_stream.h"

/**
 * hdrm_ctl_rx() - a valid control frame arrived on this port
 * @port: the port
 * @dev: its device
 * @encap: the encapsulation it came in; answers go back in it
 * @src: its source address
 * @c: the decoded frame
 * @now: when it arrived, ns
 *
 * Context: softirq.
 */
static void hdrm_ctl_rx(struct hdrm_port *port, struct net_device *dev,
			enum hdrm_encap encap, const u8 *src,
			const struct hdrm_ctl *c, u64 now)
{
	switch (c->type) {
	case HDRM_CTL_CAP_REQUEST:
		hdrm_cap_rx_request(port, encap, c, now);
		break;
	case HDRM_CTL_CAP_REPLY:
		hdrm_cap_rx_reply(port, encap, src, c);
		break;
	case HDRM_CTL_CONFIG:
		hdrm_push_rx_config(port, encap, src, c, now);
		break;
	case HDRM_CTL_CONFIG_ACK:
		hdrm_push_rx_ack(port, c);
		break;
	case HDRM_CTL_STREAM_REQUEST:
		hdrm_stream_rx_request(port, encap, src, c, now);
		break;
	case HDRM_CTL_STREAM_ANSWER:
		/* an answer to none of this end's requests: unsolicited */
		if (!hdrm_response_rx_answer(port, c))
			atomic64_inc(&port->ctr.stale);
		break;
	}
}

static int hdrm_rcv(struct sk_buff *skb, struct net_device *dev,
		    struct packet_type *pt, struct net_device *orig_dev)
{
	enum hdrm_wire_err err = HDRM_WIRE_OK;
	struct hdrm_rxts rx;	/* t2 for a request, t4 for a reply */
	u8 buf[HDRM_CTL_MAX_PAYLOAD];
	enum hdrm_encap encap;
	struct hdrm_probe p;
	struct hdrm_port *port;
	const u8 *payload;
	struct hdrm_ctl c;
	unsigned int len;

	hdrm_rx_stamps(skb, orig_dev, &rx);
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
	if (!skb_mac_header_was_set(skb))
		goto out;
	/* The payload may sit in fragments; copy what we read. */
	len = min_t(unsigned int, skb->len, sizeof(buf));
	payload = skb_header_pointer(skb, 0, len, buf);
	/*
	 * A stream frame, to this device's own address: the peer streams
	 * to the address that asked (stream.c). Counted, recorded by a
	 * response measurement of this device if it is its stream, and
	 * consumed.
	 */
	if (encap == HDRM_ENCAP_ETHER && skb->pkt_type == PACKET_HOST &&
	    payload && hdrm_is_stream(payload, len)) {
		struct hdrm_stream_frame f;

		err = hdrm_stream_decode(payload, len, &f);
		if (err != HDRM_WIRE_OK)
			goto malformed;
		atomic64_inc(&port->ctr.rx_stream);
		hdrm_response_rx_frame(port, &f, &rx);
		goto out;
	}
	/* Only our group address: 0x88B5 is shared with other experiments. */
	if (!ether_addr_equal(eth_hdr(skb)->h_dest, hdrm_encap_dest(encap)))
		goto out;
	/* 0x8808 there is PAUSE's and PFC's too: theirs, not broken ours */
	if (encap == HDRM_ENCAP_MACCTL && payload &&
	    hdrm_is_pause(payload, len))
		goto out;
	if (payload && hdrm_is_ctl(payload, len)) {
		err = hdrm_ctl_decode(payload, len, &c);
		if (err != HDRM_WIRE_OK)
			goto malformed;
		atomic64_inc(&port->ctr.rx_control);
		hdrm_ctl_rx(port, dev, encap, eth_hdr(skb)->h_source, &c,
			    rx.hook);
		goto out;
	}
	if (!payload)
		goto malformed;
	err = hdrm_payload_decode(payload, skb->len, &p);
	if (err != HDRM_WIRE_OK)
		goto malformed;
	if (p.type == HDRM_TYPE_REQUEST) {
		atomic64_inc(&port->ctr.rx_requests);
		hdrm_reflect_request(port, dev, encap, &p, &rx);
	} else if (p.type == HDRM_TYPE_REPLY) {
		hdrm_session_reply(port, eth_hdr(skb)->h_source, &p, &rx);
	} else {
		hdrm_session_followup(port, eth_hdr(skb)->h_source, &p);
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

/*
 * IEEE 1588 peer delay: the answers to a pdelay session's requests. Only
 * frames to the peer-delay group (01-80-C2-00-00-0E) are looked at, and
 * a Delay_Resp to the other group (01-1B-19-00-00-00) or to the device
 * itself, which tells of a ptp4l that runs E2E here; each is only read:
 * a ptp4l on the same device gets every one of them as before (its
 * packet socket is handed the frame too). Requests are not answered;
 * dcb_hdrm's own reflector answers its own frames.
 */
static int hdrm_rcv_ptp(struct sk_buff *skb, struct net_device *dev,
			struct packet_type *pt, struct net_device *orig_dev)
{
	u8 buf[HDRM_PTP_PDELAY_LEN];
	struct hdrm_port *port;
	struct hdrm_ptp_msg m;
	struct hdrm_rxts rx;
	const u8 *msg;
	bool p2p, e2e;

	hdrm_rx_stamps(skb, orig_dev, &rx);
	if (skb->pkt_type == PACKET_OTHERHOST ||
	    skb->pkt_type == PACKET_LOOPBACK || !skb_mac_header_was_set(skb))
		goto out;
	p2p = ether_addr_equal(eth_hdr(skb)->h_dest, hdrm_ptp_dest());
	if (!p2p && skb->pkt_type != PACKET_HOST &&
	    !ether_addr_equal(eth_hdr(skb)->h_dest, hdrm_ptp_e2e_dest()))
		goto out;
	port = hdrm_port_find_rcu(orig_dev);
	if (!port)
		goto out;
	msg = skb_header_pointer(skb, 0, sizeof(buf), buf);
	/*
	 * a message of another kind, or a malformed one: not ours to count;
	 * peer delay's answers to its group only, Delay_Resp to the others
	 */
	if (!msg || hdrm_ptp_decode(msg, sizeof(buf), &m) != HDRM_PTP_OK ||
	    m.type == HDRM_PTP_PDELAY_REQ)
		goto out;
	e2e = m.type == HDRM_PTP_DELAY_RESP;
	if (e2e == p2p)
		goto out;
	hdrm_session_ptp_rx(port, eth_hdr(skb)->h_source, &m, &rx);
out:
	consume_skb(skb);
	return NET_RX_SUCCESS;
}

static struct packet_type hdrm_pt_ptp __read_mostly = {
	.type = cpu_to_be16(HDRM_PTP_ETHERTYPE),
	.func = hdrm_rcv_ptp,
};

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
	dev_add_pack(&hdrm_pt_ptp);
}

/* Returns when no receive hook runs any more (dev_remove_pack syncs). */
void hdrm_rx_exit(void)
{
	dev_remove_pack(&hdrm_pt_ptp);
	dev_remove_pack(&hdrm_pt_ether);
	dev_remove_pack(&hdrm_pt_macctl);
}
