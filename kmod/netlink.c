// SPDX-License-Identifier: GPL-2.0
/*
 * The dcb_hdrm generic netlink family. The attribute layout is described
 * by Documentation/netlink/specs/dcb_hdrm.yaml; uapi/linux/dcb_hdrm.h is
 * generated from it. One file per message (nl_*.c) supplies the handlers.
 */
#include <linux/if_arp.h>
#include <linux/rtnetlink.h>
#include <net/genetlink.h>
#include <uapi/linux/dcb_hdrm.h>

#include "dcb_hdrm.h"

static const struct nla_policy dcb_hdrm_dev_get_policy[DCB_HDRM_A_DEV_MAX + 1] = {
	[DCB_HDRM_A_DEV_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};

static const struct genl_ops dcb_hdrm_ops[] = {
	{
		.cmd	= DCB_HDRM_CMD_DEV_GET,
		.doit	= dcb_hdrm_nl_dev_get_doit,
		.dumpit	= dcb_hdrm_nl_dev_get_dumpit,
		.policy	= dcb_hdrm_dev_get_policy,
		.maxattr = DCB_HDRM_A_DEV_MAX,
	},
};

struct genl_family dcb_hdrm_family __ro_after_init = {
	.name		= DCB_HDRM_FAMILY_NAME,
	.version	= DCB_HDRM_FAMILY_VERSION,
	.netnsok	= true,
	.parallel_ops	= true,
	.module		= THIS_MODULE,
	.ops		= dcb_hdrm_ops,
	.n_ops		= ARRAY_SIZE(dcb_hdrm_ops),
};

/**
 * dcb_hdrm_nl_dev_lookup() - find the Ethernet device an ifindex names
 * @net: the requester's network namespace
 * @attr: the ifindex attribute, may be NULL
 * @extack: where to say what was wrong
 *
 * Context: rtnl held. Returns the device (no reference taken: valid while
 * rtnl is held) or an ERR_PTR with @extack set.
 */
struct net_device *dcb_hdrm_nl_dev_lookup(struct net *net,
					  struct nlattr *attr,
					  struct netlink_ext_ack *extack)
{
	struct net_device *dev;

	ASSERT_RTNL();
	if (!attr) {
		NL_SET_ERR_MSG(extack, "device ifindex is required");
		return ERR_PTR(-EINVAL);
	}
	dev = __dev_get_by_index(net, nla_get_u32(attr));
	if (!dev) {
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "no device with this ifindex in the caller's network namespace");
		return ERR_PTR(-ENODEV);
	}
	if (dev->type != ARPHRD_ETHER) {
		NL_SET_ERR_MSG_ATTR(extack, attr, "device is not an Ethernet device");
		return ERR_PTR(-EOPNOTSUPP);
	}
	return dev;
}

int __init dcb_hdrm_nl_init(void)
{
	return genl_register_family(&dcb_hdrm_family);
}

void dcb_hdrm_nl_exit(void)
{
	genl_unregister_family(&dcb_hdrm_family);
}
