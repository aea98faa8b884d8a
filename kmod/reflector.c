// SPDX-License-Identifier: GPL-2.0
/*
 * The reflector: answers a measurement request on a device where
 * reflecting is on, within the device's reply rate, with a frame no larger
 * than the request, stamped t2 and t3.
 */
#include <linux/netdevice.h>
#include <linux/random.h>
#include <linux/skbuff.h>

#include "dcb_hdrm.h"
#include "lib/hdrm_ratelimit.h"

/**
 * hdrm_reflect_request() - answer a measurement request
 * @port: the port it arrived on
 * @dev: its device, where the reply leaves
 * @encap: the request's encapsulation, the reply's too
 * @req: the decoded, validated request
 * @t2: when it arrived, ns
 *
 * Context: softirq (the receive hook).
 */
void hdrm_reflect_request(struct hdrm_port *port, struct net_device *dev,
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
