/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hdrm_wd_step(): the PFC watchdog's decisions, over made-up links. Each
 * case drives one priority through polls every poll_ms, its counters
 * counting a pause frame (and, while not paused, a packet sent) every ms
 * of a pause window. The checks return 0, or fill @msg and return -1, as
 * in hdrm_cases.h.
 */
#ifndef _HDRM_WD_CASES_H
#define _HDRM_WD_CASES_H

#include "../hdrm_wd.h"
#include "hdrm_cases.h"

#define HDRM_MS	1000000ULL

struct hdrm_wd_case {
	const char *name;
	u32 poll_ms, detect_ms, restore_ms, end_ms;
	/* pause received in [rx_from, rx_to) ms, in bursts when burst_on */
	u32 rx_from, rx_to, burst_on, burst_off;
	/* pause sent in [tx_from, tx_to) ms */
	u32 tx_from, tx_to;
	bool progress;		/* the transmit moves even while paused */
	bool no_tx_counter;	/* the driver does not count it */
	bool unwatched;		/* PFC is off on the priority */
	u32 reset_at;		/* the counters start again from 0 (0: never) */
	/* what must happen: a storm declared within [storm_min, storm_max],
	 * restored within [restore_min, restore_max] (0: never)
	 */
	u8 direction;
	u32 storm_min, storm_max, restore_min, restore_max;
};

static const struct hdrm_wd_case hdrm_wd_cases[] = {
	/* from 1003 ms: the first active poll is 1050, 200 ms later 1250 */
	{ "received storm: declared within detect + 2 x poll",
	  50, 200, 200, 3000, 1003, 3000, 0, 0, 0, 0, false, false, false, 0,
	  HDRM_WD_DIR_RECEIVED, 1203, 1303, 0, 0 },
	{ "sent storm, the transmit moving",
	  50, 200, 200, 3000, 0, 0, 0, 0, 1003, 3000, true, false, false, 0,
	  HDRM_WD_DIR_SENT, 1203, 1303, 0, 0 },
	{ "both ways at once, as a deadlock",
	  50, 200, 200, 3000, 1003, 3000, 0, 0, 1003, 3000, false, false, false, 0,
	  HDRM_WD_DIR_BOTH, 1203, 1303, 0, 0 },
	/* ends at 2000: the last poll that saw it is 2000, restored 2200 */
	{ "a storm ends: restored within restore + 2 x poll",
	  50, 200, 200, 3000, 1003, 2000, 0, 0, 0, 0, false, false, false, 0,
	  HDRM_WD_DIR_RECEIVED, 1203, 1303, 2200, 2300 },
	{ "bursts of half the detection time, 2 x poll apart: never",
	  50, 200, 200, 5000, 1003, 5000, 100, 100, 0, 0, false, false, false, 0,
	  HDRM_WD_DIR_NONE, 0, 0, 0, 0 },
	{ "bursts just short of detect - poll, 2 x poll apart: never",
	  50, 200, 200, 5000, 1000, 5000, 149, 100, 0, 0, false, false, false, 0,
	  HDRM_WD_DIR_NONE, 0, 0, 0, 0 },
	{ "pause received while the transmit moves: never",
	  50, 200, 200, 3000, 1003, 3000, 0, 0, 0, 0, true, false, false, 0,
	  HDRM_WD_DIR_NONE, 0, 0, 0, 0 },
	{ "no transmit counter: received pause alone",
	  50, 200, 200, 3000, 1003, 3000, 0, 0, 0, 0, true, true, false, 0,
	  HDRM_WD_DIR_RECEIVED, 1203, 1303, 0, 0 },
	{ "PFC off on the priority: never",
	  50, 200, 200, 3000, 1003, 3000, 0, 0, 1003, 3000, false, false, true, 0,
	  HDRM_WD_DIR_NONE, 0, 0, 0, 0 },
	/* run from 1350; the reset's poll (1550) is quiet; again from 1600 */
	{ "counters reset mid-run: the run starts again",
	  50, 200, 200, 3000, 1303, 3000, 0, 0, 0, 0, false, false, false, 1520,
	  HDRM_WD_DIR_RECEIVED, 1800, 1800, 0, 0 },
	/* over at 2000; the reset's poll (2100) is no quiet one: 2300 */
	{ "counters reset during a storm: restore counts from after it",
	  50, 200, 200, 3000, 1003, 2000, 0, 0, 0, 0, false, false, false, 2080,
	  HDRM_WD_DIR_RECEIVED, 1203, 1303, 2300, 2300 },
	{ "gaps shorter than restore inside a storm do not restore it",
	  50, 200, 200, 3000, 1003, 3000, 300, 100, 0, 0, false, false, false, 0,
	  HDRM_WD_DIR_RECEIVED, 1203, 1303, 0, 0 },
	{ "10 ms polls, 50 ms detection",
	  10, 50, 30, 1000, 103, 500, 0, 0, 0, 0, false, false, false, 0,
	  HDRM_WD_DIR_RECEIVED, 153, 173, 530, 550 },
};

/* Was pause received in ms k? */
static bool hdrm_wd_rx_at(const struct hdrm_wd_case *c, u32 k)
{
	if (k < c->rx_from || k >= c->rx_to)
		return false;
	return !c->burst_on ||
	       (k - c->rx_from) % (c->burst_on + c->burst_off) < c->burst_on;
}

/* The counters at @ms, counting from the last reset. */
static void hdrm_wd_counters(const struct hdrm_wd_case *c, u32 ms,
			     struct hdrm_wd_sample *s)
{
	u32 k = c->reset_at && ms >= c->reset_at ? c->reset_at : 0;
	bool rx;

	memset(s, 0, sizeof(*s));
	for (; k < ms; k++) {
		rx = hdrm_wd_rx_at(c, k);
		s->indications += rx;
		s->requests += k >= c->tx_from && k < c->tx_to;
		s->tx_packets += !rx || c->progress;
	}
	s->tx_known = !c->no_tx_counter;
	s->watched = !c->unwatched;
}

static int hdrm_check_wd(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_wd_case *c = &hdrm_wd_cases[i];
	struct hdrm_wd_params par = { c->detect_ms * HDRM_MS,
				      c->restore_ms * HDRM_MS };
	struct hdrm_wd_prio p;
	struct hdrm_wd_sample s;
	u32 ms, storm = 0, restored = 0, storms = 0;

	memset(&p, 0, sizeof(p));
	for (ms = c->poll_ms; ms <= c->end_ms; ms += c->poll_ms) {
		hdrm_wd_counters(c, ms, &s);
		switch (hdrm_wd_step(&p, &par, &s, ms * HDRM_MS)) {
		case HDRM_WD_STORM:
			storms++;
			if (!storm)
				storm = ms;
			break;
		case HDRM_WD_RESTORED:
			if (!restored)
				restored = ms;
			break;
		default:
			break;
		}
	}
	if (c->direction == HDRM_WD_DIR_NONE)
		return storms ? hdrm_fail(msg, len, "%s: a storm at %u ms",
					  c->name, storm) : 0;
	if (storms != 1 || p.storms != 1)
		return hdrm_fail(msg, len, "%s: %u storms, want 1", c->name,
				 storms);
	if (storm < c->storm_min || storm > c->storm_max)
		return hdrm_fail(msg, len, "%s: storm at %u ms, want %u-%u",
				 c->name, storm, c->storm_min, c->storm_max);
	if (p.direction != c->direction)
		return hdrm_fail(msg, len, "%s: direction %u, want %u", c->name,
				 p.direction, c->direction);
	if (p.detect_ns != storm * HDRM_MS || p.start_ns > p.detect_ns ||
	    p.detect_ns - p.start_ns < par.detect_ns)
		return hdrm_fail(msg, len, "%s: start %llu detect %llu ns",
				 c->name, (unsigned long long)p.start_ns,
				 (unsigned long long)p.detect_ns);
	if (!c->restore_max)
		return restored || !p.stormed ?
		       hdrm_fail(msg, len, "%s: restored at %u ms", c->name,
				 restored) : 0;
	if (restored < c->restore_min || restored > c->restore_max ||
	    p.stormed || p.end_ns != restored * HDRM_MS)
		return hdrm_fail(msg, len, "%s: restored at %u ms, want %u-%u",
				 c->name, restored, c->restore_min,
				 c->restore_max);
	return 0;
}

#endif /* _HDRM_WD_CASES_H */
