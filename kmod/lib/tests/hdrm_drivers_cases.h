/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hdrm_driver_of(): the one driver table, looked up by the names the
 * drivers report. The checks return 0, or fill @msg and return -1, as in
 * hdrm_cases.h.
 */
#ifndef _HDRM_DRIVERS_CASES_H
#define _HDRM_DRIVERS_CASES_H

#include "../hdrm_drivers.h"
#include "../hdrm_model.h"
#include "hdrm_cases.h"

struct hdrm_drivers_case {
	const char *name;	/* as ethtool -i gives it */
	u8 model;
	u8 delay_unit;
	u32 ts_res_ns;
	u32 cell;
	u32 refresh_ms;
	bool swapped;
	const char *tx_format;
};

static const struct hdrm_drivers_case hdrm_drivers_cases[] = {
	{ .name = "mlx5_core", .model = HDRM_MODEL_MLX5,
	  .delay_unit = HDRM_DELAY_METRES, .ts_res_ns = 1, .cell = 128,
	  .tx_format = "tx_prio%u_packets" },
	{ .name = "mlxsw_spectrum", .model = HDRM_MODEL_MLXSW,
	  .delay_unit = HDRM_DELAY_BITS, .cell = 96,
	  .tx_format = "tx_frames_prio_%u" },
	{ .name = "mlxsw_spectrum3", .model = HDRM_MODEL_MLXSW,
	  .delay_unit = HDRM_DELAY_BITS, .cell = 144,
	  .tx_format = "tx_frames_prio_%u" },
	{ .name = "mlxsw_spectrum4", .model = HDRM_MODEL_MLXSW,
	  .delay_unit = HDRM_DELAY_BITS, .tx_format = "tx_frames_prio_%u" },
	{ .name = "bnxt_en", .model = HDRM_MODEL_NONE,
	  .delay_unit = HDRM_DELAY_BITS, .refresh_ms = 1000,
	  .tx_format = "tx_packets_pri%u" },
	{ .name = "i40e", .model = HDRM_MODEL_NONE,
	  .delay_unit = HDRM_DELAY_BITS, .ts_res_ns = 8, .refresh_ms = 1000 },
	{ .name = "ice", .model = HDRM_MODEL_NONE,
	  .delay_unit = HDRM_DELAY_BITS, .ts_res_ns = 1, .refresh_ms = 1000 },
	{ .name = "ixgbe", .model = HDRM_MODEL_NONE,
	  .delay_unit = HDRM_DELAY_BITS, .ts_res_ns = 8, .refresh_ms = 2000,
	  .swapped = true },
	{ .name = "igc", .model = HDRM_MODEL_GENERIC,
	  .delay_unit = HDRM_DELAY_BITS, .ts_res_ns = 1 },
	{ .name = "rvu-nicvf", .model = HDRM_MODEL_NONE,
	  .delay_unit = HDRM_DELAY_BITS },
	{ .name = "dcbsim", .model = HDRM_MODEL_GENERIC,
	  .delay_unit = HDRM_DELAY_BITS, .ts_res_ns = 8,
	  .tx_format = "tx_prio%u_packets" },
	/* not in the table: the uAPI's meaning, nothing known */
	{ .name = "", .model = HDRM_MODEL_GENERIC,
	  .delay_unit = HDRM_DELAY_BITS },
	{ .name = "mlx5", .model = HDRM_MODEL_GENERIC,
	  .delay_unit = HDRM_DELAY_BITS },
	{ .name = "ixgb", .model = HDRM_MODEL_GENERIC,
	  .delay_unit = HDRM_DELAY_BITS },
};

static int hdrm_check_driver_case(unsigned int i, char *msg, size_t len)
{
	const struct hdrm_drivers_case *c = &hdrm_drivers_cases[i];
	const struct hdrm_driver *d = hdrm_driver_of(c->name);

	if (d->model != c->model || d->delay_unit != c->delay_unit ||
	    d->ts_res_ns != c->ts_res_ns || d->cell != c->cell)
		return hdrm_fail(msg, len,
				 "\"%s\": model %u unit %u ts %u cell %u, not %u %u %u %u",
				 c->name, d->model, d->delay_unit, d->ts_res_ns,
				 d->cell, c->model, c->delay_unit, c->ts_res_ns,
				 c->cell);
	if (d->pfc_refresh_ms != c->refresh_ms ||
	    d->pfc_min_poll_ms != c->refresh_ms * 3 / 2 ||
	    d->pfc_swapped != c->swapped || !d->pfc_slow != !c->refresh_ms)
		return hdrm_fail(msg, len, "\"%s\": refresh %u min poll %u swapped %d",
				 c->name, d->pfc_refresh_ms, d->pfc_min_poll_ms,
				 d->pfc_swapped);
	if (!d->tx_format != !c->tx_format ||
	    (c->tx_format && strcmp(d->tx_format, c->tx_format)))
		return hdrm_fail(msg, len, "\"%s\": transmit counters \"%s\"",
				 c->name, d->tx_format ?: "(none)");
	return 0;
}

/*
 * The table's shape: every row named (a hole in the enum-indexed array
 * would be a row of zeros), no name twice, the refresh message's figures
 * the row's own; the transmit names own first, then each other once.
 */
static int hdrm_check_drivers_table(char *msg, size_t len)
{
	static const char ixgbe_slow[] =
		"ixgbe refreshes its PFC counters every 2000 ms: poll-ms must be at least 3000";
	const char *fmt[HDRM_DRV_TX_FORMATS];
	const struct hdrm_driver *d, *e;
	unsigned int i, j, n;

	for (i = HDRM_DRV_OTHER + 1; i < HDRM_DRV_COUNT; i++) {
		d = hdrm_driver_row(i);
		if (!d->name || !d->name[0] || d->model == HDRM_MODEL_AUTO)
			return hdrm_fail(msg, len, "row %u is empty", i);
		if (hdrm_driver_of(d->name) != d)
			return hdrm_fail(msg, len, "\"%s\" finds another row",
					 d->name);
		for (j = HDRM_DRV_OTHER + 1; j < i; j++) {
			e = hdrm_driver_row(j);
			if (!strcmp(d->name, e->name))
				return hdrm_fail(msg, len, "\"%s\" twice",
						 d->name);
		}
	}
	if (hdrm_driver_of("rvu-nicpf") != hdrm_driver_row(HDRM_DRV_RVU) ||
	    hdrm_driver_of("rvu-nic") != hdrm_driver_row(HDRM_DRV_RVU) ||
	    hdrm_driver_of("rvu") != hdrm_driver_row(HDRM_DRV_OTHER))
		return hdrm_fail(msg, len, "the rvu-nic prefix matches wrong");
	if (strcmp(hdrm_driver_of("ixgbe")->pfc_slow, ixgbe_slow))
		return hdrm_fail(msg, len, "ixgbe's message: %s",
				 hdrm_driver_of("ixgbe")->pfc_slow);
	n = hdrm_driver_tx_formats(hdrm_driver_of("mlxsw_spectrum2"), fmt);
	if (n != 3 || strcmp(fmt[0], "tx_frames_prio_%u") ||
	    strcmp(fmt[1], "tx_prio%u_packets") ||
	    strcmp(fmt[2], "tx_packets_pri%u"))
		return hdrm_fail(msg, len, "Spectrum's transmit names: %u", n);
	n = hdrm_driver_tx_formats(hdrm_driver_of("hns3"), fmt);
	if (n != 3 || strcmp(fmt[0], "tx_prio%u_packets"))
		return hdrm_fail(msg, len, "an unknown driver's transmit names: %u",
				 n);
	return 0;
}

#endif /* _HDRM_DRIVERS_CASES_H */
