/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Headroom arithmetic (US 2025/0267110 A1, [0102] and [0107]), no I/O:
 *
 *   HDRM = (t + 2 x precision) x speed + 2 x max_frame + measure_frame + K
 */
#ifndef _HDRM_CALC_H
#define _HDRM_CALC_H

#include "hdrm_compat.h"

/* Input limits: every result then fits in 64 bits with room to spare. */
#define HDRM_CALC_MAX_RTT_NS		4000000000ULL	/* 4 s */
#define HDRM_CALC_MAX_PRECISION_NS	10000000U	/* 10 ms: a jiffy at HZ=100 */
#define HDRM_CALC_MAX_SPEED_MBPS	1600000U	/* 1.6 Tb/s */
#define HDRM_CALC_MAX_FRAME		65535U
#define HDRM_CALC_MAX_K			16777216U	/* 16 MiB */
#define HDRM_CALC_MAX_CELL		65536U

struct hdrm_calc_in {
	u64 rtt_ns;		/* t */
	u32 precision_ns;
	u32 speed_mbps;
	u32 max_frame;		/* bytes on the wire */
	u32 measure_frame;	/* bytes on the wire */
	u32 k_bytes;
	u32 cell_bytes;
};

struct hdrm_calc_out {
	u64 inflight_bytes;	/* ceil((t + 2 x precision) x speed / 8) */
	u64 headroom_bytes;
	u64 headroom_cells;	/* ceil(headroom_bytes / cell_bytes) */
};

u32 hdrm_k_quanta(u32 speed_mbps);
u32 hdrm_k_bytes(u32 speed_mbps);
u32 hdrm_default_max_frame(u32 mtu);
int hdrm_headroom(const struct hdrm_calc_in *in, struct hdrm_calc_out *out);

#endif /* _HDRM_CALC_H */
