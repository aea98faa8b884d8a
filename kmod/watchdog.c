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
 * device going down or losing its carrier, the device or the module going
 * away. A restore the driver refuses stays listed (restore-pending), is
 * said in the kernel log and a watchdog-ntf, and is tried again by each
 * later poll and each of those. Storms beyond storm-limit in
 * storm-period-ms, or every storm with recovery manual, are held: left as
 * the action left them until watchdog-recover (the deadlock handling of
 * seed 002). Its contexts and its workqueue: Documentation/design.rst,
 * "The PFC watchdog".
 */
#include <linux/hrtimer.h>
#include <linux/rtnetlink.h>
#include <linux/workqueue.h>

#include "dcb_hdrm.h"
#include "trace.h"

/* What the watchdog must know of the device's driver. Context: rtnl. */
void hdrm_wd_driver_refresh(struct hdrm_port *port)
{
	char name[HDRM_DRV_NAME_LEN];

	hdrm_drv_name(port->dev, name);
	port->wd.drv = hdrm_driver_of(name);
}

/* The poll is due: its work runs it, under rtnl. Context: hard IRQ. */
static enum hrtimer_restart hdrm_wd_timer_fn(struct hrtimer *timer)
{
	struct hdrm_port *port = container_of(timer, struct hdrm_port,
					      wd_timer);

	queue_delayed_work(system_highpri_wq, &port->wd_work, 0);
	return HRTIMER_NORESTART;
}

void hdrm_wd_port_init(struct hdrm_port *port)
{
	struct hdrm_wd *wd = &port->wd;

	hdrm_wd_driver_refresh(port);

	INIT_DELAYED_WORK(&port->wd_work, hdrm_wd_work);
	hrtimer_init(&port->wd_timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS);
	port->wd_timer.function = hdrm_wd_timer_fn;
	wd->action = DCB_HDRM_WD_ACTION_ALERT;
	wd->detect_ms = HDRM_WD_DEF_DETECT_MS;
	wd->restore_ms = HDRM_WD_DEF_RESTORE_MS;
	wd->poll_ms = HDRM_WD_DEF_POLL_MS;
	wd->storm_period_ms = HDRM_WD_DEF_STORM_PERIOD_MS;
	wd->recovery = DCB_HDRM_WD_RECOVERY_AUTO;
}

/* One more storm's detection or restoration time, us, in its ring. */
static void hdrm_wd_lat_add(u32 *ring, u8 *n, u8 *next, u64 ns)
{
	ring[*next] = min_t(u64, div_u64(ns, NSEC_PER_USEC), U32_MAX);
	*next = (*next + 1) % HDRM_WD_LAT_N;
	if (*n < HDRM_WD_LAT_N)
		(*n)++;
}

/*
 * The next poll, on a fixed cadence: poll-ms after the last one was due,
 * not after it ran, so that the poll's own time does not stretch the
 * period. Late by a period or more, it starts again from now. An
 * absolute hrtimer wakes the work at the due time itself: a delayed work
 * fires on a jiffy, and a poll of 10 ms at HZ=250 came 16 to 25 ms apart
 * (2.5 jiffies, rounded up, plus the one more a timer wheel needs not to
 * fire early), which stretched detection by as much.
 */
static void hdrm_wd_queue(struct hdrm_port *port)
{
	struct hdrm_wd *wd = &port->wd;
	u64 now = ktime_get_ns(), poll = (u64)wd->poll_ms * NSEC_PER_MSEC;

	wd->next_ns += poll;
	if (wd->next_ns <= now)
		wd->next_ns = now + poll;
	hrtimer_start(&port->wd_timer, ns_to_ktime(wd->next_ns),
		      HRTIMER_MODE_ABS);
}

/*
 * Neither the timer nor the work is pending or running on return. Only
 * the work (with rtnl), hdrm_wd_start() and hdrm_wd_reschedule() arm the
 * timer, so under rtnl nothing arms it again once it is cancelled; a
 * timer that fires meanwhile queues the work, which the second cancel
 * takes back, and a work that cannot take rtnl requeues only itself,
 * which cancel_delayed_work_sync() refuses while it cancels.
 * Context: rtnl held.
 */
static void hdrm_wd_cancel(struct hdrm_port *port)
{
	hrtimer_cancel(&port->wd_timer);
	cancel_delayed_work_sync(&port->wd_work);
}

/* poll-ms changed: the next poll is due poll-ms from now. Context: rtnl. */
void hdrm_wd_reschedule(struct hdrm_port *port)
{
	struct hdrm_wd *wd = &port->wd;

	ASSERT_RTNL();
	if (!wd->running)
		return;
	wd->next_ns = ktime_get_ns();
	hdrm_wd_cancel(port);
	hdrm_wd_queue(port);
}

/**
 * hdrm_wd_undo() - turn PFC back on where the watchdog turned it off
 * @port: the port
 * @mask: the priorities to restore, of those it turned off
 * @notify: announce a refusal (not while the module unloads)
 *
 * A refusal leaves them off and listed (restore-pending), said in the
 * kernel log (rate-limited) and, with @notify, in a watchdog-ntf per
 * priority; each later poll, turning the watchdog off, the device going
 * down and the module or device going away try again.
 *
 * Context: rtnl held.
 */
void hdrm_wd_undo(struct hdrm_port *port, u8 mask, bool notify)
{
	struct hdrm_wd *wd = &port->wd;
	u8 on = wd->pfc_off & mask;
	struct hdrm_drv_pfc pfc;
	int err, p;

	ASSERT_RTNL();
	if (!on)
		return;
	err = hdrm_drv_set_pfc_en(port->dev, 0, on);
	/* mlx5 keeps a new pfc_en when its buffers then refuse: back on */
	if (err && !hdrm_drv_get_pfc(port->dev, &pfc)) {
		wd->pfc_off &= ~(on & pfc.en);
		wd->restore_pending &= ~(on & pfc.en);
		on &= ~pfc.en;
		if (!on) {
			wd->action_errors++;
			return;
		}
	}
	for (p = 0; p < HDRM_PRIOS; p++) {
		if (!(on & BIT(p)))
			continue;
		wd->action_error[p] = -err;
		trace_dcb_hdrm_wd_restore(port, p, err);
		if (err && notify)
			hdrm_notify(port, DCB_HDRM_CMD_WATCHDOG_NTF,
				    HDRM_NTF_WD(DCB_HDRM_WD_EVENT_RESTORE_FAILED,
						p));
	}
	if (err) {
		wd->action_errors++;
		wd->restore_pending |= on;
		if (net_ratelimit())
			netdev_warn(port->dev,
				    "dcb_hdrm: the PFC watchdog cannot turn PFC back on for priorities 0x%02x: %d; PFC stays off there until a retry succeeds\n",
				    on, err);
		return;
	}
	wd->pfc_off &= ~on;
	wd->restore_pending &= ~on;
	if (net_ratelimit())
		netdev_info(port->dev,
			    "dcb_hdrm: the PFC watchdog turned PFC back on for priorities 0x%02x\n",
			    on);
}

/*
 * A priority became stormed: the action. A refused drop may have turned
 * the bit off all the same (mlx5's ieee_setpfc writes pfc_en, toggles the
 * link, then rebuilds the buffers, which can fail with -ENOMEM): what the
 * driver reads back is what is recorded, so that the restore follows.
 * Context: rtnl held. Return: the driver's error, or 0.
 */
static int hdrm_wd_act(struct hdrm_port *port, int p)
{
	struct hdrm_wd *wd = &port->wd;
	struct hdrm_drv_pfc pfc;
	int err;

	wd->last_action[p] = wd->action;
	wd->action_error[p] = 0;
	if (wd->action != DCB_HDRM_WD_ACTION_DROP || !(wd->en & BIT(p)))
		return 0;
	err = hdrm_drv_set_pfc_en(port->dev, BIT(p), 0);
	if (err) {
		wd->action_error[p] = -err;
		wd->action_errors++;
		if (hdrm_drv_get_pfc(port->dev, &pfc) || (pfc.en & BIT(p)))
			return err;
	}
	wd->pfc_off |= BIT(p);
	wd->en &= ~BIT(p);
	if (net_ratelimit())
		netdev_info(port->dev,
			    "dcb_hdrm: the PFC watchdog turned PFC off for priority %d (a pause storm)%s\n",
			    p, err ? ", though the driver reported an error" : "");
	return err;
}

/* Action drop taken on while priorities are stormed: drop them now. */
void hdrm_wd_drop_stormed(struct hdrm_port *port)
{
	struct hdrm_wd *wd = &port->wd;
	int p;

	ASSERT_RTNL();
	for (p = 0; p < HDRM_PRIOS; p++)
		if (wd->prio[p].stormed && !(wd->pfc_off & BIT(p)))
			trace_dcb_hdrm_wd_storm(port, p, hdrm_wd_act(port, p));
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

/*
 * A priority was declared stormed at @now: its timing, the action, and
 * the hold when storm-limit or recovery manual says so. Context: rtnl.
 */
static void hdrm_wd_storm(struct hdrm_port *port, int p, u64 now)
{
	struct hdrm_wd *wd = &port->wd;
	struct hdrm_wd_prio *wp = &wd->prio[p];
	bool held;
	int err;

	wp->detect_ns = now;
	hdrm_wd_lat_add(wd->detect_lat, &wd->detect_n, &wd->detect_next,
			now > wp->onset_ns ? now - wp->onset_ns : 0);
	held = hdrm_wd_escalate(wp, wd->storm_limit,
				(u64)wd->storm_period_ms * NSEC_PER_MSEC,
				wd->recovery == DCB_HDRM_WD_RECOVERY_MANUAL, now);
	err = hdrm_wd_act(port, p);
	trace_dcb_hdrm_wd_storm(port, p, err);
	hdrm_notify(port, DCB_HDRM_CMD_WATCHDOG_NTF,
		    HDRM_NTF_WD(DCB_HDRM_WD_EVENT_STORM, p));
	if (!held || (wd->held & BIT(p)))
		return;
	wd->held |= BIT(p);
	wd->held_count[p]++;
	trace_dcb_hdrm_wd_held(port, p, err);
	if (net_ratelimit())
		netdev_warn(port->dev,
			    "dcb_hdrm: the PFC watchdog holds priority %d after %u storms (%s): it stays as its action left it until \"dcb-hdrm watchdog recover\"\n",
			    p, wp->win_count,
			    wd->recovery == DCB_HDRM_WD_RECOVERY_MANUAL ?
			    "recovery manual" : "storm-limit");
	hdrm_notify(port, DCB_HDRM_CMD_WATCHDOG_NTF,
		    HDRM_NTF_WD(DCB_HDRM_WD_EVENT_HELD, p));
}

/* A storm ended at @now: restored, unless the priority is held. */
static void hdrm_wd_restored(struct hdrm_port *port, int p, u64 now)
{
	struct hdrm_wd *wd = &port->wd;
	struct hdrm_wd_prio *wp = &wd->prio[p];

	wp->end_ns = now;
	hdrm_wd_lat_add(wd->restore_lat, &wd->restore_n, &wd->restore_next,
			now > wp->seen_ns ? now - wp->seen_ns : 0);
	if (wd->held & BIT(p))
		return;
	hdrm_wd_undo(port, BIT(p), true);
	hdrm_notify(port, DCB_HDRM_CMD_WATCHDOG_NTF,
		    HDRM_NTF_WD(DCB_HDRM_WD_EVENT_RESTORED, p));
}

/**
 * hdrm_wd_recover() - an operator recovers a held priority
 * @port: the port
 * @p: the priority
 * @extack: why not
 *
 * PFC goes back on where the action turned it off, and the priority's
 * counters become a new base: counting starts afresh.
 *
 * Context: rtnl held. Return: 0, -EINVAL when it is not held, or the
 * driver's error (the priority then stays listed as restore-pending).
 */
int hdrm_wd_recover(struct hdrm_port *port, int p,
		    struct netlink_ext_ack *extack)
{
	struct hdrm_wd *wd = &port->wd;

	ASSERT_RTNL();
	if (!(wd->held & BIT(p))) {
		NL_SET_ERR_MSG(extack, "the priority is not held");
		return -EINVAL;
	}
	wd->held &= ~BIT(p);
	hdrm_wd_forget(&wd->prio[p]);
	wd->prio[p].stormed = false;
	wd->prio[p].win_start = 0;
	hdrm_wd_undo(port, BIT(p), true);
	hdrm_notify(port, DCB_HDRM_CMD_WATCHDOG_NTF,
		    HDRM_NTF_WD(DCB_HDRM_WD_EVENT_RECOVERED, p));
	if (wd->restore_pending & BIT(p)) {
		NL_SET_ERR_MSG(extack,
			       "recovered, but the driver refused to turn PFC back on: it stays restore-pending and is tried again");
		return -wd->action_error[p] ?: -EIO;
	}
	return 0;
}

static void hdrm_wd_poll(struct hdrm_port *port)
{
	struct hdrm_wd *wd = &port->wd;
	struct hdrm_wd_params par = {
		.detect_ns = (u64)wd->detect_ms * NSEC_PER_MSEC,
		.restore_ns = (u64)wd->restore_ms * NSEC_PER_MSEC,
		.poll_ns = (u64)wd->poll_ms * NSEC_PER_MSEC,
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
	 * Detection runs on the times the counters were read: a storm is
	 * declared once its polls prove pause for longer than detect - poll
	 * (hdrm_wd_long()), so neither a late poll nor a count of polls
	 * stretches it, and a burst of detect - poll is never one however
	 * late the polls. Restoration runs on the cadence's time, the poll's
	 * due time: four polls 50 ms apart are 200 ms, where their actual
	 * times could make 199.9 and cost a fifth poll; a poll later than a
	 * period restarts the cadence from when it ran (hdrm_wd_queue()), so
	 * the next due time has the lateness in it. What is reported
	 * happened is stamped when it did, with the longest gap between
	 * polls (their lateness) beside it.
	 */
	due = wd->next_ns;
	now = ktime_get_ns();
	wd->polls++;
	/* PFC turned back on by someone else is theirs again. */
	wd->pfc_off &= ~en;
	wd->en = en;
	wd->restore_pending &= wd->pfc_off;
	/* A restore the driver refused, tried again about once a second */
	if (!(wd->polls % DIV_ROUND_UP(MSEC_PER_SEC, wd->poll_ms)))
		for (p = 0; p < HDRM_PRIOS; p++)
			if ((wd->pfc_off & BIT(p)) && !wd->prio[p].stormed &&
			    !(wd->held & BIT(p)))
				hdrm_wd_undo(port, BIT(p), true);
	for (p = 0; p < HDRM_PRIOS; p++) {
		s.requests = req[p];
		s.indications = ind[p];
		s.tx_packets = tx[p];
		s.tx_known = tx_known && wd->tx.idx[p] >= 0;
		s.watched = (en | wd->pfc_off) & BIT(p);
		s.pfc_on = en & BIT(p);
		s.real = now;
		switch (hdrm_wd_step(&wd->prio[p], &par, &s, due)) {
		case HDRM_WD_STORM:
			hdrm_wd_storm(port, p, now);
			break;
		case HDRM_WD_RESTORED:
			hdrm_wd_restored(port, p, now);
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
 * It polls while on and the device is up with a carrier; each start takes
 * the counters as a new base (a link flap starts counting afresh) and
 * looks up the driver's transmit counters again.
 *
 * Context: rtnl held.
 */
void hdrm_wd_start(struct hdrm_port *port)
{
	struct hdrm_wd *wd = &port->wd;
	int p;

	ASSERT_RTNL();
	if (!wd->on || wd->running || !netif_running(port->dev) ||
	    !netif_carrier_ok(port->dev) || !hdrm_drv_can_get_pfc(port->dev))
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
 * Context: rtnl held. On return neither its timer nor its work runs or
 * is pending.
 */
void hdrm_wd_stop(struct hdrm_port *port, bool notify)
{
	struct hdrm_wd *wd = &port->wd;
	int p;

	ASSERT_RTNL();
	hdrm_wd_cancel(port);
	/* held ones too: the hold ends with the watch */
	wd->held = 0;
	hdrm_wd_undo(port, 0xff, notify);
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
