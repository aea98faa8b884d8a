// SPDX-License-Identifier: GPL-2.0
/* The PFC watchdog's decisions; see hdrm_wd.h. No I/O. */
#include "hdrm_wd.h"

/*
 * A run of active polls: begins at the first one, ends at a quiet one,
 * on the times the polls read the counters (@real).
 */
static void hdrm_wd_run(u64 *since, u64 *onset, u64 *gap, bool active,
			u64 real, u64 last_real)
{
	if (!active) {
		*since = 0;
	} else if (!*since) {
		*since = real;
		*onset = real;
		*gap = 0;
	} else if (real - last_real > *gap) {
		*gap = real - last_real;
	}
}

/*
 * Has the run that began at @since proven pause for longer than @len?
 * Each poll of the run saw pause arrive since the poll before: some in
 * the interval up to the first one (@since), some after the last poll
 * before this one (@last_real). Pause spanned more than the time between
 * those two reads, whatever the polls' lateness, and a burst that short
 * cannot have been seen so. With @len = detect - poll: a burst of detect
 * - poll is never a storm, and on-time polls declare one detect after the
 * first poll that saw it (the earliest any rule can without declaring
 * such bursts); a late poll counts the time it was late for.
 */
static bool hdrm_wd_long(u64 since, u64 real, u64 last_real, u64 len)
{
	return since && since < real && last_real >= since &&
	       last_real - since >= len;
}

/**
 * hdrm_wd_step() - one poll of one priority
 * @p: the priority's state
 * @par: detection and restoration times, and the polls' cadence
 * @s: its counters now, and when they were read
 * @now: the poll's due time, ns (monotonic, never 0): restoration's
 *	 clock, and the stamps of what it decides
 *
 * A storm is declared once its run of polls proves pause for longer
 * than detect - poll (hdrm_wd_long()), on the times the counters were
 * read; it is restored once no pause was seen for restore, on the due
 * times.
 * Counters that went back (a driver or device reset) are taken as a new
 * base. That poll ends a run toward a storm, but for a storm already on
 * it counts as seen, not quiet: only polls compared with the last and
 * found without pause restore. A priority that is not watched cannot
 * become stormed, but a storm it has goes on to its end.
 *
 * Return: what changed.
 */
enum hdrm_wd_step hdrm_wd_step(struct hdrm_wd_prio *p,
			       const struct hdrm_wd_params *par,
			       const struct hdrm_wd_sample *s, u64 now)
{
	bool rx_pause = false, tx_pause = false, moved = false;
	bool rx_storm, tx_storm, compared = false;
	u64 real = s->real ?: now, last_real = p->last_real ?: real, len;

	if (p->have_last && s->requests >= p->requests &&
	    s->indications >= p->indications &&
	    (!s->tx_known || s->tx_packets >= p->tx_packets)) {
		compared = true;
		rx_pause = s->indications != p->indications;
		tx_pause = s->requests != p->requests;
		moved = s->tx_known && s->tx_packets != p->tx_packets;
	}
	p->have_last = true;
	p->requests = s->requests;
	p->indications = s->indications;
	p->tx_packets = s->tx_packets;

	p->last_real = real;

	/* Received pause is a storm only while the transmit is stuck. */
	hdrm_wd_run(&p->rx_since, &p->rx_onset, &p->rx_gap,
		    s->watched && rx_pause && !moved, real, last_real);
	hdrm_wd_run(&p->tx_since, &p->tx_onset, &p->tx_gap,
		    s->watched && tx_pause, real, last_real);
	len = par->detect_ns > par->poll_ns ? par->detect_ns - par->poll_ns : 0;
	rx_storm = hdrm_wd_long(p->rx_since, real, last_real, len);
	tx_storm = hdrm_wd_long(p->tx_since, real, last_real, len);

	if (p->stormed) {
		/*
		 * A poll with nothing to compare with (a new base) saw no
		 * quiet: only compared polls without pause restore.
		 */
		if (!compared) {
			p->seen_ns = now;
			return HDRM_WD_NOTHING;
		}
		/* an XON storm: pause arrives and PFC lets the transmit go */
		if (rx_pause && moved && s->pfc_on)
			rx_pause = false;
		if (rx_pause || tx_pause) {
			p->seen_ns = now;
			if ((rx_storm && p->direction == HDRM_WD_DIR_SENT) ||
			    (tx_storm && p->direction == HDRM_WD_DIR_RECEIVED))
				p->direction = HDRM_WD_DIR_BOTH;
			return HDRM_WD_NOTHING;
		}
		if (now - p->seen_ns < par->restore_ns)
			return HDRM_WD_NOTHING;
		p->stormed = false;
		p->end_ns = now;
		return HDRM_WD_RESTORED;
	}
	if (!rx_storm && !tx_storm)
		return HDRM_WD_NOTHING;
	p->stormed = true;
	if (rx_storm && tx_storm) {
		p->direction = HDRM_WD_DIR_BOTH;
		p->start_ns = p->rx_since < p->tx_since ? p->rx_since :
							p->tx_since;
		p->onset_ns = p->rx_onset < p->tx_onset ? p->rx_onset :
							p->tx_onset;
		p->gap_ns = p->rx_gap > p->tx_gap ? p->rx_gap : p->tx_gap;
	} else if (rx_storm) {
		p->direction = HDRM_WD_DIR_RECEIVED;
		p->start_ns = p->rx_since;
		p->onset_ns = p->rx_onset;
		p->gap_ns = p->rx_gap;
	} else {
		p->direction = HDRM_WD_DIR_SENT;
		p->start_ns = p->tx_since;
		p->onset_ns = p->tx_onset;
		p->gap_ns = p->tx_gap;
	}
	p->detect_ns = now;
	p->seen_ns = now;
	p->end_ns = 0;
	p->storms++;
	return HDRM_WD_STORM;
}

/*
 * The counters are no longer a base (polling stops, or starts again):
 * the next poll takes new ones. What was seen of storms stays.
 */
void hdrm_wd_forget(struct hdrm_wd_prio *p)
{
	p->have_last = false;
	p->rx_since = 0;
	p->tx_since = 0;
	p->last_real = 0;
}

/* The watchdog stopped during a storm, at @now: the storm ends. */
void hdrm_wd_end(struct hdrm_wd_prio *p, u64 now)
{
	p->stormed = false;
	p->end_ns = now;
	hdrm_wd_forget(p);
}

/**
 * hdrm_wd_escalate() - count a storm declared at @now toward storm-limit
 * @p: the priority
 * @limit: storms allowed in a period, 0: no limit
 * @period_ns: the period, which starts at the first storm it counts
 * @manual: recovery manual: every storm is held
 * @now: the storm's declaration, ns (never 0)
 *
 * The deadlock handling of the seeds counts deadlocks per period and,
 * beyond a count, leaves PFC off until an operator recovers it.
 *
 * Return: true when the storm is to be held.
 */
bool hdrm_wd_escalate(struct hdrm_wd_prio *p, u32 limit, u64 period_ns,
		      bool manual, u64 now)
{
	if (!p->win_start || now - p->win_start >= period_ns) {
		p->win_start = now;
		p->win_count = 0;
	}
	p->win_count++;
	return manual || (limit && p->win_count > limit);
}
