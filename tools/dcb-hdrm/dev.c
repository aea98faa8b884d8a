// SPDX-License-Identifier: GPL-2.0
/*
 * dcb-hdrm dev: the Ethernet devices the module sees; the parts of a
 * device message the other commands need; and the "dev DEV" every command
 * takes.
 */
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netlink/attr.h>

#include <linux/dcb_hdrm.h>

#include "dev.h"
#include "hdrm_calc.h"
#include "hdrm_limits.h"
#include "hwtstamp.h"

static const char *const encap_names[] = { "macctl", "ether", "auto" };

static const char *const stats_names[DCB_HDRM_A_STATS_MAX + 1] = {
	[DCB_HDRM_A_STATS_RX_REQUESTS]		= "rx_requests",
	[DCB_HDRM_A_STATS_REFLECTED]		= "reflected",
	[DCB_HDRM_A_STATS_RATE_LIMITED]		= "rate_limited",
	[DCB_HDRM_A_STATS_NOT_REFLECTING]	= "not_reflecting",
	[DCB_HDRM_A_STATS_MALFORMED]		= "malformed",
	[DCB_HDRM_A_STATS_RX_REPLIES]		= "rx_replies",
	[DCB_HDRM_A_STATS_STALE]		= "stale",
	[DCB_HDRM_A_STATS_TX_PROBES]		= "tx_probes",
	[DCB_HDRM_A_STATS_TX_ERRORS]		= "tx_errors",
	[DCB_HDRM_A_STATS_REMEASURED]		= "remeasured",
	[DCB_HDRM_A_STATS_APPLIED]		= "applied",
	[DCB_HDRM_A_STATS_APPLY_ERRORS]		= "apply_errors",
	[DCB_HDRM_A_STATS_RX_CONTROL]		= "rx_control",
	[DCB_HDRM_A_STATS_TX_CONTROL]		= "tx_control",
	[DCB_HDRM_A_STATS_PUSH_APPLIED]		= "push_applied",
	[DCB_HDRM_A_STATS_PUSH_REFUSED]		= "push_refused",
	[DCB_HDRM_A_STATS_FOREIGN]		= "foreign",
	[DCB_HDRM_A_STATS_PEER_NO_CAP]		= "peer_no_cap",
	[DCB_HDRM_A_STATS_PTP_OTHERS]		= "ptp_others",
	[DCB_HDRM_A_STATS_STREAM_GRANTED]	= "stream_granted",
	[DCB_HDRM_A_STATS_STREAM_REFUSED]	= "stream_refused",
	[DCB_HDRM_A_STATS_STREAM_FRAMES_SENT]	= "stream_frames_sent",
	[DCB_HDRM_A_STATS_RX_STREAM]		= "rx_stream",
};

/*
 * The counters a module may lack, being older than they are: printed
 * only when it sends them (the others, always, as 0 when absent).
 */
#define STATS_NEWER	(1u << DCB_HDRM_A_STATS_PTP_OTHERS |		\
			 1u << DCB_HDRM_A_STATS_STREAM_GRANTED |	\
			 1u << DCB_HDRM_A_STATS_STREAM_REFUSED |	\
			 1u << DCB_HDRM_A_STATS_STREAM_FRAMES_SENT |	\
			 1u << DCB_HDRM_A_STATS_RX_STREAM)

_Static_assert(DCB_HDRM_A_STATS_MAX < 32, "dev_info's stats_sent is a u32");

static const char *const dcb_ops_names[] = {
	"ieee-pfc", "ieee-ets", "buffer", "dcbx",
};

static const char *const caps_names[] = {
	"reflect", "measure",
};

static struct nla_policy dev_policy[DCB_HDRM_A_DEV_MAX + 1] = {
	[DCB_HDRM_A_DEV_IFINDEX]	= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_IFNAME]		= { .type = NLA_STRING },
	[DCB_HDRM_A_DEV_DCB]		= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_DCB_OPS]	= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_SPEED]		= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_MTU]		= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_CARRIER]	= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_CAPS]		= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_REFLECT]	= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_REFLECT_RATE]	= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_ENCAP]		= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_SPEED_OVERRIDE]	= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_K_OVERRIDE]	= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_K_MEASURED]	= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_K_MEASURED_NS]	= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_K_MEASURED_PRIO] = { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_CELL]		= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_PRIO_MASK]	= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_MAX_FRAME]	= { .type = NLA_NESTED },
	[DCB_HDRM_A_DEV_PRECISION_OVERRIDE] = { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_STATS]		= { .type = NLA_NESTED },
	[DCB_HDRM_A_DEV_APPLY]		= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_DELAY_UNIT]	= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_REMEASURE]	= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_REMEASURE_PERIOD] = { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_DCB_STATE]	= { .type = NLA_NESTED },
	[DCB_HDRM_A_DEV_AUTO_HDRM]	= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_ACCEPT_PUSH]	= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_PEER]		= { .type = NLA_NESTED },
	[DCB_HDRM_A_DEV_TS_MODE]	= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_METHOD]		= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_PTP_DOMAIN]	= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_PTP_SDO]	= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_PHC_INDEX]	= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_HW_RESOLUTION]	= { .type = NLA_U32 },
	[DCB_HDRM_A_DEV_MODEL]		= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_MODEL_IN_USE]	= { .type = NLA_U8 },
	[DCB_HDRM_A_DEV_TC_MODE]	= { .type = NLA_U8 },
};

/**
 * hdrm_dev_arg() - the DEV of "dev DEV" in a command's words
 * @cmd: the command, as its errors name it ("measure", "dev set")
 * @argc: the words left, the keyword first
 * @argv: the words
 * @name: NULL until "dev DEV" is read, then set to DEV
 *
 * Each command matches the keyword as it matches its other keys (a prefix
 * of "dev", or the whole word where keys are whole words).
 *
 * Return: the words taken (2), or -EINVAL, said, when DEV is missing or
 * "dev" was given before.
 */
int hdrm_dev_arg(const char *cmd, int argc, char **argv, const char **name)
{
	if (*name) {
		hdrm_err("%s: \"dev\" is given twice", cmd);
		return -EINVAL;
	}
	if (argc < 2) {
		hdrm_err("%s: \"dev\" needs a device name", cmd);
		return -EINVAL;
	}
	*name = argv[1];
	return 2;
}

/**
 * hdrm_unknown_arg() - says that a word is none of a command's
 * @cmd: the command, as its errors name it ("measure", "dev set")
 * @argc: the words left, the unknown one first
 * @argv: the words
 * @dev_wanted: the command takes "dev DEV" and its words had none yet
 * @expected: its words, as the line lists them after "expected"
 *
 * A device named without its keyword ("measure eth0") is the likely
 * mistake when the word is a device's name, or could be one and is the
 * last word (a keyword there would have wanted a value): the line then
 * says what to write instead.
 *
 * Return: -EINVAL.
 */
int hdrm_unknown_arg(const char *cmd, int argc, char **argv, bool dev_wanted,
		     const char *expected)
{
	const char *word = argv[0];
	bool ifname = *word && strlen(word) < IF_NAMESIZE &&
		      !strpbrk(word, "/: \t\r\n") && strcmp(word, ".") &&
		      strcmp(word, "..");

	if (dev_wanted && ifname && (argc == 1 || if_nametoindex(word)))
		hdrm_err("%s: unknown argument \"%s\"; to name a device, write \"dev %s\"",
			 cmd, word, word);
	else
		hdrm_err("%s: unknown argument \"%s\"; expected %s", cmd, word,
			 expected);
	return -EINVAL;
}

/**
 * hdrm_dev_ifindex() - the device "dev DEV" names, once every word is read
 * @cmd: the command, as its errors name it; NULL where "dev DEV" is optional
 * @name: DEV, or NULL when the words had none
 * @ifindex: set to DEV's index, or to 0 without DEV
 *
 * Every word is checked before the device, so a bad word is the error
 * even when DEV does not exist either.
 *
 * Return: 0, or a negative errno, said.
 */
int hdrm_dev_ifindex(const char *cmd, const char *name, uint32_t *ifindex)
{
	*ifindex = 0;
	if (name)
		return hdrm_parse_ifindex(name, ifindex);
	if (!cmd)
		return 0;
	hdrm_err("%s: expected \"dev DEV\"", cmd);
	return -EINVAL;
}

/* A measurement's defaults: dev set method, ptp-domain, ptp-sdo. */
static void dev_method_get(struct nlattr **tb, uint32_t *method,
			   uint32_t *domain, uint32_t *sdo)
{
	if (tb[DCB_HDRM_A_DEV_METHOD])
		*method = nla_get_u8(tb[DCB_HDRM_A_DEV_METHOD]);
	if (tb[DCB_HDRM_A_DEV_PTP_DOMAIN])
		*domain = nla_get_u8(tb[DCB_HDRM_A_DEV_PTP_DOMAIN]);
	if (tb[DCB_HDRM_A_DEV_PTP_SDO])
		*sdo = nla_get_u8(tb[DCB_HDRM_A_DEV_PTP_SDO]);
}

/* The device message's parts the prompt and the report need. */
int dev_view_cb(struct nlattr *attrs, int len, void *arg)
{
	struct nlattr *tb[DCB_HDRM_A_DEV_MAX + 1];
	struct dev_view *d = arg;

	if (nla_parse(tb, DCB_HDRM_A_DEV_MAX, attrs, len, NULL) < 0)
		return -EPROTO;
	d->ifindex = hdrm_nla_u32(tb, DCB_HDRM_A_DEV_IFINDEX);
	if (tb[DCB_HDRM_A_DEV_IFNAME])
		snprintf(d->ifname, sizeof(d->ifname), "%s",
			 nla_get_string(tb[DCB_HDRM_A_DEV_IFNAME]));
	d->mtu = hdrm_nla_u32(tb, DCB_HDRM_A_DEV_MTU);
	dev_method_get(tb, &d->method, &d->ptp_domain, &d->ptp_sdo);
	if (hdrm_peer_parse(tb[DCB_HDRM_A_DEV_PEER], &d->peer))
		return -EPROTO;
	d->has_last = tb[DCB_HDRM_A_DEV_LAST_MEASURED] != NULL;
	if (d->has_last &&
	    result_last_parse(tb[DCB_HDRM_A_DEV_LAST_MEASURED], d->ifname,
			      &d->last))
		return -EPROTO;
	return hdrm_dcb_state_parse(tb[DCB_HDRM_A_DEV_DCB_STATE], &d->st);
}

static int dev_parse_extra(struct nlattr *attrs, int len, struct nlattr **tb,
			   struct dev_info *d)
{
	struct nlattr *pt[DCB_HDRM_A_PRIO_FRAME_MAX + 1];
	struct nlattr *st[DCB_HDRM_A_STATS_MAX + 1];
	struct nlattr *nest;
	uint32_t prio;
	int i, rem;

	d->has_cfg = tb[DCB_HDRM_A_DEV_REFLECT];
	if (d->has_cfg) {
		d->reflect = nla_get_u8(tb[DCB_HDRM_A_DEV_REFLECT]);
		d->reflect_rate = hdrm_nla_u32(tb, DCB_HDRM_A_DEV_REFLECT_RATE);
		d->encap = hdrm_nla_u32(tb, DCB_HDRM_A_DEV_ENCAP);
		d->speed_override = hdrm_nla_u32(tb, DCB_HDRM_A_DEV_SPEED_OVERRIDE);
		d->k_override = hdrm_nla_u32(tb, DCB_HDRM_A_DEV_K_OVERRIDE);
		d->cell = hdrm_nla_u32(tb, DCB_HDRM_A_DEV_CELL);
		if (tb[DCB_HDRM_A_DEV_SMALL_PACKET_PERCENT])
			d->small_pct = nla_get_u8(tb[DCB_HDRM_A_DEV_SMALL_PACKET_PERCENT]);
		d->prio_mask = hdrm_nla_u32(tb, DCB_HDRM_A_DEV_PRIO_MASK);
		d->precision_override =
			hdrm_nla_u32(tb, DCB_HDRM_A_DEV_PRECISION_OVERRIDE);
		d->apply = hdrm_nla_u32(tb, DCB_HDRM_A_DEV_APPLY);
		d->delay_unit = hdrm_nla_u32(tb, DCB_HDRM_A_DEV_DELAY_UNIT);
		d->remeasure = tb[DCB_HDRM_A_DEV_REMEASURE] &&
			       nla_get_u8(tb[DCB_HDRM_A_DEV_REMEASURE]);
		d->remeasure_period =
			hdrm_nla_u32(tb, DCB_HDRM_A_DEV_REMEASURE_PERIOD);
		d->auto_hdrm = tb[DCB_HDRM_A_DEV_AUTO_HDRM] &&
			       nla_get_u8(tb[DCB_HDRM_A_DEV_AUTO_HDRM]);
		d->accept_push = tb[DCB_HDRM_A_DEV_ACCEPT_PUSH] &&
				 nla_get_u8(tb[DCB_HDRM_A_DEV_ACCEPT_PUSH]);
		d->has_k_measured = tb[DCB_HDRM_A_DEV_K_MEASURED];
		d->k_measured = d->has_k_measured &&
				nla_get_u8(tb[DCB_HDRM_A_DEV_K_MEASURED]);
		d->has_k_meas = tb[DCB_HDRM_A_DEV_K_MEASURED_NS];
		d->k_meas_ns = hdrm_nla_u32(tb, DCB_HDRM_A_DEV_K_MEASURED_NS);
		d->k_meas_prio = tb[DCB_HDRM_A_DEV_K_MEASURED_PRIO] ?
			nla_get_u8(tb[DCB_HDRM_A_DEV_K_MEASURED_PRIO]) : 0;
		d->has_accept_stream = tb[DCB_HDRM_A_DEV_ACCEPT_STREAM];
		d->accept_stream = d->has_accept_stream &&
				   nla_get_u8(tb[DCB_HDRM_A_DEV_ACCEPT_STREAM]);
		if (tb[DCB_HDRM_A_DEV_TS_MODE])
			d->ts_mode = nla_get_u8(tb[DCB_HDRM_A_DEV_TS_MODE]);
		if (tb[DCB_HDRM_A_DEV_MODEL])
			d->model = nla_get_u8(tb[DCB_HDRM_A_DEV_MODEL]);
		dev_method_get(tb, &d->method, &d->ptp_domain,
			       &d->ptp_sdo);
	}
	d->has_phc_index = tb[DCB_HDRM_A_DEV_PHC_INDEX];
	d->phc_index = hdrm_nla_u32(tb, DCB_HDRM_A_DEV_PHC_INDEX);
	d->has_hw_resolution = tb[DCB_HDRM_A_DEV_HW_RESOLUTION];
	d->has_model_in_use = tb[DCB_HDRM_A_DEV_MODEL_IN_USE];
	if (d->has_model_in_use)
		d->model_in_use = nla_get_u8(tb[DCB_HDRM_A_DEV_MODEL_IN_USE]);
	d->tc_mode = tb[DCB_HDRM_A_DEV_TC_MODE] &&
		     nla_get_u8(tb[DCB_HDRM_A_DEV_TC_MODE]);
	d->hw_resolution = hdrm_nla_u32(tb, DCB_HDRM_A_DEV_HW_RESOLUTION);
	if (hdrm_peer_parse(tb[DCB_HDRM_A_DEV_PEER], &d->peer))
		return -EPROTO;
	if (hdrm_dcb_state_parse(tb[DCB_HDRM_A_DEV_DCB_STATE], &d->dcb_state))
		return -EPROTO;
	nla_for_each_attr(nest, attrs, len, rem) {
		if (nla_type(nest) != DCB_HDRM_A_DEV_MAX_FRAME)
			continue;
		if (nla_parse_nested(pt, DCB_HDRM_A_PRIO_FRAME_MAX, nest,
				     NULL) < 0 ||
		    !pt[DCB_HDRM_A_PRIO_FRAME_PRIO])
			return -EPROTO;
		prio = nla_get_u32(pt[DCB_HDRM_A_PRIO_FRAME_PRIO]);
		if (prio < HDRM_PRIOS)
			d->max_frame[prio] =
				hdrm_nla_u32(pt, DCB_HDRM_A_PRIO_FRAME_BYTES);
	}
	d->has_stats = tb[DCB_HDRM_A_DEV_STATS];
	if (d->has_stats) {
		if (nla_parse_nested(st, DCB_HDRM_A_STATS_MAX,
				     tb[DCB_HDRM_A_DEV_STATS], NULL) < 0)
			return -EPROTO;
		for (i = 1; i <= DCB_HDRM_A_STATS_MAX; i++) {
			if (!st[i] || !stats_names[i])
				continue;
			d->stats[i] = nla_get_u64(st[i]);
			d->stats_sent |= 1u << i;
		}
	}
	return 0;
}

/*
 * A device message, all of it; hwtstamp is not the module's and is left
 * as "unread" (-ENODATA) for dev show to fill in.
 */
int dev_parse(struct nlattr *attrs, int len, struct dev_info *d)
{
	struct nlattr *tb[DCB_HDRM_A_DEV_MAX + 1];

	memset(d, 0, sizeof(*d));
	d->hwtstamp.err = -ENODATA;
	if (nla_parse(tb, DCB_HDRM_A_DEV_MAX, attrs, len, dev_policy) < 0 ||
	    !tb[DCB_HDRM_A_DEV_IFINDEX] || !tb[DCB_HDRM_A_DEV_IFNAME])
		return -EPROTO;
	d->ifindex = nla_get_u32(tb[DCB_HDRM_A_DEV_IFINDEX]);
	nla_strlcpy(d->ifname, tb[DCB_HDRM_A_DEV_IFNAME], sizeof(d->ifname));
	if (tb[DCB_HDRM_A_DEV_DCB])
		d->dcb = nla_get_u8(tb[DCB_HDRM_A_DEV_DCB]);
	if (tb[DCB_HDRM_A_DEV_DCB_OPS])
		d->dcb_ops = nla_get_u32(tb[DCB_HDRM_A_DEV_DCB_OPS]);
	if (tb[DCB_HDRM_A_DEV_SPEED]) {
		d->has_speed = true;
		d->speed = nla_get_u32(tb[DCB_HDRM_A_DEV_SPEED]);
	}
	if (tb[DCB_HDRM_A_DEV_MTU])
		d->mtu = nla_get_u32(tb[DCB_HDRM_A_DEV_MTU]);
	if (tb[DCB_HDRM_A_DEV_CARRIER])
		d->carrier = nla_get_u8(tb[DCB_HDRM_A_DEV_CARRIER]);
	if (tb[DCB_HDRM_A_DEV_CAPS])
		d->caps = nla_get_u32(tb[DCB_HDRM_A_DEV_CAPS]);
	return dev_parse_extra(attrs, len, tb, d);
}

/*
 * JSON's list of the flags' names; the text's column of them, "a,b", or
 * "-" for none, as wide as every name.
 */
static void flags_print(struct out *o, const char *key, uint32_t flags,
			const char *const *names, unsigned int n)
{
	char buf[64] = "";
	size_t used = 0;
	unsigned int i;

	out_arr_open(o, key);
	for (i = 0; i < n; i++) {
		if (!(flags & (1u << i)))
			continue;
		out_jstr(o, NULL, names[i]);
		if (used < sizeof(buf))
			used += snprintf(buf + used, sizeof(buf) - used, "%s%s",
					 used ? "," : "", names[i]);
	}
	out_arr_close(o);
	out_text(o, " %-30s", buf[0] ? buf : "-");
}

/*
 * -s: the counters below the device, as "dcb -s" prints its own: an
 * indented block of "name value" pairs, a line per part of the module
 * (reflector, measurer with the peer delay answers it ignored, apply,
 * capability exchange and push, the streams asked of this end and the
 * stream frames it received); a line none of whose counters the module
 * sends is left out.
 */
static const uint8_t stats_lines[][7] = {
	{ DCB_HDRM_A_STATS_RX_REQUESTS, DCB_HDRM_A_STATS_REFLECTED,
	  DCB_HDRM_A_STATS_RATE_LIMITED, DCB_HDRM_A_STATS_NOT_REFLECTING,
	  DCB_HDRM_A_STATS_MALFORMED },
	{ DCB_HDRM_A_STATS_TX_PROBES, DCB_HDRM_A_STATS_TX_ERRORS,
	  DCB_HDRM_A_STATS_RX_REPLIES, DCB_HDRM_A_STATS_STALE,
	  DCB_HDRM_A_STATS_FOREIGN, DCB_HDRM_A_STATS_PTP_OTHERS,
	  DCB_HDRM_A_STATS_REMEASURED },
	{ DCB_HDRM_A_STATS_APPLIED, DCB_HDRM_A_STATS_APPLY_ERRORS },
	{ DCB_HDRM_A_STATS_RX_CONTROL, DCB_HDRM_A_STATS_TX_CONTROL,
	  DCB_HDRM_A_STATS_PEER_NO_CAP, DCB_HDRM_A_STATS_PUSH_APPLIED,
	  DCB_HDRM_A_STATS_PUSH_REFUSED },
	{ DCB_HDRM_A_STATS_STREAM_GRANTED, DCB_HDRM_A_STATS_STREAM_REFUSED,
	  DCB_HDRM_A_STATS_STREAM_FRAMES_SENT, DCB_HDRM_A_STATS_RX_STREAM },
};

/* Whether counter @a is printed: a newer one only when the module sent it. */
static bool stats_shown(const struct dev_info *d, unsigned int a)
{
	return stats_names[a] &&
	       (!(STATS_NEWER & (1u << a)) || (d->stats_sent & (1u << a)));
}

/*
 * The counters: JSON's "stats" object, in the attributes' order, always;
 * the text's lines, by part of the module, with -s.
 */
static void dev_stats_print(struct out *o, const struct dev_info *d,
			    bool stats)
{
	unsigned int l, i, a;
	char word[32], *c;

	out_obj_open(o, "stats");
	for (i = 1; i <= DCB_HDRM_A_STATS_MAX; i++)
		if (stats_shown(d, i))
			out_ju64(o, stats_names[i], d->stats[i]);
	out_obj_close(o);
	if (!stats)
		return;
	for (l = 0; l < sizeof(stats_lines) / sizeof(stats_lines[0]); l++) {
		for (i = 0; i < sizeof(stats_lines[l]) && stats_lines[l][i]; i++)
			if (stats_shown(d, stats_lines[l][i]))
				break;
		if (i == sizeof(stats_lines[l]) || !stats_lines[l][i])
			continue;
		out_text(o, "   ");
		for (i = 0; i < sizeof(stats_lines[l]) && stats_lines[l][i]; i++) {
			a = stats_lines[l][i];
			if (!stats_shown(d, a))
				continue;
			/* the JSON key, with dashes as the text's words have */
			snprintf(word, sizeof(word), "%s", stats_names[a]);
			for (c = word; *c; c++)
				if (*c == '_')
					*c = '-';
			out_text(o, " %s %llu", word,
				 (unsigned long long)d->stats[a]);
		}
		out_text(o, "\n");
	}
}

/* the word after the model, for Spectrum in TC mode */
static const char *const tc_words[2] = {
	"", ": the port is in mlxsw's TC mode (an offloaded root qdisc), which ignores the PFC delay; size its buffers with dcb buffer set",
};

/*
 * A device: its JSON object, and its line of dev show's table; with
 * @one (dev show dev DEV) the lines below it for a device the module
 * configures, with @stats (-s) its counters.
 *
 * IFINDEX IFNAME          CARRIER MTU    DCB  DCB-OPS                        SPEED
 * 7       eth9            up      9000   yes  ieee-pfc,ieee-ets,buffer,dcbx  100000Mb/s
 * apply auto  delay-unit bits  remeasure on every 3600 s  model auto (mlx5)
 * cell 96 B  small-packet-percent 50
 * auto-hdrm on  accept-push on  accept-stream off
 * method auto  ptp-domain 0  ptp-sdo 0
 * ts-mode auto  phc-index 0  hw-resolution 8 ns  hwtstamp tx on rx all
 * peer: ...
 * driver ...
 */
static void dev_print(struct out *o, const struct dev_info *d, bool one,
		      bool stats)
{
	bool more = one && d->has_cfg;
	bool was;
	int i;

	out_obj_open(o, NULL);
	out_u64(o, "ifindex", "%-7llu", d->ifindex);
	out_str(o, "ifname", " %-15s", d->ifname);
	/* the text's columns in the table's order */
	out_text(o, " %-7s %-6u", d->carrier ? "up" : "down", d->mtu);
	out_bool(o, "dcb", " %-4s", d->dcb, out_no_yes);
	flags_print(o, "dcb_ops", d->dcb_ops, dcb_ops_names, 4);
	if (d->has_speed) {
		out_u64(o, "speed_mbps", " %lluMb/s\n", d->speed);
	} else {
		out_jnull(o, "speed_mbps");
		out_text(o, " unknown\n");
	}
	out_ju64(o, "mtu", d->mtu);
	out_jbool(o, "carrier", d->carrier);
	/* the table has no column for these */
	out_arr_open(o, "caps");
	for (i = 0; i < 2; i++)
		if (d->caps & (1u << i))
			out_jstr(o, NULL, caps_names[i]);
	out_arr_close(o);
	/* the clock: here in JSON, on the text's ts-mode line below */
	if (out_json(o)) {
		out_jopt_u64(o, "phc_index", d->has_phc_index, d->phc_index);
		out_jopt_u64(o, "hw_resolution_ns", d->has_hw_resolution,
			     d->hw_resolution);
		hwtstamp_print(o, &d->hwtstamp);
	}
	/* what the module holds of it: dev show dev DEV's lines */
	was = out_mute(o, !more);
	if (d->has_cfg) {
		out_jbool(o, "reflect", d->reflect);
		out_ju64(o, "reflect_rate", d->reflect_rate);
		out_jstr(o, "encap", HDRM_NAME(encap_names, d->encap));
		out_jstr(o, "ts_mode", HDRM_NAME(hdrm_ts_mode_names, d->ts_mode));
		out_ju64(o, "speed_override_mbps", d->speed_override);
		out_ju64(o, "k_override_bytes", d->k_override);
		out_ju64(o, "cell_bytes", d->cell);
		out_ju64(o, "small_packet_percent", d->small_pct);
		out_ju64(o, "prio_mask", d->prio_mask);
		out_ju64(o, "precision_override_ns", d->precision_override);
		out_str(o, "apply", "apply %s",
			HDRM_NAME(hdrm_apply_names, d->apply));
		out_str(o, "delay_unit", "  delay-unit %s",
			HDRM_NAME(hdrm_delay_unit_names, d->delay_unit));
		/* in the text's line, here; in JSON after the model's */
		out_text(o, "  remeasure %s", out_off_on[d->remeasure]);
		if (d->remeasure_period)
			out_text(o, " every %u s", d->remeasure_period);
		out_str(o, "model", "  model %s",
			HDRM_NAME(hdrm_model_names, d->model));
		/* what auto resolved to, and what TC mode makes it */
		if (d->has_model_in_use)
			out_str_if(o, "model_in_use",
				   d->model == DCB_HDRM_MODEL_AUTO || d->tc_mode,
				   " (%s)",
				   HDRM_NAME(hdrm_model_names, d->model_in_use));
		else
			out_jnull(o, "model_in_use");
		out_bool(o, "tc_mode", "%s\n", d->tc_mode, tc_words);
		/* the cell and the small frames' share, on a line of their own */
		if (d->cell)
			out_text(o, "cell %u B", d->cell);
		else
			out_text(o, "cell auto (the driver's)");
		out_text(o, "  small-packet-percent %u\n", d->small_pct);
		out_jbool(o, "remeasure", d->remeasure);
		out_ju64(o, "remeasure_period_s", d->remeasure_period);
		out_bool(o, "auto_hdrm", "auto-hdrm %s", d->auto_hdrm,
			 out_off_on);
		out_bool(o, "accept_push", "  accept-push %s", d->accept_push,
			 out_off_on);
		/* a module older than streams on request sends none */
		if (d->has_accept_stream)
			out_bool(o, "accept_stream", "  accept-stream %s",
				 d->accept_stream, out_off_on);
		/* K from a response measured: a module that has it says */
		if (d->has_k_measured) {
			out_bool(o, "k_measured", "  k-measured %s",
				 d->k_measured, out_off_on);
			if (d->has_k_meas) {
				out_u64(o, "k_measured_ns", " (K %llu ns",
					d->k_meas_ns);
				out_u64(o, "k_measured_prio", " on prio %llu)",
					d->k_meas_prio);
			} else {
				out_jnull(o, "k_measured_ns");
				out_jnull(o, "k_measured_prio");
			}
		}
		out_text(o, "\n");
		out_str(o, "method", "method %s",
			HDRM_NAME(hdrm_method_names, d->method));
		out_u64(o, "ptp_domain", "  ptp-domain %llu", d->ptp_domain);
		out_u64(o, "ptp_sdo", "  ptp-sdo %llu\n", d->ptp_sdo);
		/* ts-mode auto  phc-index 0  hw-resolution 8 ns  hwtstamp tx on rx all */
		if (!out_json(o)) {
			out_text(o, "ts-mode %s",
				 HDRM_NAME(hdrm_ts_mode_names, d->ts_mode));
			if (d->has_phc_index)
				out_text(o, "  phc-index %u", d->phc_index);
			if (d->has_hw_resolution)
				out_text(o, "  hw-resolution %u ns",
					 d->hw_resolution);
			hwtstamp_print(o, &d->hwtstamp);
			out_text(o, "\n");
		}
		hdrm_peer_print(o, &d->peer);
		out_arr_open(o, "max_frame");
		for (i = 0; i < HDRM_PRIOS; i++) {
			if (!d->max_frame[i])
				continue;
			out_obj_open(o, NULL);
			out_ju64(o, "prio", i);
			out_ju64(o, "bytes", d->max_frame[i]);
			out_obj_close(o);
		}
		out_arr_close(o);
		hdrm_dcb_state_print(o, "dcb_state", &d->dcb_state);
	}
	out_mute(o, was);
	if (d->has_stats)
		dev_stats_print(o, d, stats);
	out_obj_close(o);
}

void dev_print_json(struct jw *w, const struct dev_info *d)
{
	struct out o;

	out_init_json(&o, w);
	dev_print(&o, d, false, false);
}

struct dev_show {
	struct hdrm_ctx *ctx;
	unsigned int n;
	bool one;		/* one device asked for: say more */
};

static int dev_show_one(struct nlattr *attrs, int len, void *arg)
{
	struct dev_show *s = arg;
	struct dev_info d;
	struct out o;
	int err;

	err = dev_parse(attrs, len, &d);
	if (err)
		return err;
	/* the driver's own configuration, where it is printed */
	if (s->ctx->json || s->one)
		d.hwtstamp.err = hwtstamp_get(d.ifname, &d.hwtstamp.cfg);
	hdrm_out(s->ctx, &o);
	/* the table's header, above the first device */
	if (!s->n)
		out_text(&o, "%-7s %-15s %-7s %-6s %-4s %-30s %s\n", "IFINDEX",
			 "IFNAME", "CARRIER", "MTU", "DCB", "DCB-OPS", "SPEED");
	dev_print(&o, &d, s->one, s->ctx->stats);
	s->n++;
	return 0;
}

static void dev_usage(FILE *f)
{
	fprintf(f,
		"Usage: dcb-hdrm [ -s ] dev show [ dev DEV ]\n"
		"       dcb-hdrm dev set dev DEV [ reflect { on | off } ] [ reflect-rate PER_SEC ]\n"
		"               [ encap { auto | macctl | ether } ] [ speed { MBPS | auto } ] [ k { SIZE | auto | measured } ]\n"
		"               [ cell SIZE ] [ small-packet-percent PCT ]\n"
		"               [ prio { PRIO-MAP | auto } ] [ prio-mask { MASK | auto } ] [ precision { NS | auto } ]\n"
		"               [ max-frame FRAME-MAP ]\n"
		"               [ apply { none | delay | buffer | auto } ] [ delay-unit { auto | bits | metres } ]\n"
		"               [ remeasure { on | off } ] [ remeasure-period SEC ]\n"
		"               [ auto-hdrm { on | off } ] [ accept-push { on | off } ]\n"
		"               [ accept-stream { on | off } ]\n"
		"               [ ts-mode { auto | hardware | software | hook } ] [ hwtstamp on ]\n"
		"               [ model { auto | generic | mlx5 | mlxsw | none } ]\n"
		"               [ method { auto | hdrm | pdelay } ] [ ptp-domain N ] [ ptp-sdo N ]\n"
		"       dcb-hdrm dev help\n"
		"where  PRIO-MAP := [ PRIO-MAP ] { PRIO | all }:{ on | off }\n"
		"       FRAME-MAP := [ FRAME-MAP ] { PRIO | all }:{ SIZE | auto }\n"
		"       PRIO := { 0 .. 7 }\n"
		"       SIZE := BYTES, or with a suffix as in 256K or 1M: "
		HDRM_SIZE_SUFFIXES "\n");
}

/* VALUE or "auto" (sent as 0, which the module reads as automatic). */
static int parse_u32_auto(const char *what, const char *s, uint32_t min,
			  uint32_t max, uint32_t *out)
{
	if (!strcmp(s, "auto")) {
		*out = 0;
		return 0;
	}
	return hdrm_parse_u32(what, s, min, max, out);
}

#define ALL_PRIOS	((1u << HDRM_PRIOS) - 1)

/*
 * prio / prio-mask: the priorities to size. Either absolute (a MASK, or
 * every priority named) or the words' changes to the device's mask, read
 * when the command is sent, as "dcb pfc set ... prio-pfc 3:on" changes
 * priority 3 alone.
 */
struct prio_set {
	bool given;
	bool is_auto;
	uint32_t named;			/* the priorities the words named */
	uint32_t on;			/* those of them turned on */
};

/* max-frame: each priority's, once, however often the words name it */
struct frame_set {
	uint32_t named;
	uint32_t bytes[HDRM_PRIOS];	/* 0: auto */
};

/*
 * "prio" or "prio-mask" and what follows: auto, a MASK (prio-mask only:
 * "prio 3" would read as priority 3), or { PRIO | all }:{ on | off } words,
 * later words overriding earlier ones. Return: the words taken, or
 * -EINVAL, said.
 */
static int parse_prio(int argc, char **argv, struct prio_set *p)
{
	bool mask_ok = !strcmp(argv[0], "prio-mask");
	uint32_t prios, mask;
	const char *val;
	int n = 1;

	if (!strchr(argv[1], ':')) {
		if (!strcmp(argv[1], "auto")) {
			*p = (struct prio_set){ .given = true, .is_auto = true };
		} else if (!mask_ok) {
			hdrm_err("dev set: invalid prio \"%s\"; expected PRIO:on or PRIO:off words (PRIO 0..7 or all), or auto",
				 argv[1]);
			return -EINVAL;
		} else if (hdrm_parse_u32("prio-mask", argv[1], 1,
					  DCB_HDRM_LIMIT_DEV_PRIO_MASK_MAX,
					  &mask)) {
			return -EINVAL;
		} else {
			/* every priority named: PRIO words change the MASK */
			*p = (struct prio_set){ .given = true,
						.named = ALL_PRIOS, .on = mask };
		}
		n++;
	}
	for (; n < argc && strchr(argv[n], ':'); n++) {
		if (p->is_auto) {
			hdrm_err("dev set: invalid %s \"%s\" after auto; give either auto or PRIO:on/off words",
				 argv[0], argv[n]);
			return -EINVAL;
		}
		if (hdrm_prio_word(argv[n], &prios, &val) ||
		    (strcmp(val, "on") && strcmp(val, "off"))) {
			hdrm_err("dev set: invalid %s \"%s\"; expected PRIO:on or PRIO:off, PRIO 0..7 or all",
				 argv[0], argv[n]);
			return -EINVAL;
		}
		p->named |= prios;
		if (!strcmp(val, "on"))
			p->on |= prios;
		else
			p->on &= ~prios;
	}
	p->given = true;
	return n;
}

/*
 * "max-frame" and its { PRIO | all }:{ SIZE | auto } words, later words
 * overriding earlier ones ("all:9022 3:auto"). Return: the words taken,
 * or -EINVAL, said.
 */
static int parse_max_frame(int argc, char **argv, struct frame_set *f)
{
	uint32_t prios, i;
	const char *val;
	uint64_t bytes;
	int n;

	for (n = 1; n < argc && (n == 1 || strchr(argv[n], ':')); n++) {
		if (hdrm_prio_word(argv[n], &prios, &val))
			goto bad;
		if (!strcmp(val, "auto"))
			bytes = 0;
		else if (hdrm_size_value(val, &bytes) ||
			 bytes < HDRM_MIN_FRAME ||
			 bytes > DCB_HDRM_LIMIT_PRIO_FRAME_BYTES_MAX)
			goto bad;
		for (i = 0; i < HDRM_PRIOS; i++)
			if (prios & (1u << i))
				f->bytes[i] = bytes;
		f->named |= prios;
	}
	return n;
bad:
	hdrm_err("dev set: invalid max-frame \"%s\"; expected PRIO:BYTES or PRIO:auto, PRIO 0..7 or all, BYTES an integer %u..%u (or with a suffix "
		 HDRM_SIZE_SUFFIXES ")", argv[n], HDRM_MIN_FRAME,
		 DCB_HDRM_LIMIT_PRIO_FRAME_BYTES_MAX);
	return -EINVAL;
}

static int put_max_frames(struct nl_msg *msg, const struct frame_set *f)
{
	struct nlattr *nest;
	uint32_t i;

	for (i = 0; i < HDRM_PRIOS; i++) {
		if (!(f->named & (1u << i)))
			continue;
		nest = nla_nest_start(msg, DCB_HDRM_A_DEV_MAX_FRAME);
		if (!nest ||
		    nla_put_u32(msg, DCB_HDRM_A_PRIO_FRAME_PRIO, i) < 0 ||
		    nla_put_u32(msg, DCB_HDRM_A_PRIO_FRAME_BYTES, f->bytes[i]) < 0)
			return -ENOMEM;
		nla_nest_end(msg, nest);
	}
	return 0;
}

static int dev_info_cb(struct nlattr *attrs, int len, void *arg)
{
	return dev_parse(attrs, len, arg);
}

/*
 * The mask the prio words leave on the device: with every priority
 * named, theirs; otherwise the device's, read now, changed by them. Auto
 * there is what the module takes for it now: the PFC-enabled priorities,
 * or all without PFC. Return: 0 or an exit status, said.
 */
static int prio_mask_of(struct hdrm_ctx *ctx, const char *name,
			uint32_t ifindex, const struct prio_set *p,
			uint32_t *mask)
{
	struct dev_info *d;
	struct nl_msg *msg;
	uint32_t cur;
	int err;

	if (p->is_auto) {
		*mask = 0;
		return 0;
	}
	cur = 0;
	if (p->named != ALL_PRIOS) {
		d = calloc(1, sizeof(*d));
		msg = d ? hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_DEV_GET, 0) : NULL;
		if (!msg || nla_put_u32(msg, DCB_HDRM_A_DEV_IFINDEX, ifindex) < 0) {
			hdrm_err("out of memory");
			nlmsg_free(msg);
			free(d);
			return EXIT_KERNEL;
		}
		err = hdrm_nl_talk(&ctx->nl, msg, dev_info_cb, d);
		if (err) {
			free(d);
			return hdrm_kernel_err(ctx, name, err);
		}
		cur = d->prio_mask;
		if (!cur)
			cur = d->dcb_state.has_pfc ? d->dcb_state.pfc_en :
						     ALL_PRIOS;
		free(d);
	}
	*mask = (cur & ~p->named) | p->on;
	if (!*mask) {
		hdrm_err("dev set: prio leaves no priority on; turn one on with PRIO:on, or give auto");
		return EXIT_USAGE;
	}
	return 0;
}

static int dev_set(struct hdrm_ctx *ctx, int argc, char **argv)
{
	static const char *const off_on[] = { "off", "on" };
	static const struct {
		const char *word;
		int attr;
		uint32_t min, max;
		bool is_auto;			/* also accepts "auto" */
		const char *const *words;	/* a word per value instead */
		bool u8;			/* the attribute is a u8 */
		bool size;			/* bytes, suffixes allowed */
	} keys[] = {
		{ "reflect", DCB_HDRM_A_DEV_REFLECT, 0, 1, false, off_on, true },
		{ "reflect-rate", DCB_HDRM_A_DEV_REFLECT_RATE, DCB_HDRM_LIMIT_DEV_REFLECT_RATE_MIN, DCB_HDRM_LIMIT_DEV_REFLECT_RATE_MAX, false, NULL, false },
		{ "encap", DCB_HDRM_A_DEV_ENCAP, 0, DCB_HDRM_ENCAP_AUTO, false, encap_names, false },
		{ "speed", DCB_HDRM_A_DEV_SPEED_OVERRIDE, 1, DCB_HDRM_LIMIT_DEV_SPEED_OVERRIDE_MAX, true, NULL, false },
		{ "k", DCB_HDRM_A_DEV_K_OVERRIDE, 1, DCB_HDRM_LIMIT_DEV_K_OVERRIDE_MAX, true, NULL, false, true },
		{ "cell", DCB_HDRM_A_DEV_CELL, 1, DCB_HDRM_LIMIT_DEV_CELL_MAX, true, NULL, false, true },
		{ "small-packet-percent", DCB_HDRM_A_DEV_SMALL_PACKET_PERCENT, 0, DCB_HDRM_LIMIT_DEV_SMALL_PACKET_PERCENT_MAX, false, NULL, true },
		{ "precision", DCB_HDRM_A_DEV_PRECISION_OVERRIDE, 1, DCB_HDRM_LIMIT_DEV_PRECISION_OVERRIDE_MAX, true, NULL, false },
		{ "apply", DCB_HDRM_A_DEV_APPLY, 0, DCB_HDRM_APPLY_AUTO, false, hdrm_apply_names, false },
		{ "delay-unit", DCB_HDRM_A_DEV_DELAY_UNIT, 0, DCB_HDRM_DELAY_UNIT_METRES, false, hdrm_delay_unit_names, false },
		{ "remeasure", DCB_HDRM_A_DEV_REMEASURE, 0, 1, false, off_on, true },
		{ "remeasure-period", DCB_HDRM_A_DEV_REMEASURE_PERIOD, 0, DCB_HDRM_LIMIT_DEV_REMEASURE_PERIOD_MAX, false, NULL, false },
		{ "auto-hdrm", DCB_HDRM_A_DEV_AUTO_HDRM, 0, 1, false, off_on, true },
		{ "accept-push", DCB_HDRM_A_DEV_ACCEPT_PUSH, 0, 1, false, off_on, true },
		{ "accept-stream", DCB_HDRM_A_DEV_ACCEPT_STREAM, 0, 1, false, off_on, true },
		{ "ts-mode", DCB_HDRM_A_DEV_TS_MODE, 0, DCB_HDRM_TS_MODE_HOOK, false, hdrm_ts_mode_names, true },
		{ "model", DCB_HDRM_A_DEV_MODEL, 0, DCB_HDRM_MODEL_NONE, false, hdrm_model_names, true },
		/* ptp4l's peer delay is read per measurement: not a device's */
		{ "method", DCB_HDRM_A_DEV_METHOD, 0, DCB_HDRM_METHOD_PDELAY, false, hdrm_method_names, true },
		{ "ptp-domain", DCB_HDRM_A_DEV_PTP_DOMAIN, 0, 255, false, NULL, true },
		{ "ptp-sdo", DCB_HDRM_A_DEV_PTP_SDO, 0, DCB_HDRM_LIMIT_DEV_PTP_SDO_MAX, false, NULL, true },
	};
	struct hdrm_keys seen = { .cmd = "dev set" };
	struct frame_set frames = { 0 };
	struct prio_set prio = { 0 };
	const char *name = NULL;
	uint32_t ifindex, v;
	struct nl_msg *msg;
	bool any = false;		/* a setting of the module's */
	bool hwtstamp = false;		/* hwtstamp on: the driver's, by ioctl */
	unsigned int i;
	int err;

	/*
	 * The module is asked only for its own settings, so that "hwtstamp
	 * on" alone works without it: the family's id goes in once the
	 * socket is open (ctx->nl.family is 0 until then).
	 */
	msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_DEV_SET, 0);
	if (!msg) {
		hdrm_err("out of memory");
		return EXIT_KERNEL;
	}
	while (argc > 0) {
		if (hdrm_matches(*argv, "help")) {
			dev_usage(stdout);
			nlmsg_free(msg);
			return 0;
		}
		if (!strcmp(*argv, "dev")) {
			err = hdrm_dev_arg("dev set", argc, argv, &name);
			if (err < 0)
				goto usage;
			argc -= err;
			argv += err;
			continue;
		}
		if (!strcmp(*argv, "max-frame") || !strcmp(*argv, "prio") ||
		    !strcmp(*argv, "prio-mask")) {
			if (hdrm_key(&seen, *argv, argc, 1))
				goto usage;
			/* both set the mask: the one given must be all of it */
			if (argv[0][0] == 'p' && prio.given) {
				hdrm_err("dev set: give one of prio and prio-mask, once");
				goto usage;
			}
			err = argv[0][0] == 'm' ?
			      parse_max_frame(argc, argv, &frames) :
			      parse_prio(argc, argv, &prio);
			if (err < 0)
				goto usage;
			argc -= err;
			argv += err;
			any = true;
			continue;
		}
		/* K from the last response measured: a flag of its own */
		if (!strcmp(*argv, "k") && argc > 1 &&
		    !strcmp(argv[1], "measured")) {
			if (hdrm_key(&seen, "k", argc, 1))
				goto usage;
			if (nla_put_u8(msg, DCB_HDRM_A_DEV_K_MEASURED, 1) < 0) {
				hdrm_err("out of memory");
				nlmsg_free(msg);
				return EXIT_KERNEL;
			}
			any = true;
			argc -= 2;
			argv += 2;
			continue;
		}
		if (!strcmp(*argv, "hwtstamp")) {
			if (hdrm_key(&seen, "hwtstamp", argc, 1))
				goto usage;
			if (strcmp(argv[1], "on")) {
				hdrm_err("dev set: invalid hwtstamp \"%s\"; expected on (dcb-hdrm only widens a device's timestamping configuration, never turns it off)",
					 argv[1]);
				goto usage;
			}
			hwtstamp = true;
			argc -= 2;
			argv += 2;
			continue;
		}
		for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			if (!strcmp(*argv, keys[i].word))
				break;
		if (i == sizeof(keys) / sizeof(keys[0])) {
			hdrm_unknown_arg("dev set", argc, argv, !name,
					 "dev, reflect, reflect-rate, encap, speed, k, cell, small-packet-percent, prio, prio-mask, precision, max-frame, apply, delay-unit, remeasure, remeasure-period, auto-hdrm, accept-push, accept-stream, ts-mode, model, method, ptp-domain, ptp-sdo or hwtstamp");
			goto usage;
		}
		if (hdrm_key(&seen, keys[i].word, argc, 1))
			goto usage;
		if (keys[i].words)
			err = hdrm_parse_word(keys[i].word, argv[1],
					      keys[i].words, keys[i].max + 1,
					      &v);
		else if (keys[i].is_auto && !strcmp(argv[1], "auto"))
			err = parse_u32_auto(keys[i].word, argv[1],
					     keys[i].min, keys[i].max, &v);
		else if (keys[i].size)
			err = hdrm_parse_size_u32(keys[i].word, argv[1],
						  keys[i].min, keys[i].max,
						  &v);
		else if (keys[i].is_auto)
			err = parse_u32_auto(keys[i].word, argv[1],
					     keys[i].min, keys[i].max, &v);
		else
			err = hdrm_parse_u32(keys[i].word, argv[1],
					     keys[i].min, keys[i].max, &v);
		if (err)
			goto usage;
		if (keys[i].u8)
			err = nla_put_u8(msg, keys[i].attr, v);
		else
			err = nla_put_u32(msg, keys[i].attr, v);
		if (err < 0) {
			hdrm_err("out of memory");
			nlmsg_free(msg);
			return EXIT_KERNEL;
		}
		any = true;
		argc -= 2;
		argv += 2;
	}
	/* without "dev DEV", that is the one error */
	if (name && !any && !hwtstamp) {
		hdrm_err("dev set: nothing to set; see \"dcb-hdrm dev help\"");
		goto usage;
	}
	if (prio.given && !prio.is_auto && prio.named == ALL_PRIOS &&
	    !prio.on) {
		hdrm_err("dev set: prio leaves no priority on; turn one on with PRIO:on, or give auto");
		goto usage;
	}
	if (hdrm_dev_ifindex("dev set", name, &ifindex) ||
	    nla_put_u32(msg, DCB_HDRM_A_DEV_IFINDEX, ifindex) < 0)
		goto usage;
	if (put_max_frames(msg, &frames) < 0) {
		hdrm_err("out of memory");
		nlmsg_free(msg);
		return EXIT_KERNEL;
	}
	/*
	 * The module first, so that its absence changes nothing; then the
	 * driver's timestamping, so that a driver that refuses leaves the
	 * module's settings as they were; then the module's settings.
	 */
	if (any) {
		err = hdrm_connect(ctx);
		if (err) {
			nlmsg_free(msg);
			return err;
		}
		nlmsg_hdr(msg)->nlmsg_type = ctx->nl.family;
		/* the words' priorities, on the device's mask as it is now */
		if (prio.given) {
			err = prio_mask_of(ctx, name, ifindex, &prio, &v);
			if (!err && nla_put_u32(msg, DCB_HDRM_A_DEV_PRIO_MASK,
						v) < 0) {
				hdrm_err("out of memory");
				err = EXIT_KERNEL;
			}
			if (err) {
				nlmsg_free(msg);
				return err;
			}
		}
	}
	if (hwtstamp) {
		err = hwtstamp_on("dev set", name);
		if (err) {
			nlmsg_free(msg);
			return err;
		}
	}
	if (!any) {
		nlmsg_free(msg);
		return 0;
	}
	err = hdrm_nl_talk(&ctx->nl, msg, NULL, NULL);
	if (err)
		return hdrm_kernel_err(ctx, name, err);
	return 0;
usage:
	nlmsg_free(msg);
	return EXIT_USAGE;
}

static int dev_show(struct hdrm_ctx *ctx, int argc, char **argv)
{
	struct dev_show s = { .ctx = ctx };
	const char *name = NULL;
	uint32_t ifindex = 0;
	struct nl_msg *msg;
	struct out o;
	int err;

	while (argc > 0) {
		if (hdrm_matches(*argv, "dev")) {
			err = hdrm_dev_arg("dev show", argc, argv, &name);
			if (err < 0)
				return EXIT_USAGE;
			argc -= err;
			argv += err;
		} else if (hdrm_matches(*argv, "help")) {
			dev_usage(stdout);
			return 0;
		} else {
			hdrm_unknown_arg("dev show", argc, argv, !name,
					 "\"dev DEV\"");
			return EXIT_USAGE;
		}
	}
	if (hdrm_dev_ifindex(NULL, name, &ifindex))
		return EXIT_USAGE;
	s.one = ifindex;

	err = hdrm_connect(ctx);
	if (err)
		return err;
	msg = hdrm_nl_msg(&ctx->nl, DCB_HDRM_CMD_DEV_GET,
			  ifindex ? 0 : NLM_F_DUMP);
	if (!msg || (ifindex &&
		     nla_put_u32(msg, DCB_HDRM_A_DEV_IFINDEX, ifindex) < 0)) {
		hdrm_err("out of memory");
		return EXIT_KERNEL;
	}

	/* JSON: a list of every device; one device alone, or nothing */
	hdrm_out(ctx, &o);
	if (!ifindex)
		out_arr_open(&o, NULL);
	err = hdrm_nl_talk(&ctx->nl, msg, dev_show_one, &s);
	if (!ifindex)
		out_arr_close(&o);
	if (s.n || !ifindex)
		out_end(&o);
	if (err)
		return hdrm_kernel_err(ctx, name ? name : "dev show", err);
	return 0;
}

int hdrm_cmd_dev(struct hdrm_ctx *ctx, int argc, char **argv)
{
	if (argc == 0 || hdrm_matches(*argv, "show"))
		return dev_show(ctx, argc ? argc - 1 : 0, argv + 1);
	if (hdrm_matches(*argv, "set"))
		return dev_set(ctx, argc - 1, argv + 1);
	if (hdrm_matches(*argv, "help")) {
		dev_usage(stdout);
		return 0;
	}
	hdrm_err("dev: unknown command \"%s\"; expected \"show\", \"set\" or \"help\"",
		 *argv);
	return EXIT_USAGE;
}
