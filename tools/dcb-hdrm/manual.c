// SPDX-License-Identifier: GPL-2.0
/*
 * Setting the headroom by hand, when the peer lacks automatic headroom
 * configuration: the dcb(8) line that does it, and why it is needed.
 */
#include <stdio.h>

#include <linux/dcb_hdrm.h>

#include "hdrm_apply.h"
#include "manual.h"

/*
 * The lossless buffers' sizes the last measurement calls for, as dcb(8)
 * takes them ("1:13471 2:9000"): each buffer that holds a measured
 * priority, at least the largest headroom among its priorities.
 */
static size_t buffer_sizes(char *buf, size_t len, const struct result *prev,
			   const struct hdrm_buf *b)
{
	uint64_t want[HDRM_BUFFERS] = { 0 };
	size_t n = 0;
	int prio, i;

	for (prio = 0; prio < HDRM_PRIOS; prio++) {
		i = b->prio2buffer[prio];
		if (prev->prio[prio].valid && prev->prio[prio].bytes > want[i])
			want[i] = prev->prio[prio].bytes;
	}
	for (i = 0; i < HDRM_BUFFERS && n < len; i++)
		if (want[i])
			n += snprintf(buf + n, len - n, "%s%d:%llu",
				      n ? " " : "", i,
				      (unsigned long long)want[i]);
	return n;
}

/**
 * manual_command() - how to set a device's headroom by hand
 * @how: the text, a dcb(8) line where one can be had
 * @len: its size
 * @ifname: the device
 * @prev: its last result, or NULL
 * @st: its DCB state now, or NULL
 *
 * US 2025/0267110 A1, claims 8 and 23: when either end lacks automatic
 * headroom configuration, the user sets it. The line carries the PFC
 * delay allowance of the last measurement when it fits dcbnl's 16 bits,
 * else the lossless buffers' sizes, else each priority's headroom, else
 * the formula.
 */
void manual_command(char *how, size_t len, const char *ifname,
		    const struct result *prev, const struct hdrm_dcb_state *st)
{
	bool measured = prev && prev->status == DCB_HDRM_STATUS_OK &&
			prev->has_rtt && prev->source == DCB_HDRM_SOURCE_LOCAL;
	struct hdrm_delay d;
	char sizes[256];
	size_t n;
	int prio;

	if (measured && prev->speed &&
	    !hdrm_delay_value(hdrm_allowance_ns(prev->est, prev->precision),
			      prev->speed, HDRM_DELAY_BITS, &d) && !d.clamped) {
		snprintf(how, len,
			 "dcb pfc set dev %s delay %u (from the last measurement, session %u)",
			 ifname, d.value, prev->session);
	} else if (measured && st && st->has_buf &&
		   buffer_sizes(sizes, sizeof(sizes), prev, &st->buf)) {
		/* Too many bits for the u16 delay: the buffers, then. */
		snprintf(how, len,
			 "dcb buffer set dev %s buffer-size %s (each lossless buffer at least its priorities' headroom from the last measurement, session %u)",
			 ifname, sizes, prev->session);
	} else if (measured) {
		/* No buffers reported: the headroom each priority needs. */
		n = snprintf(how, len,
			     "the PFC delay of %s cannot carry it (over dcbnl's 16 bits) and its driver reports no buffers: give each lossless priority at least its headroom from the last measurement (session %u) with the NIC's own tools:",
			     ifname, prev->session);
		for (prio = 0; prio < HDRM_PRIOS && n < len; prio++)
			if (prev->prio[prio].valid)
				n += snprintf(how + n, len - n,
					      " prio %d %llu bytes", prio,
					      (unsigned long long)prev->prio[prio].bytes);
	} else {
		snprintf(how, len,
			 "dcb pfc set dev %s delay BITS, BITS = (round trip + 2 x precision) x speed for your cable, or size its lossless buffers with dcb buffer set dev %s buffer-size",
			 ifname, ifname);
	}
}

/* Why the peer cannot take part, as the device knows it. */
const char *manual_why(const struct dev_view *dev, uint32_t status)
{
	if (status == DCB_HDRM_STATUS_PEER_SILENT)
		return "did not answer the capability request (no dcb_hdrm module there, or auto-hdrm unsupported)";
	if (dev && dev->peer.present && dev->peer.via == DCB_HDRM_PEER_VIA_LLDP)
		return "said in its DCBX PFC TLV (LLDP) that it does not support automatic headroom configuration";
	if (status == DCB_HDRM_STATUS_PEER_NO_CAP)
		return "answered that it does not support automatic headroom configuration";
	/* this end was asked or pushed to: the peer's own frames said so */
	return "said in-band that it does not support automatic headroom configuration";
}

/* The initiator's prompt: the peer cannot take part, so no probe left. */
int manual_prompt(const struct result *r, const struct result *prev,
		  const struct dev_view *dev)
{
	char how[512];

	manual_command(how, sizeof(how), r->ifname, prev, dev ? &dev->st : NULL);
	hdrm_err("%s: the peer %s, so no probe was sent; set the headroom by hand: %s",
		 r->ifname, manual_why(dev, r->status), how);
	return EXIT_MANUAL;
}

