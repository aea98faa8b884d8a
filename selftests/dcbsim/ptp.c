// SPDX-License-Identifier: GPL-2.0
/*
 * dcbsim: each end's clock, its PTP hardware clock, the hardware
 * timestamps on the cable's timeline and their configuration
 * (SIOC[GS]HWTSTAMP, ndo_hwtstamp_*). Documentation/testing.rst
 * describes the clock.
 */
#include <linux/math64.h>
#include <linux/net_tstamp.h>
#include <linux/uaccess.h>

#include "dcbsim_priv.h"

#define DCBSIM_PTP_MAX_ADJ	100000000	/* ppb, as many NICs */

/* The clock */

/* What @seg reads at host instant @x, before rounding. */
static s64 dcbsim_seg_read(const struct dcbsim_seg *seg, u64 x)
{
	s64 dx = (s64)(x - seg->x);
	s64 drift;

	/* |dx| x |ppb| / 1e9 in 128 bits: no overflow however long ago */
	drift = mul_u64_u64_div_u64(abs(dx), abs(seg->ppb), NSEC_PER_SEC);
	if (dx < 0)
		drift = -drift;
	if (seg->ppb < 0)
		drift = -drift;
	return seg->c + dx + drift;
}

static s64 dcbsim_clock_read_locked(struct dcbsim_clock *clk, u64 x)
{
	lockdep_assert_held(&clk->lock);
	return dcbsim_seg_read(x >= clk->cur.x ? &clk->cur : &clk->prev, x);
}

/*
 * The clock at host instant @x, which may be a little in the past (a
 * frame's arrival, delivered late by the host): a change made since then
 * does not reach back. Context: bottom halves off.
 */
static s64 dcbsim_clock_read_bh(struct dcbsim_clock *clk, u64 x)
{
	s64 c;

	spin_lock(&clk->lock);
	c = dcbsim_clock_read_locked(clk, x);
	spin_unlock(&clk->lock);
	return c;
}

/* From host instant @now the clock reads @c and runs at its current rate. */
static void dcbsim_clock_anchor_locked(struct dcbsim_clock *clk, u64 now, s64 c)
{
	lockdep_assert_held(&clk->lock);
	clk->prev = clk->cur;
	clk->cur.x = now;
	clk->cur.c = c;
	clk->cur.ppb = (s64)clk->knob_ppb + clk->adj_ppb;
}

/* Rounded down to a multiple of @res, negative readings included. */
static s64 dcbsim_quantize(s64 v, u32 res)
{
	s32 rem;

	div_s64_rem(v, res, &rem);
	if (rem < 0)
		rem += res;
	return v - rem;
}

/* A timestamp of @priv's clock at host instant @x. Context: BHs off. */
ktime_t dcbsim_stamp(struct dcbsim_priv *priv, u64 x)
{
	return ns_to_ktime(dcbsim_quantize(dcbsim_clock_read_bh(&priv->clock, x),
					   READ_ONCE(priv->ts_res)));
}

void dcbsim_clock_init(struct dcbsim_clock *clk)
{
	u64 now = ktime_get_ns();

	spin_lock_init(&clk->lock);
	clk->cur.x = now;
	clk->cur.c = now;
	clk->prev = clk->cur;
}

/* PTP hardware clock operations. Context: process. */

static struct dcbsim_priv *dcbsim_ptp_priv(struct ptp_clock_info *info)
{
	return container_of(info, struct dcbsim_priv, ptp_info);
}

static int dcbsim_ptp_adjfine(struct ptp_clock_info *info, long scaled_ppm)
{
	struct dcbsim_clock *clk = &dcbsim_ptp_priv(info)->clock;
	u64 now;

	spin_lock_bh(&clk->lock);
	now = ktime_get_ns();
	/* the core kept |ppb| within max_adj */
	clk->adj_ppb = scaled_ppm_to_ppb(scaled_ppm);
	dcbsim_clock_anchor_locked(clk, now, dcbsim_clock_read_locked(clk, now));
	spin_unlock_bh(&clk->lock);
	return 0;
}

static int dcbsim_ptp_adjtime(struct ptp_clock_info *info, s64 delta)
{
	struct dcbsim_clock *clk = &dcbsim_ptp_priv(info)->clock;
	u64 now;

	spin_lock_bh(&clk->lock);
	now = ktime_get_ns();
	dcbsim_clock_anchor_locked(clk, now,
				   dcbsim_clock_read_locked(clk, now) + delta);
	spin_unlock_bh(&clk->lock);
	return 0;
}

static int dcbsim_ptp_gettimex64(struct ptp_clock_info *info,
				 struct timespec64 *ts,
				 struct ptp_system_timestamp *sts)
{
	struct dcbsim_priv *priv = dcbsim_ptp_priv(info);
	struct dcbsim_clock *clk = &priv->clock;
	u64 now;
	s64 c;

	spin_lock_bh(&clk->lock);
	ptp_read_system_prets(sts);
	now = ktime_get_ns();
	ptp_read_system_postts(sts);
	c = dcbsim_clock_read_locked(clk, now);
	spin_unlock_bh(&clk->lock);
	*ts = ns_to_timespec64(dcbsim_quantize(c, READ_ONCE(priv->ts_res)));
	return 0;
}

static int dcbsim_ptp_settime64(struct ptp_clock_info *info,
				const struct timespec64 *ts)
{
	struct dcbsim_clock *clk = &dcbsim_ptp_priv(info)->clock;

	spin_lock_bh(&clk->lock);
	dcbsim_clock_anchor_locked(clk, ktime_get_ns(), timespec64_to_ns(ts));
	spin_unlock_bh(&clk->lock);
	return 0;
}

/* No pins, alarms, external timestamps, periodic outputs or PPS. */
static int dcbsim_ptp_enable(struct ptp_clock_info *info,
			     struct ptp_clock_request *rq, int on)
{
	return -EOPNOTSUPP;
}

const struct ptp_clock_info dcbsim_ptp_info = {
	.owner		= THIS_MODULE,
	.name		= DRV_NAME,
	.max_adj	= DCBSIM_PTP_MAX_ADJ,
	.adjfine	= dcbsim_ptp_adjfine,
	.adjtime	= dcbsim_ptp_adjtime,
	.gettimex64	= dcbsim_ptp_gettimex64,
	.settime64	= dcbsim_ptp_settime64,
	.enable		= dcbsim_ptp_enable,
};

/*
 * The receive timestamp: the receiver's clock when the frame reached it,
 * x_tx + delay-ns, however late the host delivers it. Without one, no
 * stale value either: a transmit timestamp taken on this skb's clone
 * (skb_tstamp_tx) sits in the shared skb_shared_info. Writing takes a
 * private copy of it first, or the sender's error queue would read the
 * receive timestamp as its transmit one. Context: BHs off, RCU held.
 */
int dcbsim_rx_stamp(struct dcbsim_priv *ppriv, struct sk_buff *skb)
{
	struct skb_shared_hwtstamps hwts = {};
	bool stamp = READ_ONCE(ppriv->hwts) &&
		     READ_ONCE(ppriv->rx_filter) != HWTSTAMP_FILTER_NONE;

	if (stamp)
		hwts.hwtstamp = dcbsim_stamp(ppriv, DCBSIM_CB(skb)->due);
	else if (!skb_hwtstamps(skb)->hwtstamp)
		return 0;
	if (skb_unclone(skb, GFP_ATOMIC))
		return -ENOMEM;
	*skb_hwtstamps(skb) = hwts;
	return 0;
}

/*
 * Hardware timestamping configuration, shared by 6.1's SIOC[GS]HWTSTAMP
 * ioctl and the ndo_hwtstamp_{get,set} of 6.6 and later. Context: rtnl.
 */
static int dcbsim_hwtstamp_get(struct dcbsim_priv *priv, int *tx_type,
			       int *rx_filter)
{
	if (!priv->hwts)
		return -EOPNOTSUPP;
	*tx_type = priv->tx_type;
	*rx_filter = priv->rx_filter;
	return 0;
}

static int dcbsim_hwtstamp_set(struct dcbsim_priv *priv, int tx_type,
			       int *rx_filter)
{
	if (!priv->hwts)
		return -EOPNOTSUPP;
	if (tx_type != HWTSTAMP_TX_OFF && tx_type != HWTSTAMP_TX_ON)
		return -ERANGE;
	/* every frame or none: reported back as what is done */
	if (*rx_filter != HWTSTAMP_FILTER_NONE)
		*rx_filter = HWTSTAMP_FILTER_ALL;
	WRITE_ONCE(priv->tx_type, tx_type);
	WRITE_ONCE(priv->rx_filter, *rx_filter);
	return 0;
}

#ifdef DCBSIM_HAVE_NDO_HWTSTAMP
int dcbsim_ndo_hwtstamp_get(struct net_device *dev,
			    struct kernel_hwtstamp_config *cfg)
{
	return dcbsim_hwtstamp_get(netdev_priv(dev), &cfg->tx_type,
				   &cfg->rx_filter);
}

int dcbsim_ndo_hwtstamp_set(struct net_device *dev,
			    struct kernel_hwtstamp_config *cfg,
			    struct netlink_ext_ack *extack)
{
	return dcbsim_hwtstamp_set(netdev_priv(dev), cfg->tx_type,
				   &cfg->rx_filter);
}
#else
int dcbsim_eth_ioctl(struct net_device *dev, struct ifreq *ifr,
		     int cmd)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct hwtstamp_config cfg;
	int err;

	switch (cmd) {
	case SIOCGHWTSTAMP:
		memset(&cfg, 0, sizeof(cfg));
		err = dcbsim_hwtstamp_get(priv, &cfg.tx_type, &cfg.rx_filter);
		break;
	case SIOCSHWTSTAMP:
		if (copy_from_user(&cfg, ifr->ifr_data, sizeof(cfg)))
			return -EFAULT;
		err = dcbsim_hwtstamp_set(priv, cfg.tx_type, &cfg.rx_filter);
		break;
	default:
		return -EOPNOTSUPP;
	}
	if (err)
		return err;
	return copy_to_user(ifr->ifr_data, &cfg, sizeof(cfg)) ? -EFAULT : 0;
}
#endif

/* The clock knobs, in one change of the clock. Context: rtnl held. */
void dcbsim_apply_clock(struct dcbsim_priv *priv, struct nlattr *data[])
{
	struct nlattr *offset = data[IFLA_DCBSIM_CLOCK_OFFSET_NS];
	struct nlattr *ppb = data[IFLA_DCBSIM_CLOCK_PPB];
	struct dcbsim_clock *clk = &priv->clock;
	u64 now;
	s64 c;

	if (!offset && !ppb)
		return;
	if (offset)
		priv->clock_offset = nla_get_s64(offset);
	spin_lock_bh(&clk->lock);
	now = ktime_get_ns();
	c = offset ? (s64)now + priv->clock_offset :
		     dcbsim_clock_read_locked(clk, now);
	if (ppb)
		clk->knob_ppb = nla_get_s32(ppb);
	dcbsim_clock_anchor_locked(clk, now, c);
	spin_unlock_bh(&clk->lock);
}
