// SPDX-License-Identifier: GPL-2.0
/*
 * Measuring again: after the link changes (debounced), or every period.
 *
 * port->remeasure_work needs rtnl to start a session. It takes it with
 * rtnl_trylock() and runs again a jiffy later when it is busy, so the
 * netdevice notifier, which runs under rtnl, may cancel it synchronously
 * when the device goes (see dcb_hdrm.h).
 */
#include <linux/rtnetlink.h>

#include "dcb_hdrm.h"

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
	s->method_req = cfg.method;
	s->ptp_domain = cfg.ptp_domain;
	s->ptp_sdo = cfg.ptp_sdo;
	/*
	 * Beside a ptp4l on the device, peer delay requests of ours would
	 * fault its port (hdrm_ptp_local_busy()): not this period.
	 */
	if (cfg.method == DCB_HDRM_METHOD_PDELAY &&
	    hdrm_ptp_local_busy(port, ktime_get_ns()))
		goto unlock;
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
