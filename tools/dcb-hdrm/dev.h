/* SPDX-License-Identifier: GPL-2.0 */
/* A device as the module reports it, and the "dev DEV" of every command. */
#ifndef DCB_HDRM_DEV_H
#define DCB_HDRM_DEV_H

#include <stdint.h>

#include "dcb-hdrm.h"
#include "dcbstate.h"
#include "hwtstamp.h"
#include "peer.h"
#include "result.h"

/* A device message, all of it, for dev show. */
struct dev_info {
	uint32_t ifindex;
	char ifname[32];
	bool dcb;
	uint32_t dcb_ops;
	bool has_speed;
	uint32_t speed;
	uint32_t mtu;
	bool carrier;
	uint32_t caps;
	bool has_cfg;
	bool reflect;
	uint32_t reflect_rate, encap, speed_override, k_override, cell;
	uint32_t small_pct;		/* small frames' share, percent */
	uint32_t prio_mask, precision_override;
	uint32_t max_frame[HDRM_PRIOS];
	uint32_t apply, delay_unit, remeasure_period;
	bool remeasure;
	bool auto_hdrm, accept_push;
	bool has_accept_stream, accept_stream;	/* not from older modules */
	bool has_k_measured, k_measured;	/* not from older modules */
	bool has_k_meas;		/* a response measured, its K: */
	uint32_t k_meas_ns, k_meas_prio;
	uint32_t ts_mode;		/* enum dcb_hdrm_ts_mode */
	uint32_t model;			/* enum dcb_hdrm_model, as set */
	/* a measurement's defaults: enum dcb_hdrm_method, pdelay's options */
	uint32_t method, ptp_domain, ptp_sdo;
	bool has_model_in_use;
	uint32_t model_in_use;		/* what auto resolved to */
	bool tc_mode;			/* Spectrum in TC mode: model none */
	/* the PTP clock and its resolution (ns): absent without hardware */
	bool has_phc_index, has_hw_resolution;
	uint32_t phc_index, hw_resolution;
	/* the driver's configuration, read by the tool (SIOCGHWTSTAMP) */
	struct hdrm_hwtstamp hwtstamp;
	struct hdrm_peer_info peer;
	struct hdrm_dcb_state dcb_state;
	bool has_stats;
	uint64_t stats[DCB_HDRM_A_STATS_MAX + 1];
	uint32_t stats_sent;		/* bit n: counter n was in the message */
};

/* What the prompt and the report need of a device message. */
struct dev_view {
	uint32_t ifindex;
	char ifname[32];
	struct hdrm_dcb_state st;
	struct hdrm_peer_info peer;
	uint32_t mtu;
	/* the last successful local measurement, as a result (last-measured) */
	bool has_last;
	struct result last;
	/* a measurement's defaults (dev set method, ptp-domain, ptp-sdo) */
	uint32_t method, ptp_domain, ptp_sdo;
};

int dev_view_cb(struct nlattr *attrs, int len, void *arg);
int dev_parse(struct nlattr *attrs, int len, struct dev_info *d);
void dev_print_json(struct jw *w, const struct dev_info *d);

int hdrm_dev_arg(const char *cmd, int argc, char **argv, const char **name);
int hdrm_unknown_arg(const char *cmd, int argc, char **argv, bool dev_wanted,
		     const char *expected);
int hdrm_dev_ifindex(const char *cmd, const char *name, uint32_t *ifindex);

#endif
