// SPDX-License-Identifier: GPL-2.0
/*
 * Writing a result to the driver (the seed's step S104) through its DCB
 * operations, reading back what the driver holds, and measuring again when
 * the link changes.
 *
 * Both works here need rtnl: the DCB operations and a session's start run
 * under it. They take it with rtnl_trylock() and run again a jiffy later
 * when it is busy, so the netdevice notifier, which runs under rtnl, may
 * cancel them synchronously when the device goes (see dcb_hdrm.h).
 */
#include <linux/ethtool.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <net/dcbnl.h>
#include <net/genetlink.h>

#include "dcb_hdrm.h"

#if IS_ENABLED(CONFIG_DCB)

static void hdrm_buffers_from(struct hdrm_buffers *b,
			      const struct dcbnl_buffer *d)
{
	BUILD_BUG_ON(sizeof(b->prio2buffer) != sizeof(d->prio2buffer));
	BUILD_BUG_ON(sizeof(b->size) != sizeof(d->buffer_size));
	memcpy(b->prio2buffer, d->prio2buffer, sizeof(b->prio2buffer));
	memcpy(b->size, d->buffer_size, sizeof(b->size));
	b->total = d->total_size;
}

static void hdrm_buffers_to(struct dcbnl_buffer *d,
			    const struct hdrm_buffers *b)
{
	memcpy(d->prio2buffer, b->prio2buffer, sizeof(d->prio2buffer));
	memcpy(d->buffer_size, b->size, sizeof(d->buffer_size));
	d->total_size = b->total;
}

static bool hdrm_has_pfc(const struct dcbnl_rtnl_ops *ops)
{
	return ops && ops->ieee_getpfc && ops->ieee_setpfc;
}

static bool hdrm_has_buffer(const struct dcbnl_rtnl_ops *ops)
{
	return ops && ops->dcbnl_getbuffer && ops->dcbnl_setbuffer;
}

#endif /* CONFIG_DCB */

/* The driver's name, as ethtool reports it. Context: rtnl held. */
static void hdrm_driver_name(struct net_device *dev,
			     struct ethtool_drvinfo *info)
{
	memset(info, 0, sizeof(*info));
	if (dev->ethtool_ops && dev->ethtool_ops->get_drvinfo)
		dev->ethtool_ops->get_drvinfo(dev, info);
}

/* The unit the module writes ieee_pfc.delay in, for this driver. */
static u8 hdrm_delay_unit_of(const char *driver, u8 configured)
{
	if (configured != DCB_HDRM_DELAY_UNIT_AUTO)
		return configured;
	return hdrm_driver_reads_metres(driver) ?
	       DCB_HDRM_DELAY_UNIT_METRES : DCB_HDRM_DELAY_UNIT_BITS;
}

/* Context: rtnl held. */
static u8 hdrm_delay_unit(struct net_device *dev, u8 configured)
{
	struct ethtool_drvinfo info;

	if (configured != DCB_HDRM_DELAY_UNIT_AUTO)
		return configured;
	hdrm_driver_name(dev, &info);
	return hdrm_delay_unit_of(info.driver, configured);
}

#if IS_ENABLED(CONFIG_DCB)

static int hdrm_apply_delay(struct net_device *dev,
			    const struct hdrm_result *r,
			    struct hdrm_applied *a)
{
	const struct dcbnl_rtnl_ops *ops = dev->dcbnl_ops;
	struct hdrm_delay d;
	struct ieee_pfc pfc;
	int err;

	if (!hdrm_has_pfc(ops))
		return -EOPNOTSUPP;
	err = hdrm_delay_value(hdrm_allowance_ns(r->rtt_estimate, r->precision),
			       r->speed,
			       a->delay_unit == DCB_HDRM_DELAY_UNIT_METRES ?
			       HDRM_DELAY_METRES : HDRM_DELAY_BITS, &d);
	if (err)
		return err;
	a->delay_wanted = d.wanted;
	a->clamped = d.clamped;

	/* Read-modify-write of the whole object, as dcb(8) does. */
	memset(&pfc, 0, sizeof(pfc));
	err = ops->ieee_getpfc(dev, &pfc);
	if (err)
		return err;
	a->delay_old = pfc.delay;
	pfc.delay = d.value;
	err = ops->ieee_setpfc(dev, &pfc);
	if (err)
		return err;
	a->delay_new = d.value;
	return 0;
}

static int hdrm_apply_buffer(struct net_device *dev,
			     const struct hdrm_result *r,
			     struct hdrm_applied *a)
{
	const struct dcbnl_rtnl_ops *ops = dev->dcbnl_ops;
	struct hdrm_buffer_plan *plan;
	struct dcbnl_buffer buf;
	struct ieee_pfc pfc;
	u8 pfc_en;
	int err;

	if (!hdrm_has_buffer(ops))
		return -EOPNOTSUPP;
	/* The lossless buffers are those PFC-enabled priorities map to. */
	if (ops->ieee_getpfc) {
		memset(&pfc, 0, sizeof(pfc));
		err = ops->ieee_getpfc(dev, &pfc);
		if (err)
			return err;
		pfc_en = pfc.pfc_en;
	} else {
		pfc_en = r->prio_mask;
	}
	memset(&buf, 0, sizeof(buf));
	err = ops->dcbnl_getbuffer(dev, &buf);
	if (err)
		return err;
	hdrm_buffers_from(&a->buf_old, &buf);

	plan = kzalloc(sizeof(*plan), GFP_KERNEL);
	if (!plan)
		return -ENOMEM;
	err = hdrm_buffer_plan(&a->buf_old, pfc_en, r->headroom_bytes,
			       r->prio_mask, r->cell, plan);
	if (err)
		goto out;
	a->lossless = plan->lossless;
	a->clamped = plan->clamped;
	memcpy(a->buf_wanted, plan->wanted, sizeof(a->buf_wanted));
	hdrm_buffers_to(&buf, &plan->next);
	err = ops->dcbnl_setbuffer(dev, &buf);
	if (err)
		goto out;
	/* What the driver holds now: it may have rounded. */
	memset(&buf, 0, sizeof(buf));
	if (ops->dcbnl_getbuffer(dev, &buf))
		hdrm_buffers_to(&buf, &plan->next);
	hdrm_buffers_from(&a->buf_new, &buf);
out:
	kfree(plan);
	return err;
}

/**
 * hdrm_dev_buffer_total() - the device's buffer total, from its driver
 * @dev: the device
 *
 * Context: rtnl held. Return: bytes, or 0 when the driver does not say.
 */
u32 hdrm_dev_buffer_total(struct net_device *dev)
{
	const struct dcbnl_rtnl_ops *ops = dev->dcbnl_ops;
	struct dcbnl_buffer buf = {};

	ASSERT_RTNL();
	if (!ops || !ops->dcbnl_getbuffer || ops->dcbnl_getbuffer(dev, &buf))
		return 0;
	return buf.total_size;
}

/* Context: rtnl held. Fills @a; a->error says how it went. */
static void hdrm_apply(struct net_device *dev, const struct hdrm_result *r,
		       u8 method, u8 unit, struct hdrm_applied *a)
{
	const struct dcbnl_rtnl_ops *ops = dev->dcbnl_ops;

	ASSERT_RTNL();
	if (method == DCB_HDRM_APPLY_AUTO)
		method = hdrm_has_buffer(ops) ? DCB_HDRM_APPLY_BUFFER :
						DCB_HDRM_APPLY_DELAY;
	a->method = method;
	a->delay_unit = hdrm_delay_unit(dev, unit);
	if (method == DCB_HDRM_APPLY_BUFFER)
		a->error = hdrm_apply_buffer(dev, r, a);
	else
		a->error = hdrm_apply_delay(dev, r, a);
	/* What dcb(8) monitors and lldpad listen to. */
	if (!a->error)
		dcbnl_ieee_notify(dev, RTM_SETDCB, DCB_CMD_IEEE_SET, 0, 0);
}

#else /* !CONFIG_DCB */

u32 hdrm_dev_buffer_total(struct net_device *dev)
{
	return 0;
}

static void hdrm_apply(struct net_device *dev, const struct hdrm_result *r,
		       u8 method, u8 unit, struct hdrm_applied *a)
{
	a->method = method == DCB_HDRM_APPLY_AUTO ? DCB_HDRM_APPLY_DELAY :
						    method;
	a->delay_unit = hdrm_delay_unit(dev, unit);
	a->error = -EOPNOTSUPP;
}

#endif /* CONFIG_DCB */

/**
 * hdrm_apply_schedule() - write the port's new result to the driver soon
 * @port: the port whose result just ended
 * @method: enum dcb_hdrm_apply, not none
 *
 * Context: process, no lock held.
 */
void hdrm_apply_schedule(struct hdrm_port *port, u8 method)
{
	spin_lock_bh(&port->lock);
	port->apply_pending = method;
	spin_unlock_bh(&port->lock);
	mod_delayed_work(system_wq, &port->apply_work, 0);
}

/**
 * hdrm_apply_now() - write a result to the driver and keep what was written
 * @port: the port
 * @r: the result
 * @method: enum dcb_hdrm_apply, not none
 *
 * Context: rtnl held. The caller announces it (DCB_HDRM_CMD_APPLY_NTF)
 * once rtnl is released.
 *
 * Return: 0, or the negative errno of the module or the driver.
 */
int hdrm_apply_now(struct hdrm_port *port, const struct hdrm_result *r,
		   u8 method)
{
	struct hdrm_applied *a;
	u8 unit;
	int err;

	ASSERT_RTNL();
	a = kzalloc(sizeof(*a), GFP_KERNEL);
	if (!a) {
		atomic64_inc(&port->ctr.apply_errors);
		return -ENOMEM;
	}
	spin_lock_bh(&port->lock);
	unit = port->cfg.delay_unit;
	spin_unlock_bh(&port->lock);
	a->session = r->session;
	hdrm_apply(port->dev, r, method, unit, a);
	err = a->error;
	atomic64_inc(err ? &port->ctr.apply_errors : &port->ctr.applied);
	spin_lock_bh(&port->lock);
	swap(port->applied, a);
	spin_unlock_bh(&port->lock);
	kfree(a);
	return err;
}

void hdrm_apply_work(struct work_struct *work)
{
	struct hdrm_port *port = container_of(to_delayed_work(work),
					      struct hdrm_port, apply_work);
	struct hdrm_result *r;
	u8 method;

	r = kmalloc(sizeof(*r), GFP_KERNEL);
	if (!r) {
		atomic64_inc(&port->ctr.apply_errors);
		return;
	}
	if (!rtnl_trylock()) {
		queue_delayed_work(system_wq, &port->apply_work, 1);
		goto out;
	}
	spin_lock_bh(&port->lock);
	method = port->apply_pending;
	port->apply_pending = DCB_HDRM_APPLY_NONE;
	if (port->result)
		*r = *port->result;
	else
		method = DCB_HDRM_APPLY_NONE;
	spin_unlock_bh(&port->lock);
	if (method != DCB_HDRM_APPLY_NONE)
		hdrm_apply_now(port, r, method);
	rtnl_unlock();
	if (method != DCB_HDRM_APPLY_NONE)
		hdrm_nl_result_notify(port, DCB_HDRM_CMD_APPLY_NTF);
out:
	kfree(r);
}

/**
 * hdrm_remeasure_kick() - measure the port again after @delay_ms
 * @port: the port
 * @delay_ms: from now; a later kick within it pushes the measurement back,
 *	      so a burst of events makes one measurement
 *
 * Context: any.
 */
void hdrm_remeasure_kick(struct hdrm_port *port, unsigned int delay_ms)
{
	mod_delayed_work(system_wq, &port->remeasure_work,
			 msecs_to_jiffies(delay_ms));
}

void hdrm_remeasure_work(struct work_struct *work)
{
	struct hdrm_port *port = container_of(to_delayed_work(work),
					      struct hdrm_port,
					      remeasure_work);
	struct net_device *dev = port->dev;
	struct hdrm_session *s;
	struct hdrm_config cfg;
	unsigned long again = 0;
	u32 id;
	int err;

	s = hdrm_session_alloc(HDRM_DEF_COUNT, GFP_KERNEL);
	if (!s) {
		queue_delayed_work(system_wq, &port->remeasure_work, HZ);
		return;
	}
	if (!rtnl_trylock()) {
		hdrm_session_free(s);
		queue_delayed_work(system_wq, &port->remeasure_work, 1);
		return;
	}
	spin_lock_bh(&port->lock);
	cfg = port->cfg;
	spin_unlock_bh(&port->lock);
	if (!cfg.remeasure)
		goto unlock;
	if (cfg.remeasure_period)
		again = cfg.remeasure_period * HZ;
	/* A link that is down is measured when it comes up. */
	if (!netif_running(dev) || !netif_carrier_ok(dev))
		goto unlock;

	s->interval_us = HDRM_DEF_INTERVAL_US;
	s->timeout_ms = HDRM_DEF_TIMEOUT_MS;
	s->mode = DCB_HDRM_MODE_4TS;
	s->estimator = DCB_HDRM_ESTIMATOR_MIN;
	s->apply = cfg.apply;
	hdrm_session_snapshot(port, s);
	err = hdrm_session_start(port, s, &id, NULL);
	if (!err) {
		s = NULL;	/* the port's now */
		atomic64_inc(&port->ctr.remeasured);
	} else if (err == -EBUSY) {
		/* Someone is measuring: the next result is ours, later. */
		again = HZ;
	}
unlock:
	rtnl_unlock();
	hdrm_session_free(s);
	if (again)
		queue_delayed_work(system_wq, &port->remeasure_work, again);
}

/*
 * Context: process, rtnl may be held (neither work blocks on it). On
 * return neither work runs or is queued.
 */
void hdrm_port_works_cancel(struct hdrm_port *port)
{
	cancel_delayed_work_sync(&port->remeasure_work);
	cancel_delayed_work_sync(&port->apply_work);
	cancel_delayed_work_sync(&port->push_work);
	cancel_delayed_work_sync(&port->rx_push_work);
	cancel_delayed_work_sync(&port->peer_ntf_work);
}

static int hdrm_put_buffers(struct sk_buff *skb, int attr,
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
 * hdrm_put_dcb_state() - the device's PFC and buffers, from its driver
 * @skb: the message
 * @dev: the device
 * @cfg: the port's configuration (for the delay unit)
 *
 * Context: rtnl held. Puts nothing when the driver has no DCB operations.
 */
int hdrm_put_dcb_state(struct sk_buff *skb, struct net_device *dev,
		       const struct hdrm_config *cfg)
{
#if IS_ENABLED(CONFIG_DCB)
	const struct dcbnl_rtnl_ops *ops = dev->dcbnl_ops;
	struct ethtool_drvinfo info;
	struct hdrm_buffers b;
	struct dcbnl_buffer buf;
	struct ieee_pfc pfc;
	struct nlattr *nest;

	ASSERT_RTNL();
	if (!ops)
		return 0;
	hdrm_driver_name(dev, &info);
	nest = nla_nest_start(skb, DCB_HDRM_A_DEV_DCB_STATE);
	if (!nest ||
	    nla_put_string(skb, DCB_HDRM_A_DCB_STATE_DRIVER, info.driver) ||
	    nla_put_u32(skb, DCB_HDRM_A_DCB_STATE_DELAY_UNIT,
			hdrm_delay_unit_of(info.driver, cfg->delay_unit)))
		return -EMSGSIZE;
	memset(&pfc, 0, sizeof(pfc));
	if (ops->ieee_getpfc && !ops->ieee_getpfc(dev, &pfc) &&
	    (nla_put_u32(skb, DCB_HDRM_A_DCB_STATE_PFC_CAP, pfc.pfc_cap) ||
	     nla_put_u32(skb, DCB_HDRM_A_DCB_STATE_PFC_EN, pfc.pfc_en) ||
	     nla_put_u32(skb, DCB_HDRM_A_DCB_STATE_PFC_DELAY, pfc.delay)))
		return -EMSGSIZE;
	memset(&buf, 0, sizeof(buf));
	if (ops->dcbnl_getbuffer && !ops->dcbnl_getbuffer(dev, &buf)) {
		hdrm_buffers_from(&b, &buf);
		if (hdrm_put_buffers(skb, DCB_HDRM_A_DCB_STATE_BUFFER, &b,
				     NULL, NULL, 0) ||
		    nla_put_u32(skb, DCB_HDRM_A_DCB_STATE_BUFFER_TOTAL,
				b.total))
			return -EMSGSIZE;
	}
	nla_nest_end(skb, nest);
#endif
	return 0;
}

/* The applied nest of a result message. */
int hdrm_put_applied(struct sk_buff *skb, const struct hdrm_applied *a)
{
	struct nlattr *nest;

	nest = nla_nest_start(skb, DCB_HDRM_A_RESULT_APPLIED);
	if (!nest ||
	    nla_put_u32(skb, DCB_HDRM_A_APPLIED_SESSION, a->session) ||
	    nla_put_u32(skb, DCB_HDRM_A_APPLIED_METHOD, a->method) ||
	    nla_put_u32(skb, DCB_HDRM_A_APPLIED_ERROR, -a->error) ||
	    nla_put_u8(skb, DCB_HDRM_A_APPLIED_CLAMPED, a->clamped))
		return -EMSGSIZE;
	if (a->method == DCB_HDRM_APPLY_DELAY &&
	    (nla_put_u32(skb, DCB_HDRM_A_APPLIED_DELAY_UNIT, a->delay_unit) ||
	     nla_put_u32(skb, DCB_HDRM_A_APPLIED_DELAY_OLD, a->delay_old) ||
	     nla_put_u32(skb, DCB_HDRM_A_APPLIED_DELAY_NEW, a->delay_new) ||
	     nla_put_u64_64bit(skb, DCB_HDRM_A_APPLIED_DELAY_WANTED,
			       a->delay_wanted, DCB_HDRM_A_APPLIED_PAD)))
		return -EMSGSIZE;
	if (a->method == DCB_HDRM_APPLY_BUFFER && a->lossless &&
	    (hdrm_put_buffers(skb, DCB_HDRM_A_APPLIED_BUFFER,
			      a->error ? &a->buf_old : &a->buf_new,
			      &a->buf_old, a->buf_wanted, a->lossless) ||
	     nla_put_u32(skb, DCB_HDRM_A_APPLIED_BUFFER_TOTAL,
			 a->buf_old.total)))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}
