// SPDX-License-Identifier: GPL-2.0
/*
 * The module's pure logic (kmod/lib/hdrm_*.c), compiled for user space and
 * run through the same cases as its KUnit suites (kmod/lib/tests/hdrm_cases.h).
 */
#include <stdio.h>

#include "tests/hdrm_cases.h"
#include "tests/hdrm_ctl_cases.h"
#include "tests/hdrm_lldp_cases.h"
#include "tests/hdrm_dcbx_cases.h"
#include "tests/hdrm_derive_cases.h"
#include "tests/hdrm_drivers_cases.h"
#include "tests/hdrm_samples_cases.h"
#include "tests/hdrm_wd_cases.h"
#include "tests/hdrm_model_cases.h"
#include "tests/hdrm_sim_cases.h"
#include "tests/hdrm_ptp_cases.h"
#include "tests/hdrm_stream_cases.h"
#include "tests/hdrm_response_cases.h"
#include "tap.h"

#define CHECK(call, ...) do {					\
	char msg[160] = "";					\
	size_t len = sizeof(msg);				\
	int failed = (call);					\
								\
	TAP_OK(!failed, __VA_ARGS__);				\
	if (failed)						\
		printf("# %s\n", msg);				\
	(void)len;						\
} while (0)

int main(void)
{
	unsigned int i;

	CHECK(hdrm_check_golden(msg, len), "wire: golden frame, both encapsulations");
	for (i = 0; i < ARRAY_SIZE(hdrm_reject_cases); i++)
		CHECK(hdrm_check_reject(i, msg, len), "wire: rejects %s",
		      hdrm_reject_cases[i].name);
	CHECK(hdrm_check_frame_encap(msg, len), "wire: address and EtherType must agree");
	CHECK(hdrm_check_reflect_rtt(msg, len), "wire: reflection and round trip, 4ts and 2ts");
	CHECK(hdrm_check_stats(msg, len), "stats: known sample sets");
	for (i = 0; i < ARRAY_SIZE(hdrm_calc_cases); i++)
		CHECK(hdrm_check_calc(i, msg, len), "calc: %s", hdrm_calc_cases[i].name);
	CHECK(hdrm_check_k(msg, len), "calc: K table and max frame");
	CHECK(hdrm_check_ratelimit(msg, len), "ratelimit: burst and rate");
	for (i = 0; i < ARRAY_SIZE(hdrm_delay_cases); i++)
		CHECK(hdrm_check_delay(i, msg, len), "apply: %s",
		      hdrm_delay_cases[i].name);
	CHECK(hdrm_check_delay_misc(msg, len), "apply: speed 0, metres");
	CHECK(hdrm_check_buffer_plan(msg, len), "apply: lossless buffer mapping, cells, total");
	CHECK(hdrm_check_static(msg, len), "apply: static models for the savings report");
	CHECK(hdrm_check_ctl_golden(msg, len), "ctl: golden capability, configuration and acknowledgement frames");
	CHECK(hdrm_check_ctl_reply_without(msg, len), "ctl: a capability reply without the field");
	for (i = 0; i < ARRAY_SIZE(hdrm_ctl_reject_cases); i++)
		CHECK(hdrm_check_ctl_reject(i, msg, len), "ctl: rejects %s",
		      hdrm_ctl_reject_cases[i].name);
	CHECK(hdrm_check_ctl_rules(msg, len), "ctl: TLVs each type needs, field bits, acknowledgements");
	CHECK(hdrm_check_push_bounds(msg, len), "ctl: a pushed headroom against the receiver's bounds");
	CHECK(hdrm_check_ctl_stream_golden(msg, len), "ctl: golden stream request, grant and refusal, from the decision");
	for (i = 0; i < ARRAY_SIZE(hdrm_ctl_stream_reject_cases); i++)
		CHECK(hdrm_check_ctl_stream_reject(i, msg, len), "ctl: stream, %s",
		      hdrm_ctl_stream_reject_cases[i].name);
	CHECK(hdrm_check_ctl_stream_rules(msg, len), "ctl: the TLVs a stream request and answer need");
	for (i = 0; i < ARRAY_SIZE(hdrm_stream_grant_cases); i++)
		CHECK(hdrm_check_stream_grant(i, msg, len), "ctl: stream grant, %s",
		      hdrm_stream_grant_cases[i].name);
	CHECK(hdrm_check_stream_answer(msg, len), "ctl: the requester's check of a stream answer");
	for (i = 0; i < ARRAY_SIZE(hdrm_pfc_goldens); i++)
		CHECK(hdrm_check_pfc_golden(i, msg, len), "dcbx: %s, byte-exact",
		      hdrm_pfc_goldens[i].name);
	for (i = 0; i < ARRAY_SIZE(hdrm_pfc_rejects); i++)
		CHECK(hdrm_check_pfc_reject(i, msg, len), "dcbx: %s",
		      hdrm_pfc_rejects[i].name);
	CHECK(hdrm_check_lldpdu(msg, len), "lldp: the LLDPDU, byte-exact, every variant found in it");
	CHECK(hdrm_check_lldpdu_shutdown(msg, len), "lldp: the shutdown LLDPDU, byte-exact, read back with TTL 0");
	for (i = 0; i < ARRAY_SIZE(hdrm_lldpdu_rejects); i++)
		CHECK(hdrm_check_lldpdu_reject(i, msg, len), "lldp: rejects %s",
		      hdrm_lldpdu_rejects[i].name);
	for (i = 0; i < ARRAY_SIZE(hdrm_dcbx_agent_cases); i++)
		CHECK(hdrm_check_dcbx_agent(i, msg, len), "dcbx: agent-shaped %s",
		      hdrm_dcbx_agent_cases[i].name);
	for (i = 0; i < ARRAY_SIZE(hdrm_lldpdu_agent_cases); i++)
		CHECK(hdrm_check_lldpdu_agent(i, msg, len), "lldp: agent-shaped, %s",
		      hdrm_lldpdu_agent_cases[i].name);
	for (i = 0; i < ARRAY_SIZE(hdrm_derive_cases); i++)
		CHECK(hdrm_check_derive(i, msg, len), "derive: %s",
		      hdrm_derive_cases[i].name);
	for (i = 0; i < ARRAY_SIZE(hdrm_samples_cases); i++)
		CHECK(hdrm_check_samples(i, msg, len), "samples: %s",
		      hdrm_samples_cases[i].name);
	CHECK(hdrm_check_ratio(msg, len), "samples: the rate ratio's arithmetic at its ends");
	for (i = 0; i < ARRAY_SIZE(hdrm_model_cases); i++)
		CHECK(hdrm_check_model(i, msg, len), "model: %s",
		      hdrm_model_cases[i].name);
	CHECK(hdrm_check_model_points(msg, len), "model: the formulas at known points");
	for (i = 0; i < ARRAY_SIZE(hdrm_sim_cases); i++)
		CHECK(hdrm_check_sim(i, msg, len), "sim: %s", hdrm_sim_cases[i].name);
	CHECK(hdrm_check_sim_findings(msg, len), "sim: the formula's gaps it found, and its tightness");
	CHECK(hdrm_check_sim_table(msg, len), "sim: the headroom holds every pattern of every link in the table, a cell less does not");
	for (i = 0; i < ARRAY_SIZE(hdrm_wd_cases); i++)
		CHECK(hdrm_check_wd(i, msg, len), "watchdog: %s",
		      hdrm_wd_cases[i].name);
	CHECK(hdrm_check_wd_late(msg, len), "watchdog: a late poll declares on elapsed time; onset and gap on the real clock");
	CHECK(hdrm_check_wd_jitter(msg, len), "watchdog: jittery polls never declare a burst of detect - poll, and declare a storm within detect + poll of its onset");
	CHECK(hdrm_check_wd_escalate(msg, len), "watchdog: storm-limit in its period, recovery manual");
	for (i = 0; i < ARRAY_SIZE(hdrm_drivers_cases); i++)
		CHECK(hdrm_check_driver_case(i, msg, len), "drivers: %s",
		      hdrm_drivers_cases[i].name[0] ?
		      hdrm_drivers_cases[i].name : "(empty name)");
	CHECK(hdrm_check_drivers_table(msg, len), "drivers: the table's shape, prefixes, messages, transmit names");
	CHECK(hdrm_check_ptp_golden(msg, len), "ptp: golden Pdelay_Req, two-step and one-step responses");
	CHECK(hdrm_check_ptp_padding(msg, len), "ptp: bytes after the message");
	CHECK(hdrm_check_ptp_pid_str(msg, len), "ptp: port identities as ptp4l writes them");
	for (i = 0; i < ARRAY_SIZE(hdrm_ptp_reject_cases); i++)
		CHECK(hdrm_check_ptp_reject(i, msg, len), "ptp: %s",
		      hdrm_ptp_reject_cases[i].name);
	for (i = 0; i < ARRAY_SIZE(hdrm_ptp_turn_cases); i++)
		CHECK(hdrm_check_ptp_turn(i, msg, len), "ptp: turnaround, %s",
		      hdrm_ptp_turn_cases[i].name);
	CHECK(hdrm_check_stream_golden(msg, len), "stream: golden frame, padding, restamping, the encoder's bounds");
	CHECK(hdrm_check_stream_head(msg, len), "stream: a head alone, its padding in fragments, and its bounds");
	CHECK(hdrm_check_stream_opcodes(msg, len), "stream: its opcode apart from the probe's and the control frame's");
	for (i = 0; i < ARRAY_SIZE(hdrm_stream_reject_cases); i++)
		CHECK(hdrm_check_stream_reject(i, msg, len), "stream: %s",
		      hdrm_stream_reject_cases[i].name);
	CHECK(hdrm_check_stream_wire(msg, len), "stream: a frame's share of the wire, bytes and ns");
	CHECK(hdrm_check_pfc_frame(msg, len), "stream: the XOFF and XON that pause it, golden, and the refusals");
	CHECK(hdrm_check_response_hand(msg, len), "response: hand-worked repeats, every figure exact");
	for (i = 0; i < ARRAY_SIZE(hdrm_scn_cases); i++)
		CHECK(hdrm_check_response_scn(i, msg, len), "response: %s",
		      hdrm_scn_cases[i].name);
	for (i = 0; i < ARRAY_SIZE(hdrm_resp_bad_cases); i++)
		CHECK(hdrm_check_response_bad(i, msg, len), "response: %s",
		      hdrm_resp_bad_cases[i].name);
	CHECK(hdrm_check_response_limits(msg, len), "response: 4 s at 1.6 Tb/s, exact in 64 bits");
	CHECK(hdrm_check_response_aggregate(msg, len), "response: min, median, max over the repeats that succeeded");
	CHECK(hdrm_check_response_headroom(msg, len), "response: the measured K in the headroom");
	CHECK(hdrm_check_response_sim(msg, len), "response: bytes after the XOFF within a frame of the PFC loop simulator's");
	return tap_done();
}
