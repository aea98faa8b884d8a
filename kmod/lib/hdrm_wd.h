/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The PFC watchdog's decisions, one priority at a time, from the driver's
 * counters read at each poll. No I/O: kmod/watchdog.c reads the counters
 * and acts; KUnit and the tool's tests drive this with made-up polls.
 *
 * A direction is active in a poll when its counter moved since the last
 * poll: pause frames received (the driver's indications) while the
 * priority's transmit made no progress, or pause frames sent (its
 * requests). A run of active polls that proves pause for longer than
 * detect - poll (the time from its first poll's read to the read before
 * the deciding one) makes a storm. A storm ends when no pause at all, in
 * either direction and whatever the transmit did, was seen for
 * restore_ns. So, polls on time, a storm is declared detect after the
 * first poll that saw it and by t0 + detect + poll of its start t0, a
 * burst of b ns with b + poll <= detect is never a storm, and a storm
 * that ends at t1 is over by t1 + restore + 2 x poll.
 *
 * Received pause that no longer stops the transmit, while PFC is on for
 * the priority, is no pause: an XOFF storm that turned into an XON storm
 * (quanta 0: "go on") counts as quiet toward restore_ns. With PFC off by
 * the watchdog's action the transmit moves anyway, and only silence
 * restores.
 *
 * Detection runs on the times the polls read the counters (@real of the
 * sample), so a poll's lateness neither stretches it nor makes a burst
 * look longer than it was: a burst of b ns with b + poll <= detect is
 * never a storm, however late the polls. Restoration runs on the caller's
 * due times. What is reported is on the real clock: the onset of a storm
 * and the longest gap between the polls that detected it.
 */
#ifndef _HDRM_WD_H
#define _HDRM_WD_H

#include "hdrm_compat.h"

/* The values of enum dcb_hdrm_wd_direction in the uAPI. */
enum hdrm_wd_dir {
	HDRM_WD_DIR_NONE,
	HDRM_WD_DIR_RECEIVED,
	HDRM_WD_DIR_SENT,
	HDRM_WD_DIR_BOTH,
};

/* What a poll changed for a priority. */
enum hdrm_wd_step {
	HDRM_WD_NOTHING,
	HDRM_WD_STORM,		/* the priority became stormed */
	HDRM_WD_RESTORED,	/* its storm ended */
};

struct hdrm_wd_params {
	u64 detect_ns;
	u64 restore_ns;
	u64 poll_ns;		/* the cadence, at most detect_ns */
};

/* One priority's counters, as read at a poll. */
struct hdrm_wd_sample {
	u64 requests;		/* pause frames sent */
	u64 indications;	/* pause frames received */
	u64 tx_packets;		/* with tx_known only */
	bool tx_known;		/* the driver counts the priority's transmit */
	bool watched;		/* PFC is on for it, or held off by us */
	bool pfc_on;		/* PFC is on in the driver for it */
	u64 real;		/* when the counters were read, ns (0: @now) */
};

struct hdrm_wd_prio {
	/* the counters at the last poll */
	bool have_last;
	u64 requests, indications, tx_packets;
	/* the first poll of the current run of active polls, 0: none */
	u64 rx_since, tx_since;
	bool stormed;
	/* the current storm, else the last one */
	u8 direction;		/* enum hdrm_wd_dir */
	u64 start_ns;		/* the first active poll of the run */
	u64 detect_ns;		/* the poll that declared it */
	u64 seen_ns;		/* the last poll that saw its pause */
	u64 end_ns;		/* the poll that restored it, 0: still on */
	u32 storms;
	/* on the sample's real clock */
	u64 last_real;		/* the previous poll */
	u64 rx_onset, tx_onset;	/* the first poll of each run */
	u64 rx_gap, tx_gap;	/* the longest gap between polls in each run */
	u64 onset_ns;		/* the first poll that saw the storm's pause */
	u64 gap_ns;		/* the longest gap between its detecting polls */
	/* storm-limit: the window's start (0: none) and its storms */
	u64 win_start;
	u32 win_count;
};

enum hdrm_wd_step hdrm_wd_step(struct hdrm_wd_prio *p,
			       const struct hdrm_wd_params *par,
			       const struct hdrm_wd_sample *s, u64 now);
void hdrm_wd_forget(struct hdrm_wd_prio *p);
void hdrm_wd_end(struct hdrm_wd_prio *p, u64 now);
bool hdrm_wd_escalate(struct hdrm_wd_prio *p, u32 limit, u64 period_ns,
		      bool manual, u64 now);

#endif /* _HDRM_WD_H */
