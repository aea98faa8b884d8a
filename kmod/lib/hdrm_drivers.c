// SPDX-License-Identifier: GPL-2.0
/*
 * One row per driver; see hdrm_drivers.h. The sources, from the Linux
 * 6.12 tree, are in Documentation/drivers.rst.
 */
#include "hdrm_drivers.h"
#include "hdrm_model.h"

/* A driver whose PFC counters a timer refreshes every @ms milliseconds */
#define HDRM_DRV_SLOW(drv, ms, min)					\
	.pfc_refresh_ms = ms,						\
	.pfc_min_poll_ms = min,						\
	.pfc_slow = drv " refreshes its PFC counters every " #ms	\
		    " ms: poll-ms must be at least " #min

/* Drivers whose dcbnl fields size no headroom that can be set above theirs */
#define HDRM_DRV_NONE(drv)						\
	.name = drv, .model = HDRM_MODEL_NONE, .delay_unit = HDRM_DELAY_BITS

static const struct hdrm_driver hdrm_drivers[] = {
	/* the uAPI's meaning: delay in bits, buffer sizes as headroom */
	[HDRM_DRV_OTHER] = {
		.name = "",
		.model = HDRM_MODEL_GENERIC,
		.delay_unit = HDRM_DELAY_BITS,
	},
	/* the selftests' NIC: its ts-resolution-ns default, mlx5's names */
	[HDRM_DRV_DCBSIM] = {
		.name = "dcbsim",
		.model = HDRM_MODEL_GENERIC,
		.delay_unit = HDRM_DELAY_BITS,
		.ts_res_ns = 8,
		.tx_format = "tx_prio%u_packets",
	},
	/*
	 * ConnectX: the delay is metres of cable; 128-byte port buffer
	 * cells when the firmware gives none (MLX5E_BUFFER_CELL_SHIFT);
	 * a nanosecond clock.
	 */
	[HDRM_DRV_MLX5] = {
		.name = "mlx5_core",
		.model = HDRM_MODEL_MLX5,
		.delay_unit = HDRM_DELAY_METRES,
		.ts_res_ns = 1,
		.cell = HDRM_MLX5_DEFAULT_CELL,
		.tx_format = "tx_prio%u_packets",
	},
	/* Spectrum: the shared buffer's cell, 96 B, then 144 B */
	[HDRM_DRV_SPECTRUM] = {
		.name = "mlxsw_spectrum",
		.model = HDRM_MODEL_MLXSW,
		.delay_unit = HDRM_DELAY_BITS,
		.cell = 96,
		.tx_format = "tx_frames_prio_%u",
	},
	[HDRM_DRV_SPECTRUM2] = {
		.name = "mlxsw_spectrum2",
		.model = HDRM_MODEL_MLXSW,
		.delay_unit = HDRM_DELAY_BITS,
		.cell = 144,
		.tx_format = "tx_frames_prio_%u",
	},
	[HDRM_DRV_SPECTRUM3] = {
		.name = "mlxsw_spectrum3",
		.model = HDRM_MODEL_MLXSW,
		.delay_unit = HDRM_DELAY_BITS,
		.cell = 144,
		.tx_format = "tx_frames_prio_%u",
	},
	/* Spectrum-4's cell is not in the sources at hand */
	[HDRM_DRV_SPECTRUM4] = {
		.name = "mlxsw_spectrum4",
		.model = HDRM_MODEL_MLXSW,
		.delay_unit = HDRM_DELAY_BITS,
		.tx_format = "tx_frames_prio_%u",
	},
	/*
	 * amd-xgbe reads the delay as its whole allowance and cannot hold
	 * one above its own default in 16 bits; the others read neither
	 * the delay nor buffer sizes into a headroom.
	 */
	[HDRM_DRV_AMD_XGBE] = { HDRM_DRV_NONE("amd-xgbe") },
	[HDRM_DRV_BNX2X] = { HDRM_DRV_NONE("bnx2x") },
	/* the statistics DMA, every stats_coal_ticks (1 s by default) */
	[HDRM_DRV_BNXT_EN] = {
		HDRM_DRV_NONE("bnxt_en"),
		HDRM_DRV_SLOW("bnxt_en", 1000, 1500),
		.tx_format = "tx_packets_pri%u",
	},
	[HDRM_DRV_CXGB4] = { HDRM_DRV_NONE("cxgb4") },
	[HDRM_DRV_DPAA2] = { HDRM_DRV_NONE("fsl_dpaa2_eth") },
	[HDRM_DRV_FM10K] = { HDRM_DRV_NONE("fm10k") },
	[HDRM_DRV_HNS3] = { HDRM_DRV_NONE("hns3") },
	/* i40e and ice: the service task, once a second */
	[HDRM_DRV_I40E] = {
		HDRM_DRV_NONE("i40e"),
		HDRM_DRV_SLOW("i40e", 1000, 1500),
		.ts_res_ns = 8,
	},
	[HDRM_DRV_ICE] = {
		HDRM_DRV_NONE("ice"),
		HDRM_DRV_SLOW("ice", 1000, 1500),
		.ts_res_ns = 1,		/* E810 */
	},
	/* I210: SYSTIM counts in 8 ns at 1 Gb/s; I225/I226: 1 ns */
	[HDRM_DRV_IGB] = {
		.name = "igb",
		.model = HDRM_MODEL_GENERIC,
		.delay_unit = HDRM_DELAY_BITS,
		.ts_res_ns = 8,
	},
	[HDRM_DRV_IGC] = {
		.name = "igc",
		.model = HDRM_MODEL_GENERIC,
		.delay_unit = HDRM_DELAY_BITS,
		.ts_res_ns = 1,
	},
	/*
	 * ixgbe: the service timer, every 2 s; requests are the XOFF
	 * frames it received, indications those it sent.
	 */
	[HDRM_DRV_IXGBE] = {
		HDRM_DRV_NONE("ixgbe"),
		HDRM_DRV_SLOW("ixgbe", 2000, 3000),
		.pfc_swapped = true,
		.ts_res_ns = 8,
	},
	[HDRM_DRV_MLX4] = { HDRM_DRV_NONE("mlx4_en") },
	[HDRM_DRV_NFP] = { HDRM_DRV_NONE("nfp") },
	[HDRM_DRV_QEDE] = { HDRM_DRV_NONE("qede") },
	[HDRM_DRV_QLCNIC] = { HDRM_DRV_NONE("qlcnic") },
	/* rvu-nicpf and rvu-nicvf */
	[HDRM_DRV_RVU] = { HDRM_DRV_NONE("rvu-nic"), .prefix = true },
};

static_assert(ARRAY_SIZE(hdrm_drivers) == HDRM_DRV_COUNT,
	      "a row for every enum hdrm_drv_id");

const struct hdrm_driver *hdrm_driver_row(enum hdrm_drv_id id)
{
	return &hdrm_drivers[id < HDRM_DRV_COUNT ? id : HDRM_DRV_OTHER];
}

const struct hdrm_driver *hdrm_driver_of(const char *name)
{
	const struct hdrm_driver *d;
	unsigned int i;

	for (i = HDRM_DRV_OTHER + 1; i < ARRAY_SIZE(hdrm_drivers); i++) {
		d = &hdrm_drivers[i];
		if (d->prefix ? !strncmp(name, d->name, strlen(d->name)) :
				!strcmp(name, d->name))
			return d;
	}
	return &hdrm_drivers[HDRM_DRV_OTHER];
}

/**
 * hdrm_driver_tx_formats() - the names to look for a priority's transmit in
 * @drv: the device's row
 * @fmt: filled, at most HDRM_DRV_TX_FORMATS, each with one %u
 *
 * The driver's own format first, then every other one in the table once:
 * a driver whose statistics we do not know may name them as one we do.
 *
 * Return: how many.
 */
unsigned int hdrm_driver_tx_formats(const struct hdrm_driver *drv,
				    const char **fmt)
{
	unsigned int i, j, n = 0;
	const char *f;

	if (drv->tx_format)
		fmt[n++] = drv->tx_format;
	for (i = 0; i < ARRAY_SIZE(hdrm_drivers); i++) {
		f = hdrm_drivers[i].tx_format;
		if (!f)
			continue;
		for (j = 0; j < n && strcmp(fmt[j], f); j++)
			;
		if (j == n && n < HDRM_DRV_TX_FORMATS)
			fmt[n++] = f;
	}
	return n;
}
