// SPDX-License-Identifier: GPL-2.0
/*
 * The PFC watchdog's messages: watchdog-get, watchdog-set and
 * watchdog-ntf. The watchdog's state is under rtnl (see watchdog.c), so
 * every message is built holding it.
 */
#include <linux/rtnetlink.h>
#include <net/genetlink.h>

#include "dcb_hdrm.h"
#include "nl_gen.h"

/* Priorities worth a nest: PFC on, held off by the watchdog, or stormed. */
static u8 hdrm_wd_shown(struct hdrm_port *port)
{
	struct hdrm_wd *wd = &port->wd;
	u8 mask = wd->pfc_off | wd->held;
	int p;

	if (wd->running)
		mask |= wd->en;
	else if (hdrm_drv_can_get_pfc(port->dev))
		mask |= hdrm_drv_pfc_prio_mask(port->dev);
	for (p = 0; p < HDRM_PRIOS; p++)
		if (wd->prio[p].storms || wd->prio[p].stormed)
			mask |= BIT(p);
	return mask;
}

static int hdrm_wd_put_prio(struct sk_buff *skb, const struct hdrm_wd *wd,
			    int p)
{
	const struct hdrm_wd_prio *wp = &wd->prio[p];
	struct nlattr *nest;
	u64 len = 0;

	if (wp->storms)
		len = div_u64(wp->seen_ns - wp->start_ns, NSEC_PER_MSEC);
	nest = nla_nest_start(skb, DCB_HDRM_A_WATCHDOG_PRIO);
	if (!nest ||
	    nla_put_u8(skb, DCB_HDRM_A_WD_PRIO_PRIO, p) ||
	    nla_put_u32(skb, DCB_HDRM_A_WD_PRIO_STATE,
			(wd->held & BIT(p)) ? DCB_HDRM_WD_STATE_HELD :
			wp->stormed ? DCB_HDRM_WD_STATE_STORMED :
				      DCB_HDRM_WD_STATE_OK) ||
	    nla_put_u32(skb, DCB_HDRM_A_WD_PRIO_HELD_COUNT,
			wd->held_count[p]) ||
	    nla_put_u8(skb, DCB_HDRM_A_WD_PRIO_RESTORE_PENDING,
		       !!(wd->restore_pending & BIT(p))) ||
	    nla_put_u32(skb, DCB_HDRM_A_WD_PRIO_DIRECTION, wp->direction) ||
	    nla_put_u32(skb, DCB_HDRM_A_WD_PRIO_STORMS, wp->storms) ||
	    nla_put_u8(skb, DCB_HDRM_A_WD_PRIO_PFC_OFF,
		       !!(wd->pfc_off & BIT(p))) ||
	    nla_put_u32(skb, DCB_HDRM_A_WD_PRIO_ACTION_ERROR,
			wd->action_error[p]) ||
	    nla_put_u64_64bit(skb, DCB_HDRM_A_WD_PRIO_REQUESTS, wp->requests,
			      DCB_HDRM_A_WD_PRIO_PAD) ||
	    nla_put_u64_64bit(skb, DCB_HDRM_A_WD_PRIO_INDICATIONS,
			      wp->indications, DCB_HDRM_A_WD_PRIO_PAD))
		return -EMSGSIZE;
	if (wd->progress == DCB_HDRM_WD_PROGRESS_TX_PRIO_PACKETS &&
	    wd->tx.idx[p] >= 0 &&
	    nla_put_u64_64bit(skb, DCB_HDRM_A_WD_PRIO_TX_PACKETS,
			      wp->tx_packets, DCB_HDRM_A_WD_PRIO_PAD))
		return -EMSGSIZE;
	if (wp->storms &&
	    (nla_put_u64_64bit(skb, DCB_HDRM_A_WD_PRIO_LAST_STORM_START,
			       wp->start_ns, DCB_HDRM_A_WD_PRIO_PAD) ||
	     nla_put_u64_64bit(skb, DCB_HDRM_A_WD_PRIO_LAST_STORM_DETECT,
			       wp->detect_ns, DCB_HDRM_A_WD_PRIO_PAD) ||
	     nla_put_u32(skb, DCB_HDRM_A_WD_PRIO_LAST_STORM_MS,
			 min_t(u64, len, U32_MAX)) ||
	     nla_put_u64_64bit(skb, DCB_HDRM_A_WD_PRIO_LAST_STORM_RESTORE,
			       wp->end_ns, DCB_HDRM_A_WD_PRIO_PAD) ||
	     nla_put_u32(skb, DCB_HDRM_A_WD_PRIO_LAST_ACTION,
			 wd->last_action[p]) ||
	     nla_put_u32(skb, DCB_HDRM_A_WD_PRIO_LAST_STORM_GAP,
			 min_t(u64, div_u64(wp->gap_ns, NSEC_PER_USEC),
			       U32_MAX))))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* A ring of the last storms' times, oldest first, as attributes. */
static int hdrm_wd_put_lat(struct sk_buff *skb, int attr, const u32 *ring,
			   u8 n, u8 next)
{
	int i;

	for (i = 0; i < n; i++)
		if (nla_put_u32(skb, attr,
				ring[(next + HDRM_WD_LAT_N - n + i) %
				     HDRM_WD_LAT_N]))
			return -EMSGSIZE;
	return 0;
}

/* Everything a watchdog message says, copied by hdrm_wd_prepare(). */
struct hdrm_wd_msg {
	int ifindex;
	char ifname[IFNAMSIZ];
	struct hdrm_wd wd;
	u8 shown;
	int event;			/* < 0: a get, else a watchdog-ntf's */
	u8 prio;
};

/*
 * The prepare step: one device's watchdog, for a get or a watchdog-ntf
 * of HDRM_NTF_WD(event, prio). Context: rtnl held.
 */
static int hdrm_wd_prepare(const struct hdrm_nl_req *req, void *data)
{
	struct hdrm_wd_msg *m = data;

	ASSERT_RTNL();
	if (!req->port) {
		NL_SET_ERR_MSG(req->extack, "the module holds no state for this device");
		return -ENODATA;
	}
	m->ifindex = req->dev->ifindex;
	strscpy(m->ifname, req->dev->name, sizeof(m->ifname));
	m->wd = req->port->wd;
	m->shown = hdrm_wd_shown(req->port);
	m->event = -1;
	if (req->cmd == DCB_HDRM_CMD_WATCHDOG_NTF) {
		m->event = HDRM_NTF_WD_EVENT(req->arg);
		m->prio = HDRM_NTF_WD_PRIO(req->arg);
	}
	return 0;
}

/* The fill step: puts what hdrm_wd_prepare() copied, reads nothing else. */
static int hdrm_wd_fill(struct sk_buff *skb, const void *data)
{
	const struct hdrm_wd_msg *m = data;
	const struct hdrm_wd *wd = &m->wd;
	int p;

	if (nla_put_u32(skb, DCB_HDRM_A_WATCHDOG_IFINDEX, m->ifindex) ||
	    nla_put_string(skb, DCB_HDRM_A_WATCHDOG_IFNAME, m->ifname) ||
	    nla_put_u8(skb, DCB_HDRM_A_WATCHDOG_STATE, wd->on) ||
	    nla_put_u32(skb, DCB_HDRM_A_WATCHDOG_ACTION, wd->action) ||
	    nla_put_u32(skb, DCB_HDRM_A_WATCHDOG_DETECT_MS, wd->detect_ms) ||
	    nla_put_u32(skb, DCB_HDRM_A_WATCHDOG_RESTORE_MS, wd->restore_ms) ||
	    nla_put_u32(skb, DCB_HDRM_A_WATCHDOG_POLL_MS, wd->poll_ms) ||
	    nla_put_u32(skb, DCB_HDRM_A_WATCHDOG_PROGRESS, wd->progress) ||
	    nla_put_u8(skb, DCB_HDRM_A_WATCHDOG_RUNNING, wd->running) ||
	    nla_put_u64_64bit(skb, DCB_HDRM_A_WATCHDOG_POLLS, wd->polls,
			      DCB_HDRM_A_WATCHDOG_PAD) ||
	    nla_put_u64_64bit(skb, DCB_HDRM_A_WATCHDOG_POLL_ERRORS,
			      wd->poll_errors, DCB_HDRM_A_WATCHDOG_PAD) ||
	    nla_put_u64_64bit(skb, DCB_HDRM_A_WATCHDOG_ACTION_ERRORS,
			      wd->action_errors, DCB_HDRM_A_WATCHDOG_PAD))
		return -EMSGSIZE;
	if (nla_put_u32(skb, DCB_HDRM_A_WATCHDOG_COUNTER_REFRESH_MS,
			wd->drv->pfc_refresh_ms) ||
	    nla_put_u8(skb, DCB_HDRM_A_WATCHDOG_COUNTERS_SWAPPED,
		       wd->drv->pfc_swapped) ||
	    nla_put_u32(skb, DCB_HDRM_A_WATCHDOG_STORM_LIMIT,
			wd->storm_limit) ||
	    nla_put_u32(skb, DCB_HDRM_A_WATCHDOG_STORM_PERIOD_MS,
			wd->storm_period_ms) ||
	    nla_put_u32(skb, DCB_HDRM_A_WATCHDOG_RECOVERY, wd->recovery) ||
	    hdrm_wd_put_lat(skb, DCB_HDRM_A_WATCHDOG_DETECT_LATENCY,
			    wd->detect_lat, wd->detect_n, wd->detect_next) ||
	    hdrm_wd_put_lat(skb, DCB_HDRM_A_WATCHDOG_RESTORE_LATENCY,
			    wd->restore_lat, wd->restore_n, wd->restore_next))
		return -EMSGSIZE;
	if (m->event >= 0 &&
	    (nla_put_u32(skb, DCB_HDRM_A_WATCHDOG_EVENT, m->event) ||
	     nla_put_u8(skb, DCB_HDRM_A_WATCHDOG_EVENT_PRIO, m->prio)))
		return -EMSGSIZE;
	for (p = 0; p < HDRM_PRIOS; p++)
		if ((m->shown & BIT(p)) && hdrm_wd_put_prio(skb, wd, p))
			return -EMSGSIZE;
	return 0;
}

/* watchdog-get, and watchdog-ntf */
const struct hdrm_nl_msg_ops hdrm_nl_wd_ops = {
	.ifindex_attr	= DCB_HDRM_A_WATCHDOG_IFINDEX,
	.data_size	= sizeof(struct hdrm_wd_msg),
	.prepare	= hdrm_wd_prepare,
	.fill		= hdrm_wd_fill,
};

/*
 * DCB_HDRM_CMD_WATCHDOG_SET: all or nothing. The new settings are checked
 * together with the ones they leave as they are before any is taken.
 */
int hdrm_nl_watchdog_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr **tb = info->attrs;
	struct netlink_ext_ack *extack = info->extack;
	struct hdrm_port *port;
	struct net_device *dev;
	u32 detect, restore, poll, limit, period;
	u8 action, recovery;
	struct hdrm_wd *wd;
	bool on, was_on;
	int err;

	err = hdrm_nl_check_request(info, 0);
	if (err)
		return err;
	rtnl_lock();
	port = hdrm_nl_port_lookup(genl_info_net(info),
				   tb[DCB_HDRM_A_WATCHDOG_IFINDEX], extack);
	if (IS_ERR(port)) {
		err = PTR_ERR(port);
		goto out;
	}
	dev = port->dev;
	wd = &port->wd;
	on = tb[DCB_HDRM_A_WATCHDOG_STATE] ?
	     nla_get_u8(tb[DCB_HDRM_A_WATCHDOG_STATE]) : wd->on;
	action = tb[DCB_HDRM_A_WATCHDOG_ACTION] ?
		 nla_get_u32(tb[DCB_HDRM_A_WATCHDOG_ACTION]) : wd->action;
	detect = tb[DCB_HDRM_A_WATCHDOG_DETECT_MS] ?
		 nla_get_u32(tb[DCB_HDRM_A_WATCHDOG_DETECT_MS]) : wd->detect_ms;
	restore = tb[DCB_HDRM_A_WATCHDOG_RESTORE_MS] ?
		  nla_get_u32(tb[DCB_HDRM_A_WATCHDOG_RESTORE_MS]) :
		  wd->restore_ms;
	poll = tb[DCB_HDRM_A_WATCHDOG_POLL_MS] ?
	       nla_get_u32(tb[DCB_HDRM_A_WATCHDOG_POLL_MS]) : wd->poll_ms;
	limit = tb[DCB_HDRM_A_WATCHDOG_STORM_LIMIT] ?
		nla_get_u32(tb[DCB_HDRM_A_WATCHDOG_STORM_LIMIT]) :
		wd->storm_limit;
	period = tb[DCB_HDRM_A_WATCHDOG_STORM_PERIOD_MS] ?
		 nla_get_u32(tb[DCB_HDRM_A_WATCHDOG_STORM_PERIOD_MS]) :
		 wd->storm_period_ms;
	recovery = tb[DCB_HDRM_A_WATCHDOG_RECOVERY] ?
		   nla_get_u32(tb[DCB_HDRM_A_WATCHDOG_RECOVERY]) :
		   wd->recovery;

	/*
	 * forward (SONiC pfcwd): stop honouring received pause while still
	 * sending it. dcbnl's only per-priority PFC switch is ieee_pfc's
	 * pfc_en, which every driver applies both ways (mlx5 writes it as
	 * the port's PFC TX and RX masks alike, mlxsw its pfc_en for both,
	 * ice and ixgbe their one PFC enable): none can.
	 */
	err = -EOPNOTSUPP;
	if (action == DCB_HDRM_WD_ACTION_FORWARD) {
		NL_SET_ERR_MSG_ATTR(extack, tb[DCB_HDRM_A_WATCHDOG_ACTION],
				    "action forward: no driver can stop honouring received pause on one priority and still send it (dcbnl's pfc_en is both ways; Documentation/drivers.rst): use drop or alert");
		goto out;
	}
	err = -EINVAL;
	if (poll > detect) {
		NL_SET_ERR_MSG_ATTR(extack,
				    tb[DCB_HDRM_A_WATCHDOG_POLL_MS] ?:
				    tb[DCB_HDRM_A_WATCHDOG_DETECT_MS],
				    "poll-ms is longer than detect-ms: a storm would be seen late");
		goto out;
	}
	/* a poll between two refreshes of the counters sees them stand still */
	hdrm_wd_driver_refresh(port);
	if (on && poll < wd->drv->pfc_min_poll_ms) {
		/* the table's message: a constant string, as extack keeps */
		NL_SET_BAD_ATTR(extack, tb[DCB_HDRM_A_WATCHDOG_POLL_MS] ?:
				tb[DCB_HDRM_A_WATCHDOG_STATE]);
		if (extack)
			extack->_msg = wd->drv->pfc_slow;
		goto out;
	}
	err = -EOPNOTSUPP;
	if (on && !hdrm_drv_can_get_pfc(dev)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[DCB_HDRM_A_WATCHDOG_STATE],
				    "the driver has no ieee_getpfc: no per-priority PFC counters to watch");
		goto out;
	}
	if (on && action == DCB_HDRM_WD_ACTION_DROP &&
	    !hdrm_drv_has_pfc(dev)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[DCB_HDRM_A_WATCHDOG_ACTION],
				    "action drop needs the driver's ieee_setpfc, which it does not have");
		goto out;
	}
	err = 0;

	was_on = wd->on;
	/* state off, and state off again: both try a pending restore */
	if (!on)
		hdrm_wd_stop(port, true);
	/* Alert changes nothing: what drop turned off goes back on. */
	if (action != DCB_HDRM_WD_ACTION_DROP) {
		wd->held = 0;
		hdrm_wd_undo(port, 0xff, true);
	}
	/* Drop from now on: the priorities stormed now too. */
	if (on && was_on && action == DCB_HDRM_WD_ACTION_DROP &&
	    wd->action != DCB_HDRM_WD_ACTION_DROP) {
		wd->action = action;
		hdrm_wd_drop_stormed(port);
	}
	if (!was_on && on) {
		/* a new watch: storms are counted from now */
		memset(wd->prio, 0, sizeof(wd->prio));
		memset(wd->last_action, 0, sizeof(wd->last_action));
		memset(wd->action_error, 0, sizeof(wd->action_error));
		memset(wd->held_count, 0, sizeof(wd->held_count));
		wd->detect_n = 0;
		wd->restore_n = 0;
		wd->polls = 0;
		wd->poll_errors = 0;
		wd->action_errors = 0;
	}
	wd->on = on;
	wd->action = action;
	wd->detect_ms = detect;
	wd->restore_ms = restore;
	wd->storm_limit = limit;
	wd->storm_period_ms = period;
	wd->recovery = recovery;
	if (poll != wd->poll_ms) {
		wd->poll_ms = poll;
		hdrm_wd_reschedule(port);
	}
	hdrm_wd_start(port);
out:
	rtnl_unlock();
	return err;
}

/* DCB_HDRM_CMD_WATCHDOG_RECOVER: a held priority back as it was. */
int hdrm_nl_watchdog_recover_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr **tb = info->attrs;
	struct hdrm_port *port;
	int err;

	err = hdrm_nl_check_request(info, 0);
	if (err)
		return err;
	if (!tb[DCB_HDRM_A_WATCHDOG_RECOVER_PRIO]) {
		NL_SET_ERR_MSG(info->extack, "watchdog-recover needs recover-prio");
		return -EINVAL;
	}
	rtnl_lock();
	port = hdrm_nl_port_lookup(genl_info_net(info),
				   tb[DCB_HDRM_A_WATCHDOG_IFINDEX], info->extack);
	if (IS_ERR(port))
		err = PTR_ERR(port);
	else
		err = hdrm_wd_recover(port,
				      nla_get_u8(tb[DCB_HDRM_A_WATCHDOG_RECOVER_PRIO]),
				      info->extack);
	if (err == -EINVAL)
		NL_SET_BAD_ATTR(info->extack,
				tb[DCB_HDRM_A_WATCHDOG_RECOVER_PRIO]);
	rtnl_unlock();
	return err;
}
