// SPDX-License-Identifier: GPL-2.0
/*
 * The PFC watchdog: pause storms on a host, from the per-priority PFC
 * counters its driver already keeps.
 *
 * Headroom sized from the link (US 2025/0267110 A1) keeps PFC lossless;
 * it cannot help when PFC itself goes wrong. A receiver that hangs keeps
 * sending pause, and every sender on its priority stalls behind it. The
 * switches' watchdogs (SONiC pfcwd, H3C's deadlock detection) look for
 * it; this is the host's. Each poll reads ieee_pfc's requests (pause
 * frames sent) and indications (received) per priority, and, where the
 * driver counts them, the priority's transmitted packets (ethtool's
 * tx_prio<N>_packets, as mlx5 names them) to tell a stalled transmit from
 * a busy one. lib/hdrm_wd.c decides; this file reads and acts:
 * - alert: a watchdog-ntf on the monitor group, counters;
 * - drop: also PFC off for the priority through ieee_setpfc, so that the
 *   link stops stalling on it, and back on once restore-ms pass without
 *   pause.
 * Whatever it turned off it turns back on when it stops: turned off, the
 * device going down, the device or the module going away. Its contexts and
 * its workqueue: Documentation/design.rst, "The PFC watchdog".
 */
#include <linux/rtnetlink.h>
#include <linux/workqueue.h>

#include "dcb_hdrm.h"

/* What the watchdog must know of the device's driver. Context: rtnl. */
void hdrm_wd_driver_refresh(struct hdrm_port *port)
{
	char name[HDRM_DRV_NAME_LEN];

	hdrm_drv_name(port->dev, name);
	port->wd.drv = hdrm_driver_of(name);
}

void hdrm_wd_port_init(struct hdrm_port *port)
{
	struct hdrm_wd *wd = &port->wd;

	hdrm_wd_driver_refresh(port);

	INIT_DELAYED_WORK(&port->wd_work, hdrm_wd_work);
	wd->action = DCB_HDRM_WD_ACTION_ALERT;
	wd->detect_ms = HDRM_WD_DEF_DETECT_MS;
	wd->restore_ms = HDRM_WD_DEF_RESTORE_MS;
	wd->poll_ms = HDRM_WD_DEF_POLL_MS;
}

/*
 * The next poll, on a fixed cadence: poll-ms after the last one was due,
 * not after it ran, so that neither the poll's own time nor rounding to
 * jiffies (50 ms are 12.5 at HZ=250) stretches the period. Late by a
 * period or more, it starts again from now.
 */
static void hdrm_wd_queue(struct hdrm_port *port)
{
	struct hdrm_wd *wd = &port->wd;
	u64 now = ktime_get_ns(), poll = (u64)wd->poll_ms * NSEC_PER_MSEC;

	wd->next_ns += poll;
	if (wd->next_ns <= now)
		wd->next_ns = now + poll;
	/*
	 * Rounded up, and a jiffy more: a timer of d jiffies fires at the
	 * d-th tick from now, which may be less than d jiffies away, and a
	 * poll should not come before it is due.
	 */
	queue_delayed_work(system_highpri_wq, &port->wd_work,
			   usecs_to_jiffies(div_u64(wd->next_ns - now,
						    NSEC_PER_USEC)) + 1);
}

/* poll-ms changed: the next poll is due poll-ms from now. Context: rtnl. */
void hdrm_wd_reschedule(struct hdrm_port *port)
{
	struct hdrm_wd *wd = &port->wd;

	ASSERT_RTNL();
	if (!wd->running)
		return;
	wd->next_ns = ktime_get_ns();
	cancel_delayed_work_sync(&port->wd_work);
	hdrm_wd_queue(port);
}

/*
 * Turns PFC back on for the priorities of @mask it turned off. Context:
 * rtnl held.
 */
void hdrm_wd_undo(struct hdrm_port *port, u8 mask)
{
	struct hdrm_wd *wd = &port->wd;
	u8 on = wd->pfc_off & mask;
	int err, p;

	ASSERT_RTNL();
	if (!on)
		return;
	err = hdrm_drv_set_pfc_en(port->dev, 0, on);
	for (p = 0; p < HDRM_PRIOS; p++)
		if (on & BIT(p))
			wd->action_error[p] = -err;
	if (err) {
		wd->action_errors++;
		if (net_ratelimit())
			netdev_warn(port->dev,
				    "dcb_hdrm: the PFC watchdog cannot turn PFC back on for priorities 0x%02x: %d; it tries again\n",
				    on, err);
		return;
	}
	wd->pfc_off &= ~on;
}

/* A priority became stormed: the action. Context: rtnl held. */
static void hdrm_wd_act(struct hdrm_port *port, int p)
{
	struct hdrm_wd *wd = &port->wd;
	int err;

	wd->last_action[p] = wd->action;
	wd->action_error[p] = 0;
	if (wd->action != DCB_HDRM_WD_ACTION_DROP || !(wd->en & BIT(p)))
		return;
	err = hdrm_drv_set_pfc_en(port->dev, BIT(p), 0);
	if (err) {
		wd->action_error[p] = -err;
		wd->action_errors++;
		return;
	}
	wd->pfc_off |= BIT(p);
	wd->en &= ~BIT(p);
}

/* Action drop taken on while priorities are stormed: drop them now. */
void hdrm_wd_drop_stormed(struct hdrm_port *port)
{
	struct hdrm_wd *wd = &port->wd;
	int p;

	ASSERT_RTNL();
	for (p = 0; p < HDRM_PRIOS; p++)
		if (wd->prio[p].stormed && !(wd->pfc_off & BIT(p)))
			hdrm_wd_act(port, p);
}

/* The driver's statistics changed in number: look them up again. */
static void hdrm_wd_progress_find(struct hdrm_port *port)
{
	struct hdrm_wd *wd = &port->wd;

	hdrm_drv_tx_prio_free(&wd->tx);
	wd->progress = hdrm_drv_tx_prio_find(port->dev, &wd->tx) ?
		       DCB_HDRM_WD_PROGRESS_NONE :
		       DCB_HDRM_WD_PROGRESS_TX_PRIO_PACKETS;
}

/*
 * A poll that read nothing: an error. A storm on is taken as still on,
 * since nothing says it ended; only a poll that read counters and found
 * them quiet counts toward restore-ms.
 */
static void hdrm_wd_unseen(struct hdrm_port *port, u64 due)
{
	struct hdrm_wd *wd = &port->wd;
	int p;

	wd->poll_errors++;
	for (p = 0; p < HDRM_PRIOS; p++)
		if (wd->prio[p].stormed)
			wd->prio[p].seen_ns = due;
}

static void hdrm_wd_poll(struct hdrm_port *port)
{
	struct hdrm_wd *wd = &port->wd;
	struct hdrm_wd_params par = {
		.detect_ns = (u64)wd->detect_ms * NSEC_PER_MSEC,
		.restore_ns = (u64)wd->restore_ms * NSEC_PER_MSEC,
	};
	u64 req[HDRM_PRIOS], ind[HDRM_PRIOS], tx[HDRM_PRIOS] = {};
	struct hdrm_drv_pfc pfc;
	struct hdrm_wd_sample s;
	bool tx_known = false;
	u64 due, now;
	u8 en;
	int p;

	/* A device detached (PCI error recovery): no driver call. */
	if (!netif_device_present(port->dev)) {
		hdrm_wd_unseen(port, wd->next_ns);
		return;
	}
	/*
	 * The transmit counters first: mlx5's ieee_getpfc answers from the
	 * copy of its port counters that reading its ethtool statistics
	 * refreshes, so the other order would see pause one poll late.
	 */
	if (wd->progress == DCB_HDRM_WD_PROGRESS_TX_PRIO_PACKETS) {
		if (hdrm_drv_tx_prio_read(port->dev, &wd->tx, tx)) {
			/* no judgement without them: skip this poll */
			hdrm_wd_unseen(port, wd->next_ns);
			hdrm_wd_progress_find(port);
			for (p = 0; p < HDRM_PRIOS; p++)
				hdrm_wd_forget(&wd->prio[p]);
			return;
		}
		tx_known = true;
	}
	if (hdrm_drv_get_pfc(port->dev, &pfc)) {
		hdrm_wd_unseen(port, wd->next_ns);
		return;
	}
	en = pfc.en;
	/* ixgbe's come swapped: requests are the pause it received */
	for (p = 0; p < HDRM_PRIOS; p++) {
		req[p] = wd->drv->pfc_swapped ? pfc.indications[p] :
						pfc.requests[p];
		ind[p] = wd->drv->pfc_swapped ? pfc.requests[p] :
						pfc.indications[p];
	}
	/*
	 * The decisions run on the cadence's time, the poll's due time: four
	 * polls 50 ms apart are 200 ms, where their actual times, a jiffy off
	 * either way, could make 199.9 and cost a fifth poll. What is
	 * reported happened is stamped when it did.
	 */
	due = wd->next_ns;
	now = ktime_get_ns();
	wd->polls++;
	/* PFC turned back on by someone else is theirs again. */
	wd->pfc_off &= ~en;
	wd->en = en;
	/* A restore the driver refused, tried again about once a second */
	if (!(wd->polls % DIV_ROUND_UP(MSEC_PER_SEC, wd->poll_ms)))
		for (p = 0; p < HDRM_PRIOS; p++)
			if ((wd->pfc_off & BIT(p)) && !wd->prio[p].stormed)
				hdrm_wd_undo(port, BIT(p));
	for (p = 0; p < HDRM_PRIOS; p++) {
		s.requests = req[p];
		s.indications = ind[p];
		s.tx_packets = tx[p];
		s.tx_known = tx_known && wd->tx.idx[p] >= 0;
		s.watched = (en | wd->pfc_off) & BIT(p);
		switch (hdrm_wd_step(&wd->prio[p], &par, &s, due)) {
		case HDRM_WD_STORM:
			wd->prio[p].detect_ns = now;
			hdrm_wd_act(port, p);
			hdrm_notify(port, DCB_HDRM_CMD_WATCHDOG_NTF,
				    HDRM_NTF_WD(DCB_HDRM_WD_EVENT_STORM, p));
			break;
		case HDRM_WD_RESTORED:
			wd->prio[p].end_ns = now;
			hdrm_wd_undo(port, BIT(p));
			hdrm_notify(port, DCB_HDRM_CMD_WATCHDOG_NTF,
				    HDRM_NTF_WD(DCB_HDRM_WD_EVENT_RESTORED, p));
			break;
		default:
			break;
		}
	}
}

void hdrm_wd_work(struct work_struct *work)
{
	struct hdrm_port *port = container_of(to_delayed_work(work),
					      struct hdrm_port, wd_work);

	if (!rtnl_trylock()) {
		queue_delayed_work(system_highpri_wq, &port->wd_work, 1);
		return;
	}
	if (port->wd.running) {
		hdrm_wd_poll(port);
		hdrm_wd_queue(port);
	}
	rtnl_unlock();
}

/**
 * hdrm_wd_start() - start polling, if the watchdog is on and can
 * @port: the port
 *
 * It polls while on and the device is up; each start takes the counters
 * as a new base and looks up the driver's transmit counters again.
 *
 * Context: rtnl held.
 */
void hdrm_wd_start(struct hdrm_port *port)
{
	struct hdrm_wd *wd = &port->wd;
	int p;

	ASSERT_RTNL();
	if (!wd->on || wd->running || !netif_running(port->dev) ||
	    !hdrm_drv_can_get_pfc(port->dev))
		return;
	hdrm_wd_driver_refresh(port);
	hdrm_wd_progress_find(port);
	for (p = 0; p < HDRM_PRIOS; p++)
		hdrm_wd_forget(&wd->prio[p]);
	wd->running = true;
	wd->next_ns = ktime_get_ns();
	hdrm_wd_queue(port);
}

/**
 * hdrm_wd_stop() - stop polling and undo what the watchdog changed
 * @port: the port
 * @notify: announce each storm it stops with (not while unloading)
 *
 * Context: rtnl held. On return its work neither runs nor is queued.
 */
void hdrm_wd_stop(struct hdrm_port *port, bool notify)
{
	struct hdrm_wd *wd = &port->wd;
	int p;

	ASSERT_RTNL();
	cancel_delayed_work_sync(&port->wd_work);
	hdrm_wd_undo(port, 0xff);
	for (p = 0; p < HDRM_PRIOS; p++) {
		if (wd->prio[p].stormed) {
			hdrm_wd_end(&wd->prio[p], ktime_get_ns());
			if (notify)
				hdrm_notify(port, DCB_HDRM_CMD_WATCHDOG_NTF,
					    HDRM_NTF_WD(DCB_HDRM_WD_EVENT_STOPPED, p));
		}
		hdrm_wd_forget(&wd->prio[p]);
	}
	wd->running = false;
	hdrm_drv_tx_prio_free(&wd->tx);
}
