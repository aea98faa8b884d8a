// SPDX-License-Identifier: GPL-2.0
/*
 * Setting the headroom by hand, when the peer lacks automatic headroom
 * configuration: the dcb(8) line that does it, and why it is needed; and
 * what to set on a peer-delay responder's end, which takes no push.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

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

/* The largest headroom a measured priority needs. */
static unsigned long long need_max(const struct result *prev)
{
	unsigned long long need = 0;
	int prio;

	for (prio = 0; prio < HDRM_PRIOS; prio++)
		if (prev->prio[prio].valid && prev->prio[prio].bytes > need)
			need = prev->prio[prio].bytes;
	return need;
}

/* " i:S" for each buffer of @mask, as dcb(8)'s buffer-size takes them. */
static size_t sizes_arg(char *buf, size_t len, const uint32_t *size,
			uint32_t mask)
{
	size_t n = 0;
	int i;

	for (i = 0; i < HDRM_BUFFERS && n < len; i++)
		if (mask & (1u << i))
			n += snprintf(buf + n, len - n, " %d:%u", i, size[i]);
	return n;
}

/*
 * mlx5 and mlxsw: the module's plan for the last measurement, in the
 * driver's own unit (Documentation/drivers.rst); none: the vendor's tool.
 * False for generic, which the caller words by the uAPI.
 */
static bool manual_model(char *how, size_t len, const char *ifname,
			 const struct result *prev,
			 const struct hdrm_dcb_state *st)
{
	const struct manual_info *m = &prev->manual;
	unsigned long long need = need_max(prev);
	bool mlx5 = m->model == DCB_HDRM_MODEL_MLX5;
	char grow[128] = "", take[128] = "", back[128] = "";
	size_t n = 0;
	int prio;

	switch (m->model) {
	case DCB_HDRM_MODEL_NONE:
		n = snprintf(how, len,
			     "the driver of %s (%s) takes no headroom through dcbnl (model none, Documentation/drivers.rst): give each lossless priority at least its headroom from the last measurement (session %u) with the NIC vendor's own tool:",
			     ifname, st && st->present ? st->driver : "?",
			     prev->session);
		for (prio = 0; prio < HDRM_PRIOS && n < len; prio++)
			if (prev->prio[prio].valid)
				n += snprintf(how + n, len - n,
					      " prio %d %llu bytes", prio,
					      (unsigned long long)prev->prio[prio].bytes);
		return true;
	case DCB_HDRM_MODEL_MLX5:
	case DCB_HDRM_MODEL_MLXSW:
		break;
	default:
		return false;
	}
	if (m->error && m->rule == DCB_HDRM_APPLY_RULE_CLAMPED_CEILING) {
		if (mlx5)
			snprintf(how, len,
				 "no cable length of %s's driver (mlx5) gives the %llu B measured (session %u): its longest, 999 m, gives %llu B above XOFF",
				 ifname, (unsigned long long)m->rule_need,
				 prev->session,
				 (unsigned long long)m->rule_have);
		else
			snprintf(how, len,
				 "no PFC delay of %s's driver (mlxsw) gives the %llu B measured (session %u): its largest, 65535 bits, gives %llu B; put the port's egress under tc (an offloaded ets or prio root qdisc) and size the lossless buffer with dcb buffer set dev %s buffer-size",
				 ifname, (unsigned long long)m->rule_need,
				 prev->session,
				 (unsigned long long)m->rule_have, ifname);
		return true;
	}
	if (m->error && m->rule == DCB_HDRM_APPLY_RULE_NO_ROOM) {
		snprintf(how, len,
			 "the lossless buffers of %s need %llu B (session %u) and the driver's total leaves them %llu B: free buffer space with dcb buffer set dev %s buffer-size first",
			 ifname, (unsigned long long)m->rule_need,
			 prev->session, (unsigned long long)m->rule_have,
			 ifname);
		return true;
	}
	if (m->error || !m->has_delay) {
		snprintf(how, len,
			 "no setting of %s's driver (%s) gives the %llu B measured (session %u): %s",
			 ifname, HDRM_NAME(hdrm_model_names, m->model), need,
			 prev->session, strerror(m->error ? m->error : EINVAL));
		return true;
	}
	if (m->grow_mask) {
		sizes_arg(grow, sizeof(grow), m->grow, m->grow_mask);
		n = snprintf(how, len, "dcb buffer set dev %s buffer-size%s && ",
			     ifname, grow);
	}
	n += snprintf(how + n, n < len ? len - n : 0,
		      "dcb pfc set dev %s delay %u", ifname, m->delay);
	if (m->take_mask && st && st->has_buf) {
		sizes_arg(take, sizeof(take), m->take, m->take_mask);
		sizes_arg(back, sizeof(back), st->buf.size, m->take_mask);
		n += snprintf(how + n, n < len ? len - n : 0,
			      " && dcb buffer set dev %s buffer-size%s && dcb buffer set dev %s buffer-size%s",
			      ifname, take, ifname, back);
	}
	if (mlx5)
		snprintf(how + n, n < len ? len - n : 0,
			 " (mlx5: %u m of cable is the least length whose xoff = (301 + 2.16 x m) x Gb/s + 2.72 x MTU holds the %llu B of the last measurement, session %u; mlnx_qos -i %s --cable_len=%u sets the same length%s)",
			 m->delay, need, prev->session, ifname, m->delay,
			 m->take_mask ?
			 "; the two buffer writes after it, one cell out and back, make the driver act on it while the firmware owns the buffers" :
			 "");
	else
		snprintf(how + n, n < len ? len - n : 0,
			 " (mlxsw: %u bits is the least delay whose headroom 2 x cells(delay) + cells(MTU) holds the %llu B of the last measurement, session %u)",
			 m->delay, need, prev->session);
	return true;
}

/*
 * The generic PFC delay allowance of a measurement in bits, as dcb pfc set
 * dev DEV delay takes it: ceil((t + 2 x precision) x speed), and whether
 * dcbnl's 16 bits cut it. Return: 0, or -EINVAL without a link speed.
 */
static int manual_delay_bits(const struct result *r, struct hdrm_delay *d)
{
	return hdrm_delay_value(hdrm_allowance_ns(r->est, r->precision),
				r->speed, HDRM_DELAY_BITS, d);
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
 * headroom configuration, the user sets it. mlx5 and mlxsw get the
 * module's plan in their own units (metres by mlx5's formula, bits by
 * Spectrum's), with the buffer writes mlx5 needs; none, the vendor's
 * tool. Generic: the line carries the PFC delay allowance of the last
 * measurement when it fits dcbnl's 16 bits, else the lossless buffers'
 * sizes, else each priority's headroom, else the formula.
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

	if (measured && prev->manual.present &&
	    manual_model(how, len, ifname, prev, st))
		return;
	if (measured && prev->speed && !manual_delay_bits(prev, &d) &&
	    !d.clamped) {
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

/*
 * The far end's port, which this end does not know: lldp listen keeps the
 * peer's DCBX PFC TLV and chassis, not its port ID, and the module has no
 * word of it. The commands name it PORT and the text says what PORT is.
 */
static const char far_port[] = "PORT";

/*
 * A peer delay that measured the link, ours or ptp4l's: the far end, no
 * push, is set here.
 */
static bool far_end_due(const struct result *r)
{
	return r->has_method && (r->method == DCB_HDRM_METHOD_PDELAY ||
				 r->method == DCB_HDRM_METHOD_PTP4L) &&
	       r->status == DCB_HDRM_STATUS_OK && r->has_rtt;
}

/* The equivalent cable in whole metres, rounded up; at least 1 m. */
static unsigned long long far_end_metres(const struct result *r)
{
	unsigned long long m = DIV_ROUND_UP_ULL(r->has_cable ? r->cable_cm : 0,
						100);

	return m ? m : 1;
}

/*
 * The Linux peer's line: the generic manual line's delay, on PORT; JSON's
 * null and the text's why where dcb pfc set delay cannot carry it.
 */
static void far_end_dcb_print(struct out *o, const struct result *r)
{
	struct hdrm_delay d;
	char dcb[64];

	if (manual_delay_bits(r, &d)) {
		out_jnull(o, "dcb");
		out_text(o, "  Linux: no link speed to turn t into the bits of dcb pfc set dev %s delay\n",
			 far_port);
	} else if (d.clamped) {
		out_jnull(o, "dcb");
		out_text(o, "  Linux: (t + 2 x precision) x speed is more bits than dcb pfc set dev %s delay carries (%u at most): size the lossless buffers of %s with dcb buffer set dev %s buffer-size\n",
			 far_port, HDRM_DELAY_MAX_BITS, far_port, far_port);
	} else {
		snprintf(dcb, sizeof(dcb), "dcb pfc set dev %s delay %u",
			 far_port, d.value);
		out_str(o, "dcb", "  Linux: %s\n", dcb);
	}
}

/**
 * manual_far_end_print() - what to set by hand on a peer-delay responder
 * @o: the output
 * @r: a result; nothing unless a peer delay measured with status ok
 *
 * A switch port or ptp4l answers peer delay but runs no dcb_hdrm, so
 * nothing is pushed to it: its setting is the user's; so is the peer of
 * the peer delay ptp4l measured (method ptp4l). JSON's far_end
 * {cable_length_m, sonic, dcb}; the text's lines under the result
 *   far end (no push to a peer-delay responder): cable-length 30m, ...
 *     SONiC: config interface cable-length PORT 30m
 *     Linux: dcb pfc set dev PORT delay 7700
 *     PORT is the switch's or peer's port facing this link
 * The length is the equivalent cable's, rounded up to whole metres, as
 * SONiC's CLI takes it ("40m"); the delay is manual_command()'s.
 */
void manual_far_end_print(struct out *o, const struct result *r)
{
	unsigned long long m;
	char sonic[64];

	if (!far_end_due(r))
		return;
	m = far_end_metres(r);
	snprintf(sonic, sizeof(sonic), "config interface cable-length %s %llum",
		 far_port, m);
	out_obj_open(o, "far_end");
	out_u64(o, "cable_length_m",
		"far end (no push to a peer-delay responder): cable-length %llum, the equivalent cable rounded up to whole metres\n",
		m);
	out_str(o, "sonic", "  SONiC: %s\n", sonic);
	far_end_dcb_print(o, r);
	out_text(o, "  %s is the switch's or peer's port facing this link\n",
		 far_port);
	out_obj_close(o);
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
	char how[1024];

	manual_command(how, sizeof(how), r->ifname, prev, dev ? &dev->st : NULL);
	hdrm_err("%s: the peer %s, so no probe was sent; set the headroom by hand: %s",
		 r->ifname, manual_why(dev, r->status), how);
	return EXIT_MANUAL;
}

