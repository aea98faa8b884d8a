/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A PFC loop played on a timeline, no I/O: the referee of the headroom
 * arithmetic (hdrm_calc.h, US 2025/0267110 A1 [0102]). It is derived from
 * the events of a pause, not from the formula, so that the two can be set
 * side by side:
 *
 * - the sender transmits the priority back to back at line rate, each
 *   frame with its preamble and the least inter-packet gap on the wire
 *   (IEEE 802.3 clause 4), in a pattern of frame sizes, optionally with a
 *   frame of another priority after each of its own;
 * - the receiver's buffer for the priority never drains and crosses XOFF
 *   at the worst moment;
 * - the receiver has just started its own largest frame; its PFC frame
 *   (IEEE 802.1Qbb clause 36, a 64-byte MAC control frame) waits for that
 *   frame and the gap after it, then is serialised;
 * - the PFC frame crosses the cable; the sender acts on it once it has
 *   received all of it, and may still begin a frame of the priority up to
 *   its response allowance later (802.3 Annex 31B.3.7 gives that
 *   allowance per speed in pause quanta, 512 bit times each; 802.1Qbb
 *   Annex N counts the same delays for PFC);
 * - the sender finishes the frame it began; its last byte crosses the
 *   cable.
 *
 * The peak is every byte of the priority that arrives after the XOFF
 * crossing, in bytes and in cells (each frame in whole cells); the drops
 * are the frames that do not fit in a given headroom.
 */
#ifndef _HDRM_SIM_H
#define _HDRM_SIM_H

#include "hdrm_calc.h"

/* The same values as the tool's pattern words. */
enum hdrm_sim_pattern {
	HDRM_SIM_MAX,		/* every frame the priority's largest */
	HDRM_SIM_MIN,		/* every frame 64 bytes */
	HDRM_SIM_SIZE,		/* every frame @size bytes */
	HDRM_SIM_MIX,		/* 7 x 64, 4 x 594, 1 x the largest, repeated */
	HDRM_SIM_WORST,		/* the worst for the cell size */
};

/* The longest one-way delay: half the arithmetic's longest round trip. */
#define HDRM_SIM_MAX_DELAY_NS	(HDRM_CALC_MAX_RTT_NS / 2)
/* The mix's middle size: a 576-byte IP datagram in a tagged frame. */
#define HDRM_SIM_MIX_MID	594

struct hdrm_sim_in {
	u32 speed_mbps;
	u64 delay_ns;		/* one way: cable and PHYs (half the round trip) */
	u32 link_frame;		/* the receiver's largest frame; 0: max_frame */
	u32 max_frame;		/* the priority's largest frame, FCS included */
	u32 k_bytes;		/* the sender's response allowance, line bytes */
	u32 cell;		/* bytes, at least 1 */
	u8 pattern;		/* enum hdrm_sim_pattern */
	u32 size;		/* HDRM_SIM_SIZE's frame */
	u32 other_frame;	/* 0, or another priority's frame after each */
	bool drops;		/* count the drops against @headroom */
	u64 headroom;		/* bytes */
};

struct hdrm_sim_out {
	u64 peak_bytes;		/* above XOFF, with no limit */
	u64 peak_cells;
	u64 frames;		/* the priority's frames that add to the peak */
	u64 dropped_bytes;	/* with @drops: what @headroom loses */
	u64 dropped_frames;
	u32 body_frame;		/* the frame size that gave the peak */
	/* the timeline, ns after XOFF is crossed at the receiver */
	u64 pfc_sent_ns;	/* the PFC frame's last bit leaves */
	u64 pfc_received_ns;	/* it reaches the sender */
	u64 last_start_ns;	/* the latest the sender begins a frame */
	u64 last_byte_ns;	/* that frame's last byte reaches the buffer */
};

int hdrm_sim_run(const struct hdrm_sim_in *in, struct hdrm_sim_out *out);

#endif /* _HDRM_SIM_H */
