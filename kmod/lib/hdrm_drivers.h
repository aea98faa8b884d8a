/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the module knows of each driver, by the name ethtool's drvinfo
 * gives: one row per driver (Documentation/drivers.rst has the sources).
 * No I/O.
 */
#ifndef _HDRM_DRIVERS_H
#define _HDRM_DRIVERS_H

#include "hdrm_compat.h"

/* The table's rows; HDRM_DRV_OTHER answers for every driver not named. */
enum hdrm_drv_id {
	HDRM_DRV_OTHER,
	HDRM_DRV_DCBSIM,
	HDRM_DRV_MLX5,
	HDRM_DRV_SPECTRUM,
	HDRM_DRV_SPECTRUM2,
	HDRM_DRV_SPECTRUM3,
	HDRM_DRV_SPECTRUM4,
	HDRM_DRV_AMD_XGBE,
	HDRM_DRV_BNX2X,
	HDRM_DRV_BNXT_EN,
	HDRM_DRV_CXGB4,
	HDRM_DRV_DPAA2,
	HDRM_DRV_FM10K,
	HDRM_DRV_HNS3,
	HDRM_DRV_I40E,
	HDRM_DRV_ICE,
	HDRM_DRV_IGB,
	HDRM_DRV_IGC,
	HDRM_DRV_IXGBE,
	HDRM_DRV_MLX4,
	HDRM_DRV_NFP,
	HDRM_DRV_QEDE,
	HDRM_DRV_QLCNIC,
	HDRM_DRV_RVU,
	HDRM_DRV_COUNT
};

struct hdrm_driver {
	const char *name;	/* as ethtool -i reports it */
	bool prefix;		/* @name is a prefix: one row for a family */
	u8 model;		/* enum hdrm_model: whose arithmetic applies */
	u8 delay_unit;		/* enum hdrm_delay_unit of ieee_pfc.delay */
	u32 ts_res_ns;		/* hardware timestamps' resolution, 0: unknown */
	u32 cell;		/* buffer cell, bytes, 0: unknown */
	u32 pfc_refresh_ms;	/* ieee_getpfc's counters from a timer, 0: live */
	u32 pfc_min_poll_ms;	/* 1.5 x pfc_refresh_ms: a poll spans a refresh */
	bool pfc_swapped;	/* requests and indications come swapped */
	const char *pfc_slow;	/* why a shorter poll-ms is refused */
	const char *tx_format;	/* each priority's transmitted packets, ethtool -S */
};

/* The driver's row, else HDRM_DRV_OTHER's. Never NULL. */
const struct hdrm_driver *hdrm_driver_of(const char *name);
const struct hdrm_driver *hdrm_driver_row(enum hdrm_drv_id id);

/* The most formats hdrm_driver_tx_formats() gives */
#define HDRM_DRV_TX_FORMATS	4
unsigned int hdrm_driver_tx_formats(const struct hdrm_driver *drv,
				    const char **fmt);

#endif /* _HDRM_DRIVERS_H */
