// SPDX-License-Identifier: GPL-2.0
/*
 * The result's response nest (measure ... response prio P): the peer's
 * pause response K, measured by pausing a stream of its frames, or with
 * response passive its own traffic. Parsed,
 * printed as text and JSON by one printer, and its end in one line when
 * it gave no figures.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <netlink/attr.h>

#include <linux/dcb_hdrm.h>

#include "nl.h"
#include "result.h"

const char *const response_figure_keys[RESPONSE_FIGURES] = {
	"xoff_to_last_ns", "bytes_after_xoff", "stream_rate_mbps",
	"bytes_at_line_rate", "k_ns", "k_quanta", "k_bytes", "gap_ns",
};

/* the nest of each figure, in response_figure_keys' order */
static const int figure_attrs[RESPONSE_FIGURES] = {
	DCB_HDRM_A_RESPONSE_XOFF_TO_LAST_NS,
	DCB_HDRM_A_RESPONSE_BYTES_AFTER_XOFF,
	DCB_HDRM_A_RESPONSE_STREAM_RATE_MBPS,
	DCB_HDRM_A_RESPONSE_BYTES_AT_LINE_RATE,
	DCB_HDRM_A_RESPONSE_K_NS,
	DCB_HDRM_A_RESPONSE_K_QUANTA,
	DCB_HDRM_A_RESPONSE_K_BYTES,
	DCB_HDRM_A_RESPONSE_GAP_NS,
};

const char *const hdrm_response_end_names[DCB_HDRM_RESPONSE_END_ERROR + 1] = {
	[DCB_HDRM_RESPONSE_END_OK] = "ok",
	[DCB_HDRM_RESPONSE_END_FAILED] = "failed",
	[DCB_HDRM_RESPONSE_END_REFUSED] = "refused",
	[DCB_HDRM_RESPONSE_END_NO_ANSWER] = "no-answer",
	[DCB_HDRM_RESPONSE_END_CANCELLED] = "cancelled",
	[DCB_HDRM_RESPONSE_END_LINK_DOWN] = "link-down",
	[DCB_HDRM_RESPONSE_END_DEV_GONE] = "dev-gone",
	[DCB_HDRM_RESPONSE_END_ABORTED] = "aborted",
	[DCB_HDRM_RESPONSE_END_NO_ROUND_TRIP] = "no-round-trip",
	[DCB_HDRM_RESPONSE_END_ERROR] = "error",
};

const char *const hdrm_response_status_names[DCB_HDRM_RESPONSE_STATUS_IDLE + 1] = {
	[DCB_HDRM_RESPONSE_STATUS_OK] = "ok",
	[DCB_HDRM_RESPONSE_STATUS_RANGE] = "range",
	[DCB_HDRM_RESPONSE_STATUS_WINDOW] = "window",
	[DCB_HDRM_RESPONSE_STATUS_FEW] = "few",
	[DCB_HDRM_RESPONSE_STATUS_ORDER] = "order",
	[DCB_HDRM_RESPONSE_STATUS_LATE] = "late",
	[DCB_HDRM_RESPONSE_STATUS_NOT_HELD] = "not-held",
	[DCB_HDRM_RESPONSE_STATUS_SPARSE] = "sparse",
	[DCB_HDRM_RESPONSE_STATUS_LOST] = "lost",
	[DCB_HDRM_RESPONSE_STATUS_NO_XOFF] = "no-xoff",
	[DCB_HDRM_RESPONSE_STATUS_NO_STAMP] = "no-stamp",
	[DCB_HDRM_RESPONSE_STATUS_STOPPED] = "stopped",
	[DCB_HDRM_RESPONSE_STATUS_IDLE] = "idle",
};

/* the peer's reasons for refusing a stream (enum dcb_hdrm_push_reason) */
static const char *const reason_words[] = {
	[DCB_HDRM_PUSH_REASON_NONE] = "none",
	[DCB_HDRM_PUSH_REASON_POLICY] = "policy",
	[DCB_HDRM_PUSH_REASON_NO_CAP] = "no-cap",
	[DCB_HDRM_PUSH_REASON_BOUNDS] = "bounds",
	[DCB_HDRM_PUSH_REASON_APPLY_FAILED] = "apply-failed",
	[DCB_HDRM_PUSH_REASON_BUSY] = "busy",
	[DCB_HDRM_PUSH_REASON_SENDER_NO_CAP] = "sender-no-cap",
	[DCB_HDRM_PUSH_REASON_RATE] = "rate",
};

/* One figure's nest: least, median and greatest, all three or none. */
static int range_parse(struct nlattr *nest, uint64_t v[3])
{
	struct nlattr *tb[DCB_HDRM_A_RESPONSE_RANGE_MAX + 1];

	if (nla_parse_nested(tb, DCB_HDRM_A_RESPONSE_RANGE_MAX, nest,
			     NULL) < 0 ||
	    !tb[DCB_HDRM_A_RESPONSE_RANGE_LEAST] ||
	    !tb[DCB_HDRM_A_RESPONSE_RANGE_MEDIAN] ||
	    !tb[DCB_HDRM_A_RESPONSE_RANGE_GREATEST])
		return -EPROTO;
	v[0] = hdrm_nla_u64(tb, DCB_HDRM_A_RESPONSE_RANGE_LEAST);
	v[1] = hdrm_nla_u64(tb, DCB_HDRM_A_RESPONSE_RANGE_MEDIAN);
	v[2] = hdrm_nla_u64(tb, DCB_HDRM_A_RESPONSE_RANGE_GREATEST);
	return 0;
}

/**
 * response_parse() - a result's response nest
 * @nest: the nest, or NULL (no response measurement): @ri->present false
 * @ri: filled
 *
 * Return: 0, or -EPROTO for a nest without its priority and end, more
 * repeat statuses than repeats can be, or a figure with a value missing.
 */
int response_parse(struct nlattr *nest, struct response_info *ri)
{
	struct nlattr *tb[DCB_HDRM_A_RESPONSE_MAX + 1];
	struct nlattr *a;
	unsigned int f;
	int rem, n = 0;

	memset(ri, 0, sizeof(*ri));
	if (!nest)
		return 0;
	if (nla_parse_nested(tb, DCB_HDRM_A_RESPONSE_MAX, nest, NULL) < 0 ||
	    !tb[DCB_HDRM_A_RESPONSE_PRIO] || !tb[DCB_HDRM_A_RESPONSE_END])
		return -EPROTO;
	ri->present = true;
	ri->prio = nla_get_u8(tb[DCB_HDRM_A_RESPONSE_PRIO]);
	ri->passive = tb[DCB_HDRM_A_RESPONSE_PASSIVE];
	ri->end = hdrm_nla_u32(tb, DCB_HDRM_A_RESPONSE_END);
	ri->has_reason = tb[DCB_HDRM_A_RESPONSE_REASON];
	ri->reason = hdrm_nla_u32(tb, DCB_HDRM_A_RESPONSE_REASON);
	ri->repeats = hdrm_nla_u32(tb, DCB_HDRM_A_RESPONSE_REPEATS);
	ri->ok = hdrm_nla_u32(tb, DCB_HDRM_A_RESPONSE_OK);
	nla_for_each_nested(a, nest, rem) {
		if (nla_type(a) != DCB_HDRM_A_RESPONSE_REPEAT_STATUS)
			continue;
		if (n == RESPONSE_MAX_REPEATS || nla_len(a) < 4)
			return -EPROTO;
		ri->status[n++] = nla_get_u32(a);
	}
	ri->ran = n;
	ri->has_link = tb[DCB_HDRM_A_RESPONSE_SPEED];
	ri->rtt_ns = hdrm_nla_u64(tb, DCB_HDRM_A_RESPONSE_RTT);
	ri->speed = hdrm_nla_u32(tb, DCB_HDRM_A_RESPONSE_SPEED);
	ri->timestamping = hdrm_nla_u32(tb, DCB_HDRM_A_RESPONSE_TIMESTAMPING);
	ri->pause_ns = hdrm_nla_u64(tb, DCB_HDRM_A_RESPONSE_PAUSE);
	ri->frames = hdrm_nla_u32(tb, DCB_HDRM_A_RESPONSE_FRAMES);
	ri->overflow = hdrm_nla_u32(tb, DCB_HDRM_A_RESPONSE_OVERFLOW);
	ri->has_stream = tb[DCB_HDRM_A_RESPONSE_FRAME_LEN];
	ri->frame_len = hdrm_nla_u32(tb, DCB_HDRM_A_RESPONSE_FRAME_LEN);
	ri->duration_us = hdrm_nla_u32(tb, DCB_HDRM_A_RESPONSE_DURATION);
	ri->has_figures = tb[figure_attrs[0]];
	for (f = 0; ri->has_figures && f < RESPONSE_FIGURES; f++)
		if (!tb[figure_attrs[f]] ||
		    range_parse(tb[figure_attrs[f]], ri->fig[f]))
			return -EPROTO;
	return 0;
}

/*
 * JSON's "response" object; the text's lines after the headroom's
 *   response prio 3: 3 of 3 repeats ok (hardware timestamps, 1514-byte frames for 5000 us, XOFF held 1174398 ns)
 *     repeats: ok ok ok
 *                             min     median        max
 *     xoff_to_last_ns       10689      10700      10720
 *     ...
 *   K measured: 200 ns median, 220 ns max = 18 pause quanta = 688 B at 25000 Mb/s
 */
void response_print(struct out *o, const struct response_info *ri)
{
	uint32_t i, f;

	out_obj_open(o, "response");
	out_u64(o, "prio", "response prio %llu", ri->prio);
	/* only where it is: a stream's output stays as it was */
	if (ri->passive)
		out_jbool(o, "passive", true);
	out_text(o, ri->passive ? " (passive):" : ":");
	out_jstr(o, "end", HDRM_NAME(hdrm_response_end_names, ri->end));
	out_jopt_str(o, "reason", ri->has_reason,
		     HDRM_NAME(reason_words, ri->reason));
	out_u64(o, "ok", " %llu", ri->ok);
	out_u64(o, "repeats", " of %llu repeats ok", ri->repeats);
	if (ri->end != DCB_HDRM_RESPONSE_END_OK)
		out_text(o, ", ended %s",
			 HDRM_NAME(hdrm_response_end_names, ri->end));
	if (ri->has_reason)
		out_text(o, " (%s)", HDRM_NAME(reason_words, ri->reason));
	out_jopt_str(o, "timestamping", ri->has_link,
		     HDRM_NAME(hdrm_timestamping_names, ri->timestamping));
	if (ri->has_link)
		out_text(o, " (%s timestamps",
			 HDRM_NAME(hdrm_timestamping_names, ri->timestamping));
	out_jopt_u64(o, "frame_len", ri->has_stream, ri->frame_len);
	out_jopt_u64(o, "duration_us", ri->has_stream, ri->duration_us);
	if (ri->has_link && ri->has_stream)
		out_text(o, ", %u-byte frames for %u us", ri->frame_len,
			 ri->duration_us);
	out_jopt_u64(o, "pause_ns", ri->has_link, ri->pause_ns);
	if (ri->has_link)
		out_text(o, ", XOFF held %llu ns)",
			 (unsigned long long)ri->pause_ns);
	out_text(o, "\n");
	out_jopt_u64(o, "rtt_ns", ri->has_link, ri->rtt_ns);
	out_jopt_u64(o, "speed_mbps", ri->has_link, ri->speed);
	out_jopt_u64(o, "frames", ri->has_link, ri->frames);
	out_jopt_u64(o, "overflow", ri->has_link, ri->overflow);
	out_arr_open(o, "repeat_status");
	if (ri->ran)
		out_text(o, "  repeats:");
	for (i = 0; i < ri->ran; i++)
		out_str(o, NULL, " %s",
			HDRM_NAME(hdrm_response_status_names, ri->status[i]));
	if (ri->ran)
		out_text(o, "\n");
	out_arr_close(o);
	if (ri->has_figures)
		out_text(o, "  %-20s %10s %10s %10s\n", "", "min", "median",
			 "max");
	for (f = 0; f < RESPONSE_FIGURES; f++) {
		if (!ri->has_figures) {
			out_jnull(o, response_figure_keys[f]);
			continue;
		}
		out_obj_open(o, response_figure_keys[f]);
		out_text(o, "  %-20s", response_figure_keys[f]);
		out_u64(o, "min", " %10llu", ri->fig[f][0]);
		out_u64(o, "median", " %10llu", ri->fig[f][1]);
		out_u64(o, "max", " %10llu\n", ri->fig[f][2]);
		out_obj_close(o);
	}
	/* the headroom takes the greatest: the slowest response seen */
	if (ri->has_figures && ri->has_link)
		out_text(o, "K measured: %llu ns median, %llu ns max = %llu pause quanta = %llu B at %u Mb/s (rtt %llu ns)\n",
			 (unsigned long long)ri->fig[4][1],
			 (unsigned long long)ri->fig[4][2],
			 (unsigned long long)ri->fig[5][2],
			 (unsigned long long)ri->fig[6][2], ri->speed,
			 (unsigned long long)ri->rtt_ns);
	out_obj_close(o);
}

/* What a refusal's reason asks of the peer, in words. */
static const char *refusal_words(uint32_t reason)
{
	switch (reason) {
	case DCB_HDRM_PUSH_REASON_POLICY:
		return "accept-stream is off there; on the peer: dcb-hdrm dev set dev DEV accept-stream on";
	case DCB_HDRM_PUSH_REASON_NO_CAP:
		return "auto-hdrm is off there";
	case DCB_HDRM_PUSH_REASON_SENDER_NO_CAP:
		return "it has no record of this end's auto-HDRM capability; measure once without response first";
	case DCB_HDRM_PUSH_REASON_BUSY:
		return "it is sending another stream; try again";
	case DCB_HDRM_PUSH_REASON_RATE:
		return "it grants one stream a second and another came first; try again";
	default:
		return "an unknown reason";
	}
}

/**
 * response_exit() - one line for a response measurement without figures
 * @name: the device
 * @ri: the result's response
 *
 * Return: 0 when at least one repeat gave figures, else EXIT_KERNEL
 * after saying why on stderr.
 */
int response_exit(const char *name, const struct response_info *ri)
{
	const char *first = "";
	uint32_t i, idle = 0;

	if (!ri->present || ri->ok)
		return 0;
	for (i = 0; i < ri->ran; i++)
		idle += ri->status[i] == DCB_HDRM_RESPONSE_STATUS_IDLE;
	for (i = 0; i < ri->ran; i++)
		if (ri->status[i] != DCB_HDRM_RESPONSE_STATUS_OK) {
			first = HDRM_NAME(hdrm_response_status_names,
					  ri->status[i]);
			break;
		}
	switch (ri->end) {
	case DCB_HDRM_RESPONSE_END_REFUSED:
		hdrm_err("%s: the peer refused the stream for prio %u (%s): %s",
			 name, ri->prio, HDRM_NAME(reason_words, ri->reason),
			 refusal_words(ri->reason));
		break;
	case DCB_HDRM_RESPONSE_END_NO_ANSWER:
		hdrm_err("%s: the peer did not answer the stream request; check that it runs a dcb_hdrm that streams (accept-stream)",
			 name);
		break;
	case DCB_HDRM_RESPONSE_END_NO_ROUND_TRIP:
		hdrm_err("%s: no pause response measured: the round trip did not end ok",
			 name);
		break;
	case DCB_HDRM_RESPONSE_END_OK:
	case DCB_HDRM_RESPONSE_END_FAILED:
		/* every repeat idle: the traffic, not the pause */
		if (ri->ran && idle == ri->ran) {
			hdrm_err("%s: no repeat of %u measured the pause response (first failure: idle): prio %u's traffic from the peer was not flowing (ten frames, none over an eighth of the pause apart) in any repeat's second of listening",
				 name, ri->ran, ri->prio);
			break;
		}
		hdrm_err("%s: no repeat of %u measured the pause response (first failure: %s); not-held means the peer did not honour the pause: check PFC on prio %u at both ends",
			 name, ri->ran, first, ri->prio);
		break;
	default:
		hdrm_err("%s: the pause response measurement ended %s",
			 name, HDRM_NAME(hdrm_response_end_names, ri->end));
		break;
	}
	return EXIT_KERNEL;
}
