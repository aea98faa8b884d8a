/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every driver's own arithmetic, no I/O: given what a driver holds in its
 * dcbnl fields, the headroom it really gives each PFC priority, and what
 * to write so that it gives at least the measured headroom (US
 * 2025/0267110 A1, [0132]: the headroom is set through the driver layer).
 * Documentation/drivers.rst gives each model with its sources.
 */
#ifndef _HDRM_MODEL_H
#define _HDRM_MODEL_H

#include "hdrm_apply.h"

/* The same values as enum dcb_hdrm_model and enum dcb_hdrm_apply_rule. */
enum hdrm_model {
	HDRM_MODEL_AUTO,
	HDRM_MODEL_GENERIC,
	HDRM_MODEL_MLX5,
	HDRM_MODEL_MLXSW,
	HDRM_MODEL_NONE,
};

enum hdrm_rule {
	HDRM_RULE_NONE,
	HDRM_RULE_SHORT,
	HDRM_RULE_BELOW_FLOOR,
	HDRM_RULE_NO_ROOM,
	HDRM_RULE_TC_MODE_ONLY,
	HDRM_RULE_CLAMPED_FLOOR,
	HDRM_RULE_CLAMPED_CEILING,
	HDRM_RULE_NO_MODEL,
	HDRM_RULE_FIRMWARE_OWNED,
	HDRM_RULE_TC_MODE,
};

/* The same values as enum dcb_hdrm_apply. */
enum hdrm_method {
	HDRM_METHOD_NONE,
	HDRM_METHOD_DELAY,
	HDRM_METHOD_BUFFER,
	HDRM_METHOD_AUTO,
};

/* mlx5: the cable length its DCB state starts with (MLX5E_DEFAULT_CABLE_LEN) */
#define HDRM_MLX5_DEFAULT_METRES	7U
/* mlx5: the least max_mtu its buffer floor counts (MINIMUM_MAX_MTU) */
#define HDRM_MLX5_MIN_MAX_MTU		9216U
/* mlx5: the least speed its xoff counts, Mb/s (SPEED_40000) */
#define HDRM_MLX5_MIN_SPEED		40000U
/* mlx5: its buffer cell when the device does not say (MLX5E_BUFFER_CELL_SHIFT) */
#define HDRM_MLX5_DEFAULT_CELL		128U

/* The device's constants a model reads. */
struct hdrm_model_dev {
	u8 model;		/* enum hdrm_model, never auto */
	u8 delay_unit;		/* generic only: enum hdrm_delay_unit */
	u32 speed_mbps;
	u32 mtu;		/* dev->mtu */
	u32 max_mtu;		/* dev->max_mtu */
	u32 cell;		/* bytes, at least 1 */
};

/* What the driver holds. */
struct hdrm_model_state {
	bool has_pfc;		/* ieee_getpfc answered */
	bool has_buf;		/* dcbnl_getbuffer answered */
	u8 pfc_en;
	u16 delay;
	struct hdrm_buffers buf;
};

/* What the measurement asks for. */
struct hdrm_model_need {
	u8 mask;			/* priorities with a headroom */
	u64 bytes[HDRM_PRIOS];		/* the recommended headroom */
	u64 inflight[HDRM_PRIOS];	/* its (t + 2 x precision) x speed */
	u64 allowance_ns;		/* t + 2 x precision */
};

/* What to write, and the rule that cut or refused it. */
struct hdrm_model_plan {
	u8 method;		/* HDRM_METHOD_DELAY or _BUFFER: the main write */
	bool write_delay;
	bool write_buf;
	struct hdrm_model_state next;	/* the driver's state after it */
	u64 delay_wanted;	/* the value before the field's range cut it */
	u8 lossless;		/* buffers a PFC priority maps to */
	u64 buf_wanted[HDRM_BUFFERS];
	bool clamped;
	u8 rule;		/* enum hdrm_rule */
	u64 rule_have, rule_need;
	u32 rule_buffer;
};

u64 hdrm_mlx5_xoff(u32 speed_mbps, u32 mtu, u32 metres);
u64 hdrm_mlx5_floor(const struct hdrm_model_dev *d, u32 metres);
u64 hdrm_mlxsw_headroom(const struct hdrm_model_dev *d, u32 delay_bits);
u8 hdrm_model_lossless_prios(const struct hdrm_model_state *s,
			     const struct hdrm_model_need *n);
int hdrm_model_effective(const struct hdrm_model_dev *d,
			 const struct hdrm_model_state *s,
			 const struct hdrm_model_need *n, unsigned int prio,
			 u64 *bytes);
int hdrm_model_plan(const struct hdrm_model_dev *d,
		    const struct hdrm_model_state *cur,
		    const struct hdrm_model_need *n, u8 method,
		    struct hdrm_model_plan *p);
int hdrm_mlx5_take_buffers(const struct hdrm_model_dev *d,
			   const struct hdrm_buffers *b, u8 lossless,
			   u32 metres, struct hdrm_buffers *out);
u32 hdrm_equivalent_cable_cm(u64 rtt_ns);
u64 hdrm_static_cable_cells(u32 speed_mbps, u32 max_frame, u32 metres,
			    u32 cell, u32 small_pct);
u64 hdrm_static_mlx5_above(u32 speed_mbps, u32 mtu, u32 cell, u32 metres);
u32 hdrm_model_cell(u8 model, u32 configured);

#endif /* _HDRM_MODEL_H */
