/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A device's hardware timestamping configuration (struct hwtstamp_config,
 * SIOCGHWTSTAMP and SIOCSHWTSTAMP), read and widened from user space
 * (hwtstamp.c).
 */
#ifndef DCB_HDRM_HWTSTAMP_H
#define DCB_HDRM_HWTSTAMP_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/net_tstamp.h>

#include "json.h"
#include "out.h"

/* What dev show read: err 0 and the configuration, or a negative errno. */
struct hdrm_hwtstamp {
	int err;
	struct hwtstamp_config cfg;
};

extern const char *const hdrm_hwtstamp_tx_names[HWTSTAMP_TX_ONESTEP_P2P + 1];
extern const char *const hdrm_hwtstamp_rx_names[HWTSTAMP_FILTER_NTP_ALL + 1];

/* The rule of "hwtstamp on", pure: see hwtstamp.c. */
bool hwtstamp_widen(const struct hwtstamp_config *cur,
		    struct hwtstamp_config *want);
bool hwtstamp_covers(const struct hwtstamp_config *c);
size_t hwtstamp_shortfall(const struct hwtstamp_config *c, char *buf,
			  size_t len);
bool hwtstamp_unsupported(int err);

/*
 * The ioctl itself, SIOCGHWTSTAMP or SIOCSHWTSTAMP on @ifname: 0 or a
 * negative errno. A pointer so that the unit tests can stand in for a
 * driver.
 */
extern int (*hdrm_hwtstamp_ioctl)(const char *ifname, unsigned long req,
				  struct hwtstamp_config *cfg);

int hwtstamp_get(const char *ifname, struct hwtstamp_config *cfg);
int hwtstamp_on(const char *cmd, const char *ifname);
void hwtstamp_print(struct out *o, const struct hdrm_hwtstamp *h);
void hwtstamp_json(struct jw *w, const struct hdrm_hwtstamp *h);
void hwtstamp_text(const struct hdrm_hwtstamp *h);

#endif
