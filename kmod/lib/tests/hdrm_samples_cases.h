/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hdrm_samples_build(): which clocks each probe's round trip comes from,
 * the peer's rate ratio, and what is not a sample. The checks return 0, or
 * fill @msg and return -1, as in hdrm_cases.h.
 */
#ifndef _HDRM_SAMPLES_CASES_H
#define _HDRM_SAMPLES_CASES_H

#include "../hdrm_samples.h"
#include "hdrm_cases.h"

#define HDRM_SAMPLES_MAX	4

/* Four hardware timestamps flags, and what a two-step exchange sets. */
#define HDRM_REC_HW4	(HDRM_REC_REPLIED | HDRM_REC_STAMPS | HDRM_REC_TWOSTEP | \
			 HDRM_REC_FOLLOWUP | HDRM_REC_T2_HW | HDRM_REC_T3_HW)
#define HDRM_REC_SW4	(HDRM_REC_REPLIED | HDRM_REC_STAMPS)

/*
 * A hardware exchange on a 100 ns cable, turned around in 300 us by a
 * peer whose clock reads 1 s ahead and runs 100 ppm fast:
 * C(x) = 10^9 + x + x / 10^4. Probe i leaves at x1 = i ms; on our clock
 * t1 = x1 and t4 = x1 + 100 + 300000 + 100, on the peer's
 * t2 = C(x1 + 100) and t3 = C(x1 + 100 + 300000). The true round trip is
 * 200 ns; without the rate correction it comes out 30 ns short.
 */
#define HDRM_HW_REC1	\
	{ .t1_hook = 1000005, .t4_hook = 1300400, .t1_hw = 1000000, .t4_hw = 1300200,	\
	  .t2 = 1001000200, .t3 = 1001300230, .flags = HDRM_REC_HW4 }
#define HDRM_HW_REC2	\
	{ .t1_hook = 2000005, .t4_hook = 2300400, .t1_hw = 2000000, .t4_hw = 2300200,	\
	  .t2 = 1002000300, .t3 = 1002300330, .flags = HDRM_REC_HW4 }
#define HDRM_HW_REC3	\
	{ .t1_hook = 3000005, .t4_hook = 3300400, .t1_hw = 3000000, .t4_hw = 3300200,	\
	  .t2 = 1003000400, .t3 = 1003300430, .flags = HDRM_REC_HW4 }

struct hdrm_samples_case {
	const char *name;
	struct hdrm_rec rec[HDRM_SAMPLES_MAX];
	u32 sent;
	unsigned int ts_mode;
	/* expected */
	u32 received, late, two_step, followup_missing, rejected;
	bool hardware, has_ratio;
	s32 ratio_ppb;
	u64 rtt[HDRM_SAMPLES_MAX];
};

static const struct hdrm_samples_case hdrm_samples_cases[] = {
	{
		.name = "hardware, peer 1 s ahead and 100 ppm fast",
		.rec = { HDRM_HW_REC1, HDRM_HW_REC2, HDRM_HW_REC3 },
		.sent = 3, .ts_mode = HDRM_TS_AUTO,
		.received = 3, .two_step = 3, .hardware = true,
		.has_ratio = true, .ratio_ppb = 100000,
		.rtt = { 200, 200, 200 },
	},
	{
		/* 1 ms between the first and the last: just enough */
		.name = "hardware, two probes 1 ms apart",
		.rec = { HDRM_HW_REC1, HDRM_HW_REC2 },
		.sent = 2, .ts_mode = HDRM_TS_HARDWARE,
		.received = 2, .two_step = 2, .hardware = true,
		.has_ratio = true, .ratio_ppb = 100000,
		.rtt = { 200, 200 },
	},
	{
		/* one probe: no ratio, so the turnaround is the peer's own */
		.name = "hardware, one probe: no ratio",
		.rec = { HDRM_HW_REC1 },
		.sent = 1, .ts_mode = HDRM_TS_AUTO,
		.received = 1, .two_step = 1, .hardware = true,
		.rtt = { 170 },
	},
	{
		/* the driver's stamps where there are some, the clock reads else */
		.name = "software: driver stamps first, then the clock reads",
		.rec = {
			{ .t1_hook = 1000, .t1_sw = 1100, .t4_sw = 5000,
			  .t4_hook = 6000, .t2 = 70000, .t3 = 71000,
			  .flags = HDRM_REC_SW4 },
			{ .t1_hook = 1000, .t4_sw = 5000, .t4_hook = 6000,
			  .t2 = 70000, .t3 = 71000, .flags = HDRM_REC_SW4 },
		},
		.sent = 2, .ts_mode = HDRM_TS_AUTO,
		.received = 2, .rtt = { 2900, 3000 },
	},
	{
		.name = "hook: the clock reads only",
		.rec = {
			{ .t1_hook = 1000, .t1_sw = 1100, .t4_sw = 5000,
			  .t4_hook = 6000, .t2 = 70000, .t3 = 71000,
			  .flags = HDRM_REC_SW4 },
		},
		.sent = 1, .ts_mode = HDRM_TS_HOOK,
		.received = 1, .rtt = { 4000 },
	},
	{
		/* software mode takes the driver's stamps, never the NIC's */
		.name = "software mode: NIC stamps not used",
		.rec = { HDRM_HW_REC1 },
		.sent = 1, .ts_mode = HDRM_TS_SOFTWARE,
		.received = 1, .two_step = 1, .rtt = { 365 },
	},
	{
		.name = "hardware mode: a software probe is not a sample",
		.rec = {
			HDRM_HW_REC1,
			{ .t1_hook = 1000, .t4_hook = 6000, .t2 = 70000,
			  .t3 = 71000, .flags = HDRM_REC_SW4 },
		},
		.sent = 2, .ts_mode = HDRM_TS_HARDWARE,
		.received = 1, .two_step = 1, .rejected = 1, .hardware = true,
		.rtt = { 170 },
	},
	{
		/* auto takes both, and says software: the weakest */
		.name = "auto: one hardware and one software probe",
		.rec = {
			HDRM_HW_REC1,
			{ .t1_hook = 1000, .t4_hook = 6000, .t2 = 70000,
			  .t3 = 71000, .flags = HDRM_REC_SW4 },
		},
		.sent = 2, .ts_mode = HDRM_TS_AUTO,
		.received = 2, .two_step = 1, .rtt = { 170, 4000 },
	},
	{
		.name = "a follow-up that never came, and no reply",
		.rec = {
			{ .t1_hook = 1000, .t4_hook = 6000, .t2 = 70000,
			  .t3 = 70000, .flags = HDRM_REC_SW4 | HDRM_REC_TWOSTEP },
			{ .t1_hook = 2000 },
		},
		.sent = 2, .ts_mode = HDRM_TS_AUTO,
		.followup_missing = 1,
	},
	{
		.name = "late: beyond the timeout on the clock reads",
		.rec = {
			{ .t1_hook = 1000, .t4_hook = 1000 + 200000001ULL,
			  .t2 = 70000, .t3 = 71000, .flags = HDRM_REC_SW4 },
		},
		.sent = 1, .ts_mode = HDRM_TS_AUTO, .late = 1,
	},
};

static int hdrm_check_samples(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_samples_case *c = &hdrm_samples_cases[i];
	u64 rtt[HDRM_SAMPLES_MAX], ta[HDRM_SAMPLES_MAX];
	struct hdrm_samples_in in = {
		.rec = c->rec, .sent = c->sent, .ts_mode = c->ts_mode,
		.timeout_ns = 200000000ULL,
	};
	struct hdrm_samples_out out;
	u32 k;

	hdrm_samples_build(&in, rtt, ta, &out);
	if (out.received != c->received || out.late != c->late ||
	    out.two_step != c->two_step ||
	    out.followup_missing != c->followup_missing ||
	    out.rejected != c->rejected)
		return hdrm_fail(msg, len, "%s: counts %u/%u/%u/%u/%u, not %u/%u/%u/%u/%u",
				 c->name, out.received, out.late, out.two_step,
				 out.followup_missing, out.rejected, c->received,
				 c->late, c->two_step, c->followup_missing,
				 c->rejected);
	if (out.hardware != c->hardware || out.has_ratio != c->has_ratio ||
	    (c->has_ratio && out.ratio_ppb != c->ratio_ppb))
		return hdrm_fail(msg, len, "%s: hardware %d ratio %d %d ppb, not %d %d %d",
				 c->name, out.hardware, out.has_ratio,
				 out.ratio_ppb, c->hardware, c->has_ratio,
				 c->ratio_ppb);
	for (k = 0; k < out.received; k++)
		if (rtt[k] != c->rtt[k])
			return hdrm_fail(msg, len, "%s: sample %u is %llu ns, not %llu",
					 c->name, k, (unsigned long long)rtt[k],
					 (unsigned long long)c->rtt[k]);
	return 0;
}

/* The ratio's arithmetic at its ends: exact, rounded, never overflowing. */
static int hdrm_check_ratio(char *msg, size_t len)
{
	/* 8 s on our clock, the peer 1000 ppm slow */
	if (hdrm_ratio_ppb(8000000000ULL, 7992000000ULL) != -1000000)
		return hdrm_fail(msg, len, "ratio: -1000 ppm over 8 s is %lld ppb",
				 (long long)hdrm_ratio_ppb(8000000000ULL,
							   7992000000ULL));
	if (hdrm_ratio_scale(4000000000ULL, -1000000) != 4004004004ULL)
		return hdrm_fail(msg, len, "ratio: 4 s at -1000 ppm scales to %llu",
				 (unsigned long long)hdrm_ratio_scale(4000000000ULL,
								      -1000000));
	/* a peer clock stepped by 10 s during 1 s: no ratio, no overflow */
	if (hdrm_ratio_ppb(1000000000ULL, 11000000000ULL) != S64_MAX ||
	    hdrm_ratio_ppb(1000000000ULL, 1001000001ULL) != S64_MAX ||
	    hdrm_ratio_ppb(1000000000ULL, 1001000000ULL) != 1000000)
		return hdrm_fail(msg, len, "ratio: a stepped clock gives a ratio");
	if (hdrm_ratio_scale(300030, 100000) != 300000)
		return hdrm_fail(msg, len, "ratio: 300030 at +100 ppm scales to %llu",
				 (unsigned long long)hdrm_ratio_scale(300030, 100000));
	return 0;
}

#endif /* _HDRM_SAMPLES_CASES_H */
