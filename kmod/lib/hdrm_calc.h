/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Headroom arithmetic (US 2025/0267110 A1, [0102] and [0107]), no I/O:
 *
 *   HDRM = (t + 2 x precision) x speed + 2 x max_frame + measure_frame + K
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
