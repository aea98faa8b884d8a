// SPDX-License-Identifier: GPL-2.0
/*
 * dcbsim: a pair of virtual Ethernet devices with a built-in cable and the
 * DCB operations of a real NIC, for dcb_hdrm's selftests. Never installed.
 *
 *   ip link add A type dcbsim peer name B [ netns NS ]
 *   ip link set A type dcbsim delay-ns NS speed MBPS semantics bits|metres|buffers
 *                             buffer-total BYTES cell BYTES fail ERRNO
 *
 * (`ip` learns the kind from link_dcbsim.so through IP_LIB_DIR.)
 *
 * The cable: a frame the driver accepts is held for delay-ns after its
 * transmit timestamp, in a FIFO served by a softirq hrtimer, then handed
 * to the peer. The qdiscs above stay ordinary, so host queueing is not
 * part of the cable. Deleting either end deletes both.
 *
 * The knobs, per device:
 * - speed: Mb/s (default 10000), reported by ethtool link settings and
 *   settable with "ethtool -s A speed N autoneg off" as well; a change
 *   raises NETDEV_CHANGE as a real NIC's link renegotiation would.
 * - semantics, how ieee_pfc.delay is read:
 *   bits (default): any u16, stored and reported as given (the uAPI, mlxsw);
 *   metres: metres of cable as mlx5 reads it: 1..999 stored, 0 keeps the
 *     previous value, 1000 and above refused with -EINVAL;
 *   buffers: the device sizes headroom from its buffers only: the delay
 *     is reported as 0 and any other value refused with -EOPNOTSUPP.
 * - buffer-total (default 262144) and cell (default 128): dcbnl_setbuffer
 *   rounds each size up to whole cells and refuses, changing nothing, a
 *   set whose rounded sizes exceed the total.
 * - fail: when not 0, ieee_setpfc, ieee_setets and dcbnl_setbuffer return
 *   -fail and change nothing (a driver refusal, for the tests).
 *
 * Locking: DCB, ethtool and link operations run under rtnl, which guards
 * the DCB state and the knobs; the transmit path reads the delay with
 * READ_ONCE(). priv->lock guards the cable's FIFO (transmit and timer
 * both run with bottom halves off). The peer pointer is RCU-protected.
 */
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <net/dcbnl.h>
#include <net/rtnetlink.h>

#include "dcbsim.h"

#define DRV_NAME		"dcbsim"
#define DCBSIM_WIRE_MAX		4096	/* frames in flight on the cable */
#define DCBSIM_DEF_SPEED	10000
#define DCBSIM_DEF_TOTAL	262144
#define DCBSIM_DEF_CELL		128
#define DCBSIM_DEF_BUFFER0	65536

struct dcbsim_cb {
	u64 due;		/* ktime_get_ns() at which the peer gets it */
};

#define DCBSIM_CB(skb)	((struct dcbsim_cb *)(skb)->cb)

struct dcbsim_priv {
	struct net_device *dev;
	struct net_device __rcu *peer;
	/* the cable */
	spinlock_t lock;
	struct sk_buff_head wire;
	struct hrtimer timer;
	u32 delay_ns;
	/* knobs and DCB state, under rtnl */
	u32 speed;
	u8 semantics;
	u32 total;
	u32 cell;
	u32 fail;
	struct ieee_pfc pfc;
	struct ieee_ets ets;
	struct dcbnl_buffer buf;
	u8 dcbx;
	/* counters */
	atomic64_t tx_packets, tx_bytes, tx_dropped;
	atomic64_t rx_packets, rx_bytes;
};

static struct rtnl_link_ops dcbsim_link_ops;

/* Hands a frame to the peer. Context: bottom halves off, RCU held. */
static void dcbsim_deliver(struct dcbsim_priv *priv, struct net_device *peer,
			   struct sk_buff *skb)
{
	struct dcbsim_priv *ppriv = netdev_priv(peer);
	unsigned int len = skb->len;

	if (!(peer->flags & IFF_UP)) {
		atomic64_inc(&priv->tx_dropped);
		kfree_skb(skb);
		return;
	}
	skb_scrub_packet(skb, !net_eq(dev_net(priv->dev), dev_net(peer)));
	skb->protocol = eth_type_trans(skb, peer);
	if (netif_rx(skb) == NET_RX_SUCCESS) {
		atomic64_inc(&priv->tx_packets);
		atomic64_add(len, &priv->tx_bytes);
		atomic64_inc(&ppriv->rx_packets);
		atomic64_add(len, &ppriv->rx_bytes);
	} else {
		atomic64_inc(&priv->tx_dropped);
	}
}

static netdev_tx_t dcbsim_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	u32 delay = READ_ONCE(priv->delay_ns);
	struct net_device *peer;
	bool start;

	skb_tx_timestamp(skb);
	rcu_read_lock();
	peer = rcu_dereference(priv->peer);
	if (!peer) {
		atomic64_inc(&priv->tx_dropped);
		kfree_skb(skb);
		goto out;
	}
	if (!delay) {
		dcbsim_deliver(priv, peer, skb);
		goto out;
	}
	/* On the cable until the delay has passed. */
	skb_orphan(skb);
	DCBSIM_CB(skb)->due = ktime_get_ns() + delay;
	spin_lock(&priv->lock);
	if (skb_queue_len(&priv->wire) >= DCBSIM_WIRE_MAX) {
		spin_unlock(&priv->lock);
		atomic64_inc(&priv->tx_dropped);
		kfree_skb(skb);
		goto out;
	}
	start = skb_queue_empty(&priv->wire);
	__skb_queue_tail(&priv->wire, skb);
	if (start)
		hrtimer_start(&priv->timer, ns_to_ktime(DCBSIM_CB(skb)->due),
			      HRTIMER_MODE_ABS_SOFT);
	spin_unlock(&priv->lock);
out:
	rcu_read_unlock();
	return NETDEV_TX_OK;
}

/* Context: softirq. Delivers every frame that is due, then sleeps on. */
static enum hrtimer_restart dcbsim_wire_timer(struct hrtimer *timer)
{
	struct dcbsim_priv *priv = container_of(timer, struct dcbsim_priv,
						timer);
	enum hrtimer_restart ret = HRTIMER_NORESTART;
	struct sk_buff_head due;
	struct net_device *peer;
	struct sk_buff *skb;
	u64 now = ktime_get_ns();

	__skb_queue_head_init(&due);
	spin_lock(&priv->lock);
	while ((skb = skb_peek(&priv->wire)) && DCBSIM_CB(skb)->due <= now) {
		__skb_unlink(skb, &priv->wire);
		__skb_queue_tail(&due, skb);
	}
	if (skb) {
		hrtimer_set_expires(timer, ns_to_ktime(DCBSIM_CB(skb)->due));
		ret = HRTIMER_RESTART;
	}
	spin_unlock(&priv->lock);

	rcu_read_lock();
	peer = rcu_dereference(priv->peer);
	while ((skb = __skb_dequeue(&due))) {
		if (peer) {
			dcbsim_deliver(priv, peer, skb);
		} else {
			atomic64_inc(&priv->tx_dropped);
			kfree_skb(skb);
		}
	}
	rcu_read_unlock();
	return ret;
}

/* Drops what is on the cable. Context: process; the timer is stopped. */
static void dcbsim_wire_flush(struct dcbsim_priv *priv)
{
	hrtimer_cancel(&priv->timer);
	spin_lock_bh(&priv->lock);
	__skb_queue_purge(&priv->wire);
	spin_unlock_bh(&priv->lock);
}

static int dcbsim_open(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct net_device *peer = rtnl_dereference(priv->peer);

	if (!peer)
		return -ENOTCONN;
	if (peer->flags & IFF_UP) {
		netif_carrier_on(dev);
		netif_carrier_on(peer);
	}
	return 0;
}

static int dcbsim_stop(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct net_device *peer = rtnl_dereference(priv->peer);

	netif_carrier_off(dev);
	if (peer)
		netif_carrier_off(peer);
	dcbsim_wire_flush(priv);
	return 0;
}

static void dcbsim_uninit(struct net_device *dev)
{
	dcbsim_wire_flush(netdev_priv(dev));
}

static void dcbsim_get_stats64(struct net_device *dev,
			       struct rtnl_link_stats64 *s)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	s->tx_packets = atomic64_read(&priv->tx_packets);
	s->tx_bytes = atomic64_read(&priv->tx_bytes);
	s->tx_dropped = atomic64_read(&priv->tx_dropped);
	s->rx_packets = atomic64_read(&priv->rx_packets);
	s->rx_bytes = atomic64_read(&priv->rx_bytes);
}

static struct net *dcbsim_get_link_net(const struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct net_device *peer = rtnl_dereference(priv->peer);

	return peer ? dev_net(peer) : dev_net(dev);
}

static int dcbsim_get_iflink(const struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct net_device *peer;
	int iflink;

	rcu_read_lock();
	peer = rcu_dereference(priv->peer);
	iflink = peer ? READ_ONCE(peer->ifindex) : 0;
	rcu_read_unlock();
	return iflink;
}

static const struct net_device_ops dcbsim_netdev_ops = {
	.ndo_uninit		= dcbsim_uninit,
	.ndo_open		= dcbsim_open,
	.ndo_stop		= dcbsim_stop,
	.ndo_start_xmit		= dcbsim_xmit,
	.ndo_get_stats64	= dcbsim_get_stats64,
	.ndo_set_mac_address	= eth_mac_addr,
	.ndo_validate_addr	= eth_validate_addr,
	.ndo_get_iflink		= dcbsim_get_iflink,
};

/* ethtool: the link speed knob */

static void dcbsim_get_drvinfo(struct net_device *dev,
			       struct ethtool_drvinfo *info)
{
	strscpy(info->driver, DRV_NAME, sizeof(info->driver));
}

static int dcbsim_get_link_ksettings(struct net_device *dev,
				     struct ethtool_link_ksettings *ks)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	ethtool_link_ksettings_zero_link_mode(ks, supported);
	ethtool_link_ksettings_zero_link_mode(ks, advertising);
	ks->base.speed = priv->speed;
	ks->base.duplex = DUPLEX_FULL;
	ks->base.port = PORT_OTHER;
	ks->base.autoneg = AUTONEG_DISABLE;
	return 0;
}

/* Context: rtnl held. */
static void dcbsim_set_speed(struct net_device *dev, u32 speed)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	if (priv->speed == speed)
		return;
	priv->speed = speed;
	/* what a NIC's renegotiation tells the stack */
	netdev_state_change(dev);
}

static int dcbsim_set_link_ksettings(struct net_device *dev,
				     const struct ethtool_link_ksettings *ks)
{
	if (ks->base.autoneg == AUTONEG_ENABLE)
		return -EOPNOTSUPP;
	if (ks->base.duplex != DUPLEX_FULL)
		return -EINVAL;
	if (ks->base.speed < DCBSIM_MIN_SPEED ||
	    ks->base.speed > DCBSIM_MAX_SPEED)
		return -EINVAL;
	dcbsim_set_speed(dev, ks->base.speed);
	return 0;
}

static const struct ethtool_ops dcbsim_ethtool_ops = {
	.get_drvinfo		= dcbsim_get_drvinfo,
	.get_link		= ethtool_op_get_link,
	.get_link_ksettings	= dcbsim_get_link_ksettings,
	.set_link_ksettings	= dcbsim_set_link_ksettings,
};

/* DCB operations, as a NIC driver has them. Context: rtnl held. */

static int dcbsim_ieee_getpfc(struct net_device *dev, struct ieee_pfc *pfc)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	*pfc = priv->pfc;
	if (priv->semantics == DCBSIM_BUFFERS)
		pfc->delay = 0;
	return 0;
}

static int dcbsim_ieee_setpfc(struct net_device *dev, struct ieee_pfc *pfc)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	u16 delay = pfc->delay;

	if (priv->fail)
		return -priv->fail;
	switch (priv->semantics) {
	case DCBSIM_METRES:
		if (delay >= 1000)
			return -EINVAL;
		if (!delay)
			delay = priv->pfc.delay;
		break;
	case DCBSIM_BUFFERS:
		if (delay)
			return -EOPNOTSUPP;
		break;
	}
	priv->pfc.pfc_en = pfc->pfc_en;
	priv->pfc.mbc = pfc->mbc;
	priv->pfc.delay = delay;
	return 0;
}

static int dcbsim_ieee_getets(struct net_device *dev, struct ieee_ets *ets)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	*ets = priv->ets;
	return 0;
}

static int dcbsim_ieee_setets(struct net_device *dev, struct ieee_ets *ets)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	unsigned int i, bw = 0;
	bool any_ets = false;

	if (priv->fail)
		return -priv->fail;
	for (i = 0; i < IEEE_8021QAZ_MAX_TCS; i++) {
		if (ets->prio_tc[i] >= IEEE_8021QAZ_MAX_TCS)
			return -EINVAL;
		switch (ets->tc_tsa[i]) {
		case IEEE_8021QAZ_TSA_STRICT:
			break;
		case IEEE_8021QAZ_TSA_ETS:
			any_ets = true;
			bw += ets->tc_tx_bw[i];
			break;
		default:
			return -EOPNOTSUPP;
		}
	}
	if (any_ets && bw != 100)
		return -EINVAL;
	priv->ets.willing = ets->willing;
	priv->ets.ets_cap = IEEE_8021QAZ_MAX_TCS;
	memcpy(priv->ets.tc_tx_bw, ets->tc_tx_bw, sizeof(ets->tc_tx_bw));
	memcpy(priv->ets.tc_tsa, ets->tc_tsa, sizeof(ets->tc_tsa));
	memcpy(priv->ets.prio_tc, ets->prio_tc, sizeof(ets->prio_tc));
	return 0;
}

static int dcbsim_getbuffer(struct net_device *dev, struct dcbnl_buffer *buf)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	*buf = priv->buf;
	buf->total_size = priv->total;
	return 0;
}

static int dcbsim_setbuffer(struct net_device *dev, struct dcbnl_buffer *buf)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	u32 size[DCBX_MAX_BUFFERS];
	u64 sum = 0;
	unsigned int i;

	if (priv->fail)
		return -priv->fail;
	for (i = 0; i < IEEE_8021Q_MAX_PRIORITIES; i++)
		if (buf->prio2buffer[i] >= DCBX_MAX_BUFFERS)
			return -EINVAL;
	for (i = 0; i < DCBX_MAX_BUFFERS; i++) {
		u64 cells = DIV_ROUND_UP_ULL(buf->buffer_size[i], priv->cell);

		sum += cells * priv->cell;
		if (sum > priv->total)
			return -EINVAL;
		size[i] = cells * priv->cell;
	}
	memcpy(priv->buf.prio2buffer, buf->prio2buffer,
	       sizeof(buf->prio2buffer));
	memcpy(priv->buf.buffer_size, size, sizeof(size));
	return 0;
}

static u8 dcbsim_getdcbx(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	return priv->dcbx;
}

/* dcbnl's convention: 0 taken, 1 refused. */
static u8 dcbsim_setdcbx(struct net_device *dev, u8 mode)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	u8 ver = mode & (DCB_CAP_DCBX_VER_CEE | DCB_CAP_DCBX_VER_IEEE);

	if (!(mode & DCB_CAP_DCBX_HOST) || (mode & DCB_CAP_DCBX_LLD_MANAGED) ||
	    (ver != DCB_CAP_DCBX_VER_CEE && ver != DCB_CAP_DCBX_VER_IEEE))
		return 1;
	priv->dcbx = mode;
	return 0;
}

static const struct dcbnl_rtnl_ops dcbsim_dcbnl_ops = {
	.ieee_getpfc		= dcbsim_ieee_getpfc,
	.ieee_setpfc		= dcbsim_ieee_setpfc,
	.ieee_getets		= dcbsim_ieee_getets,
	.ieee_setets		= dcbsim_ieee_setets,
	.dcbnl_getbuffer	= dcbsim_getbuffer,
	.dcbnl_setbuffer	= dcbsim_setbuffer,
	.getdcbx		= dcbsim_getdcbx,
	.setdcbx		= dcbsim_setdcbx,
};

static void dcbsim_setup(struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	unsigned int i;

	ether_setup(dev);
	dev->netdev_ops = &dcbsim_netdev_ops;
	dev->ethtool_ops = &dcbsim_ethtool_ops;
	dev->dcbnl_ops = &dcbsim_dcbnl_ops;
	dev->rtnl_link_ops = &dcbsim_link_ops;
	dev->needs_free_netdev = true;
	dev->priv_flags &= ~IFF_TX_SKB_SHARING;
	dev->max_mtu = ETH_MAX_MTU;
	eth_hw_addr_random(dev);

	priv->dev = dev;
	spin_lock_init(&priv->lock);
	__skb_queue_head_init(&priv->wire);
#ifdef DCBSIM_HAVE_HRTIMER_SETUP
	hrtimer_setup(&priv->timer, dcbsim_wire_timer, CLOCK_MONOTONIC,
		      HRTIMER_MODE_ABS_SOFT);
#else
	hrtimer_init(&priv->timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_SOFT);
	priv->timer.function = dcbsim_wire_timer;
#endif
	priv->speed = DCBSIM_DEF_SPEED;
	priv->total = DCBSIM_DEF_TOTAL;
	priv->cell = DCBSIM_DEF_CELL;
	priv->pfc.pfc_cap = IEEE_8021QAZ_MAX_TCS;
	priv->ets.ets_cap = IEEE_8021QAZ_MAX_TCS;
	for (i = 0; i < IEEE_8021QAZ_MAX_TCS; i++)
		priv->ets.tc_tsa[i] = IEEE_8021QAZ_TSA_STRICT;
	priv->buf.buffer_size[0] = DCBSIM_DEF_BUFFER0;
	priv->dcbx = DCB_CAP_DCBX_HOST | DCB_CAP_DCBX_VER_IEEE;
}

/* Non-const: 6.1's range validation takes a writable pointer. */
static struct netlink_range_validation dcbsim_delay_range = {
	.max = DCBSIM_MAX_DELAY_NS,
};

static struct netlink_range_validation dcbsim_speed_range = {
	.min = DCBSIM_MIN_SPEED,
	.max = DCBSIM_MAX_SPEED,
};

static struct netlink_range_validation dcbsim_total_range = {
	.min = 1,
	.max = DCBSIM_MAX_TOTAL,
};

static struct netlink_range_validation dcbsim_cell_range = {
	.min = 1,
	.max = DCBSIM_MAX_CELL,
};

static struct netlink_range_validation dcbsim_fail_range = {
	.max = MAX_ERRNO,
};

static const struct nla_policy dcbsim_policy[IFLA_DCBSIM_MAX + 1] = {
	[IFLA_DCBSIM_PEER]	= { .len = sizeof(struct ifinfomsg) },
	[IFLA_DCBSIM_DELAY_NS]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dcbsim_delay_range),
	[IFLA_DCBSIM_SPEED]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dcbsim_speed_range),
	[IFLA_DCBSIM_SEMANTICS]	= NLA_POLICY_MAX(NLA_U8, DCBSIM_BUFFERS),
	[IFLA_DCBSIM_TOTAL]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dcbsim_total_range),
	[IFLA_DCBSIM_CELL]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dcbsim_cell_range),
	[IFLA_DCBSIM_FAIL]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dcbsim_fail_range),
};

static int dcbsim_validate(struct nlattr *tb[], struct nlattr *data[],
			   struct netlink_ext_ack *extack)
{
	if (tb && tb[IFLA_ADDRESS]) {
		if (nla_len(tb[IFLA_ADDRESS]) != ETH_ALEN)
			return -EINVAL;
		if (!is_valid_ether_addr(nla_data(tb[IFLA_ADDRESS])))
			return -EADDRNOTAVAIL;
	}
	return 0;
}

/* Context: rtnl held; @data validated. */
static void dcbsim_apply_knobs(struct net_device *dev, struct nlattr *data[])
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	if (!data)
		return;
	if (data[IFLA_DCBSIM_DELAY_NS])
		WRITE_ONCE(priv->delay_ns,
			   nla_get_u32(data[IFLA_DCBSIM_DELAY_NS]));
	if (data[IFLA_DCBSIM_SEMANTICS])
		priv->semantics = nla_get_u8(data[IFLA_DCBSIM_SEMANTICS]);
	if (data[IFLA_DCBSIM_TOTAL])
		priv->total = nla_get_u32(data[IFLA_DCBSIM_TOTAL]);
	if (data[IFLA_DCBSIM_CELL])
		priv->cell = nla_get_u32(data[IFLA_DCBSIM_CELL]);
	if (data[IFLA_DCBSIM_FAIL])
		priv->fail = nla_get_u32(data[IFLA_DCBSIM_FAIL]);
	if (data[IFLA_DCBSIM_SPEED])
		dcbsim_set_speed(dev, nla_get_u32(data[IFLA_DCBSIM_SPEED]));
}

/*
 * Creates the peer in @net, then @dev. Up to 6.14 @net is the requester's
 * namespace and the peer's own (IFLA_NET_NS_*) is resolved here; from 6.15
 * the core has resolved it (peer_type) and @net is the peer's.
 */
static int dcbsim_create(struct net *net, struct net_device *dev,
			 struct nlattr *tb[], struct nlattr *data[],
			 struct netlink_ext_ack *extack)
{
	struct nlattr *peer_tb[IFLA_MAX + 1], **tbp = tb;
	struct dcbsim_priv *priv, *ppriv;
	struct ifinfomsg *ifmp = NULL;
	unsigned char name_assign_type;
	struct net_device *peer;
	char ifname[IFNAMSIZ];
	int err;

	if (data && data[IFLA_DCBSIM_PEER]) {
		ifmp = nla_data(data[IFLA_DCBSIM_PEER]);
		err = rtnl_nla_parse_ifinfomsg(peer_tb, data[IFLA_DCBSIM_PEER],
					       extack);
		if (err < 0)
			return err;
		err = dcbsim_validate(peer_tb, NULL, extack);
		if (err < 0)
			return err;
		tbp = peer_tb;
	}
	if (ifmp && tbp[IFLA_IFNAME]) {
		nla_strscpy(ifname, tbp[IFLA_IFNAME], IFNAMSIZ);
		name_assign_type = NET_NAME_USER;
	} else {
		snprintf(ifname, IFNAMSIZ, DRV_NAME "%%d");
		name_assign_type = NET_NAME_ENUM;
	}

#ifndef DCBSIM_NEWLINK_PARAMS
	net = rtnl_link_get_net(net, tbp);
	if (IS_ERR(net))
		return PTR_ERR(net);
#endif
	peer = rtnl_create_link(net, ifname, name_assign_type,
				&dcbsim_link_ops, tbp, extack);
	if (!IS_ERR(peer)) {
		if (!ifmp || !tbp[IFLA_ADDRESS])
			eth_hw_addr_random(peer);
		err = register_netdevice(peer);
	}
#ifndef DCBSIM_NEWLINK_PARAMS
	put_net(net);	/* the peer holds its namespace once registered */
#endif
	if (IS_ERR(peer))
		return PTR_ERR(peer);
	if (err < 0) {
		free_netdev(peer);
		return err;
	}
	netif_carrier_off(peer);
	err = rtnl_configure_link(peer, ifmp, 0, NULL);
	if (err < 0)
		goto unregister_peer;

	if (tb[IFLA_IFNAME])
		nla_strscpy(dev->name, tb[IFLA_IFNAME], IFNAMSIZ);
	else
		snprintf(dev->name, IFNAMSIZ, DRV_NAME "%%d");
	err = register_netdevice(dev);
	if (err < 0)
		goto unregister_peer;
	netif_carrier_off(dev);

	priv = netdev_priv(dev);
	ppriv = netdev_priv(peer);
	rcu_assign_pointer(priv->peer, peer);
	rcu_assign_pointer(ppriv->peer, dev);
	dcbsim_apply_knobs(dev, data);
	return 0;

unregister_peer:
	unregister_netdevice(peer);
	return err;
}

#ifdef DCBSIM_NEWLINK_PARAMS
static int dcbsim_newlink(struct net_device *dev,
			  struct rtnl_newlink_params *params,
			  struct netlink_ext_ack *extack)
{
	return dcbsim_create(rtnl_newlink_peer_net(params), dev, params->tb,
			     params->data, extack);
}
#else
static int dcbsim_newlink(struct net *src_net, struct net_device *dev,
			  struct nlattr *tb[], struct nlattr *data[],
			  struct netlink_ext_ack *extack)
{
	return dcbsim_create(src_net, dev, tb, data, extack);
}
#endif

static int dcbsim_changelink(struct net_device *dev, struct nlattr *tb[],
			     struct nlattr *data[],
			     struct netlink_ext_ack *extack)
{
	if (data && data[IFLA_DCBSIM_PEER]) {
		NL_SET_ERR_MSG_ATTR(extack, data[IFLA_DCBSIM_PEER],
				    "the peer is chosen when the pair is created");
		return -EOPNOTSUPP;
	}
	dcbsim_apply_knobs(dev, data);
	return 0;
}

static void dcbsim_dellink(struct net_device *dev, struct list_head *head)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct net_device *peer = rtnl_dereference(priv->peer);

	/* Readers hold RCU; unregistering waits for them. */
	RCU_INIT_POINTER(priv->peer, NULL);
	unregister_netdevice_queue(dev, head);
	if (peer) {
		priv = netdev_priv(peer);
		RCU_INIT_POINTER(priv->peer, NULL);
		unregister_netdevice_queue(peer, head);
	}
}

static size_t dcbsim_get_size(const struct net_device *dev)
{
	return 5 * nla_total_size(sizeof(u32)) + nla_total_size(sizeof(u8));
}

static int dcbsim_fill_info(struct sk_buff *skb, const struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);

	if (nla_put_u32(skb, IFLA_DCBSIM_DELAY_NS, READ_ONCE(priv->delay_ns)) ||
	    nla_put_u32(skb, IFLA_DCBSIM_SPEED, priv->speed) ||
	    nla_put_u8(skb, IFLA_DCBSIM_SEMANTICS, priv->semantics) ||
	    nla_put_u32(skb, IFLA_DCBSIM_TOTAL, priv->total) ||
	    nla_put_u32(skb, IFLA_DCBSIM_CELL, priv->cell) ||
	    nla_put_u32(skb, IFLA_DCBSIM_FAIL, priv->fail))
		return -EMSGSIZE;
	return 0;
}

static struct rtnl_link_ops dcbsim_link_ops = {
	.kind		= DRV_NAME,
	.priv_size	= sizeof(struct dcbsim_priv),
	.setup		= dcbsim_setup,
	.validate	= dcbsim_validate,
	.newlink	= dcbsim_newlink,
	.changelink	= dcbsim_changelink,
	.dellink	= dcbsim_dellink,
	.policy		= dcbsim_policy,
#ifdef DCBSIM_NEWLINK_PARAMS
	.peer_type	= IFLA_DCBSIM_PEER,
#endif
	.maxtype	= IFLA_DCBSIM_MAX,
	.get_size	= dcbsim_get_size,
	.fill_info	= dcbsim_fill_info,
	.get_link_net	= dcbsim_get_link_net,
};

static int __init dcbsim_init(void)
{
	return rtnl_link_register(&dcbsim_link_ops);
}

static void __exit dcbsim_exit(void)
{
	rtnl_link_unregister(&dcbsim_link_ops);
}

module_init(dcbsim_init);
module_exit(dcbsim_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DCB test device pairs with a delaying cable, for dcb_hdrm's selftests");
MODULE_ALIAS_RTNL_LINK(DRV_NAME);
