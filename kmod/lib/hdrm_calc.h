/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Headroom arithmetic (US 2025/0267110 A1, [0102] and [0107]), no I/O.
 * The application's formula,
 *
 *   HDRM = (t + 2 x precision) x speed + 2 x max_frame + measure_frame + K,
 *
 * with one of its two frames read as the link's largest. The PFC loop
 * simulator (hdrm_sim.h) plays the events each term stands for:
 *
 *   frames = (t + 2 x precision) x speed	the cable and PHYs, both ways,
 *						and the timestamps' error
 *	    + link_frame			the frame the receiver is already
 *						sending when it decides to pause
 *						(any priority: the link's largest)
 *	    + measure_frame			the PFC frame (64 bytes)
 *	    + K					the sender's response allowance
 *	    + max_frame				the priority's frame the sender
 *						finishes after it
 *
 * The preambles and gaps of the receiver's two frames (28 bytes) are
 * never data; they are covered by those of the sender's frames, which
 * the in-flight term counts as data: at least one whole frame's 20 and
 * the 12 of the gap before the sender's last frame.
 *
 * A buffer stores frames in whole cells: every byte that streams in
 * before the sender's last frame is scaled by the cell occupancy factor
 * (hdrm_occupancy()); the last frame takes its own cells:
 *
 *   cells = ceil((frames - max_frame) x occupancy / cell)
 *	   + ceil(max_frame / cell),	HDRM = cells x cell.
 *
 * Documentation/design.rst says why each term is there.
 */
#ifndef _HDRM_CALC_H
#define _HDRM_CALC_H

#include "hdrm_compat.h"
#include "hdrm_limits.h"

/*
 * Input limits: every result then fits in 64 bits with room to spare.
 * All but the round trip's are the checks of the attributes that set them
 * (Documentation/netlink/specs/dcb_hdrm.yaml, through hdrm_limits.h):
 * precision 10 ms (a jiffy at HZ=100), speed 1.6 Tb/s, frame 65535 bytes,
 * K 16 MiB, cell 65536 bytes.
 */
#define HDRM_CALC_MAX_RTT_NS		4000000000ULL	/* 4 s */
#define HDRM_CALC_MAX_PRECISION_NS	DCB_HDRM_LIMIT_DEV_PRECISION_OVERRIDE_MAX
#define HDRM_CALC_MAX_SPEED_MBPS	DCB_HDRM_LIMIT_DEV_SPEED_OVERRIDE_MAX
#define HDRM_CALC_MAX_FRAME		DCB_HDRM_LIMIT_PRIO_FRAME_BYTES_MAX
#define HDRM_CALC_MAX_K			DCB_HDRM_LIMIT_DEV_K_OVERRIDE_MAX
#define HDRM_CALC_MAX_CELL		DCB_HDRM_LIMIT_DEV_CELL_MAX
#define HDRM_CALC_MAX_SMALL_PCT		100

/* IEEE 802.3 clause 4: what every frame costs on the wire besides itself. */
#define HDRM_WIRE_PREAMBLE	8	/* preamble and start-of-frame delimiter */
#define HDRM_WIRE_IFG		12	/* the least inter-packet gap, 96 bits */
/* A pause quantum: 512 bit times, K's unit (IEEE 802.3 Annex 31B). */
#define HDRM_QUANTUM_BYTES	64
/* The least frame, FCS included: what the worst cell packing starts from. */
#define HDRM_MIN_FRAME		64

struct hdrm_calc_in {
	u64 rtt_ns;		/* t */
	u32 precision_ns;
	u32 speed_mbps;
	u32 max_frame;		/* bytes on the wire */
	u32 measure_frame;	/* bytes on the wire */
	u32 k_bytes;
	u32 cell_bytes;
	u32 link_frame;		/* the link's largest frame; 0: max_frame */
	u32 small_pct;		/* small frames' share, percent, 0..100 */
};

struct hdrm_calc_out {
	u64 inflight_bytes;	/* ceil((t + 2 x precision) x speed / 8) */
	u64 frame_bytes;	/* the frames' bytes, packed perfectly */
	u64 headroom_bytes;	/* the buffer they take: cells x cell */
	u64 headroom_cells;
	u32 occupancy_permille;	/* the cell occupancy factor, rounded up */
};

u32 hdrm_k_quanta(u32 speed_mbps);
u32 hdrm_k_bytes(u32 speed_mbps);
u32 hdrm_default_max_frame(u32 mtu);
u32 hdrm_link_frame(const u32 max_frame[HDRM_PRIOS], u32 mtu);
u64 hdrm_line_ns(u64 bytes, u32 speed_mbps);
void hdrm_occupancy(u32 cell, u32 small_pct, u64 *num, u64 *den);
u64 hdrm_pack(u64 stream, u32 max_frame, u32 cell, u32 small_pct);
int hdrm_headroom(const struct hdrm_calc_in *in, struct hdrm_calc_out *out);

#endif /* _HDRM_CALC_H */
