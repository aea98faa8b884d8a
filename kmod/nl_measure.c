// SPDX-License-Identifier: GPL-2.0
/*
 * DCB_HDRM_CMD_MEASURE: start measuring a device's link. Everything the
 * headroom needs from the device (speed, MTU, PFC priorities) is read now,
 * under rtnl, so the session's end never needs rtnl. The request returns
 * at once with the session id; the result comes as a notification.
 */
#include <linux/rtnetlink.h>
#include <net/genetlink.h>
#include <uapi/linux/dcb_hdrm.h>

#include "dcb_hdrm.h"
#include "nl_gen.h"

static u32 nla_get_u32_or(const struct nlattr *attr, u32 def)
{
	return attr ? nla_get_u32(attr) : def;
}

/*
 * What peer delay cannot do: loop the frame back (2ts: a Pdelay_Req is
 * always answered with timestamps), or take a push (a switch or ptp4l
 * has no dcb_hdrm to take it). The PTP options only mean something to it.
 * @m is the method in effect: the request's, else the device's (dev set
 * method); an error names the request's method attribute where it has
 * one, the device otherwise.
 */
static int hdrm_nl_measure_method_check(struct nlattr **tb, u8 m,
					struct netlink_ext_ack *extack)
{
	struct nlattr *method = tb[DCB_HDRM_A_MEASURE_METHOD] ?:
				tb[DCB_HDRM_A_MEASURE_IFINDEX];
	struct nlattr *ptp = tb[DCB_HDRM_A_MEASURE_PTP_DOMAIN] ?:
			     tb[DCB_HDRM_A_MEASURE_PTP_SDO];
	struct nlattr *given = tb[DCB_HDRM_A_MEASURE_PEER_DELAY] ?:
			       tb[DCB_HDRM_A_MEASURE_PEER_DELAY_HW];
	bool ptp4l = m == DCB_HDRM_METHOD_PTP4L;
	/* both measure a peer without dcb_hdrm, through PTP */
	bool pdelay = m == DCB_HDRM_METHOD_PDELAY || ptp4l;
	bool two_ts = tb[DCB_HDRM_A_MEASURE_MODE] &&
		      nla_get_u32(tb[DCB_HDRM_A_MEASURE_MODE]) ==
		      DCB_HDRM_MODE_2TS;

	if (pdelay && two_ts) {
		NL_SET_ERR_MSG_ATTR(extack, method,
				    "methods pdelay and ptp4l take four timestamps: not with mode 2ts");
		return -EINVAL;
	}
	if (pdelay && tb[DCB_HDRM_A_MEASURE_PUSH] &&
	    nla_get_u8(tb[DCB_HDRM_A_MEASURE_PUSH])) {
		NL_SET_ERR_MSG_ATTR(extack, tb[DCB_HDRM_A_MEASURE_PUSH],
				    "a peer delay responder takes no push: set its headroom from the result");
		return -EINVAL;
	}
	if (ptp && (m == DCB_HDRM_METHOD_HDRM || ptp4l)) {
		NL_SET_ERR_MSG_ATTR(extack, ptp,
				    "ptp-domain and ptp-sdo are for method pdelay or auto");
		return -EINVAL;
	}
	if (ptp4l && !tb[DCB_HDRM_A_MEASURE_PEER_DELAY]) {
		NL_SET_ERR_MSG_ATTR(extack, method,
				    "method ptp4l takes ptp4l's peer delay in peer-delay");
		return -EINVAL;
	}
	if (given && !ptp4l) {
		NL_SET_ERR_MSG_ATTR(extack, given,
				    "peer-delay and peer-delay-hw are for method ptp4l");
		return -EINVAL;
	}
	return 0;
}

/*
 * A response measurement (response-prio): the peer's module streams and
 * this end pauses it, so the round trip is measured with hdrm (auto is
 * taken as hdrm, never falling back to peer delay); the pause is a real
 * PFC frame, which means something only on a priority with PFC on at
 * this end (the peer's MAC honours it only where its own PFC is on);
 * and a peer known to lack the capability would refuse the stream.
 * Passive (response-passive), the peer's own traffic is paused: no
 * stream, so any method and no capability (a switch; issue 30, item 5).
 * Context: rtnl held (the driver's PFC).
 */
static int hdrm_nl_measure_response_check(struct hdrm_port *port,
					  struct hdrm_session *s,
					  struct nlattr **tb,
					  struct netlink_ext_ack *extack)
{
	struct nlattr *passive = tb[DCB_HDRM_A_MEASURE_RESPONSE_PASSIVE];
	struct nlattr *prio = tb[DCB_HDRM_A_MEASURE_RESPONSE_PRIO];
	struct hdrm_drv_pfc pfc;
	bool no_cap;

	if (!prio) {
		if (tb[DCB_HDRM_A_MEASURE_RESPONSE_REPEATS] || passive) {
			NL_SET_ERR_MSG_ATTR(extack,
					    tb[DCB_HDRM_A_MEASURE_RESPONSE_REPEATS] ?: passive,
					    "response-repeats and response-passive are for a response measurement: give response-prio");
			return -EINVAL;
		}
		return 0;
	}
	if (s->method_req == DCB_HDRM_METHOD_AUTO && !passive)
		s->method_req = DCB_HDRM_METHOD_HDRM;
	if (s->method_req != DCB_HDRM_METHOD_HDRM && !passive) {
		NL_SET_ERR_MSG_ATTR(extack, tb[DCB_HDRM_A_MEASURE_METHOD] ?: prio,
				    "a pause response is measured with the peer's dcb_hdrm streaming: method hdrm (or auto), not pdelay or ptp4l");
		return -EINVAL;
	}
	if (!hdrm_drv_can_get_pfc(port->dev) ||
	    hdrm_drv_get_pfc(port->dev, &pfc)) {
		NL_SET_ERR_MSG_ATTR(extack, prio,
				    "the device's driver reports no PFC (ieee_getpfc): the response is measured with a PFC pause of the priority, which needs PFC on it at both ends");
		return -EOPNOTSUPP;
	}
	s->response_prio = nla_get_u8(prio);
	if (!(pfc.en & BIT(s->response_prio))) {
		NL_SET_ERR_MSG_ATTR(extack, prio,
				    "PFC is off for the response priority on this device: turn it on at both ends (dcb pfc set dev DEV prio-pfc P:on)");
		return -EINVAL;
	}
	spin_lock_bh(&port->lock);
	no_cap = port->peer.known && !port->peer.auto_hdrm;
	spin_unlock_bh(&port->lock);
	if (no_cap && !passive) {
		NL_SET_ERR_MSG_ATTR(extack, prio,
				    "the peer has no auto-HDRM capability on record, and streams to nobody without it: run dcb_hdrm there with auto-hdrm and accept-stream on");
		return -EOPNOTSUPP;
	}
	s->response = true;
	s->response_passive = !!passive;
	s->response_repeats = tb[DCB_HDRM_A_MEASURE_RESPONSE_REPEATS] ?
		nla_get_u32(tb[DCB_HDRM_A_MEASURE_RESPONSE_REPEATS]) :
		HDRM_RESPONSE_DEF_REPEATS;
	return 0;
}

int hdrm_nl_measure_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr **tb = info->attrs;
	struct hdrm_session *s;
	struct hdrm_port *port;
	struct net_device *dev;
	struct sk_buff *msg;
	u32 count, id, apply;
	u8 method;
	bool push;
	void *hdr;
	int err;

	err = hdrm_nl_check_request(info, 0);
	if (err)
		return err;
	if (tb[DCB_HDRM_A_MEASURE_APPLY] && tb[DCB_HDRM_A_MEASURE_APPLY_OWN] &&
	    nla_get_u8(tb[DCB_HDRM_A_MEASURE_APPLY_OWN])) {
		NL_SET_ERR_MSG_ATTR(info->extack, tb[DCB_HDRM_A_MEASURE_APPLY_OWN],
				    "apply-own takes the device's method: not with apply");
		return -EINVAL;
	}
	count = nla_get_u32_or(tb[DCB_HDRM_A_MEASURE_COUNT], HDRM_DEF_COUNT);
	/* Allocate before rtnl: nothing sleeps while holding it. */
	s = hdrm_session_alloc(count, GFP_KERNEL);
	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!s || !msg) {
		err = -ENOMEM;
		goto free;
	}
	s->interval_us = nla_get_u32_or(tb[DCB_HDRM_A_MEASURE_INTERVAL],
					HDRM_DEF_INTERVAL_US);
	s->timeout_ms = nla_get_u32_or(tb[DCB_HDRM_A_MEASURE_TIMEOUT],
				       HDRM_DEF_TIMEOUT_MS);
	s->mode = nla_get_u32_or(tb[DCB_HDRM_A_MEASURE_MODE],
				 DCB_HDRM_MODE_4TS);
	s->estimator = nla_get_u32_or(tb[DCB_HDRM_A_MEASURE_ESTIMATOR],
				      DCB_HDRM_ESTIMATOR_MIN);
	if (tb[DCB_HDRM_A_MEASURE_TS_MODE])
		s->ts_mode = nla_get_u8(tb[DCB_HDRM_A_MEASURE_TS_MODE]);
	if (tb[DCB_HDRM_A_MEASURE_PEER_DELAY])
		s->ptp4l_delay = nla_get_u32(tb[DCB_HDRM_A_MEASURE_PEER_DELAY]);
	s->ptp4l_hw = tb[DCB_HDRM_A_MEASURE_PEER_DELAY_HW] &&
		      nla_get_u8(tb[DCB_HDRM_A_MEASURE_PEER_DELAY_HW]);
	if (tb[DCB_HDRM_A_MEASURE_OWNED] &&
	    nla_get_u8(tb[DCB_HDRM_A_MEASURE_OWNED])) {
		s->owner_portid = info->snd_portid;
		s->owner_net = genl_info_net(info);
	}

	rtnl_lock();
	port = hdrm_nl_port_lookup(genl_info_net(info),
				   tb[DCB_HDRM_A_MEASURE_IFINDEX], info->extack);
	if (IS_ERR(port)) {
		err = PTR_ERR(port);
		goto unlock;
	}
	dev = port->dev;
	if (!netif_running(dev) || !netif_carrier_ok(dev)) {
		NL_SET_ERR_MSG_ATTR(info->extack, tb[DCB_HDRM_A_MEASURE_IFINDEX],
				    "the device is down or has no carrier");
		err = -ENETDOWN;
		goto unlock;
	}
	/* the device's defaults where the request names none; cfg is rtnl's */
	s->method_req = tb[DCB_HDRM_A_MEASURE_METHOD] ?
			nla_get_u8(tb[DCB_HDRM_A_MEASURE_METHOD]) :
			port->cfg.method;
	s->ptp_domain = tb[DCB_HDRM_A_MEASURE_PTP_DOMAIN] ?
			nla_get_u8(tb[DCB_HDRM_A_MEASURE_PTP_DOMAIN]) :
			port->cfg.ptp_domain;
	s->ptp_sdo = tb[DCB_HDRM_A_MEASURE_PTP_SDO] ?
		     nla_get_u8(tb[DCB_HDRM_A_MEASURE_PTP_SDO]) :
		     port->cfg.ptp_sdo;
	err = hdrm_nl_measure_method_check(tb, s->method_req, info->extack);
	if (err)
		goto unlock;
	err = hdrm_nl_measure_response_check(port, s, tb, info->extack);
	if (err)
		goto unlock;
	if (s->method_req == DCB_HDRM_METHOD_PDELAY &&
	    hdrm_ptp_local_busy(port, ktime_get_ns())) {
		NL_SET_ERR_MSG_ATTR(info->extack,
				    tb[DCB_HDRM_A_MEASURE_METHOD] ?:
				    tb[DCB_HDRM_A_MEASURE_IFINDEX],
				    "a PTP daemon (ptp4l) runs on this device, and would take the answers to our peer delay requests for rogue ones: read its peer delay instead (pmc GET PORT_DATA_SET)");
		err = -EBUSY;
		goto unlock;
	}
	hdrm_session_snapshot(port, s);
	spin_lock_bh(&port->lock);
	s->apply = tb[DCB_HDRM_A_MEASURE_APPLY] ?
		   nla_get_u32(tb[DCB_HDRM_A_MEASURE_APPLY]) : port->cfg.apply;
	/* "apply" alone: the device's own method, auto where it has none */
	if (tb[DCB_HDRM_A_MEASURE_APPLY_OWN] &&
	    nla_get_u8(tb[DCB_HDRM_A_MEASURE_APPLY_OWN]) &&
	    s->apply == DCB_HDRM_APPLY_NONE)
		s->apply = DCB_HDRM_APPLY_AUTO;
	s->push = tb[DCB_HDRM_A_MEASURE_PUSH] &&
		  nla_get_u8(tb[DCB_HDRM_A_MEASURE_PUSH]);
	spin_unlock_bh(&port->lock);
	/* for the reply: the session may be gone once started */
	apply = s->apply;
	push = s->push;
	method = s->method_req;

	err = hdrm_session_start(port, s, &id, info->extack);
	if (err)
		goto unlock;
	/* The port owns the session now and may already have freed it. */
	hdr = genlmsg_put_reply(msg, info, &dcb_hdrm_family, 0,
				DCB_HDRM_CMD_MEASURE);
	if (!hdr || nla_put_u32(msg, DCB_HDRM_A_MEASURE_SESSION, id) ||
	    nla_put_u32(msg, DCB_HDRM_A_MEASURE_APPLY, apply) ||
	    nla_put_u8(msg, DCB_HDRM_A_MEASURE_PUSH, push) ||
	    nla_put_u8(msg, DCB_HDRM_A_MEASURE_METHOD, method)) {
		rtnl_unlock();
		nlmsg_free(msg);
		return -EMSGSIZE;
	}
	rtnl_unlock();
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);

unlock:
	rtnl_unlock();
free:
	hdrm_session_free(s);
	nlmsg_free(msg);
	return err;
}
