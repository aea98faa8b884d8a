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
#include "trace.h"

/**
 * hdrm_model_inputs() - what the model needs from a result and its device
 * @dev: the device
 * @r: the result
 * @model: enum dcb_hdrm_model, resolved
 * @unit: enum dcb_hdrm_delay_unit, resolved
 * @d: the device's constants
 * @s: what its driver holds now
 * @n: what the result asks for
 *
 * Context: rtnl held.
 */
void hdrm_model_inputs(struct net_device *dev, const struct hdrm_result *r,
		       u8 model, u8 unit, struct hdrm_model_dev *d,
		       struct hdrm_model_state *s, struct hdrm_model_need *n)
{
	unsigned int p;

	hdrm_drv_model_dev(dev, model, unit, r->speed,
			   hdrm_model_cell(model, r->cell), d);
	hdrm_drv_model_state(dev, s);
	memset(n, 0, sizeof(*n));
	n->mask = r->prio_mask;
	for (p = 0; p < HDRM_PRIOS; p++) {
		n->bytes[p] = r->headroom_bytes[p];
		n->inflight[p] = r->inflight_bytes[p];
	}
	n->allowance_ns = hdrm_allowance_ns(r->rtt_estimate, r->precision);
}

/*
 * mlx5 with buffers it may not own: the sizes that take them (one cell
 * away from @cur's, put back after the length), or a refusal in @a.
 * Nothing to take when the plan's own buffer write changes a size, or
 * when this module took them before.
 */
static int hdrm_mlx5_take(const struct hdrm_model_dev *d,
			  const struct hdrm_model_plan *plan,
			  const struct hdrm_model_state *cur,
			  const struct hdrm_model_need *n, bool owned,
			  struct hdrm_buffers *take, struct hdrm_applied *a)
{
	u8 prios = hdrm_model_lossless_prios(cur, n);
	unsigned int b;
	int err;

	if (d->model != HDRM_MODEL_MLX5 || !cur->has_buf ||
	    !plan->write_delay || plan->write_buf || owned)
		return 0;
	err = hdrm_mlx5_take_buffers(d, &cur->buf, plan->lossless,
				     plan->next.delay, take);
	if (!err)
		return 1;
	a->rule = HDRM_RULE_FIRMWARE_OWNED;
	a->rule_have = 0;
	a->rule_need = 0;
	for (b = 0; b < HDRM_BUFFERS; b++)
		if (plan->lossless & BIT(b)) {
			a->rule_buffer = b;
			a->rule_have = cur->buf.size[b];
			break;
		}
	for (b = 0; b < HDRM_PRIOS; b++)
		if (prios & BIT(b) && n->bytes[b] > a->rule_need)
			a->rule_need = n->bytes[b];
	return err;
}

/*
 * Carry out a plan: buffers first (mlx5 grows a buffer to the floor of
 * the new length before the length moves its XOFF point), then the delay.
 * When the delay is refused after the buffers were written, the buffers
 * are put back as they were.
 *
 * mlx5 acts on the length only with software-owned buffers (6.12.117's
 * ieee_setpfc asks the firmware; 6.1's reads manual_buffer), and only a
 * setbuffer that changes something takes them; dcbnl cannot say who owns
 * them now. Unless this module took them, a plan that writes no buffer
 * first writes sizes one cell away (take), then the length, then the
 * sizes as they were: the driver recomputes XOFF from the new length at
 * the last write (Documentation/drivers.rst, "Buffer ownership").
 */
static int hdrm_apply_plan(struct net_device *dev,
			   const struct hdrm_model_dev *d,
			   const struct hdrm_model_plan *plan,
			   const struct hdrm_model_state *cur,
			   const struct hdrm_model_need *n, bool *owned,
			   struct hdrm_applied *a)
{
	struct hdrm_buffers take;
	bool wrote_buf = false;
	int err;

	err = hdrm_mlx5_take(d, plan, cur, n, *owned, &take, a);
	if (err < 0)
		return err;
	if (err) {
		err = hdrm_drv_set_buffer(dev, &take);
		if (err)
			return err;
		wrote_buf = true;
	}
	if (plan->write_buf) {
		err = hdrm_drv_set_buffer(dev, &plan->next.buf);
		if (err)
			return err;
		wrote_buf = true;
	}
	/* a changed size was written: mlx5's buffers are software's now */
	if (wrote_buf && d->model == HDRM_MODEL_MLX5) {
		a->buffers_taken = !*owned;
		*owned = true;
	}
	if (plan->write_buf && hdrm_drv_get_buffer(dev, &a->buf_new))
		/* What the driver holds now: it may have rounded. */
		a->buf_new = plan->next.buf;
	if (plan->write_delay) {
		err = hdrm_drv_set_pfc_delay(dev, plan->next.delay,
					     &a->delay_old);
		if (err) {
			/* put the buffers back; say so if that fails too */
			if (wrote_buf && hdrm_drv_set_buffer(dev, &cur->buf)) {
				a->partial = true;
				if (hdrm_drv_get_buffer(dev, &a->buf_new))
					a->buf_new = plan->next.buf;
			}
			return err;
		}
		a->delay_new = plan->next.delay;
	}
	if (wrote_buf && !plan->write_buf) {
		/* the sizes as they were, XOFF now from the new length */
		err = hdrm_drv_set_buffer(dev, &cur->buf);
		if (err) {
			a->partial = true;
			a->has_buf = true;
			a->buf_new = take;
			return err;
		}
	}
	return 0;
}

/* Context: rtnl held. Fills @a; a->error says how it went. */
static void hdrm_apply(struct net_device *dev, const struct hdrm_result *r,
		       u8 method, const struct hdrm_config *cfg, bool *owned,
		       struct hdrm_applied *a)
{
	char driver[HDRM_DRV_NAME_LEN];
	struct hdrm_model_plan *plan;
	struct hdrm_model_state cur;
	struct hdrm_model_need n;
	struct hdrm_model_dev d;
	bool tc;
	u8 model;

	ASSERT_RTNL();
	hdrm_drv_name(dev, driver);
	model = hdrm_drv_model_in_use(dev, driver, cfg->model, &tc);
	a->model = model;
	a->delay_unit = hdrm_drv_model_unit_of(driver, model, cfg->delay_unit);
	a->method = method;
	plan = kzalloc(sizeof(*plan), GFP_KERNEL);
	if (!plan) {
		a->error = -ENOMEM;
		return;
	}
	hdrm_model_inputs(dev, r, model, a->delay_unit, &d, &cur, &n);
	a->speed = d.speed_mbps;
	a->mtu = d.mtu;
	a->delay_old = cur.delay;
	a->buf_old = cur.buf;
	a->error = hdrm_model_plan(&d, &cur, &n, method, plan);
	/* Spectrum in TC mode: none, and the reason is the mode */
	if (tc && plan->rule == HDRM_RULE_NO_MODEL)
		plan->rule = HDRM_RULE_TC_MODE;
	/* what it planned, written or refused */
	if (plan->method)
		a->method = plan->method;
	a->has_delay = plan->write_delay;
	a->has_buf = plan->write_buf || (cur.has_buf && plan->lossless);
	a->clamped = plan->clamped;
	a->delay_wanted = plan->delay_wanted;
	a->lossless = plan->lossless;
	memcpy(a->buf_wanted, plan->buf_wanted, sizeof(a->buf_wanted));
	a->rule = plan->rule;
	a->rule_have = plan->rule_have;
	a->rule_need = plan->rule_need;
	a->rule_buffer = plan->rule_buffer;
	if (!plan->write_buf)
		a->buf_new = cur.buf;
	if (!a->error)
		a->error = hdrm_apply_plan(dev, &d, plan, &cur, &n, owned,
					   a);
	if (a->error && !a->partial) {
		/* nothing changed: the buffers as they were */
		a->buf_new = cur.buf;
		a->delay_new = cur.delay;
	}
	if (!a->error || a->partial)
		hdrm_drv_dcb_notify(dev);
	kfree(plan);
}

/**
 * hdrm_apply_relink() - write the last result again after a speed or MTU
 *			 change, where the driver needs it
 * @port: the port
 *
 * mlx5 computes xoff from the speed and the MTU only when its buffers are
 * configured (mlx5e_port_manual_buffer_config()): with firmware-owned
 * buffers, and in drivers before the 2025 ownership series, a new speed
 * or MTU leaves the XOFF points where the old ones put them, while the
 * model judges by the new. When the last apply succeeded with the mlx5
 * model and the device's speed or MTU is no longer what it planned with,
 * the last result is applied again (the port's apply method, else auto)
 * and its buffers written as if to take them, even when the length is
 * unchanged. Other models recompute on their own (mlxsw) or are
 * measured again (remeasure).
 *
 * Context: rtnl held.
 */
void hdrm_apply_relink(struct hdrm_port *port)
{
	u8 method = DCB_HDRM_APPLY_NONE;
	u32 speed, mtu;

	ASSERT_RTNL();
	speed = hdrm_drv_speed(port->dev);
	mtu = READ_ONCE(port->dev->mtu);
	spin_lock_bh(&port->lock);
	if (port->result && port->applied && !port->applied->error &&
	    port->applied->model == DCB_HDRM_MODEL_MLX5 &&
	    ((speed && speed != port->applied->speed) ||
	     mtu != port->applied->mtu))
		method = port->cfg.apply != DCB_HDRM_APPLY_NONE ?
			 port->cfg.apply : DCB_HDRM_APPLY_AUTO;
	spin_unlock_bh(&port->lock);
	if (method == DCB_HDRM_APPLY_NONE)
		return;
	port->buf_stale = true;
	hdrm_apply_schedule(port, method);
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
	struct hdrm_config cfg;
	bool owned;
	int err;

	ASSERT_RTNL();
	a = kzalloc(sizeof(*a), GFP_KERNEL);
	if (!a) {
		atomic64_inc(&port->ctr.apply_errors);
		return -ENOMEM;
	}
	spin_lock_bh(&port->lock);
	cfg = port->cfg;
	spin_unlock_bh(&port->lock);
	a->session = r->session;
	owned = port->buf_sw_owned && !port->buf_stale;
	hdrm_apply(port->dev, r, method, &cfg, &owned, a);
	if (owned) {
		port->buf_sw_owned = true;
		port->buf_stale = false;
	}
	trace_dcb_hdrm_apply(port, a);
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
		hdrm_notify(port, DCB_HDRM_CMD_APPLY_NTF, 0);
out:
	kfree(r);
}
