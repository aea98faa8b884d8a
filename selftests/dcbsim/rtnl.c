// SPDX-License-Identifier: GPL-2.0
/*
 * dcbsim: the link kind, rtnl_link_ops: the knobs' policy, their
 * validation and application, the pair's creation and deletion and
 * ip -d link show's attributes. Documentation/testing.rst lists the
 * knobs.
 */
#include <linux/etherdevice.h>
#include <linux/net_tstamp.h>

#include "dcbsim_priv.h"

static struct net *dcbsim_get_link_net(const struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	struct net_device *peer = rtnl_dereference(priv->peer);

	return peer ? dev_net(peer) : dev_net(dev);
}

/* Non-const: 6.1's range validation takes a writable pointer. */
static struct netlink_range_validation dcbsim_delay_range = {
	.max = DCBSIM_MAX_DELAY_NS,
};

static struct netlink_range_validation dcbsim_response_range = {
	.max = DCBSIM_MAX_PFC_RESPONSE_NS,
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
	[IFLA_DCBSIM_MODEL]	= NLA_POLICY_MAX(NLA_U8, DCBSIM_MLXSW),
	[IFLA_DCBSIM_TOTAL]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dcbsim_total_range),
	[IFLA_DCBSIM_CELL]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dcbsim_cell_range),
	[IFLA_DCBSIM_FAIL]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dcbsim_fail_range),
	/* ranges in dcbsim_validate(), to say which knob and why */
	[IFLA_DCBSIM_HWTS]	= { .type = NLA_U8 },
	[IFLA_DCBSIM_TS_RES_NS]	= { .type = NLA_U32 },
	[IFLA_DCBSIM_CLOCK_OFFSET_NS] = { .type = NLA_S64 },
	[IFLA_DCBSIM_CLOCK_PPB]	= { .type = NLA_S32 },
	[IFLA_DCBSIM_LANES]	= { .type = NLA_U32 },
	[IFLA_DCBSIM_XOFF]	= { .type = NLA_REJECT },	/* read only */
	[IFLA_DCBSIM_PFC_STORM]	= { .type = NLA_U8 },
	[IFLA_DCBSIM_PFC_STORM_ON_MS] = { .type = NLA_U32 },
	[IFLA_DCBSIM_PFC_STORM_OFF_MS] = { .type = NLA_U32 },
	[IFLA_DCBSIM_PFC_STORM_QUANTA] = { .type = NLA_U16 },
	[IFLA_DCBSIM_PFC_RESPONSE_NS] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcbsim_response_range),
	[IFLA_DCBSIM_PFC_STORM_SINCE_NS] = { .type = NLA_REJECT },
	[IFLA_DCBSIM_PFC_STORM_START_NS] = { .type = NLA_REJECT },
	[IFLA_DCBSIM_PFC_PAUSED] = { .type = NLA_REJECT },
	[IFLA_DCBSIM_BUFFER_OWNER] = NLA_POLICY_MAX(NLA_U8, DCBSIM_OWNER_SOFTWARE),
	[IFLA_DCBSIM_TC_MODE]	= NLA_POLICY_MAX(NLA_U8, 1),
	[IFLA_DCBSIM_DRIVER]	= { .type = NLA_NUL_STRING,
				    .len = DCBSIM_DRIVER_LEN - 1 },
};

/*
 * What the device's state needs of a request: a model's max_mtu no lower
 * than the MTU. Context: rtnl held; nothing changed yet.
 */
static int dcbsim_check_knobs(struct net_device *dev, struct nlattr *data[],
			      struct netlink_ext_ack *extack)
{
	struct nlattr *a = data ? data[IFLA_DCBSIM_MODEL] : NULL;

	if (a && dev->mtu > dcbsim_model_max_mtu(nla_get_u8(a))) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "the MTU is above the model's max_mtu (mlx5 9978, mlxsw 10218)");
		return -EINVAL;
	}
	return 0;
}

static int dcbsim_validate(struct nlattr *tb[], struct nlattr *data[],
			   struct netlink_ext_ack *extack)
{
	struct nlattr *a;

	if (tb && tb[IFLA_ADDRESS]) {
		if (nla_len(tb[IFLA_ADDRESS]) != ETH_ALEN)
			return -EINVAL;
		if (!is_valid_ether_addr(nla_data(tb[IFLA_ADDRESS])))
			return -EADDRNOTAVAIL;
	}
	if (!data)
		return 0;
	a = data[IFLA_DCBSIM_HWTS];
	if (a && nla_get_u8(a) > 1) {
		NL_SET_ERR_MSG_ATTR(extack, a, "hwts is 0 (off) or 1 (on)");
		return -EINVAL;
	}
	a = data[IFLA_DCBSIM_LANES];
	if (a && !dcbsim_lanes_valid(nla_get_u32(a))) {
		NL_SET_ERR_MSG_ATTR(extack, a, "lanes is 1, 2, 4 or 8");
		return -EINVAL;
	}
	a = data[IFLA_DCBSIM_TS_RES_NS];
	if (a && (!nla_get_u32(a) || nla_get_u32(a) > DCBSIM_MAX_TS_RES_NS)) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "ts-resolution-ns is 1 to 1000000");
		return -ERANGE;
	}
	a = data[IFLA_DCBSIM_CLOCK_OFFSET_NS];
	if (a && (nla_get_s64(a) > DCBSIM_MAX_CLOCK_OFFSET_NS ||
		  nla_get_s64(a) < -DCBSIM_MAX_CLOCK_OFFSET_NS)) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "clock-offset-ns is within +-1e18 (31 years)");
		return -ERANGE;
	}
	a = data[IFLA_DCBSIM_CLOCK_PPB];
	if (a && (nla_get_s32(a) > DCBSIM_MAX_CLOCK_PPB ||
		  nla_get_s32(a) < -DCBSIM_MAX_CLOCK_PPB)) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "clock-ppb is within +-10000000 (1%)");
		return -ERANGE;
	}
	a = data[IFLA_DCBSIM_PFC_STORM];
	if (a && nla_get_u8(a) >= DCBSIM_NUM_PRIOS &&
	    nla_get_u8(a) != DCBSIM_PFC_STORM_OFF) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "pfc-storm is a priority, 0 to 7, or 255 (off)");
		return -ERANGE;
	}
	a = data[IFLA_DCBSIM_DRIVER];
	if (a && dcbsim_driver_find(a) < 0) {
		NL_SET_ERR_MSG_ATTR(extack, a,
				    "driver is dcbsim, bnxt_en, i40e, ice or ixgbe");
		return -EINVAL;
	}
	return 0;
}

/* Context: rtnl held; @data validated. */
static void dcbsim_apply_knobs(struct net_device *dev, struct nlattr *data[])
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	bool reset = false;
	u32 v;

	if (!data)
		return;
	if (data[IFLA_DCBSIM_DELAY_NS])
		WRITE_ONCE(priv->delay_ns,
			   nla_get_u32(data[IFLA_DCBSIM_DELAY_NS]));
	if (data[IFLA_DCBSIM_MODEL] &&
	    nla_get_u8(data[IFLA_DCBSIM_MODEL]) != priv->model) {
		WRITE_ONCE(priv->model, nla_get_u8(data[IFLA_DCBSIM_MODEL]));
		reset = true;
	}
	if (data[IFLA_DCBSIM_TOTAL])
		priv->total = nla_get_u32(data[IFLA_DCBSIM_TOTAL]);
	/* the hardware's cell and lanes: a new port for mlx5 and mlxsw */
	v = data[IFLA_DCBSIM_CELL] ? nla_get_u32(data[IFLA_DCBSIM_CELL]) :
				     priv->cell;
	if (v != priv->cell) {
		priv->cell = v;
		reset |= priv->model != DCBSIM_GENERIC;
	}
	v = data[IFLA_DCBSIM_LANES] ? nla_get_u32(data[IFLA_DCBSIM_LANES]) :
				      priv->lanes;
	if (v != priv->lanes) {
		priv->lanes = v;
		reset |= priv->model == DCBSIM_MLXSW;
	}
	if (data[IFLA_DCBSIM_FAIL])
		priv->fail = nla_get_u32(data[IFLA_DCBSIM_FAIL]);
	if (data[IFLA_DCBSIM_TS_RES_NS])
		WRITE_ONCE(priv->ts_res,
			   nla_get_u32(data[IFLA_DCBSIM_TS_RES_NS]));
	if (data[IFLA_DCBSIM_HWTS]) {
		WRITE_ONCE(priv->hwts, nla_get_u8(data[IFLA_DCBSIM_HWTS]));
		if (!priv->hwts) {
			/* a NIC without: nothing configured */
			WRITE_ONCE(priv->tx_type, HWTSTAMP_TX_OFF);
			WRITE_ONCE(priv->rx_filter, HWTSTAMP_FILTER_NONE);
		}
	}
	dcbsim_apply_clock(priv, data);
	if (data[IFLA_DCBSIM_SPEED])
		dcbsim_set_speed(dev, nla_get_u32(data[IFLA_DCBSIM_SPEED]));
	if (reset) {
		dcbsim_model_reset(priv);
		dcbsim_pfc_release(priv);
	}
	/* after a reset, which gives the buffers back to the firmware */
	if (data[IFLA_DCBSIM_BUFFER_OWNER])
		priv->mlx5.owner = nla_get_u8(data[IFLA_DCBSIM_BUFFER_OWNER]);
	/* as a root qdisc's offload would (mlxsw only) */
	if (data[IFLA_DCBSIM_TC_MODE] && priv->model == DCBSIM_MLXSW)
		dcbsim_mlxsw_tc_mode(priv, nla_get_u8(data[IFLA_DCBSIM_TC_MODE]));
	dcbsim_apply_storm(priv, data);
	/* for the pauses that arrive from now on */
	if (data[IFLA_DCBSIM_PFC_RESPONSE_NS])
		WRITE_ONCE(priv->pfc_response_ns,
			   nla_get_u32(data[IFLA_DCBSIM_PFC_RESPONSE_NS]));
	if (data[IFLA_DCBSIM_DRIVER])
		dcbsim_apply_driver(priv, data[IFLA_DCBSIM_DRIVER]);
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

	err = dcbsim_check_knobs(dev, data, extack);
	if (err < 0)
		return err;
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
	int err;

	if (data && data[IFLA_DCBSIM_PEER]) {
		NL_SET_ERR_MSG_ATTR(extack, data[IFLA_DCBSIM_PEER],
				    "the peer is chosen when the pair is created");
		return -EOPNOTSUPP;
	}
	err = dcbsim_check_knobs(dev, data, extack);
	if (err < 0)
		return err;
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
	return 11 * nla_total_size(sizeof(u32)) +	/* ... RESPONSE_NS */
	       6 * nla_total_size(sizeof(u8)) +	/* MODEL ... TC_MODE */
	       nla_total_size(sizeof(u16)) +	/* PFC_STORM_QUANTA */
	       3 * nla_total_size_64bit(sizeof(u64)) + /* ... STORM_START_NS */
	       nla_total_size(DCBSIM_NUM_BUFFERS * sizeof(u32)) + /* XOFF */
	       nla_total_size(DCBSIM_DRIVER_LEN);	/* DRIVER */
}

static int dcbsim_fill_info(struct sk_buff *skb, const struct net_device *dev)
{
	struct dcbsim_priv *priv = netdev_priv(dev);
	u32 xoff[DCBSIM_NUM_BUFFERS];

	dcbsim_xoff(priv, xoff);
	if (nla_put_u32(skb, IFLA_DCBSIM_DELAY_NS, READ_ONCE(priv->delay_ns)) ||
	    nla_put_u32(skb, IFLA_DCBSIM_SPEED, priv->speed) ||
	    nla_put_u32(skb, IFLA_DCBSIM_LANES, priv->lanes) ||
	    nla_put_u8(skb, IFLA_DCBSIM_MODEL, priv->model) ||
	    nla_put_u32(skb, IFLA_DCBSIM_TOTAL, priv->total) ||
	    nla_put_u32(skb, IFLA_DCBSIM_CELL, priv->cell) ||
	    nla_put_u32(skb, IFLA_DCBSIM_FAIL, priv->fail) ||
	    nla_put_u8(skb, IFLA_DCBSIM_HWTS, priv->hwts) ||
	    nla_put_u32(skb, IFLA_DCBSIM_TS_RES_NS, priv->ts_res) ||
	    nla_put_s64(skb, IFLA_DCBSIM_CLOCK_OFFSET_NS, priv->clock_offset,
			IFLA_DCBSIM_PAD) ||
	    nla_put_s32(skb, IFLA_DCBSIM_CLOCK_PPB, priv->clock.knob_ppb) ||
	    nla_put(skb, IFLA_DCBSIM_XOFF, sizeof(xoff), xoff) ||
	    nla_put_u8(skb, IFLA_DCBSIM_PFC_STORM, priv->storm_prio) ||
	    nla_put_u32(skb, IFLA_DCBSIM_PFC_STORM_ON_MS, priv->storm_on_ms) ||
	    nla_put_u32(skb, IFLA_DCBSIM_PFC_STORM_OFF_MS, priv->storm_off_ms) ||
	    nla_put_u16(skb, IFLA_DCBSIM_PFC_STORM_QUANTA, priv->storm_quanta) ||
	    nla_put_u64_64bit(skb, IFLA_DCBSIM_PFC_STORM_SINCE_NS,
			      READ_ONCE(priv->storm_since), IFLA_DCBSIM_PAD) ||
	    nla_put_u8(skb, IFLA_DCBSIM_PFC_PAUSED, dcbsim_paused(priv)) ||
	    nla_put_string(skb, IFLA_DCBSIM_DRIVER,
			   dcbsim_drivers[priv->driver].name) ||
	    nla_put_u8(skb, IFLA_DCBSIM_BUFFER_OWNER, priv->mlx5.owner) ||
	    nla_put_u8(skb, IFLA_DCBSIM_TC_MODE, priv->mlxsw.tc_mode) ||
	    nla_put_u64_64bit(skb, IFLA_DCBSIM_PFC_STORM_START_NS,
			      priv->storm_start, IFLA_DCBSIM_PAD) ||
	    nla_put_u32(skb, IFLA_DCBSIM_PFC_RESPONSE_NS, priv->pfc_response_ns))
		return -EMSGSIZE;
	return 0;
}

struct rtnl_link_ops dcbsim_link_ops = {
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
