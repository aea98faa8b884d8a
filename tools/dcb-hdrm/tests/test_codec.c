// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the codecs of timestamps at the wire: a result, a device
 * and its peer built as the module sends them (netlink attributes), parsed
 * by the tool and printed as JSON and text; the name tables against the
 * uAPI's enums.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "dev.h"
#include "result.h"
#include "tap.h"

static char out[16384];
static FILE *sink;

/* Output to out[] until done(); stdout too, for the text printers. */
static struct jw *begin(void)
{
	static struct jw w;

	memset(out, 0, sizeof(out));
	sink = fmemopen(out, sizeof(out) - 1, "w");
	if (!sink)
		exit(2);
	jw_init(&w, sink, false);
	return &w;
}

static void done(void)
{
	fclose(sink);
}

static struct nl_msg *attrs(void)
{
	struct nl_msg *m = nlmsg_alloc();

	if (!m)
		exit(2);
	return m;
}

#define ATTRS(m) nlmsg_data(nlmsg_hdr(m)), nlmsg_datalen(nlmsg_hdr(m))

/* a local result (@ratio: with a rate ratio), or with @ts false a pushed one */
static struct nl_msg *result_msg_ts(bool ts, bool ratio, int32_t ppb)
{
	struct nl_msg *m = attrs();

	nla_put_u32(m, DCB_HDRM_A_RESULT_IFINDEX, 7);
	nla_put_string(m, DCB_HDRM_A_RESULT_IFNAME, "eth9");
	nla_put_u32(m, DCB_HDRM_A_RESULT_SESSION, 42);
	nla_put_u32(m, DCB_HDRM_A_RESULT_STATUS, DCB_HDRM_STATUS_OK);
	nla_put_u32(m, DCB_HDRM_A_RESULT_TIMESTAMPING,
		    DCB_HDRM_TIMESTAMPING_HARDWARE);
	nla_put_u32(m, DCB_HDRM_A_RESULT_PROBES_SENT, 100);
	nla_put_u32(m, DCB_HDRM_A_RESULT_PROBES_RECEIVED, 100);
	nla_put_u64(m, DCB_HDRM_A_RESULT_RTT_ESTIMATE, 1000);
	nla_put_u32(m, DCB_HDRM_A_RESULT_PRECISION, 8);
	if (!ts) {
		/* as the module sends a pushed headroom: no timestamps */
		nla_put_u32(m, DCB_HDRM_A_RESULT_SOURCE, DCB_HDRM_SOURCE_PEER);
		return m;
	}
	nla_put_u8(m, DCB_HDRM_A_RESULT_TS_MODE, DCB_HDRM_TS_MODE_HARDWARE);
	nla_put_u8(m, DCB_HDRM_A_RESULT_PRECISION_SOURCE,
		   DCB_HDRM_PRECISION_SOURCE_HARDWARE);
	if (ratio)
		nla_put_s32(m, DCB_HDRM_A_RESULT_RATE_RATIO, ppb);
	nla_put_u32(m, DCB_HDRM_A_RESULT_TWO_STEP, 97);
	nla_put_u32(m, DCB_HDRM_A_RESULT_FOLLOWUP_MISSING, 3);
	return m;
}

static struct nl_msg *result_msg(bool ratio, int32_t ppb)
{
	return result_msg_ts(true, ratio, ppb);
}

static int parse_result(struct nl_msg *m, struct result *r)
{
	int err = result_parse(ATTRS(m), r);

	nlmsg_free(m);
	return err;
}

static const char *result_json(const struct result *r)
{
	struct jw *w = begin();

	jw_obj_open(w);
	result_json_members(w, r);
	jw_obj_close(w);
	done();
	return out;
}

static const char *result_txt(const struct result *r)
{
	FILE *saved = stdout;

	begin();
	stdout = sink;
	result_text(r);
	stdout = saved;
	done();
	return out;
}

static void test_result(void)
{
	static const char *const stable[] = {
		"\"ifname\":\"eth9\"", "\"ifindex\":7", "\"session\":42",
		"\"status\":\"ok\"", "\"source\":\"local\"", "\"mode\":",
		"\"encap\":", "\"estimator\":", "\"probes\":{\"sent\":100,",
		"\"rtt_ns\":{\"estimate\":1000,", "\"turnaround_ns\":",
		"\"precision_ns\":8", "\"speed_mbps\":", "\"k_bytes\":",
		"\"measure_frame_bytes\":", "\"cell_bytes\":", "\"duration_us\":",
		"\"age_ms\":", "\"priorities\":[", "\"unsized\":[",
		"\"applied\":null", "\"push\":null",
	};
	struct result r;
	const char *s;
	unsigned int i;
	bool all = true;

	TAP_OK(!parse_result(result_msg(true, -1234), &r) &&
	       r.ts_mode == DCB_HDRM_TS_MODE_HARDWARE &&
	       r.precision_source == DCB_HDRM_PRECISION_SOURCE_HARDWARE &&
	       r.has_rate_ratio && r.rate_ratio == -1234 && r.two_step == 97 &&
	       r.followup_missing == 3 &&
	       r.timestamping == DCB_HDRM_TIMESTAMPING_HARDWARE,
	       "result: ts-mode, precision-source, rate-ratio, two-step, followup-missing parsed");
	s = result_json(&r);
	TAP_OK(strstr(s, "\"timestamping\":\"hardware\",\"ts_mode\":\"hardware\",\"precision_source\":\"hardware\",\"rate_ratio_ppb\":-1234,\"two_step\":97,\"followup_missing\":3,") != NULL,
	       "result JSON: timestamping, ts_mode, precision_source, rate_ratio_ppb, two_step, followup_missing: %s",
	       s);
	for (i = 0; i < ARRAY_SIZE(stable); i++)
		if (!strstr(s, stable[i])) {
			all = false;
			printf("# missing %s\n", stable[i]);
		}
	TAP_OK(all, "result JSON: the keys from before are all still there");
	s = result_txt(&r);
	TAP_OK(strstr(s, "\nts-mode hardware  precision-source hardware  rate-ratio -1234 ppb  two-step 97  followup-missing 3\n") &&
	       strstr(s, "(4ts, macctl, hardware timestamps, "),
	       "result text: the timestamps' line after the status");
	if (!strstr(s, "\nts-mode hardware  precision-source hardware"))
		printf("# %s\n", s);

	TAP_OK(!parse_result(result_msg(false, 0), &r) && !r.has_rate_ratio,
	       "result: no rate-ratio, none parsed");
	s = result_json(&r);
	TAP_OK(!strstr(s, "rate_ratio") &&
	       strstr(s, "\"precision_source\":\"hardware\",\"two_step\":97,"),
	       "result JSON: rate_ratio_ppb left out when the module sent none: %s", s);
	s = result_txt(&r);
	TAP_OK(strstr(s, "  rate-ratio unknown  ") != NULL,
	       "result text: rate-ratio unknown");

	TAP_OK(!parse_result(result_msg(true, INT32_MIN), &r) &&
	       strstr(result_json(&r), "\"rate_ratio_ppb\":-2147483648,"),
	       "result JSON: the most negative ratio keeps its sign");
	TAP_OK(!parse_result(result_msg(true, 12), &r) &&
	       strstr(result_json(&r), "\"rate_ratio_ppb\":12,") &&
	       strstr(result_txt(&r), "  rate-ratio +12 ppb  "),
	       "result: a positive ratio, signed in the text");

	/* a pushed headroom: no probes of its own, so no timestamps' line */
	TAP_OK(!parse_result(result_msg(true, 12), &r), "result: parsed again");
	r.source = DCB_HDRM_SOURCE_PEER;
	TAP_OK(!strstr(result_txt(&r), "ts-mode"),
	       "result text: a pushed headroom has no timestamps' line");

	TAP_OK(!parse_result(result_msg_ts(false, false, 0), &r) && !r.has_ts &&
	       r.source == DCB_HDRM_SOURCE_PEER,
	       "result: a pushed headroom carries no timestamps");
	s = result_json(&r);
	TAP_OK(strstr(s, "\"timestamping\":\"hardware\",\"ts_mode\":null,\"precision_source\":null,\"two_step\":null,\"followup_missing\":null,\"probes\":") != NULL,
	       "result JSON: a pushed headroom's timestamps are null, not auto and override: %s", s);
	TAP_OK(!strstr(result_txt(&r), "ts-mode"),
	       "result text: nor a line for them");

	TAP_OK(!parse_result(result_msg(true, 12), &r), "result: parsed again");
	r.status = DCB_HDRM_STATUS_NO_HW_TIMESTAMPS;
	TAP_OK(strstr(result_json(&r), "\"status\":\"no-hw-timestamps\"") != NULL,
	       "result JSON: status no-hw-timestamps");
}

/* a local result of @method; a pdelay one with a responder of @id_len bytes */
static struct nl_msg *result_msg_method(uint8_t method, int id_len,
					uint8_t steps)
{
	static const uint8_t id[12] = {
		0x0c, 0x42, 0xa1, 0xff, 0xfe, 0x00, 0x00, 0x07, 0xff, 0xff,
	};
	struct nl_msg *m = result_msg(true, 12);

	nla_put_u8(m, DCB_HDRM_A_RESULT_METHOD, method);
	if (id_len)
		nla_put(m, DCB_HDRM_A_RESULT_RESPONDER, id_len, id);
	if (steps)
		nla_put_u8(m, DCB_HDRM_A_RESULT_STEPS, steps);
	return m;
}

static void test_method(void)
{
	uint8_t id[HDRM_PORT_ID_LEN] = { 0 };
	char buf[HDRM_PORT_ID_STR];
	struct result r;
	const char *s;

	TAP_OK(!parse_result(result_msg_method(DCB_HDRM_METHOD_PDELAY, 10, 2), &r) &&
	       r.has_method && r.method == DCB_HDRM_METHOD_PDELAY &&
	       r.has_responder && r.responder[0] == 0x0c && r.responder[9] == 0xff &&
	       r.has_steps && r.steps == 2,
	       "result: method, responder and steps parsed");
	s = result_json(&r);
	TAP_OK(strstr(s, "\"timestamping\":\"hardware\",\"method\":\"pdelay\",\"responder\":\"0c42a1.fffe.000007-65535\",\"steps\":2,\"ts_mode\":") != NULL,
	       "result JSON: method, responder as ptp4l prints a port identity, steps: %s", s);
	s = result_txt(&r);
	TAP_OK(strstr(s, "\nstatus: ok\nmethod pdelay (IEEE 1588 peer delay), responder 0c42a1.fffe.000007-65535, two-step\nts-mode ") != NULL,
	       "result text: the method's line after the status");
	if (!strstr(s, "\nmethod pdelay"))
		printf("# %s\n", s);

	TAP_OK(!parse_result(result_msg_method(DCB_HDRM_METHOD_PDELAY, 10, 1), &r) &&
	       strstr(result_txt(&r), ", one-step\n"),
	       "result text: a one-step responder");
	TAP_OK(!parse_result(result_msg_method(DCB_HDRM_METHOD_HDRM, 0, 0), &r) &&
	       !r.has_responder && !r.has_steps &&
	       strstr(result_json(&r), "\"method\":\"hdrm\",\"ts_mode\":") &&
	       strstr(result_txt(&r), "\nmethod hdrm (dcb_hdrm's own measurement frames)\n"),
	       "result: method hdrm, no responder, no steps");
	TAP_OK(parse_result(result_msg_method(DCB_HDRM_METHOD_PDELAY, 9, 2), &r) == -EPROTO &&
	       parse_result(result_msg_method(DCB_HDRM_METHOD_PDELAY, 11, 2), &r) == -EPROTO,
	       "result: a responder that is not ten bytes is refused");
	/* as the module sends ptp4l's: one record, no responder, no steps */
	TAP_OK(!parse_result(result_msg_method(DCB_HDRM_METHOD_PTP4L, 0, 0), &r) &&
	       r.has_method && r.method == DCB_HDRM_METHOD_PTP4L &&
	       !r.has_responder && !r.has_steps &&
	       strstr(result_json(&r), "\"method\":\"ptp4l\",\"ts_mode\":") &&
	       strstr(result_txt(&r), "\nstatus: ok\nmethod ptp4l (ptp4l's own peer delay, read over its management socket)\nts-mode "),
	       "result: method ptp4l, its words, no responder, no steps");
	TAP_OK(!parse_result(result_msg(true, 12), &r) && !r.has_method &&
	       !strstr(result_json(&r), "\"method\"") &&
	       !strstr(result_json(&r), "responder") &&
	       !strstr(result_txt(&r), "method"),
	       "result: a module before pdelay says no method, and nothing is printed for it");
	TAP_OK(!strcmp(hdrm_port_id_str(buf, sizeof(buf), id), "000000.0000.000000-0") &&
	       strlen(hdrm_port_id_str(buf, sizeof(buf), r.responder)) < sizeof(buf),
	       "port identity: zeros, and the longest fits HDRM_PORT_ID_STR");
}

/* a result of @method at 25 Gb/s whose equivalent cable is @cm */
static struct nl_msg *result_msg_cable(uint8_t method, uint32_t cm)
{
	struct nl_msg *m = result_msg_method(method,
					     method == DCB_HDRM_METHOD_PDELAY ?
					     10 : 0,
					     method == DCB_HDRM_METHOD_PTP4L ?
					     0 : 2);

	nla_put_u32(m, DCB_HDRM_A_RESULT_SPEED, 25000);
	nla_put_u32(m, DCB_HDRM_A_RESULT_EQUIVALENT_CABLE_CM, cm);
	return m;
}

/*
 * A peer delay's far end, from the module's attributes: the equivalent
 * cable, 10001 cm, is 101 m rounded up; the delay, as the generic manual
 * line has it, (1000 + 2 x 8) ns x 25000 Mb/s / 1000 = 25400 bits; the
 * same for ptp4l's peer delay. No far end for hdrm, nor for a peer delay
 * that did not end ok.
 */
static void test_far_end(void)
{
	struct result r;
	const char *s;

	TAP_OK(!parse_result(result_msg_cable(DCB_HDRM_METHOD_PDELAY, 10001), &r),
	       "far end: a pdelay result with its cable parsed");
	s = result_json(&r);
	TAP_OK(strstr(s, "\"unsized\":[],\"far_end\":{\"cable_length_m\":101,\"sonic\":\"config interface cable-length PORT 101m\",\"dcb\":\"dcb pfc set dev PORT delay 25400\"},\"applied\":null") != NULL,
	       "far end JSON: 101 m, SONiC's and dcb's lines: %s", s);
	s = result_txt(&r);
	TAP_OK(strstr(s, "\nfar end (no push to a peer-delay responder): cable-length 101m, the equivalent cable rounded up to whole metres\n  SONiC: config interface cable-length PORT 101m\n  Linux: dcb pfc set dev PORT delay 25400\n  PORT is the switch's or peer's port facing this link\n") != NULL,
	       "far end text: the lines under the result");
	TAP_OK(!parse_result(result_msg_cable(DCB_HDRM_METHOD_PTP4L, 10001), &r) &&
	       strstr(result_json(&r), "\"far_end\":{\"cable_length_m\":101,\"sonic\":\"config interface cable-length PORT 101m\",\"dcb\":\"dcb pfc set dev PORT delay 25400\"}") &&
	       strstr(result_txt(&r), "\nfar end (no push to a peer-delay responder): cable-length 101m,"),
	       "far end: for ptp4l's peer delay too, whose peer takes no push either");
	TAP_OK(!parse_result(result_msg_cable(DCB_HDRM_METHOD_HDRM, 10001), &r) &&
	       !strstr(result_json(&r), "far_end") &&
	       !strstr(result_txt(&r), "far end"),
	       "far end: none for hdrm, whose peer takes the push");
	TAP_OK(!parse_result(result_msg_cable(DCB_HDRM_METHOD_PDELAY, 10001), &r),
	       "far end: parsed again");
	r.status = DCB_HDRM_STATUS_CANCELLED;
	TAP_OK(!strstr(result_json(&r), "far_end") &&
	       !strstr(result_txt(&r), "far end"),
	       "far end: none for a peer delay that did not end ok");
}

/*
 * A result with a response nest: @ok repeats of three gave figures (each
 * figure f's least, median and greatest 10f + 1..3), the third
 * not-held; @refused: none ran, the peer refused for its rate.
 */
static struct nl_msg *result_msg_response(uint32_t ok, bool refused)
{
	static const int figs[] = {
		DCB_HDRM_A_RESPONSE_XOFF_TO_LAST_NS,
		DCB_HDRM_A_RESPONSE_BYTES_AFTER_XOFF,
		DCB_HDRM_A_RESPONSE_STREAM_RATE_MBPS,
		DCB_HDRM_A_RESPONSE_BYTES_AT_LINE_RATE,
		DCB_HDRM_A_RESPONSE_K_NS,
		DCB_HDRM_A_RESPONSE_K_QUANTA,
		DCB_HDRM_A_RESPONSE_K_BYTES,
		DCB_HDRM_A_RESPONSE_GAP_NS,
	};
	struct nl_msg *m = result_msg_cable(DCB_HDRM_METHOD_HDRM, 200);
	struct nlattr *nest, *fig;
	unsigned int f;

	nest = nla_nest_start(m, DCB_HDRM_A_RESULT_RESPONSE);
	nla_put_u8(m, DCB_HDRM_A_RESPONSE_PRIO, 3);
	nla_put_u32(m, DCB_HDRM_A_RESPONSE_END,
		    refused ? DCB_HDRM_RESPONSE_END_REFUSED :
		    ok ? DCB_HDRM_RESPONSE_END_OK :
		    DCB_HDRM_RESPONSE_END_FAILED);
	if (refused)
		nla_put_u32(m, DCB_HDRM_A_RESPONSE_REASON,
			    DCB_HDRM_PUSH_REASON_RATE);
	nla_put_u32(m, DCB_HDRM_A_RESPONSE_REPEATS, 3);
	nla_put_u32(m, DCB_HDRM_A_RESPONSE_OK, ok);
	if (!refused) {
		for (f = 0; f < 3; f++)
			nla_put_u32(m, DCB_HDRM_A_RESPONSE_REPEAT_STATUS,
				    f < ok ? DCB_HDRM_RESPONSE_STATUS_OK :
				    DCB_HDRM_RESPONSE_STATUS_NOT_HELD);
		nla_put_u64(m, DCB_HDRM_A_RESPONSE_RTT, 10000);
		nla_put_u32(m, DCB_HDRM_A_RESPONSE_SPEED, 25000);
		nla_put_u32(m, DCB_HDRM_A_RESPONSE_TIMESTAMPING,
			    DCB_HDRM_TIMESTAMPING_HARDWARE);
		nla_put_u64(m, DCB_HDRM_A_RESPONSE_PAUSE, 671089);
		nla_put_u32(m, DCB_HDRM_A_RESPONSE_FRAMES, 30000);
		nla_put_u32(m, DCB_HDRM_A_RESPONSE_OVERFLOW, 0);
		nla_put_u32(m, DCB_HDRM_A_RESPONSE_FRAME_LEN, 1514);
		nla_put_u32(m, DCB_HDRM_A_RESPONSE_DURATION, 5000);
	}
	for (f = 0; ok && f < 8; f++) {
		fig = nla_nest_start(m, figs[f]);
		nla_put_u64(m, DCB_HDRM_A_RESPONSE_RANGE_LEAST, 10 * f + 1);
		nla_put_u64(m, DCB_HDRM_A_RESPONSE_RANGE_MEDIAN, 10 * f + 2);
		nla_put_u64(m, DCB_HDRM_A_RESPONSE_RANGE_GREATEST, 10 * f + 3);
		nla_nest_end(m, fig);
	}
	nla_nest_end(m, nest);
	return m;
}

/*
 * A passive response measurement's result (response passive prio 3): no
 * stream, so no frame length or duration; @idle of its two repeats saw
 * no traffic flowing, the others not-held.
 */
static struct nl_msg *result_msg_passive(unsigned int idle)
{
	struct nl_msg *m = result_msg_cable(DCB_HDRM_METHOD_PDELAY, 200);
	struct nlattr *nest;
	unsigned int i;

	nest = nla_nest_start(m, DCB_HDRM_A_RESULT_RESPONSE);
	nla_put_u8(m, DCB_HDRM_A_RESPONSE_PRIO, 3);
	nla_put_u32(m, DCB_HDRM_A_RESPONSE_END, DCB_HDRM_RESPONSE_END_FAILED);
	nla_put_u32(m, DCB_HDRM_A_RESPONSE_REPEATS, 2);
	nla_put_u32(m, DCB_HDRM_A_RESPONSE_OK, 0);
	for (i = 0; i < 2; i++)
		nla_put_u32(m, DCB_HDRM_A_RESPONSE_REPEAT_STATUS,
			    i < idle ? DCB_HDRM_RESPONSE_STATUS_IDLE :
			    DCB_HDRM_RESPONSE_STATUS_NOT_HELD);
	nla_put_u64(m, DCB_HDRM_A_RESPONSE_RTT, 10000);
	nla_put_u32(m, DCB_HDRM_A_RESPONSE_SPEED, 25000);
	nla_put_u32(m, DCB_HDRM_A_RESPONSE_TIMESTAMPING,
		    DCB_HDRM_TIMESTAMPING_HARDWARE);
	nla_put_u64(m, DCB_HDRM_A_RESPONSE_PAUSE, 1174398);
	nla_put_u32(m, DCB_HDRM_A_RESPONSE_FRAMES, 12);
	nla_put_u32(m, DCB_HDRM_A_RESPONSE_OVERFLOW, 0);
	nla_put_flag(m, DCB_HDRM_A_RESPONSE_PASSIVE);
	nla_nest_end(m, nest);
	return m;
}

/* response_exit()'s status, its line on stderr into @buf */
static int response_exit_line(const struct response_info *ri, char *buf,
			      size_t len)
{
	FILE *f = tmpfile();
	int saved, rc;
	size_t n = 0;

	fflush(stderr);
	saved = dup(2);
	if (f)
		dup2(fileno(f), 2);
	rc = response_exit("eth9", ri);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	if (f) {
		rewind(f);
		n = fread(buf, 1, len - 1, f);
		fclose(f);
	}
	buf[n] = 0;
	if (n && buf[n - 1] == '\n')
		buf[n - 1] = 0;
	return rc;
}

static void test_response(void)
{
	struct result r;
	const char *s;
	char line[512];

	TAP_OK(!parse_result(result_msg_cable(DCB_HDRM_METHOD_HDRM, 200), &r) &&
	       !r.response.present && !strstr(result_json(&r), "response"),
	       "response: none in a result without the nest");
	TAP_OK(!parse_result(result_msg_response(2, false), &r) &&
	       r.response.present && r.response.prio == 3 &&
	       r.response.ok == 2 && r.response.ran == 3 &&
	       r.response.status[2] == DCB_HDRM_RESPONSE_STATUS_NOT_HELD &&
	       r.response.fig[4][2] == 43,
	       "response: parsed, its statuses and figures");
	s = result_json(&r);
	TAP_OK(strstr(s, "\"response\":{\"prio\":3,\"end\":\"ok\",\"reason\":null,\"ok\":2,\"repeats\":3,\"timestamping\":\"hardware\",\"frame_len\":1514,\"duration_us\":5000,\"pause_ns\":671089,\"rtt_ns\":10000,\"speed_mbps\":25000,\"frames\":30000,\"overflow\":0,\"repeat_status\":[\"ok\",\"ok\",\"not-held\"],\"xoff_to_last_ns\":{\"min\":1,\"median\":2,\"max\":3},") &&
	       strstr(s, "\"k_ns\":{\"min\":41,\"median\":42,\"max\":43},\"k_quanta\":{\"min\":51,\"median\":52,\"max\":53},\"k_bytes\":{\"min\":61,\"median\":62,\"max\":63},\"gap_ns\":{\"min\":71,\"median\":72,\"max\":73}}"),
	       "response JSON: every member, each figure as min, median and max: %s", s);
	s = result_txt(&r);
	TAP_OK(strstr(s, "response prio 3: 2 of 3 repeats ok (hardware timestamps, 1514-byte frames for 5000 us, XOFF held 671089 ns)\n  repeats: ok ok not-held\n") &&
	       strstr(s, "\n  k_ns                         41         42         43\n") &&
	       strstr(s, "K measured: 42 ns median, 43 ns max = 53 pause quanta = 63 B at 25000 Mb/s (rtt 10000 ns)\n"),
	       "response text: the line, the statuses, the table and K");
	if (!strstr(s, "K measured"))
		printf("# %s\n", s);
	TAP_OK(response_exit("eth9", &r.response) == 0,
	       "response: figures, no error line");

	TAP_OK(!parse_result(result_msg_response(0, false), &r) &&
	       r.response.end == DCB_HDRM_RESPONSE_END_FAILED &&
	       !r.response.has_figures, "response: none ok, no figures");
	s = result_json(&r);
	TAP_OK(strstr(s, "\"end\":\"failed\"") &&
	       strstr(s, "\"k_ns\":null,\"k_quanta\":null"),
	       "response JSON: the figures null without an ok repeat: %s", s);
	TAP_OK(!parse_result(result_msg_response(0, true), &r) &&
	       r.response.has_reason && !r.response.has_link, "response: refused parsed");
	s = result_json(&r);
	TAP_OK(strstr(s, "\"end\":\"refused\",\"reason\":\"rate\"") &&
	       strstr(s, "\"rtt_ns\":null") &&
	       strstr(s, "\"repeat_status\":[]"),
	       "response JSON: refused for the rate, nothing measured: %s", s);
	TAP_OK(strstr(result_txt(&r), "response prio 3: 0 of 3 repeats ok, ended refused (rate)\n") != NULL,
	       "response text: refused, and why");
	TAP_OK(!strstr(result_json(&r), "passive"),
	       "response JSON: no passive member for a stream's");

	/* passive: said so, no stream's figures, idle named */
	TAP_OK(!parse_result(result_msg_passive(2), &r) && r.response.passive &&
	       !r.response.has_stream && r.response.ran == 2 &&
	       r.response.status[1] == DCB_HDRM_RESPONSE_STATUS_IDLE,
	       "response passive: parsed");
	s = result_json(&r);
	TAP_OK(strstr(s, "\"response\":{\"prio\":3,\"passive\":true,\"end\":\"failed\",") &&
	       strstr(s, "\"frame_len\":null,\"duration_us\":null") &&
	       strstr(s, "\"repeat_status\":[\"idle\",\"idle\"]"),
	       "response passive JSON: passive, no stream, idle: %s", s);
	s = result_txt(&r);
	TAP_OK(strstr(s, "response prio 3 (passive): 0 of 2 repeats ok, ended failed (hardware timestamps, XOFF held 1174398 ns)\n  repeats: idle idle\n") != NULL,
	       "response passive text: %s", s);
	TAP_OK(response_exit_line(&r.response, line, sizeof(line)) == EXIT_KERNEL &&
	       strstr(line, "eth9: no repeat of 2 measured the pause response (first failure: idle): prio 3's traffic from the peer was not flowing"),
	       "response passive: all idle, the traffic named: %s", line);
	/* one repeat held nothing: PFC, not the traffic, is in question */
	TAP_OK(!parse_result(result_msg_passive(1), &r) &&
	       response_exit_line(&r.response, line, sizeof(line)) == EXIT_KERNEL &&
	       strstr(line, "(first failure: idle); not-held means the peer did not honour the pause"),
	       "response passive: idle then not-held, PFC named: %s", line);
}

static void test_names(void)
{
	unsigned int i;
	bool ok = true;
	uint32_t v = 9;

	for (i = 0; i < ARRAY_SIZE(hdrm_status_names); i++)
		ok &= hdrm_status_names[i] != NULL;
	TAP_OK(ok && ARRAY_SIZE(hdrm_status_names) == DCB_HDRM_STATUS_NO_HW_TIMESTAMPS + 1 &&
	       !strcmp(hdrm_status_names[DCB_HDRM_STATUS_NO_HW_TIMESTAMPS], "no-hw-timestamps") &&
	       !strcmp(hdrm_status_names[DCB_HDRM_STATUS_FOREIGN], "foreign"),
	       "names: every status, no-hw-timestamps last");
	TAP_OK(!strcmp(hdrm_ts_mode_names[DCB_HDRM_TS_MODE_AUTO], "auto") &&
	       !strcmp(hdrm_ts_mode_names[DCB_HDRM_TS_MODE_HARDWARE], "hardware") &&
	       !strcmp(hdrm_ts_mode_names[DCB_HDRM_TS_MODE_SOFTWARE], "software") &&
	       !strcmp(hdrm_ts_mode_names[DCB_HDRM_TS_MODE_HOOK], "hook") &&
	       ARRAY_SIZE(hdrm_ts_mode_names) == DCB_HDRM_TS_MODE_HOOK + 1,
	       "names: ts-mode in the uAPI's order");
	TAP_OK(!strcmp(hdrm_precision_source_names[DCB_HDRM_PRECISION_SOURCE_OVERRIDE], "override") &&
	       !strcmp(hdrm_precision_source_names[DCB_HDRM_PRECISION_SOURCE_HARDWARE], "hardware") &&
	       !strcmp(hdrm_precision_source_names[DCB_HDRM_PRECISION_SOURCE_SAMPLES], "samples") &&
	       !strcmp(hdrm_timestamping_names[DCB_HDRM_TIMESTAMPING_SOFTWARE], "software") &&
	       !strcmp(hdrm_timestamping_names[DCB_HDRM_TIMESTAMPING_HARDWARE], "hardware"),
	       "names: precision-source and timestamping in the uAPI's order");
	TAP_OK(ARRAY_SIZE(hdrm_method_names) == DCB_HDRM_METHOD_PTP4L + 1 &&
	       !strcmp(hdrm_method_names[DCB_HDRM_METHOD_AUTO], "auto") &&
	       !strcmp(hdrm_method_names[DCB_HDRM_METHOD_HDRM], "hdrm") &&
	       !strcmp(hdrm_method_names[DCB_HDRM_METHOD_PDELAY], "pdelay") &&
	       !strcmp(hdrm_method_names[DCB_HDRM_METHOD_PTP4L], "ptp4l"),
	       "names: method in the uAPI's order, ptp4l last");
	TAP_OK(!hdrm_parse_word("method", "ptp4l", hdrm_method_names,
				ARRAY_SIZE(hdrm_method_names), &v) &&
	       v == DCB_HDRM_METHOD_PTP4L,
	       "method: the word ptp4l is the uAPI's ptp4l");
	TAP_OK(!hdrm_parse_word("ts-mode", "hook", hdrm_ts_mode_names,
				ARRAY_SIZE(hdrm_ts_mode_names), &v) &&
	       v == DCB_HDRM_TS_MODE_HOOK,
	       "ts-mode: the word hook is the uAPI's hook");
	TAP_OK(hdrm_parse_word("ts-mode", "hw", hdrm_ts_mode_names,
			       ARRAY_SIZE(hdrm_ts_mode_names), &v) &&
	       v == DCB_HDRM_TS_MODE_HOOK,
	       "ts-mode: another word is refused, the value untouched");
}

/* a device message: @ts adds the timestamping attributes, @peer a peer */
static struct nl_msg *dev_msg(bool ts, int peer)
{
	struct nl_msg *m = attrs();
	struct nlattr *nest;

	nla_put_u32(m, DCB_HDRM_A_DEV_IFINDEX, 7);
	nla_put_string(m, DCB_HDRM_A_DEV_IFNAME, "eth9");
	nla_put_u32(m, DCB_HDRM_A_DEV_MTU, 9000);
	nla_put_u8(m, DCB_HDRM_A_DEV_REFLECT, 1);
	nla_put_u32(m, DCB_HDRM_A_DEV_ENCAP, DCB_HDRM_ENCAP_AUTO);
	nla_put_u8(m, DCB_HDRM_A_DEV_TS_MODE, DCB_HDRM_TS_MODE_SOFTWARE);
	if (ts) {
		nla_put_u32(m, DCB_HDRM_A_DEV_PHC_INDEX, 0);
		nla_put_u32(m, DCB_HDRM_A_DEV_HW_RESOLUTION, 8);
	}
	if (peer) {
		nest = nla_nest_start(m, DCB_HDRM_A_DEV_PEER);
		nla_put_u8(m, DCB_HDRM_A_PEER_AUTO_HDRM, 1);
		nla_put_u32(m, DCB_HDRM_A_PEER_VIA, peer == 1 ?
			    DCB_HDRM_PEER_VIA_IN_BAND : DCB_HDRM_PEER_VIA_LLDP);
		if (peer == 1) {
			nla_put_u8(m, DCB_HDRM_A_PEER_ACCEPT_PUSH, 0);
			nla_put_u8(m, DCB_HDRM_A_PEER_TWO_STEP, 1);
			nla_put_u8(m, DCB_HDRM_A_PEER_HW_TIMESTAMPING, 1);
			nla_put_u32(m, DCB_HDRM_A_PEER_HW_RESOLUTION, 4);
		}
		nla_nest_end(m, nest);
	}
	return m;
}

/* @m with a stats nest: an older module's counters, and ptp-others */
static struct nl_msg *dev_stats(struct nl_msg *m, bool ptp_others)
{
	struct nlattr *nest = nla_nest_start(m, DCB_HDRM_A_DEV_STATS);
	int i;

	for (i = DCB_HDRM_A_STATS_RX_REQUESTS; i <= DCB_HDRM_A_STATS_PEER_NO_CAP; i++)
		nla_put_u64(m, i, 1);
	if (ptp_others)
		nla_put_u64(m, DCB_HDRM_A_STATS_PTP_OTHERS, 5);
	nla_nest_end(m, nest);
	return m;
}

static const char *dev_json(struct nl_msg *m, int hw_err, int tx, int rx)
{
	struct dev_info d;
	struct jw *w;
	int err;

	err = dev_parse(ATTRS(m), &d);
	nlmsg_free(m);
	if (err)
		return "(dev_parse failed)";
	d.hwtstamp.err = hw_err;
	d.hwtstamp.cfg.tx_type = tx;
	d.hwtstamp.cfg.rx_filter = rx;
	w = begin();
	dev_print_json(w, &d);
	done();
	return out;
}

static void test_dev(void)
{
	const char *s;

	s = dev_json(dev_msg(true, 1), 0, HWTSTAMP_TX_ON, HWTSTAMP_FILTER_ALL);
	TAP_OK(strstr(s, "\"phc_index\":0,\"hw_resolution_ns\":8,\"hwtstamp\":{\"tx_type\":\"on\",\"rx_filter\":\"all\"},") != NULL,
	       "dev JSON: phc_index 0 (a real index), hw_resolution_ns, hwtstamp: %s", s);
	TAP_OK(strstr(s, "\"encap\":\"auto\",\"ts_mode\":\"software\",") != NULL,
	       "dev JSON: ts_mode beside encap");
	TAP_OK(strstr(s, "\"peer\":{\"auto_hdrm\":true,\"accept_push\":false,\"via\":\"in-band\",\"age_ms\":0,\"two_step\":true,\"hw_timestamping\":true,\"hw_resolution_ns\":4}") != NULL,
	       "dev JSON: the peer's two_step, hw_timestamping, hw_resolution_ns: %s", s);

	s = dev_json(dev_msg(false, 2), -EOPNOTSUPP, 0, 0);
	TAP_OK(strstr(s, "\"phc_index\":null,\"hw_resolution_ns\":null,") &&
	       !strstr(s, "hwtstamp"),
	       "dev JSON: without hardware timestamping, null clock and no hwtstamp: %s", s);
	TAP_OK(strstr(s, "\"peer\":{\"auto_hdrm\":true,\"accept_push\":null,\"via\":\"lldp\",\"age_ms\":0,\"two_step\":null,\"hw_timestamping\":null,\"hw_resolution_ns\":null}") != NULL,
	       "dev JSON: a peer learned by LLDP: its timestamping null: %s", s);

	s = dev_json(dev_stats(dev_msg(true, 0), true), 0, 0, 0);
	TAP_OK(strstr(s, "\"foreign\":1,\"peer_no_cap\":1,\"ptp_others\":5}") != NULL,
	       "dev JSON: ptp_others last of the counters: %s", s);
	s = dev_json(dev_stats(dev_msg(true, 0), false), 0, 0, 0);
	TAP_OK(strstr(s, "\"peer_no_cap\":1}") && !strstr(s, "ptp_others"),
	       "dev JSON: no ptp_others from a module that does not count them");

	s = dev_json(dev_msg(true, 0), 0, HWTSTAMP_TX_ONESTEP_SYNC,
		     HWTSTAMP_FILTER_PTP_V2_L2_EVENT);
	TAP_OK(strstr(s, "\"hwtstamp\":{\"tx_type\":\"onestep-sync\",\"rx_filter\":\"ptp-v2-l2-event\"}") &&
	       strstr(s, "\"peer\":null"),
	       "dev JSON: ptp4l's configuration named as it is: %s", s);
}

/*
 * measure's wait: the push's and the apply's own notifications are final,
 * and an older copy of the result arriving after them (the kernel copies
 * a notification's result before it sends it) does not undo them.
 */
static void test_follow(void)
{
	struct result_follow f = { 0 };
	struct result r = { 0 };

	r.status = DCB_HDRM_STATUS_OK;
	r.push.present = true;
	r.push.v[DCB_HDRM_A_PUSH_STATUS] = DCB_HDRM_PUSH_STATUS_PENDING;
	hdrm_result_follow(&f, &r, DCB_HDRM_CMD_RESULT_NTF);
	TAP_OK(f.found && !f.applied && !f.pushed,
	       "follow: the result alone is neither applied nor pushed");

	/* the push's own, then the apply's copy taken before it */
	r.push.v[DCB_HDRM_A_PUSH_STATUS] = DCB_HDRM_PUSH_STATUS_APPLIED;
	hdrm_result_follow(&f, &r, DCB_HDRM_CMD_PUSH_NTF);
	r.push.v[DCB_HDRM_A_PUSH_STATUS] = DCB_HDRM_PUSH_STATUS_PENDING;
	r.applied.present = true;
	r.applied.method = DCB_HDRM_APPLY_BUFFER;
	hdrm_result_follow(&f, &r, DCB_HDRM_CMD_APPLY_NTF);
	TAP_OK(f.applied && f.pushed &&
	       f.r.push.v[DCB_HDRM_A_PUSH_STATUS] ==
	       DCB_HDRM_PUSH_STATUS_APPLIED,
	       "follow: a stale push state after the push's own is ignored");
	TAP_OK(f.r.applied.present &&
	       f.r.applied.method == DCB_HDRM_APPLY_BUFFER,
	       "follow: the apply's own notification gives the apply");

	/* a later result copy without the apply keeps the apply */
	r.applied.present = false;
	r.push.present = false;
	hdrm_result_follow(&f, &r, DCB_HDRM_CMD_RESULT_NTF);
	TAP_OK(f.r.applied.present && f.r.push.present &&
	       f.r.push.v[DCB_HDRM_A_PUSH_STATUS] ==
	       DCB_HDRM_PUSH_STATUS_APPLIED,
	       "follow: a later result keeps the apply and the push");

	/* the response's result, then an older copy without it */
	r.response.present = true;
	r.response.ran = 3;
	hdrm_result_follow(&f, &r, DCB_HDRM_CMD_RESULT_NTF);
	memset(&r.response, 0, sizeof(r.response));
	hdrm_result_follow(&f, &r, DCB_HDRM_CMD_APPLY_NTF);
	TAP_OK(f.r.response.present && f.r.response.ran == 3,
	       "follow: an older copy after the response keeps the response");
}

int main(void)
{
	test_result();
	test_method();
	test_far_end();
	test_response();
	test_names();
	test_dev();
	test_follow();
	return tap_done();
}
