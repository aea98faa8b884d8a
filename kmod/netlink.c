// SPDX-License-Identifier: GPL-2.0
/*
 * The dcb_hdrm generic netlink family, described by
 * Documentation/netlink/specs/dcb_hdrm.yaml. uapi/linux/dcb_hdrm.h and the
 * family itself, its request policies and ops table (nl_gen.c), are
 * generated from it. One file per message (nl_*.c) supplies its prepare
 * and fill steps (struct hdrm_nl_msg_ops) and its set handler; this file
 * has the one get, dump and notification path that serves them all.
 */
#include <linux/if_arp.h>
#include <linux/rtnetlink.h>
#include <net/genetlink.h>
#include <net/sock.h>
#include <uapi/linux/dcb_hdrm.h>

#include "dcb_hdrm.h"
#include "nl_gen.h"

/**
 * hdrm_nl_check_unique() - refuse an attribute given twice
 * @head: the first attribute of the stream
 * @len: the stream's length in bytes
 * @multi: the one attribute type that may repeat, or 0 for none
 * @extack: where to say which attribute repeated
 *
 * nla_parse() keeps the last of two attributes of one type, so a request
 * naming one device twice, or a value twice, would silently act on one of
 * them. The policy has already refused types past the operation's maximum
 * and every attribute set here has fewer than 64 types.
 *
 * Return: 0, or -EINVAL with @extack pointing at the second attribute.
 */
int hdrm_nl_check_unique(const struct nlattr *head, int len, int multi,
			 struct netlink_ext_ack *extack)
{
	const struct nlattr *nla;
	u64 seen = 0;
	int rem, type;

	BUILD_BUG_ON(DCB_HDRM_A_DEV_MAX >= 64 || DCB_HDRM_A_MEASURE_MAX >= 64 ||
		     DCB_HDRM_A_RESULT_MAX >= 64 ||
		     DCB_HDRM_A_PRIO_FRAME_MAX >= 64);
	nla_for_each_attr(nla, head, len, rem) {
		type = nla_type(nla);
		if (type == multi || type >= 64)
			continue;
		if (seen & BIT_ULL(type)) {
			NL_SET_ERR_MSG_ATTR(extack, nla, "attribute given twice");
			return -EINVAL;
		}
		seen |= BIT_ULL(type);
	}
	return 0;
}

/* As hdrm_nl_check_unique(), for the attributes of a request. */
int hdrm_nl_check_request(const struct genl_info *info, int multi)
{
	return hdrm_nl_check_unique(nlmsg_attrdata(info->nlhdr, GENL_HDRLEN),
				    nlmsg_attrlen(info->nlhdr, GENL_HDRLEN),
				    multi, info->extack);
}

/**
 * hdrm_nl_dev_lookup() - find the Ethernet device an ifindex names
 * @net: the requester's network namespace
 * @attr: the ifindex attribute, may be NULL
 * @extack: where to say what was wrong
 *
 * Context: rtnl held. Returns the device (no reference taken: valid while
 * rtnl is held) or an ERR_PTR with @extack set.
 */
struct net_device *hdrm_nl_dev_lookup(struct net *net, struct nlattr *attr,
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
	if (hdrm_dev_is_upper(dev)) {
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "device is a bond, team, bridge, macvlan or Open vSwitch device; name the link under it");
		return ERR_PTR(-EOPNOTSUPP);
	}
	return dev;
}

/* As hdrm_nl_dev_lookup(), for the device's port. Context: rtnl held. */
struct hdrm_port *hdrm_nl_port_lookup(struct net *net, struct nlattr *attr,
				      struct netlink_ext_ack *extack)
{
	struct net_device *dev = hdrm_nl_dev_lookup(net, attr, extack);
	struct hdrm_port *port;

	if (IS_ERR(dev))
		return ERR_CAST(dev);
	port = hdrm_port_find_rtnl(dev);
	return port ?: ERR_PTR(hdrm_nl_port_missing(extack, attr));
}

/* Why an Ethernet device has no port: -ENODEV or -ENOMEM, with @extack. */
int hdrm_nl_port_missing(struct netlink_ext_ack *extack,
			 const struct nlattr *attr)
{
	if (READ_ONCE(hdrm_unloading)) {
		NL_SET_ERR_MSG_ATTR(extack, attr, "the module is unloading");
		return -ENODEV;
	}
	NL_SET_ERR_MSG_ATTR(extack, attr,
			    "the module holds no state for this device (out of memory when it appeared)");
	return -ENOMEM;
}

/* The message each get answers with, by its command */
static const struct hdrm_nl_msg_ops *hdrm_nl_get_ops(u8 cmd)
{
	switch (cmd) {
	case DCB_HDRM_CMD_DEV_GET:
		return &hdrm_nl_dev_ops;
	case DCB_HDRM_CMD_RESULT_GET:
		return &hdrm_nl_result_ops;
	case DCB_HDRM_CMD_SAMPLES_GET:
		return &hdrm_nl_samples_ops;
	case DCB_HDRM_CMD_WATCHDOG_GET:
		return &hdrm_nl_wd_ops;
	}
	return NULL;
}

/* The message each notification carries, by its command */
static const struct hdrm_nl_msg_ops *hdrm_nl_ntf_ops(u8 cmd)
{
	switch (cmd) {
	case DCB_HDRM_CMD_PEER_NTF:
		return &hdrm_nl_dev_ops;
	case DCB_HDRM_CMD_RESULT_NTF:
	case DCB_HDRM_CMD_APPLY_NTF:
	case DCB_HDRM_CMD_PUSH_NTF:
		return &hdrm_nl_result_ops;
	case DCB_HDRM_CMD_WATCHDOG_NTF:
		return &hdrm_nl_wd_ops;
	}
	return NULL;
}

/* One message: the header, then what @ops->fill puts of @data. */
static int hdrm_nl_msg_put(struct sk_buff *skb,
			   const struct hdrm_nl_msg_ops *ops, const void *data,
			   u8 cmd, u32 portid, u32 seq, int flags)
{
	void *hdr;

	hdr = genlmsg_put(skb, portid, seq, &dcb_hdrm_family, flags, cmd);
	if (!hdr)
		return -EMSGSIZE;
	if (ops->fill(skb, data)) {
		genlmsg_cancel(skb, hdr);
		return -EMSGSIZE;
	}
	genlmsg_end(skb, hdr);
	return 0;
}

static size_t hdrm_nl_msg_size(const struct hdrm_nl_msg_ops *ops,
			       const void *data)
{
	return ops->reply_size ? ops->reply_size(data) : NLMSG_GOODSIZE;
}

/**
 * hdrm_nl_get_doit() - the do half of every get: one device's message
 * @skb: the request
 * @info: the request's attributes
 *
 * The message's contents are copied under rtnl by its prepare step, into
 * a buffer allocated before rtnl is taken; the reply is built after it
 * is released.
 *
 * Return: 0, or a negative errno with the extack set.
 */
int hdrm_nl_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	u8 cmd = info->genlhdr->cmd;
	const struct hdrm_nl_msg_ops *ops = hdrm_nl_get_ops(cmd);
	struct hdrm_nl_req req = { .cmd = cmd, .extack = info->extack };
	struct sk_buff *msg;
	void *data;
	int err;

	if (WARN_ON_ONCE(!ops))
		return -EOPNOTSUPP;
	err = hdrm_nl_check_request(info, 0);
	if (err)
		return err;
	data = kvzalloc(ops->data_size, GFP_KERNEL);
	if (!data)
		return -ENOMEM;

	rtnl_lock();
	req.dev = hdrm_nl_dev_lookup(genl_info_net(info),
				     info->attrs[ops->ifindex_attr],
				     info->extack);
	if (IS_ERR(req.dev)) {
		err = PTR_ERR(req.dev);
	} else {
		req.port = hdrm_port_find_rtnl(req.dev);
		err = ops->prepare(&req, data);
	}
	rtnl_unlock();
	if (err)
		goto out;

	err = -ENOMEM;
	msg = genlmsg_new(hdrm_nl_msg_size(ops, data), GFP_KERNEL);
	if (!msg)
		goto out;
	err = hdrm_nl_msg_put(msg, ops, data, cmd, info->snd_portid,
			      info->snd_seq, 0);
	if (err) {
		nlmsg_free(msg);
		goto out;
	}
	err = genlmsg_reply(msg, info);
out:
	kvfree(data);
	return err;
}

/*
 * The first Ethernet device of @net, upper devices left out, whose ifindex
 * is @ifindex or more. A dump walks the devices in ifindex order and
 * resumes from the ifindex after the last one sent, so devices added or
 * removed between its rounds shift nothing: none is skipped or repeated.
 *
 * Context: rtnl held.
 */
static struct net_device *hdrm_nl_dev_from(struct net *net,
					   unsigned long ifindex)
{
	struct net_device *dev, *first = NULL;

#ifdef for_each_netdev_dump
	/* 6.6 on: the namespace's devices in an xarray by ifindex */
	for_each_netdev_dump(net, dev, ifindex)
		if (dev->type == ARPHRD_ETHER && !hdrm_dev_is_upper(dev))
			return dev;
#else
	/* before: a list in creation order, so the lowest such ifindex */
	for_each_netdev(net, dev)
		if (dev->type == ARPHRD_ETHER && !hdrm_dev_is_upper(dev) &&
		    dev->ifindex >= ifindex &&
		    (!first || dev->ifindex < first->ifindex))
			first = dev;
#endif
	return first;
}

/**
 * hdrm_nl_get_dumpit() - the dump half of every get
 * @skb: the dump's buffer
 * @cb: the dump; cb->args[0] is the ifindex to resume from
 *
 * A device whose prepare step gives -ENODATA is left out.
 *
 * Context: takes rtnl. Returns the dump's length, or a negative errno.
 */
int hdrm_nl_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	u8 cmd = genl_dumpit_info(cb)->op.cmd;
	const struct hdrm_nl_msg_ops *ops = hdrm_nl_get_ops(cmd);
	struct hdrm_nl_req req = { .cmd = cmd };
	struct net *net = sock_net(skb->sk);
	unsigned long ifindex = cb->args[0];
	void *data;
	int err = 0;

	if (WARN_ON_ONCE(!ops))
		return -EOPNOTSUPP;
	data = kvzalloc(ops->data_size, GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	rtnl_lock();
	while ((req.dev = hdrm_nl_dev_from(net, ifindex))) {
		req.port = hdrm_port_find_rtnl(req.dev);
		memset(data, 0, ops->data_size);
		err = ops->prepare(&req, data);
		if (!err)
			err = hdrm_nl_msg_put(skb, ops, data, cmd,
					      NETLINK_CB(cb->skb).portid,
					      cb->nlh->nlmsg_seq, NLM_F_MULTI);
		if (err && err != -ENODATA)
			break;	/* not sent: resume at this device */
		err = 0;
		ifindex = req.dev->ifindex + 1;
	}
	rtnl_unlock();
	kvfree(data);

	cb->args[0] = ifindex;
	/* A full skb ends this round; the dump resumes at ifindex. */
	if (err == -EMSGSIZE && skb->len)
		return skb->len;
	return err ?: skb->len;
}

/**
 * hdrm_nl_put_buffers() - one nest per buffer in use, for the dev and
 *			   result messages
 * @skb: the message
 * @attr: the nest's attribute
 * @now: the buffers as the driver holds them
 * @old: before a write, or NULL
 * @wanted: the sizes asked for, or NULL
 * @lossless: bit b: buffer b serves a lossless priority
 *
 * Return: 0 or -EMSGSIZE.
 */
int hdrm_nl_put_buffers(struct sk_buff *skb, int attr,
			const struct hdrm_buffers *now,
			const struct hdrm_buffers *old,
			const u64 *wanted, u8 lossless)
{
	struct nlattr *nest;
	u32 prios;
	int b, p;

	for (b = 0; b < HDRM_BUFFERS; b++) {
		prios = 0;
		for (p = 0; p < HDRM_PRIOS; p++)
			if (now->prio2buffer[p] == b)
				prios |= BIT(p);
		if (!prios && !now->size[b] && !(old && old->size[b]))
			continue;
		nest = nla_nest_start(skb, attr);
		if (!nest ||
		    nla_put_u32(skb, DCB_HDRM_A_BUFFER_INDEX, b) ||
		    nla_put_u32(skb, DCB_HDRM_A_BUFFER_PRIOS, prios) ||
		    nla_put_u32(skb, DCB_HDRM_A_BUFFER_SIZE, now->size[b]) ||
		    (old && nla_put_u32(skb, DCB_HDRM_A_BUFFER_SIZE_OLD,
					old->size[b])) ||
		    (wanted && (lossless & BIT(b)) &&
		     nla_put_u64_64bit(skb, DCB_HDRM_A_BUFFER_SIZE_WANTED,
				       wanted[b], DCB_HDRM_A_BUFFER_PAD)) ||
		    (old && nla_put_u8(skb, DCB_HDRM_A_BUFFER_LOSSLESS,
				       !!(lossless & BIT(b)))))
			return -EMSGSIZE;
		nla_nest_end(skb, nest);
	}
	return 0;
}

/**
 * hdrm_notify() - announce a change of a port on the monitor group
 * @port: the port
 * @cmd: the notification: DCB_HDRM_CMD_PEER_NTF and _WATCHDOG_NTF
 *	 (Context: rtnl held), _RESULT_NTF, _APPLY_NTF and _PUSH_NTF
 *	 (Context: process)
 * @arg: a watchdog-ntf's HDRM_NTF_WD(event, prio); else 0
 *
 * The one call the features make into the netlink layer, as
 * ethtool_notify() is in net/ethtool: the message is built here, by its
 * table, from the port's state. It goes to the device's own network
 * namespace only.
 */
void hdrm_notify(struct hdrm_port *port, u8 cmd, u32 arg)
{
	const struct hdrm_nl_msg_ops *ops = hdrm_nl_ntf_ops(cmd);
	struct hdrm_nl_req req = {
		.dev = port->dev, .port = port, .cmd = cmd, .arg = arg,
	};
	struct net *net = dev_net(port->dev);
	struct sk_buff *msg = NULL;
	void *data;

	if (WARN_ON_ONCE(!ops))
		return;
	if (READ_ONCE(hdrm_unloading) ||
	    !genl_has_listeners(&dcb_hdrm_family, net, DCB_HDRM_NLGRP_MONITOR))
		return;
	data = kvzalloc(ops->data_size, GFP_KERNEL);
	if (!data)
		return;
	if (ops->prepare(&req, data))
		goto out;
	msg = genlmsg_new(hdrm_nl_msg_size(ops, data), GFP_KERNEL);
	if (!msg || hdrm_nl_msg_put(msg, ops, data, cmd, 0, 0, 0)) {
		nlmsg_free(msg);
		goto out;
	}
	genlmsg_multicast_netns(&dcb_hdrm_family, net, msg, 0,
				DCB_HDRM_NLGRP_MONITOR, GFP_KERNEL);
out:
	kvfree(data);
}

int __init hdrm_nl_init(void)
{
	return genl_register_family(&dcb_hdrm_family);
}

void hdrm_nl_exit(void)
{
	genl_unregister_family(&dcb_hdrm_family);
}
