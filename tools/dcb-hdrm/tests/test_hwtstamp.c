// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of "hwtstamp on": the widening rule, what a configuration
 * lacks, the names, and the whole read-widen-set-read flow against a
 * driver the test stands in for (hdrm_hwtstamp_ioctl).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/sockios.h>

#include "dcb-hdrm.h"
#include "hwtstamp.h"
#include "tap.h"

/* A driver: its configuration, and how it answers. */
static struct fake {
	struct hwtstamp_config cfg;
	int get_err, set_err;
	int keep_rx;		/* >= 0: the filter it keeps whatever is asked */
	int sets;		/* SIOCSHWTSTAMP calls */
	struct hwtstamp_config asked;
	char ifname[32];
} drv;

static int fake_ioctl(const char *ifname, unsigned long req,
		      struct hwtstamp_config *cfg)
{
	snprintf(drv.ifname, sizeof(drv.ifname), "%s", ifname);
	if (req == SIOCGHWTSTAMP) {
		if (drv.get_err)
			return drv.get_err;
		*cfg = drv.cfg;
		return 0;
	}
	if (req != SIOCSHWTSTAMP)
		return -ENOTTY;
	drv.sets++;
	drv.asked = *cfg;
	if (drv.set_err)
		return drv.set_err;
	drv.cfg = *cfg;
	if (drv.keep_rx >= 0)
		drv.cfg.rx_filter = drv.keep_rx;
	*cfg = drv.cfg;		/* what it did, as drivers copy it back */
	return 0;
}

static void driver(int tx, int rx, int get_err, int set_err, int keep_rx)
{
	memset(&drv, 0, sizeof(drv));
	drv.cfg.tx_type = tx;
	drv.cfg.rx_filter = rx;
	drv.get_err = get_err;
	drv.set_err = set_err;
	drv.keep_rx = keep_rx;
}

/* hwtstamp_on() with stderr caught: its exit status and what it said. */
static char said[512];

static int run_on(void)
{
	FILE *saved = stderr, *f;
	int ret;

	memset(said, 0, sizeof(said));
	f = fmemopen(said, sizeof(said) - 1, "w");
	if (!f)
		exit(2);
	stderr = f;
	ret = hwtstamp_on("dev set", "eth9");
	fclose(f);
	stderr = saved;
	return ret;
}

/* what it said, for a test's name: its first line */
#define SAID (int)strcspn(said, "\n"), said

/* exactly one line, and it holds @what */
static bool one_line(const char *what)
{
	const char *nl = strchr(said, '\n');

	return nl && !nl[1] && strstr(said, what);
}

static void test_widen(void)
{
	struct hwtstamp_config cur = { 0 }, want;
	bool narrowed = false, wrong = false;
	int tx, rx;

	cur.tx_type = HWTSTAMP_TX_OFF;
	cur.rx_filter = HWTSTAMP_FILTER_NONE;
	TAP_OK(hwtstamp_widen(&cur, &want) && want.tx_type == HWTSTAMP_TX_ON &&
	       want.rx_filter == HWTSTAMP_FILTER_ALL,
	       "widen: tx off, rx none become tx on, rx all");

	cur.tx_type = HWTSTAMP_TX_ON;
	cur.rx_filter = HWTSTAMP_FILTER_ALL;
	TAP_OK(!hwtstamp_widen(&cur, &want) && want.tx_type == HWTSTAMP_TX_ON &&
	       want.rx_filter == HWTSTAMP_FILTER_ALL,
	       "widen: tx on, rx all need no change");

	cur.tx_type = HWTSTAMP_TX_ONESTEP_SYNC;
	cur.rx_filter = HWTSTAMP_FILTER_PTP_V2_L2_EVENT;
	TAP_OK(hwtstamp_widen(&cur, &want) &&
	       want.tx_type == HWTSTAMP_TX_ONESTEP_SYNC &&
	       want.rx_filter == HWTSTAMP_FILTER_ALL,
	       "widen: ptp4l's onestep-sync is kept, its ptp-v2-l2-event filter becomes all");

	cur.tx_type = HWTSTAMP_TX_ONESTEP_P2P;
	cur.rx_filter = HWTSTAMP_FILTER_ALL;
	TAP_OK(!hwtstamp_widen(&cur, &want) &&
	       want.tx_type == HWTSTAMP_TX_ONESTEP_P2P,
	       "widen: onestep-p2p with rx all needs no change");

	cur.tx_type = HWTSTAMP_TX_ON;
	cur.rx_filter = HWTSTAMP_FILTER_NTP_ALL;
	cur.flags = HWTSTAMP_FLAG_BONDED_PHC_INDEX;
	TAP_OK(hwtstamp_widen(&cur, &want) &&
	       want.rx_filter == HWTSTAMP_FILTER_ALL &&
	       want.flags == HWTSTAMP_FLAG_BONDED_PHC_INDEX,
	       "widen: ntp-all becomes all, the flags are kept");

	/* every pair: never a tx type turned off or changed but from off */
	cur.flags = 0;
	for (tx = HWTSTAMP_TX_OFF; tx <= HWTSTAMP_TX_ONESTEP_P2P; tx++) {
		for (rx = HWTSTAMP_FILTER_NONE; rx <= HWTSTAMP_FILTER_NTP_ALL; rx++) {
			cur.tx_type = tx;
			cur.rx_filter = rx;
			if (hwtstamp_widen(&cur, &want) !=
			    (tx == HWTSTAMP_TX_OFF || rx != HWTSTAMP_FILTER_ALL))
				wrong = true;
			if (want.tx_type == HWTSTAMP_TX_OFF ||
			    (tx != HWTSTAMP_TX_OFF && want.tx_type != tx) ||
			    want.rx_filter != HWTSTAMP_FILTER_ALL ||
			    !hwtstamp_covers(&want))
				narrowed = true;
		}
	}
	TAP_OK(!narrowed, "widen: for every tx type and filter, tx stays on or becomes on, rx becomes all");
	TAP_OK(!wrong, "widen: says a change is needed exactly when tx is off or rx is not all");
}

static void test_shortfall(void)
{
	struct hwtstamp_config c = { 0 };
	char buf[64];

	c.tx_type = HWTSTAMP_TX_ON;
	c.rx_filter = HWTSTAMP_FILTER_ALL;
	TAP_OK(hwtstamp_covers(&c) && !hwtstamp_shortfall(&c, buf, sizeof(buf)) &&
	       !buf[0], "shortfall: tx on, rx all lack nothing");
	c.rx_filter = HWTSTAMP_FILTER_PTP_V2_L2_EVENT;
	TAP_OK(!hwtstamp_covers(&c) && hwtstamp_shortfall(&c, buf, sizeof(buf)) &&
	       !strcmp(buf, "rx filter ptp-v2-l2-event"),
	       "shortfall: a PTP filter is named");
	c.tx_type = HWTSTAMP_TX_OFF;
	c.rx_filter = HWTSTAMP_FILTER_ALL;
	TAP_OK(!hwtstamp_covers(&c) && hwtstamp_shortfall(&c, buf, sizeof(buf)) &&
	       !strcmp(buf, "tx off"), "shortfall: tx off is named");
	c.rx_filter = HWTSTAMP_FILTER_NONE;
	TAP_OK(hwtstamp_shortfall(&c, buf, sizeof(buf)) &&
	       !strcmp(buf, "tx off and rx filter none"),
	       "shortfall: both are named");
	c.tx_type = HWTSTAMP_TX_ONESTEP_SYNC;
	c.rx_filter = HWTSTAMP_FILTER_ALL;
	TAP_OK(hwtstamp_covers(&c), "covers: onestep-sync stamps as tx on does");
}

static void test_names(void)
{
	unsigned int i, j;
	bool ok = true;

	for (i = 0; i < ARRAY_SIZE(hdrm_hwtstamp_tx_names); i++)
		ok &= hdrm_hwtstamp_tx_names[i] != NULL;
	for (i = 0; i < ARRAY_SIZE(hdrm_hwtstamp_rx_names); i++) {
		ok &= hdrm_hwtstamp_rx_names[i] != NULL;
		for (j = 0; ok && j < i; j++)
			ok &= strcmp(hdrm_hwtstamp_rx_names[i],
				     hdrm_hwtstamp_rx_names[j]) != 0;
	}
	TAP_OK(ok, "names: every tx type and rx filter of the uAPI has a name, each its own");
	TAP_OK(!strcmp(HDRM_NAME(hdrm_hwtstamp_tx_names, HWTSTAMP_TX_OFF), "off") &&
	       !strcmp(HDRM_NAME(hdrm_hwtstamp_tx_names, HWTSTAMP_TX_ON), "on") &&
	       !strcmp(HDRM_NAME(hdrm_hwtstamp_tx_names, HWTSTAMP_TX_ONESTEP_SYNC), "onestep-sync") &&
	       !strcmp(HDRM_NAME(hdrm_hwtstamp_rx_names, HWTSTAMP_FILTER_NONE), "none") &&
	       !strcmp(HDRM_NAME(hdrm_hwtstamp_rx_names, HWTSTAMP_FILTER_ALL), "all") &&
	       !strcmp(HDRM_NAME(hdrm_hwtstamp_rx_names, HWTSTAMP_FILTER_PTP_V2_L2_EVENT), "ptp-v2-l2-event") &&
	       !strcmp(HDRM_NAME(hdrm_hwtstamp_rx_names, HWTSTAMP_FILTER_NTP_ALL), "ntp-all"),
	       "names: the values' own names, in the uAPI's order");
	TAP_OK(!strcmp(HDRM_NAME(hdrm_hwtstamp_rx_names, HWTSTAMP_FILTER_NTP_ALL + 1), "unknown") &&
	       !strcmp(HDRM_NAME(hdrm_hwtstamp_tx_names, (uint32_t)-1), "unknown"),
	       "names: a value past the table is unknown");
}

static void test_on(void)
{
	int ret;

	driver(HWTSTAMP_TX_OFF, HWTSTAMP_FILTER_NONE, -EOPNOTSUPP, 0, -1);
	ret = run_on();
	TAP_OK(ret == EXIT_KERNEL && !drv.sets &&
	       one_line("dev set: hwtstamp on: eth9 has no hardware timestamping"),
	       "on: a device without hardware timestamping: one line, status 2, nothing set: %.*s",
	       SAID);

	driver(HWTSTAMP_TX_ON, HWTSTAMP_FILTER_ALL, 0, 0, -1);
	ret = run_on();
	TAP_OK(!ret && !drv.sets && !said[0] && !strcmp(drv.ifname, "eth9"),
	       "on: already tx on, rx all: nothing asked of the driver");

	driver(HWTSTAMP_TX_OFF, HWTSTAMP_FILTER_NONE, 0, 0, -1);
	ret = run_on();
	TAP_OK(!ret && drv.sets == 1 && drv.asked.tx_type == HWTSTAMP_TX_ON &&
	       drv.asked.rx_filter == HWTSTAMP_FILTER_ALL && !said[0],
	       "on: off and none: the driver is asked for tx on, rx all, once");

	driver(HWTSTAMP_TX_ONESTEP_SYNC, HWTSTAMP_FILTER_PTP_V2_EVENT, 0, 0, -1);
	ret = run_on();
	TAP_OK(!ret && drv.sets == 1 &&
	       drv.asked.tx_type == HWTSTAMP_TX_ONESTEP_SYNC &&
	       drv.asked.rx_filter == HWTSTAMP_FILTER_ALL,
	       "on: ptp4l's onestep-sync is asked for again, with rx all");

	driver(HWTSTAMP_TX_ON, HWTSTAMP_FILTER_NONE, 0, 0,
	       HWTSTAMP_FILTER_PTP_V2_L2_EVENT);
	ret = run_on();
	TAP_OK(ret == EXIT_KERNEL && drv.sets == 1 &&
	       one_line("dev set: hwtstamp on: eth9's driver keeps rx filter ptp-v2-l2-event; measurement frames need tx on and rx filter all"),
	       "on: a driver that keeps a PTP filter: one line naming it: %.*s",
	       SAID);

	driver(HWTSTAMP_TX_OFF, HWTSTAMP_FILTER_NONE, 0, -ERANGE, -1);
	ret = run_on();
	TAP_OK(ret == EXIT_KERNEL && drv.sets == 1 &&
	       one_line("eth9's driver refused tx on and rx filter all: Numerical result out of range"),
	       "on: a driver that refuses: one line with its errno: %.*s", SAID);

	driver(HWTSTAMP_TX_OFF, HWTSTAMP_FILTER_NONE, 0, -EPERM, -1);
	ret = run_on();
	TAP_OK(ret == EXIT_KERNEL && one_line("needs CAP_NET_ADMIN"),
	       "on: without CAP_NET_ADMIN: one line saying so: %.*s", SAID);

	driver(HWTSTAMP_TX_OFF, HWTSTAMP_FILTER_NONE, -ENODEV, 0, -1);
	ret = run_on();
	TAP_OK(ret == EXIT_KERNEL && !drv.sets &&
	       one_line("cannot read eth9's timestamping configuration: No such device"),
	       "on: a read that fails otherwise: one line, nothing set: %.*s", SAID);
}

int main(void)
{
	hdrm_hwtstamp_ioctl = fake_ioctl;
	test_widen();
	test_shortfall();
	test_names();
	test_on();
	return tap_done();
}
