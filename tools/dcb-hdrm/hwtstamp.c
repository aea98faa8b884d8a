// SPDX-License-Identifier: GPL-2.0
/*
 * A device's hardware timestamping configuration, from user space: what
 * dev show prints as "hwtstamp tx ... rx ...", and "dev set ... hwtstamp
 * on", which widens it for measurement frames.
 *
 * The configuration lives in the driver, set with SIOCSHWTSTAMP and read
 * with SIOCGHWTSTAMP. On 6.1 the drivers copy struct hwtstamp_config from
 * and to a user pointer (ndo_eth_ioctl), so a module cannot read or set it
 * there: the tool does, on every supported kernel, on a datagram socket
 * in the caller's network namespace (the one -n NAME entered).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <linux/sockios.h>

#include "dcb-hdrm.h"
#include "hwtstamp.h"

/* As ethtool -T names them, in this tool's words (dashes, lower case). */
const char *const hdrm_hwtstamp_tx_names[HWTSTAMP_TX_ONESTEP_P2P + 1] = {
	[HWTSTAMP_TX_OFF]		= "off",
	[HWTSTAMP_TX_ON]		= "on",
	[HWTSTAMP_TX_ONESTEP_SYNC]	= "onestep-sync",
	[HWTSTAMP_TX_ONESTEP_P2P]	= "onestep-p2p",
};

const char *const hdrm_hwtstamp_rx_names[HWTSTAMP_FILTER_NTP_ALL + 1] = {
	[HWTSTAMP_FILTER_NONE]			= "none",
	[HWTSTAMP_FILTER_ALL]			= "all",
	[HWTSTAMP_FILTER_SOME]			= "some",
	[HWTSTAMP_FILTER_PTP_V1_L4_EVENT]	= "ptp-v1-l4-event",
	[HWTSTAMP_FILTER_PTP_V1_L4_SYNC]	= "ptp-v1-l4-sync",
	[HWTSTAMP_FILTER_PTP_V1_L4_DELAY_REQ]	= "ptp-v1-l4-delay-req",
	[HWTSTAMP_FILTER_PTP_V2_L4_EVENT]	= "ptp-v2-l4-event",
	[HWTSTAMP_FILTER_PTP_V2_L4_SYNC]	= "ptp-v2-l4-sync",
	[HWTSTAMP_FILTER_PTP_V2_L4_DELAY_REQ]	= "ptp-v2-l4-delay-req",
	[HWTSTAMP_FILTER_PTP_V2_L2_EVENT]	= "ptp-v2-l2-event",
	[HWTSTAMP_FILTER_PTP_V2_L2_SYNC]	= "ptp-v2-l2-sync",
	[HWTSTAMP_FILTER_PTP_V2_L2_DELAY_REQ]	= "ptp-v2-l2-delay-req",
	[HWTSTAMP_FILTER_PTP_V2_EVENT]		= "ptp-v2-event",
	[HWTSTAMP_FILTER_PTP_V2_SYNC]		= "ptp-v2-sync",
	[HWTSTAMP_FILTER_PTP_V2_DELAY_REQ]	= "ptp-v2-delay-req",
	[HWTSTAMP_FILTER_NTP_ALL]		= "ntp-all",
};

/**
 * hwtstamp_widen() - the configuration "hwtstamp on" asks the driver for
 * @cur: the driver's configuration now
 * @want: set to @cur, widened
 *
 * Widens and never narrows: a transmit type of off becomes on, and any
 * other (on, or the one-step modes ptp4l may have set, which stamp every
 * frame that asks as on does) is kept; the receive filter becomes all,
 * since measurement frames are not PTP frames and no PTP filter stamps
 * them, and all stamps every frame any other filter would. The flags are
 * kept as they are.
 *
 * Return: true when @want differs from @cur, so the driver must be asked.
 */
bool hwtstamp_widen(const struct hwtstamp_config *cur,
		    struct hwtstamp_config *want)
{
	*want = *cur;
	if (want->tx_type == HWTSTAMP_TX_OFF)
		want->tx_type = HWTSTAMP_TX_ON;
	want->rx_filter = HWTSTAMP_FILTER_ALL;
	return want->tx_type != cur->tx_type ||
	       want->rx_filter != cur->rx_filter;
}

/* Whether @c stamps measurement frames both ways: tx not off, rx all. */
bool hwtstamp_covers(const struct hwtstamp_config *c)
{
	return c->tx_type != HWTSTAMP_TX_OFF &&
	       c->rx_filter == HWTSTAMP_FILTER_ALL;
}

/**
 * hwtstamp_shortfall() - what keeps @c from stamping measurement frames
 * @c: a configuration
 * @buf: set to "tx off", "rx filter ptp-v2-l2-event" or both, joined by
 *	 "and"; empty when @c covers them
 * @len: its size
 *
 * Return: the length written, 0 when @c covers measurement frames.
 */
size_t hwtstamp_shortfall(const struct hwtstamp_config *c, char *buf,
			  size_t len)
{
	bool tx = c->tx_type == HWTSTAMP_TX_OFF;
	bool rx = c->rx_filter != HWTSTAMP_FILTER_ALL;
	int n;

	if (len)
		buf[0] = '\0';
	if (!tx && !rx)
		return 0;
	n = snprintf(buf, len, "%s%s%s%s", tx ? "tx off" : "",
		     tx && rx ? " and " : "", rx ? "rx filter " : "",
		     rx ? HDRM_NAME(hdrm_hwtstamp_rx_names,
				    (uint32_t)c->rx_filter) : "");
	return n < 0 ? 0 : (size_t)n;
}

/*
 * The errnos of a device without hardware timestamping: no
 * ndo_eth_ioctl or ndo_hwtstamp_get (EOPNOTSUPP), or a driver that
 * answers only SIOCSHWTSTAMP or no timestamping ioctl at all (EINVAL,
 * ENOTTY).
 */
bool hwtstamp_unsupported(int err)
{
	return err == -EOPNOTSUPP || err == -EINVAL || err == -ENOTTY;
}

static int hwtstamp_sys_ioctl(const char *ifname, unsigned long req,
			      struct hwtstamp_config *cfg)
{
	struct ifreq ifr;
	int fd, err = 0;

	if (strlen(ifname) >= sizeof(ifr.ifr_name))
		return -ENAMETOOLONG;
	/*
	 * Any socket reaches dev_ioctl() in its own namespace; an AF_INET
	 * one, as ethtool and hwstamp_ctl use, else an AF_UNIX one, which
	 * every kernel has and no capability limits.
	 */
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	memset(&ifr, 0, sizeof(ifr));
	memcpy(ifr.ifr_name, ifname, strlen(ifname));
	ifr.ifr_data = (void *)cfg;
	if (ioctl(fd, req, &ifr) < 0)
		err = -errno;
	close(fd);
	return err;
}

int (*hdrm_hwtstamp_ioctl)(const char *ifname, unsigned long req,
			   struct hwtstamp_config *cfg) = hwtstamp_sys_ioctl;

/* @ifname's configuration: 0, or a negative errno. */
int hwtstamp_get(const char *ifname, struct hwtstamp_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	return hdrm_hwtstamp_ioctl(ifname, SIOCGHWTSTAMP, cfg);
}

/**
 * hwtstamp_on() - "hwtstamp on": widen @ifname's configuration
 * @cmd: the command, as its errors name it ("dev set")
 * @ifname: the device
 *
 * Reads the configuration, asks the driver for the widened one when it
 * differs (hwtstamp_widen()), and reads it back: a driver may keep a
 * narrower filter than asked, and says so only in what it reports.
 * Nothing is turned off, and nothing is asked when the configuration
 * already stamps measurement frames.
 *
 * Return: 0, or an exit status with one line said.
 */
int hwtstamp_on(const char *cmd, const char *ifname)
{
	struct hwtstamp_config cur, want, got;
	char why[64];
	int err;

	err = hwtstamp_get(ifname, &cur);
	if (hwtstamp_unsupported(err)) {
		hdrm_err("%s: hwtstamp on: %s has no hardware timestamping (its driver answers SIOCGHWTSTAMP with \"%s\")",
			 cmd, ifname, strerror(-err));
		return EXIT_KERNEL;
	}
	if (err) {
		hdrm_err("%s: hwtstamp on: cannot read %s's timestamping configuration: %s",
			 cmd, ifname, strerror(-err));
		return EXIT_KERNEL;
	}
	if (!hwtstamp_widen(&cur, &want))
		return 0;
	got = want;
	err = hdrm_hwtstamp_ioctl(ifname, SIOCSHWTSTAMP, &got);
	if (err == -EPERM) {
		hdrm_err("%s: hwtstamp on: changing %s's timestamping needs CAP_NET_ADMIN (%s)",
			 cmd, ifname, strerror(-err));
		return EXIT_KERNEL;
	}
	if (err) {
		hdrm_err("%s: hwtstamp on: %s's driver refused tx %s and rx filter all: %s",
			 cmd, ifname,
			 HDRM_NAME(hdrm_hwtstamp_tx_names, (uint32_t)want.tx_type),
			 strerror(-err));
		return EXIT_KERNEL;
	}
	err = hwtstamp_get(ifname, &got);
	if (err) {
		hdrm_err("%s: hwtstamp on: cannot read back %s's timestamping configuration: %s",
			 cmd, ifname, strerror(-err));
		return EXIT_KERNEL;
	}
	if (hwtstamp_shortfall(&got, why, sizeof(why))) {
		hdrm_err("%s: hwtstamp on: %s's driver keeps %s; measurement frames need tx on and rx filter all",
			 cmd, ifname, why);
		return EXIT_KERNEL;
	}
	return 0;
}

/*
 * JSON's "hwtstamp": {"tx_type", "rx_filter"}, nothing when it could not
 * be read; the text's "  hwtstamp tx on rx all", or why not, for the end
 * of a line of dev show.
 */
void hwtstamp_print(struct out *o, const struct hdrm_hwtstamp *h)
{
	if (hwtstamp_unsupported(h->err))
		out_text(o, "  hwtstamp unsupported");
	else if (h->err)
		out_text(o, "  hwtstamp unreadable (%s)", strerror(-h->err));
	if (h->err)
		return;
	out_obj_open(o, "hwtstamp");
	out_str(o, "tx_type", "  hwtstamp tx %s",
		HDRM_NAME(hdrm_hwtstamp_tx_names, (uint32_t)h->cfg.tx_type));
	out_str(o, "rx_filter", " rx %s",
		HDRM_NAME(hdrm_hwtstamp_rx_names, (uint32_t)h->cfg.rx_filter));
	out_obj_close(o);
}

void hwtstamp_json(struct jw *w, const struct hdrm_hwtstamp *h)
{
	struct out o;

	out_init_json(&o, w);
	hwtstamp_print(&o, h);
}

void hwtstamp_text(const struct hdrm_hwtstamp *h)
{
	struct out o;

	out_init_text(&o, stdout);
	hwtstamp_print(&o, h);
}
