/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dcb_hdrm: measure a link's round trip and size PFC headroom from it.
 * Declarations shared by the module's files.
 */
#ifndef _DCB_HDRM_H
#define _DCB_HDRM_H

#include <linux/netdevice.h>
#include <net/genetlink.h>

extern struct genl_family dcb_hdrm_family;

/* netlink.c: the family and the helpers every message uses */
int dcb_hdrm_nl_init(void);
void dcb_hdrm_nl_exit(void);
struct net_device *dcb_hdrm_nl_dev_lookup(struct net *net,
					  struct nlattr *attr,
					  struct netlink_ext_ack *extack);

/* nl_dev.c: DCB_HDRM_CMD_DEV_GET */
int dcb_hdrm_nl_dev_get_doit(struct sk_buff *skb, struct genl_info *info);
int dcb_hdrm_nl_dev_get_dumpit(struct sk_buff *skb,
			       struct netlink_callback *cb);

#endif /* _DCB_HDRM_H */
