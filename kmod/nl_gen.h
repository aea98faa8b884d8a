/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/dcb_hdrm.yaml */
/* Adapted to the module by tools/ynl-kernel.py */
/* YNL-GEN kernel header */

#ifndef _LINUX_DCB_HDRM_GEN_H
#define _LINUX_DCB_HDRM_GEN_H

#include <net/netlink.h>
#include <net/genetlink.h>

#include <uapi/linux/dcb_hdrm.h>

/* Common nested types */
extern const struct nla_policy dcb_hdrm_prio_frame_nl_policy[DCB_HDRM_A_PRIO_FRAME_BYTES + 1];

int hdrm_nl_get_doit(struct sk_buff *skb, struct genl_info *info);
int hdrm_nl_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb);
int hdrm_nl_dev_set_doit(struct sk_buff *skb, struct genl_info *info);
int hdrm_nl_measure_doit(struct sk_buff *skb, struct genl_info *info);
int hdrm_nl_watchdog_set_doit(struct sk_buff *skb, struct genl_info *info);
int hdrm_nl_watchdog_recover_doit(struct sk_buff *skb, struct genl_info *info);

enum {
	DCB_HDRM_NLGRP_MONITOR,
};

extern struct genl_family dcb_hdrm_family;

#endif /* _LINUX_DCB_HDRM_GEN_H */
