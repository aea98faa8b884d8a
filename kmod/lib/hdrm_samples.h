/* SPDX-License-Identifier: GPL-2.0 */
/*
 * From what the initiator collected per probe to round-trip samples, no
 * I/O: which timestamps each probe's round trip is taken from, the peer's
 * clock rate against ours, and the samples the statistics are made of
 * (Documentation/design.rst, "Timestamps at the wire").
 *
 * t = (t4 - t1) - (t3 - t2) (US 2025/0267110 A1, paragraph [0010]) holds
 * whatever the offset between the two ends' clocks, as long as t1 and t4
 * come from one clock and t2 and t3 from one clock. The initiator's pair
 * is the NIC's (hardware) when it has both, else the host's monotonic
 * clock: the driver's software timestamp where there is one, the
 * module's own clock read where not (both are on that clock). The peer's
 * pair is what its reply and follow-up say.
 */
#ifndef _HDRM_SAMPLES_H
#define _HDRM_SAMPLES_H

#include "hdrm_compat.h"

/* What one probe gathered; all 0 until it did. */
struct hdrm_rec {
	u64 t1_hook;		/* the clock read before transmit: the frame's t1 */
	u64 t1_sw, t1_hw;	/* the driver's TX timestamps, 0 = none */
	u64 t4_hook, t4_sw, t4_hw;
	u64 t2, t3;		/* the peer's, with HDRM_REC_STAMPS */
	/* pdelay two-step: the Pdelay_Resp's correction until its follow-up */
	s64 corr;
	u8 flags;		/* HDRM_REC_* */
};

#define HDRM_REC_REPLIED	0x01	/* a valid reply came */
#define HDRM_REC_STAMPS		0x02	/* it carries t2 and t3 (4TS) */
#define HDRM_REC_TWOSTEP	0x04	/* it announced a follow-up */
#define HDRM_REC_FOLLOWUP	0x08	/* which came: t3 is the follow-up's */
#define HDRM_REC_T2_HW		0x10	/* the peer's t2 is its NIC's */
#define HDRM_REC_T3_HW		0x20	/* the peer's t3 is its NIC's */

/* enum dcb_hdrm_ts_mode, for the pure code */
#define HDRM_TS_AUTO		0
#define HDRM_TS_HARDWARE	1
#define HDRM_TS_SOFTWARE	2
#define HDRM_TS_HOOK		3

/*
 * The rate ratio needs t1 to span at least this much: with timestamps
 * good to 8 ns each, 1 ms tells the ratio to 16 ppm, and a turnaround of
 * 100 us is then corrected to within 2 ns.
 */
#define HDRM_RATIO_MIN_SPAN_NS	1000000ULL
/* Beyond 1000 ppm it is not an oscillator's error: no correction. */
#define HDRM_RATIO_MAX_PPB	1000000

struct hdrm_samples_in {
	const struct hdrm_rec *rec;	/* per sequence number */
	u32 sent;
	unsigned int ts_mode;		/* HDRM_TS_* */
	u64 timeout_ns;			/* a later reply is late, not a sample */
};

struct hdrm_samples_out {
	u32 received;			/* samples in rtt[] */
	u32 late;
	u32 two_step;			/* samples whose t3 came in a follow-up */
	u32 followup_missing;		/* replies whose follow-up never came */
	u32 rejected;			/* without the timestamps ts-mode asks */
	bool hardware;			/* every sample had NIC timestamps */
	bool has_ratio;
	s32 ratio_ppb;			/* the peer's clock against ours */
};

void hdrm_samples_build(const struct hdrm_samples_in *in, u64 *rtt,
			u64 *turnaround, struct hdrm_samples_out *out);
s64 hdrm_ratio_ppb(u64 d_local, u64 d_peer);
u64 hdrm_ratio_scale(u64 peer_ns, s32 ppb);

#endif /* _HDRM_SAMPLES_H */
