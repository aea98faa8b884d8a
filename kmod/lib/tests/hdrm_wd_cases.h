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
	u32 xon_from;		/* from then on the pause says XON (0: never) */
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
	{
		.name = "received storm: declared within detect + 2 x poll",
		.poll_ms = 50, .detect_ms = 200, .restore_ms = 200,
		.end_ms = 3000,
		.rx_from = 1003, .rx_to = 3000,
		.direction = HDRM_WD_DIR_RECEIVED,
		/*
		 * from 1003 ms: the first active poll is 1050, 200 ms later
		 * 1250
		 */
		.storm_min = 1203, .storm_max = 1303,
	},
	{
		.name = "sent storm, the transmit moving",
		.poll_ms = 50, .detect_ms = 200, .restore_ms = 200,
		.end_ms = 3000,
		.tx_from = 1003, .tx_to = 3000,
		.progress = true,
		.direction = HDRM_WD_DIR_SENT,
		.storm_min = 1203, .storm_max = 1303,
	},
	{
		.name = "both ways at once, as a deadlock",
		.poll_ms = 50, .detect_ms = 200, .restore_ms = 200,
		.end_ms = 3000,
		.rx_from = 1003, .rx_to = 3000,
		.tx_from = 1003, .tx_to = 3000,
		.direction = HDRM_WD_DIR_BOTH,
		.storm_min = 1203, .storm_max = 1303,
	},
	{
		.name = "a storm ends: restored within restore + 2 x poll",
		.poll_ms = 50, .detect_ms = 200, .restore_ms = 200,
		.end_ms = 3000,
		.rx_from = 1003, .rx_to = 2000,
		.direction = HDRM_WD_DIR_RECEIVED,
		.storm_min = 1203, .storm_max = 1303,
		/*
		 * ends at 2000: the last poll that saw it is 2000, restored
		 * 2200
		 */
		.restore_min = 2200, .restore_max = 2300,
	},
	{
		.name = "bursts of half the detection time, 2 x poll apart: never",
		.poll_ms = 50, .detect_ms = 200, .restore_ms = 200,
		.end_ms = 5000,
		.rx_from = 1003, .rx_to = 5000,
		.burst_on = 100, .burst_off = 100,
		.direction = HDRM_WD_DIR_NONE,
	},
	{
		.name = "bursts just short of detect - poll, 2 x poll apart: never",
		.poll_ms = 50, .detect_ms = 200, .restore_ms = 200,
		.end_ms = 5000,
		.rx_from = 1000, .rx_to = 5000,
		.burst_on = 149, .burst_off = 100,
		.direction = HDRM_WD_DIR_NONE,
	},
	{
		.name = "pause received while the transmit moves: never",
		.poll_ms = 50, .detect_ms = 200, .restore_ms = 200,
		.end_ms = 3000,
		.rx_from = 1003, .rx_to = 3000,
		.progress = true,
		.direction = HDRM_WD_DIR_NONE,
	},
	{
		.name = "no transmit counter: received pause alone",
		.poll_ms = 50, .detect_ms = 200, .restore_ms = 200,
		.end_ms = 3000,
		.rx_from = 1003, .rx_to = 3000,
		.progress = true, .no_tx_counter = true,
		.direction = HDRM_WD_DIR_RECEIVED,
		.storm_min = 1203, .storm_max = 1303,
	},
	{
		.name = "PFC off on the priority: never",
		.poll_ms = 50, .detect_ms = 200, .restore_ms = 200,
		.end_ms = 3000,
		.rx_from = 1003, .rx_to = 3000,
		.tx_from = 1003, .tx_to = 3000,
		.unwatched = true,
		.direction = HDRM_WD_DIR_NONE,
	},
	{
		.name = "counters reset mid-run: the run starts again",
		.poll_ms = 50, .detect_ms = 200, .restore_ms = 200,
		.end_ms = 3000,
		.rx_from = 1303, .rx_to = 3000,
		.reset_at = 1520,
		.direction = HDRM_WD_DIR_RECEIVED,
		/*
		 * run from 1350; the reset's poll (1550) is quiet; again from
		 * 1600
		 */
		.storm_min = 1800, .storm_max = 1800,
	},
	{
		.name = "counters reset during a storm: restore counts from after it",
		.poll_ms = 50, .detect_ms = 200, .restore_ms = 200,
		.end_ms = 3000,
		.rx_from = 1003, .rx_to = 2000,
		.reset_at = 2080,
		.direction = HDRM_WD_DIR_RECEIVED,
		.storm_min = 1203, .storm_max = 1303,
		/*
		 * over at 2000; the reset's poll (2100) is no quiet one:
		 * 2300
		 */
		.restore_min = 2300, .restore_max = 2300,
	},
	{
		.name = "gaps shorter than restore inside a storm do not restore it",
		.poll_ms = 50, .detect_ms = 200, .restore_ms = 200,
		.end_ms = 3000,
		.rx_from = 1003, .rx_to = 3000,
		.burst_on = 300, .burst_off = 100,
		.direction = HDRM_WD_DIR_RECEIVED,
		.storm_min = 1203, .storm_max = 1303,
	},
	{
		.name = "an XOFF storm turned XON storm: restored as if quiet",
		.poll_ms = 50, .detect_ms = 200, .restore_ms = 200,
		.end_ms = 3000,
		.rx_from = 1003, .rx_to = 3000, .xon_from = 2000,
		.direction = HDRM_WD_DIR_RECEIVED,
		.storm_min = 1203, .storm_max = 1303,
		/* the transmit moves from 2000: the last stuck poll 2000 */
		.restore_min = 2200, .restore_max = 2300,
	},
	{
		.name = "an XON storm alone: never",
		.poll_ms = 50, .detect_ms = 200, .restore_ms = 200,
		.end_ms = 3000,
		.rx_from = 1003, .rx_to = 3000, .xon_from = 1003,
		.direction = HDRM_WD_DIR_NONE,
	},
	{
		.name = "10 ms polls, 50 ms detection: within detect + poll",
		.poll_ms = 10, .detect_ms = 50, .restore_ms = 30,
		.end_ms = 1000,
		.rx_from = 103, .rx_to = 500,
		.direction = HDRM_WD_DIR_RECEIVED,
		.storm_min = 153, .storm_max = 173,
		.restore_min = 530, .restore_max = 550,
	},
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
		s->tx_packets += !rx || c->progress ||
				 (c->xon_from && k >= c->xon_from);
	}
	s->tx_known = !c->no_tx_counter;
	s->watched = !c->unwatched;
	s->pfc_on = !c->unwatched;
}

static int hdrm_check_wd(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_wd_case *c = &hdrm_wd_cases[i];
	struct hdrm_wd_params par = { c->detect_ms * HDRM_MS,
				      c->restore_ms * HDRM_MS,
				      c->poll_ms * HDRM_MS };
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
	/* on time, the real clock is the decisions' and each gap a poll */
	if (p.onset_ns != p.start_ns || p.gap_ns != c->poll_ms * HDRM_MS)
		return hdrm_fail(msg, len, "%s: onset %llu gap %llu ns",
				 c->name, (unsigned long long)p.onset_ns,
				 (unsigned long long)p.gap_ns);
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

/*
 * Late polls: the onset and the longest gap are the real clock's, and
 * detection counts elapsed time. At 10 ms polls, 50 ms detection, pause
 * from 15 ms: the polls at 20, 30 and 40 ms saw it, the one due at 50
 * came at 80 (30 ms late) and saw it too, which proves pause from before
 * 20 to after 40 only; the next poll, at 90, knows it lasted past 80 and
 * declares the storm, where counting polls would have waited for five.
 */
static int hdrm_check_wd_late(char *msg, size_t len)
{
	const struct hdrm_wd_params par = { 50 * HDRM_MS, 30 * HDRM_MS,
					    10 * HDRM_MS };
	static const u32 at[] = { 10, 20, 30, 40, 80, 90 };	/* ms */
	struct hdrm_wd_sample s = { .tx_known = true, .watched = true,
				    .pfc_on = true };
	struct hdrm_wd_prio p;
	unsigned int i;

	memset(&p, 0, sizeof(p));
	for (i = 0; i < ARRAY_SIZE(at); i++) {
		/* pause from 15 ms on, the transmit stuck */
		s.indications = at[i] > 15 ? at[i] - 15 : 0;
		s.real = at[i] * HDRM_MS;
		if (hdrm_wd_step(&p, &par, &s, at[i] * HDRM_MS) == HDRM_WD_STORM)
			break;
	}
	if (i == ARRAY_SIZE(at) || at[i] != 90 || p.onset_ns != 20 * HDRM_MS ||
	    p.gap_ns != 40 * HDRM_MS)
		return hdrm_fail(msg, len, "late poll: storm at poll %u, onset %llu, gap %llu ns",
				 i, (unsigned long long)p.onset_ns,
				 (unsigned long long)p.gap_ns);
	return 0;
}

/* pause frames every 100 us in [@from, @to) ns before @t */
static u64 hdrm_wd_frames(u64 from, u64 to, u64 t)
{
	u64 n = 0;

	t = t < to ? t : to;
	for (; from < t; from += 100000)
		n++;
	return n;
}

/* One run of hdrm_check_wd_jitter(): when the storm was declared, or 0 */
static u64 hdrm_wd_jitter_run(struct hdrm_wd_prio *p, u64 from, u64 to,
			      u32 *seed)
{
	const struct hdrm_wd_params par = { 50 * HDRM_MS, 30 * HDRM_MS,
					    10 * HDRM_MS };
	struct hdrm_wd_sample s = { .watched = true, .pfc_on = true };
	unsigned int poll;
	u64 due;

	memset(p, 0, sizeof(*p));
	for (poll = 1; poll <= 80; poll++) {
		due = poll * 10 * HDRM_MS;
		*seed = *seed * 1103515245 + 12345;
		s.real = due + (*seed >> 16) % 2001 * 1000;
		s.indications = hdrm_wd_frames(from, to, s.real);
		if (hdrm_wd_step(p, &par, &s, due) == HDRM_WD_STORM)
			return s.real;
	}
	return 0;
}

/*
 * Jittery polls, as an hrtimer and a work give them: 10 ms apart, each
 * read 0 to 2 ms after it was due (a fixed pseudo-random sequence),
 * detect 50, pause starting at 200 phases across a poll. A burst of 40 ms
 * (detect - poll) is never declared; a storm is declared within 60 ms of
 * its onset plus the reads' jitter, and in 50 plus the jitter whenever
 * the read before the deciding one was no earlier in its period than the
 * first (about half of them). Declaring at due times from the first
 * read, as before, took 60 whenever the first read was late at all.
 */
static int hdrm_check_wd_jitter(char *msg, size_t len)
{
	unsigned int phase, fast = 0;
	struct hdrm_wd_prio p;
	u64 from, declared;
	u32 seed = 1;

	for (phase = 0; phase < 200; phase++) {
		from = 100 * HDRM_MS + phase * 50000;
		declared = hdrm_wd_jitter_run(&p, from, from + 40 * HDRM_MS,
					      &seed);
		if (declared)
			return hdrm_fail(msg, len, "a 40 ms burst from %llu ns declared at %llu",
					 (unsigned long long)from,
					 (unsigned long long)declared);
		declared = hdrm_wd_jitter_run(&p, from, from + 400 * HDRM_MS,
					      &seed);
		if (!declared || p.onset_ns <= from ||
		    declared - p.onset_ns > 62 * HDRM_MS ||
		    declared - p.onset_ns < 48 * HDRM_MS)
			return hdrm_fail(msg, len, "a storm from %llu: onset %llu, declared %llu",
					 (unsigned long long)from,
					 (unsigned long long)p.onset_ns,
					 (unsigned long long)declared);
		fast += declared - p.onset_ns <= 52 * HDRM_MS;
	}
	if (fast < 50)
		return hdrm_fail(msg, len, "%u of 200 storms declared within 52 ms of their onset",
				 fast);
	return 0;
}

/*
 * storm-limit 2 in 1000 ms: the third storm within the period is held,
 * a storm after the period starts counting again; recovery manual holds
 * every one.
 */
static int hdrm_check_wd_escalate(char *msg, size_t len)
{
	static const struct {
		u32 ms;
		bool manual, held;
	} c[] = {
		{ 100, false, false }, { 400, false, false }, { 900, false, true },
		{ 950, false, true }, { 1200, false, false }, { 1300, false, false },
		{ 1400, true, true },
	};
	struct hdrm_wd_prio p;
	unsigned int i;
	bool held;

	memset(&p, 0, sizeof(p));
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		held = hdrm_wd_escalate(&p, 2, 1000 * HDRM_MS, c[i].manual,
					c[i].ms * HDRM_MS);
		if (held != c[i].held)
			return hdrm_fail(msg, len, "storm at %u ms: held %d, want %d",
					 c[i].ms, held, c[i].held);
	}
	/* no limit: never held */
	memset(&p, 0, sizeof(p));
	for (i = 0; i < 100; i++)
		if (hdrm_wd_escalate(&p, 0, 1000 * HDRM_MS, false,
				     (i + 1) * HDRM_MS))
			return hdrm_fail(msg, len, "storm-limit 0 held storm %u", i);
	return 0;
}

#endif /* _HDRM_WD_CASES_H */
