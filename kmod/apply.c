// SPDX-License-Identifier: GPL-2.0
/*
 * Applying a result: writing its headroom to the driver through the driver
 * layer (US 2025/0267110 A1, [0132]), as a PFC delay or as buffer sizes,
 * and keeping what was written for the result's applied nest.
 *
 * port->apply_work needs rtnl for the DCB operations. It takes it with
 * rtnl_trylock() and runs again a jiffy later when it is busy, so the
 * netdevice notifier, which runs under rtnl, may cancel it synchronously
 * when the device goes (see dcb_hdrm.h).
 */
#include <linux/rtnetlink.h>
#include <linux/slab.h>

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
