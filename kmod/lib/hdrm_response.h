/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pause response, measured (Documentation/design.rst, "Measuring the
 * pause response"): the peer streams frames of a priority (hdrm_stream.h),
 * this end pauses the priority with a PFC XOFF and releases it with an XON,
 * and the frames' arrivals say when the peer stopped. From the last frame
 * that still arrived after the XOFF: K, the headroom formula's response
 * term (hdrm_calc.h), in ns, pause quanta and bytes. No I/O: the caller
 * gives the instants and the frames of each repeat.
 */
#ifndef _HDRM_RESPONSE_H
#define _HDRM_RESPONSE_H

#include "hdrm_calc.h"
#include "hdrm_stream.h"

#define HDRM_RESPONSE_MAX_REPEATS	16
/* one before the XOFF, one after it, one held: the least that can tell */
#define HDRM_RESPONSE_MIN_FRAMES	3
/* the frames before each one whose least transit it is measured against */
#define HDRM_RESPONSE_REF_FRAMES	8
/* how far from the XOFF any instant of a repeat, or the round trip, may be */
#define HDRM_RESPONSE_MAX_SPAN_NS	4000000000ULL
/* the XOFF's pause time when the caller gives none: the longest */
#define HDRM_RESPONSE_XOFF_QUANTA	0xffff

/* How a repeat ended; only HDRM_RESP_OK gives figures. */
enum hdrm_response_status {
	HDRM_RESP_OK,
	HDRM_RESP_RANGE,	/* an input beyond the arithmetic's bounds */
	HDRM_RESP_WINDOW,	/* the XON not after the XOFF */
	HDRM_RESP_FEW,		/* fewer than HDRM_RESPONSE_MIN_FRAMES */
	HDRM_RESP_ORDER,	/* a frame out of order or repeated */
	HDRM_RESP_LATE,		/* no frame arrived before the XOFF */
	HDRM_RESP_NOT_HELD,	/* no frame held: not paused, or after XON */
	HDRM_RESP_SPARSE,	/* none arrived after the XOFF before the held */
	HDRM_RESP_LOST,		/* a frame missing just before the first held */
	HDRM_RESP_IDLE,		/* passive: the traffic was not flowing */
	HDRM_RESP_NSTATUS,
};

/*
 * One stream frame as it arrived at this end. A passive repeat's frames
 * are the priority's own traffic: only rx_ns and frame_len are read.
 */
struct hdrm_response_arrival {
	u64 rx_ns;		/* this end's clock, as its last bit arrived */
	u64 sent_ns;		/* the peer's clock, from the frame */
	u32 seq;		/* from the frame */
	u32 frame_len;		/* as granted: no FCS, no VLAN tag */
};

/* One repeat: a pause of a running stream, and the frames around it. */
struct hdrm_response_in {
	u64 xoff_ns;		/* the XOFF's last bit left, the arrivals' clock */
	u64 xon_ns;		/* the XON's, likewise */
	u16 xoff_quanta;	/* the XOFF's pause time; 0: 0xffff */
	bool refreshed;		/* XOFF again before its quanta ran out */
	u32 speed_mbps;
	u64 rtt_ns;		/* the link's measured round trip */
	bool tagged;		/* the frames carry a VLAN tag on the wire */
	bool passive;		/* the peer's own traffic, not a stream */
	const struct hdrm_response_arrival *arr;	/* in arrival order */
	u32 n;
};

struct hdrm_response_out {
	enum hdrm_response_status status;
	/* the classification, by index into the arrivals */
	u64 threshold_ns;	/* held: transit this much over the reference */
	u32 first_held;		/* the first frame held */
	u32 last;		/* the one before it: the last that arrived */
	u64 hold_ns;		/* how much longer the first held one took */
	u32 held;		/* frames from first_held on that were held */
	u32 after_xoff;		/* frames up to last that arrived after XOFF */
	u32 lost;		/* sequence numbers missing up to last */
	/* the figures, with HDRM_RESP_OK */
	u64 xoff_to_last_ns;	/* last's arrival - the XOFF */
	u64 bytes_after_xoff;	/* wire bytes of the after_xoff frames */
	u64 stream_rate_mbps;	/* wire bits of frames 1..last / their span */
	u64 bytes_at_line_rate;	/* xoff_to_last_ns at the speed */
	s64 k_raw_ns;		/* xoff_to_last - rtt - last's frame, signed */
	u64 k_ns;		/* the same, at least 0 */
	u64 k_quanta;		/* k_ns in pause quanta, rounded up */
	u64 k_bytes;		/* k_ns at the speed, rounded up */
	u64 gap_ns;		/* the peer's gap: first held's sent - last's;
				 * passive: the traffic's widest spacing
				 */
};

struct hdrm_response_range {
	u64 min, median, max;	/* median: the lower middle, as hdrm_stats */
};

/* The figures over the repeats that succeeded. */
struct hdrm_response_agg {
	u32 repeats;		/* given */
	u32 ok;			/* succeeded: the ranges are over these */
	u32 status[HDRM_RESP_NSTATUS];	/* repeats that ended so */
	struct hdrm_response_range xoff_to_last_ns, bytes_after_xoff,
				   stream_rate_mbps, bytes_at_line_rate,
				   k_ns, k_quanta, k_bytes, gap_ns;
};

const char *hdrm_response_status_str(enum hdrm_response_status status);
u64 hdrm_response_pause_ns(u16 quanta, u32 speed_mbps);
enum hdrm_response_status
hdrm_response_analyse(const struct hdrm_response_in *in,
		      struct hdrm_response_out *out);
int hdrm_response_aggregate(const struct hdrm_response_out *rep, u32 n,
			    struct hdrm_response_agg *agg);
int hdrm_response_k_bytes(const struct hdrm_response_agg *agg, u32 *k_bytes);

#endif /* _HDRM_RESPONSE_H */
