// SPDX-License-Identifier: GPL-2.0
/*
 * DCB_HDRM_CMD_DEV_GET: the Ethernet devices of the caller's network
 * namespace, with what the headroom computation needs to know about them.
 */
#include <linux/ethtool.h>
#include <linux/if_arp.h>
#include <linux/rtnetlink.h>
#include <net/dcbnl.h>
#include <net/sock.h>
#include <net/genetlink.h>
#include <uapi/linux/dcb_hdrm.h>

#include "dcb_hdrm.h"

static u32 dcb_hdrm_dev_dcb_ops(const struct net_device *dev)
{
	const struct dcbnl_rtnl_ops *ops = NULL;
	u32 flags = 0;

#if IS_ENABLED(CONFIG_DCB)
	ops = dev->dcbnl_ops;
#endif
	if (!ops)
		return 0;
	if (ops->ieee_getpfc && ops->ieee_setpfc)
		flags |= DCB_HDRM_DCB_OPS_IEEE_PFC;
	if (ops->ieee_getets && ops->ieee_setets)
		flags |= DCB_HDRM_DCB_OPS_IEEE_ETS;
	if (ops->dcbnl_getbuffer && ops->dcbnl_setbuffer)
		flags |= DCB_HDRM_DCB_OPS_BUFFER;
	if (ops->getdcbx && ops->setdcbx)
		flags |= DCB_HDRM_DCB_OPS_DCBX;
	return flags;
}

static bool dcb_hdrm_dev_has_dcb(const struct net_device *dev)
{
#if IS_ENABLED(CONFIG_DCB)
	return dev->dcbnl_ops;
#else
	return false;
#endif
}

/* Context: rtnl held (link settings are read through the driver). */
static int dcb_hdrm_dev_fill(struct sk_buff *skb, struct net_device *dev,
			     u32 portid, u32 seq, int flags)
{
	struct ethtool_link_ksettings ks;
	void *hdr;

	hdr = genlmsg_put(skb, portid, seq, &dcb_hdrm_family, flags,
			  DCB_HDRM_CMD_DEV_GET);
	if (!hdr)
		return -EMSGSIZE;

	if (nla_put_u32(skb, DCB_HDRM_A_DEV_IFINDEX, dev->ifindex) ||
	    nla_put_string(skb, DCB_HDRM_A_DEV_IFNAME, dev->name) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_DCB, dcb_hdrm_dev_has_dcb(dev)) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_DCB_OPS, dcb_hdrm_dev_dcb_ops(dev)) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_MTU, READ_ONCE(dev->mtu)) ||
	    nla_put_u8(skb, DCB_HDRM_A_DEV_CARRIER, netif_carrier_ok(dev)) ||
	    nla_put_u32(skb, DCB_HDRM_A_DEV_CAPS, 0))
		goto nla_put_failure;

	if (!__ethtool_get_link_ksettings(dev, &ks) &&
	    ks.base.speed && ks.base.speed != (u32)SPEED_UNKNOWN &&
	    nla_put_u32(skb, DCB_HDRM_A_DEV_SPEED, ks.base.speed))
		goto nla_put_failure;

	genlmsg_end(skb, hdr);
	return 0;

nla_put_failure:
	genlmsg_cancel(skb, hdr);
	return -EMSGSIZE;
}

int dcb_hdrm_nl_dev_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct net_device *dev;
	struct sk_buff *msg;
	int err;

	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;

	rtnl_lock();
	dev = dcb_hdrm_nl_dev_lookup(genl_info_net(info),
				     info->attrs[DCB_HDRM_A_DEV_IFINDEX],
				     info->extack);
	if (IS_ERR(dev))
		err = PTR_ERR(dev);
	else
		err = dcb_hdrm_dev_fill(msg, dev, info->snd_portid,
					info->snd_seq, 0);
	rtnl_unlock();

	if (err) {
		nlmsg_free(msg);
		return err;
	}
	return genlmsg_reply(msg, info);
}

int dcb_hdrm_nl_dev_get_dumpit(struct sk_buff *skb,
			       struct netlink_callback *cb)
{
	struct net *net = sock_net(skb->sk);
	struct net_device *dev;
	long skip = cb->args[0];
	long idx = 0;
	int err = 0;

	rtnl_lock();
	for_each_netdev(net, dev) {
		if (dev->type != ARPHRD_ETHER)
			continue;
		if (idx < skip) {
			idx++;
			continue;
		}
		err = dcb_hdrm_dev_fill(skb, dev, NETLINK_CB(cb->skb).portid,
					cb->nlh->nlmsg_seq, NLM_F_MULTI);
		if (err)
			break;
		idx++;
	}
	rtnl_unlock();

	cb->args[0] = idx;
	/* A full skb ends this round; the dump resumes at idx. */
	if (err == -EMSGSIZE && skb->len)
		return skb->len;
	return err ? err : skb->len;
}
