// SPDX-License-Identifier: GPL-2.0
/*
 * The reflector: answers a measurement request on a device where
 * reflecting is on, within the device's reply rate, with a frame no larger
 * than the request, stamped t2 and t3; and sends the follow-up of a
 * two-step reply once the driver says when the reply left.
 *
 * Which clock (Documentation/wire-format.rst, "Two-step replies"):
 * - the NIC's, two-step, when the request offers both, the request came
 *   with a hardware timestamp and the device stamps in hardware;
 * - else the stack's software timestamps, two-step, when the request
 *   takes follow-ups and the driver stamps transmitted frames;
 * - else one-step: t2 the stack's receive timestamp (or the hook's clock
 *   read), t3 the clock read just before the reply goes to the driver.
 * The device's ts-mode narrows that: software never uses the NIC, hook
 * only the clock reads.
 */
#include <linux/netdevice.h>
#include <linux/siphash.h>
#include <linux/skbuff.h>

#include "dcb_hdrm.h"
#include "lib/hdrm_ratelimit.h"

static siphash_key_t hdrm_base_key;

/*
 * The reflector's timestamps leave on a base of their own
 * (HDRM_CLOCK_BASE_MASK): keyed by the session, so that one session's
 * t2s can be compared (the initiator's rate ratio) while its clock's
 * value stays hidden.
 */
static u64 hdrm_reflect_base(u32 session)
{
	return siphash_1u32(session, &hdrm_base_key) & HDRM_CLOCK_BASE_MASK;
}

void hdrm_reflect_init(void)
{
	get_random_bytes(&hdrm_base_key, sizeof(hdrm_base_key));
}

/**
 * hdrm_reflect_tscap() - what this end's replies can carry
 * @port: the port
 *
 * Return: HDRM_TSCAP_* for the capability reply.
 *
 * Context: port->lock held.
 */
u8 hdrm_reflect_tscap(struct hdrm_port *port)
{
	u8 mode = port->cfg.ts_mode;
	u8 cap = 0;

	if (mode == DCB_HDRM_TS_MODE_HOOK)
		return 0;
	if (port->ts.flags & (HDRM_TSC_TX_SW | HDRM_TSC_HW))
		cap |= HDRM_TSCAP_TWOSTEP;
	if ((port->ts.flags & HDRM_TSC_HW) && mode != DCB_HDRM_TS_MODE_SOFTWARE)
		cap |= HDRM_TSCAP_HARDWARE;
	return cap;
}

/**
 * hdrm_reflect_request() - answer a measurement request
 * @port: the port it arrived on
 * @dev: its device, where the reply leaves
 * @encap: the request's encapsulation, the reply's too
 * @req: the decoded, validated request
 * @rx: when it arrived, on each clock there is
 *
 * Context: softirq (the receive hook).
 */
void hdrm_reflect_request(struct hdrm_port *port, struct net_device *dev,
			  enum hdrm_encap encap, const struct hdrm_probe *req,
			  const struct hdrm_rxts *rx)
{
	u8 mode, tsc, flags = 0, tx = 0;
	struct hdrm_probe reply;
	struct sk_buff *skb;
	u64 base, t2, t3;
	bool allow;

	spin_lock(&port->lock);
	allow = port->cfg.reflect &&
		hdrm_rl_allow(&port->rl_tat, rx->hook, port->cfg.reflect_rate);
	if (!port->cfg.reflect)
		atomic64_inc(&port->ctr.not_reflecting);
	else if (!allow)
		atomic64_inc(&port->ctr.rate_limited);
	mode = port->cfg.ts_mode;
	tsc = port->ts.flags;
	spin_unlock(&port->lock);
	if (!allow)
		return;

	t2 = mode != DCB_HDRM_TS_MODE_HOOK && rx->sw ? rx->sw : rx->hook;
	if ((req->flags & HDRM_F_TWOSTEP) && mode != DCB_HDRM_TS_MODE_HOOK) {
		if ((req->flags & HDRM_F_HWTS) && rx->hw &&
		    (tsc & HDRM_TSC_HW) && mode != DCB_HDRM_TS_MODE_SOFTWARE) {
			flags = HDRM_F_TWOSTEP | HDRM_F_HWTS;
			tx = HDRM_SKBTX_HW;
			t2 = rx->hw;
		} else if (rx->sw && (tsc & HDRM_TSC_TX_SW)) {
			flags = HDRM_F_TWOSTEP;
			tx = SKBTX_SW_TSTAMP;
		}
	}

	base = hdrm_reflect_base(req->session);
	skb = NULL;
	if (!hdrm_reflect(req, t2 + base, t2 + base, flags, &reply))
		skb = hdrm_frame_skb(dev, encap, &reply);
	if (!skb) {
		atomic64_inc(&port->ctr.tx_errors);
		return;
	}
	if (flags &&
	    !hdrm_ts_own(skb, tx, encap, &reply, hdrm_reflect_followup)) {
		/* no socket for the stamp: answer in one step after all */
		reply.flags &= ~(HDRM_F_TWOSTEP | HDRM_F_HWTS);
		t2 = mode != DCB_HDRM_TS_MODE_HOOK && rx->sw ? rx->sw : rx->hook;
		reply.t2 = t2 + base;
		hdrm_payload_encode(skb_mac_header(skb) + HDRM_ETH_HLEN, &reply);
		flags = 0;
	}
	if ((reply.flags & HDRM_F_TIMESTAMPS) && !flags) {
		/* t3 last, just before the frame goes to the driver */
		t3 = ktime_get_ns();
		hdrm_frame_set_t3(skb_mac_header(skb), max(t3, t2) + base);
	}
	if (hdrm_ts_xmit(skb) == NETDEV_TX_OK)
		atomic64_inc(&port->ctr.reflected);
	else
		atomic64_inc(&port->ctr.tx_errors);
}

/**
 * hdrm_reflect_followup() - a two-step reply left: send its t3
 * @port: the port it left on
 * @encap: its encapsulation, the follow-up's too
 * @reply: the reply as it was sent
 * @hw: its hardware TX timestamp, or 0
 * @sw: its software TX timestamp on the monotonic clock, or 0
 *
 * The follow-up's t3 is on the clock the reply's t2 came from: the NIC's
 * for a hardware reply, else the host's. A stamp of the other kind (a
 * driver may give both) is not this reply's t3.
 *
 * Context: BH off, RCU held (hdrm_ts_work).
 */
void hdrm_reflect_followup(struct hdrm_port *port, enum hdrm_encap encap,
			   const struct hdrm_probe *reply, u64 hw, u64 sw)
{
	bool hwts = reply->flags & HDRM_F_HWTS;
	struct hdrm_probe fu;
	struct sk_buff *skb;
	u64 t3 = hwts ? hw : sw;

	if (!t3)
		return;
	if (hdrm_followup(reply, t3 + hdrm_reflect_base(reply->session), hwts,
			  &fu))
		return;
	skb = hdrm_frame_skb(port->dev, encap, &fu);
	if (!skb || dev_direct_xmit(skb, 0) != NETDEV_TX_OK)
		atomic64_inc(&port->ctr.tx_errors);
}
