// SPDX-License-Identifier: GPL-2.0
/*
 * The capability exchange (US 2025/0267110 A1, [0148] and [0172]; the
 * first sequence of Documentation/wire-format.rst): before any probe, a
 * capability request and reply carrying the buffer-configuration field
 * establish that both ends support automatic headroom configuration. Also
 * what this end knows of its peer, however it learned it.
 *
 * The receive side runs in softirq (the receive hook), the request from
 * the session's timer; the announcement of a peer without the capability
 * runs in port->peer_ntf_work, which only ever trylocks rtnl.
 */
#include <linux/etherdevice.h>
#include <linux/rtnetlink.h>

#include "dcb_hdrm.h"
#include "lib/hdrm_ratelimit.h"

/* This end's buffer-configuration field. Context: port->lock held. */
static u8 hdrm_bufcfg_locked(const struct hdrm_port *port)
{
	return HDRM_BUFCFG_AUTO_HDRM |
	       (port->cfg.accept_push ? HDRM_BUFCFG_ACCEPT_PUSH : 0);
}

/* Context: port->lock held. */
static void hdrm_peer_learn_locked(struct hdrm_port *port, bool auto_hdrm,
				   bool has_accept_push, bool accept_push,
				   u8 via)
{
	port->peer.known = true;
	port->peer.auto_hdrm = auto_hdrm;
	port->peer.has_accept_push = has_accept_push;
	port->peer.accept_push = accept_push;
	port->peer.via = via;
	port->peer.learned_ns = ktime_get_ns();
}

/*
 * A peer without the auto-HDRM capability asked for ours or pushed to us:
 * this end must be set by hand (US 2025/0267110 A1, claims 8 and 23, from
 * the side that was probed). Counted, and announced from process context.
 *
 * Context: port->lock held.
 */
void hdrm_peer_no_cap_locked(struct hdrm_port *port)
{
	atomic64_inc(&port->ctr.peer_no_cap);
	if (!port->dead)
		mod_delayed_work(system_wq, &port->peer_ntf_work, 0);
}

/* Announces the device and its peer on the monitor group (peer-ntf). */
void hdrm_peer_ntf_work(struct work_struct *work)
{
	struct hdrm_port *port = container_of(to_delayed_work(work),
					      struct hdrm_port, peer_ntf_work);

	/* Teardown cancels this work under rtnl: never wait for it here. */
	if (!rtnl_trylock()) {
		queue_delayed_work(system_wq, &port->peer_ntf_work, 1);
		return;
	}
	hdrm_notify(port, DCB_HDRM_CMD_PEER_NTF, 0);
	rtnl_unlock();
}

/**
 * hdrm_peer_learn() - record the peer's capability
 * @port: the port
 * @auto_hdrm: the peer supports automatic headroom configuration
 * @has_accept_push: @accept_push is known
 * @accept_push: the peer accepts pushed headroom
 * @via: enum dcb_hdrm_peer_via
 *
 * Context: process.
 */
void hdrm_peer_learn(struct hdrm_port *port, bool auto_hdrm,
		     bool has_accept_push, bool accept_push, u8 via)
{
	spin_lock_bh(&port->lock);
	hdrm_peer_learn_locked(port, auto_hdrm, has_accept_push, accept_push,
			       via);
	spin_unlock_bh(&port->lock);
}

/**
 * hdrm_peer_withdraw_lldp() - LLDP no longer says anything of the peer
 * @port: the port
 *
 * The peer's LLDP agent stopped sending the DCBX PFC TLV, or sent a
 * shutdown LLDPDU: what it advertised is withdrawn (dcb-hdrm lldp listen,
 * Documentation/lldp.rst). Each end is to know whether the other can take
 * part (US 2025/0267110 A1, claims 8 and 23), so a capability this end
 * learned from LLDP alone is forgotten rather than reported on a word the
 * peer took back. One learned in-band stays: the peer's module answered
 * on the link, and LLDP's silence does not contradict it.
 *
 * Context: process.
 */
void hdrm_peer_withdraw_lldp(struct hdrm_port *port)
{
	spin_lock_bh(&port->lock);
	if (port->peer.known && port->peer.via == DCB_HDRM_PEER_VIA_LLDP)
		memset(&port->peer, 0, sizeof(port->peer));
	spin_unlock_bh(&port->lock);
}

/**
 * hdrm_cap_request() - send the session's capability request
 * @port: the port
 * @s: its negotiating session; the request carries its id
 *
 * With encap auto, one in each encapsulation, MAC control first: the
 * answers say which of the two the link carries (a NIC may consume MAC
 * control frames, or drop those software sends).
 *
 * Context: softirq (the session's timer).
 */
void hdrm_cap_request(struct hdrm_port *port, struct hdrm_session *s)
{
	struct hdrm_ctl c = {
		.type = HDRM_CTL_CAP_REQUEST,
		.session = s->id,
		.has_bufcfg = true,
	};

	spin_lock(&port->lock);
	c.bufcfg = hdrm_bufcfg_locked(port);
	spin_unlock(&port->lock);
	if (s->cfg.encap == DCB_HDRM_ENCAP_AUTO) {
		hdrm_ctl_send(port, HDRM_ENCAP_MACCTL, &c);
		hdrm_ctl_send(port, HDRM_ENCAP_ETHER, &c);
	} else {
		hdrm_ctl_send(port, s->encap, &c);
	}
}

/*
 * A capability request: learn the peer's field, its auto-HDRM bit
 * included (US 2025/0267110 A1, claims 8 and 23: each end knows whether
 * the other can take part), and answer with ours.
 */
void hdrm_cap_rx_request(struct hdrm_port *port, enum hdrm_encap encap,
			 const struct hdrm_ctl *c, u64 now)
{
	struct hdrm_ctl reply = {
		.type = HDRM_CTL_CAP_REPLY,
		.session = c->session,
	};
	bool allow;

	spin_lock(&port->lock);
	allow = hdrm_rl_allow(&port->ctl_tat, now, HDRM_CTL_RATE);
	if (allow) {
		hdrm_peer_learn_locked(port, c->bufcfg & HDRM_BUFCFG_AUTO_HDRM,
				       true, c->bufcfg & HDRM_BUFCFG_ACCEPT_PUSH,
				       DCB_HDRM_PEER_VIA_IN_BAND);
		if (!(c->bufcfg & HDRM_BUFCFG_AUTO_HDRM))
			hdrm_peer_no_cap_locked(port);
		/* Without auto-hdrm the answer leaves the field out. */
		reply.has_bufcfg = port->cfg.auto_hdrm;
		reply.bufcfg = hdrm_bufcfg_locked(port);
		/* what this end's replies can carry: follow-ups, the NIC's */
		reply.has_tscap = true;
		reply.tscap = hdrm_reflect_tscap(port);
		if (reply.tscap & HDRM_TSCAP_HARDWARE)
			reply.hw_resolution = port->ts.hw_resolution;
	}
	spin_unlock(&port->lock);
	if (!allow) {
		atomic64_inc(&port->ctr.rate_limited);
		return;
	}
	hdrm_ctl_send(port, encap, &reply);
}

/*
 * A capability reply: only the negotiating session's own counts, and the
 * responder that sent it is the only one whose replies the session takes
 * (hdrm_session_reply()). A second responder's answer to the same request
 * ends the session: two machines answer on this link.
 *
 * With encap auto, an answer in MAC control settles it; one in 0x88B5
 * only marks it possible (ether_ok), and hdrm_session_negotiate() takes
 * it when no MAC control answer came within the request's interval.
 */
void hdrm_cap_rx_reply(struct hdrm_port *port, enum hdrm_encap encap,
		       const u8 *src, const struct hdrm_ctl *c)
{
	bool stale = true, foreign = false;
	struct hdrm_session *s;

	spin_lock(&port->lock);
	s = port->session;
	if (!s || s->done || c->session != s->id)
		goto out;
	if ((s->peer_ok || s->ether_ok) &&
	    !ether_addr_equal(src, s->peer_addr)) {
		stale = false;
		foreign = true;
		hdrm_session_end_locked(port, s, DCB_HDRM_STATUS_FOREIGN);
		goto out;
	}
	/* encap auto: the responder's other answer, once one was taken */
	if (s->peer_ok && s->cfg.encap == DCB_HDRM_ENCAP_AUTO)
		stale = false;
	if (s->negotiating && !s->peer_ok &&
	    (s->cfg.encap == DCB_HDRM_ENCAP_AUTO || encap == s->encap)) {
		stale = false;
		ether_addr_copy(s->peer_addr, src);
		hdrm_peer_learn_locked(port, c->has_bufcfg, c->has_bufcfg,
				       c->bufcfg & HDRM_BUFCFG_ACCEPT_PUSH,
				       DCB_HDRM_PEER_VIA_IN_BAND);
		port->peer.has_tscap = c->has_tscap;
		port->peer.tscap = c->tscap;
		port->peer.hw_resolution = c->hw_resolution;
		s->peer_tscap = c->has_tscap ? c->tscap : 0;
		s->peer_hw_resolution = c->hw_resolution;
		if ((!c->has_bufcfg || !(c->bufcfg & HDRM_BUFCFG_AUTO_HDRM)) &&
		    !hdrm_session_fallback_locked(s,
						  DCB_HDRM_STATUS_PEER_NO_CAP)) {
			hdrm_session_end_locked(port, s,
						DCB_HDRM_STATUS_PEER_NO_CAP);
		} else if (!c->has_bufcfg ||
			   !(c->bufcfg & HDRM_BUFCFG_AUTO_HDRM)) {
			/* method auto: measured with peer delay instead */
		} else if (encap == HDRM_ENCAP_ETHER &&
			   s->cfg.encap == DCB_HDRM_ENCAP_AUTO) {
			s->ether_ok = true;
		} else {
			s->encap = encap;
			s->peer_ok = true;
		}
	}
out:
	spin_unlock(&port->lock);
	if (stale)
		atomic64_inc(&port->ctr.stale);
	if (foreign)
		atomic64_inc(&port->ctr.foreign);
}
