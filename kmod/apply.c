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
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <net/genetlink.h>

#include "dcb_hdrm.h"

static int hdrm_apply_delay(struct net_device *dev,
			    const struct hdrm_result *r,
			    struct hdrm_applied *a)
{
	struct hdrm_delay d;
	int err;

	if (!hdrm_drv_has_pfc(dev))
		return -EOPNOTSUPP;
	err = hdrm_delay_value(hdrm_allowance_ns(r->rtt_estimate, r->precision),
			       r->speed,
			       a->delay_unit == DCB_HDRM_DELAY_UNIT_METRES ?
			       HDRM_DELAY_METRES : HDRM_DELAY_BITS, &d);
	if (err)
		return err;
	a->delay_wanted = d.wanted;
	a->clamped = d.clamped;

	err = hdrm_drv_set_pfc_delay(dev, d.value, &a->delay_old);
	if (err)
		return err;
	a->delay_new = d.value;
	return 0;
}

static int hdrm_apply_buffer(struct net_device *dev,
			     const struct hdrm_result *r,
			     struct hdrm_applied *a)
{
	struct hdrm_buffer_plan *plan;
	struct hdrm_drv_pfc pfc;
	u8 pfc_en;
	int err;

	if (!hdrm_drv_has_buffer(dev))
		return -EOPNOTSUPP;
	/* The lossless buffers are those PFC-enabled priorities map to. */
	if (hdrm_drv_can_get_pfc(dev)) {
		err = hdrm_drv_get_pfc(dev, &pfc);
		if (err)
			return err;
		pfc_en = pfc.en;
	} else {
		pfc_en = r->prio_mask;
	}
	err = hdrm_drv_get_buffer(dev, &a->buf_old);
	if (err)
		return err;

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
	err = hdrm_drv_set_buffer(dev, &plan->next);
	if (err)
		goto out;
	/* What the driver holds now: it may have rounded. */
	if (hdrm_drv_get_buffer(dev, &a->buf_new))
		a->buf_new = plan->next;
out:
	kfree(plan);
	return err;
}

/* Context: rtnl held. Fills @a; a->error says how it went. */
static void hdrm_apply(struct net_device *dev, const struct hdrm_result *r,
		       u8 method, u8 unit, struct hdrm_applied *a)
{
	ASSERT_RTNL();
	if (method == DCB_HDRM_APPLY_AUTO)
		method = hdrm_drv_has_buffer(dev) ? DCB_HDRM_APPLY_BUFFER :
						    DCB_HDRM_APPLY_DELAY;
	a->method = method;
	a->delay_unit = hdrm_drv_delay_unit(dev, unit);
	if (method == DCB_HDRM_APPLY_BUFFER)
		a->error = hdrm_apply_buffer(dev, r, a);
	else
		a->error = hdrm_apply_delay(dev, r, a);
	if (!a->error)
		hdrm_drv_dcb_notify(dev);
}

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
		hdrm_notify(port, DCB_HDRM_CMD_APPLY_NTF);
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
