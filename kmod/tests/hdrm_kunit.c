// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suites for the pure logic: the frame codec, the estimator, the
 * headroom arithmetic, a result's derivation and the reply rate limit.
 * The cases are shared with the tool's user-space tests (hdrm_cases.h).
 */
#include <kunit/test.h>
#include <linux/module.h>

#include "../lib/tests/hdrm_cases.h"
#include "../lib/tests/hdrm_ctl_cases.h"
#include "../lib/tests/hdrm_lldp_cases.h"
#include "../lib/tests/hdrm_dcbx_cases.h"
#include "../lib/tests/hdrm_derive_cases.h"
#include "../lib/tests/hdrm_drivers_cases.h"
#include "../lib/tests/hdrm_samples_cases.h"
#include "../lib/tests/hdrm_model_cases.h"
#include "../lib/tests/hdrm_sim_cases.h"
#include "../lib/tests/hdrm_wd_cases.h"
#include "../lib/tests/hdrm_ptp_cases.h"
#include "../lib/tests/hdrm_stream_cases.h"
#include "../lib/tests/hdrm_response_cases.h"

#define HDRM_KUNIT_CHECK(test, call) do {			\
	char msg[160];						\
	size_t len = sizeof(msg);				\
								\
	if (call)						\
		KUNIT_FAIL(test, "%s", msg);			\
	(void)len;						\
} while (0)

/*
 * Parameterised cases: one KUnit case per row of a case table, each
 * reported under the row's name, as the tool's test_pure names it (an
 * empty name as "(empty name)").
 */
static void hdrm_kunit_desc(char *desc, const char *name)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s",
		 name[0] ? name : "(empty name)");
}

/*
 * HDRM_KUNIT_TABLE(id, type, table, check): hdrm_<id>_gen_params over
 * @table, rows of struct @type described by their names, and the case
 * hdrm_test_<id>, which judges its row with check(index, msg, len).
 */
#define HDRM_KUNIT_TABLE(id, type, table, check)			\
static void hdrm_##id##_desc(const struct type *c, char *desc)		\
{									\
	hdrm_kunit_desc(desc, c->name);					\
}									\
KUNIT_ARRAY_PARAM(hdrm_##id, table, hdrm_##id##_desc);			\
static void hdrm_test_##id(struct kunit *test)				\
{									\
	char first_desc[KUNIT_PARAM_DESC_SIZE];				\
	const struct type *first = hdrm_##id##_gen_params(NULL, first_desc); \
	const struct type *row = test->param_value;			\
									\
	HDRM_KUNIT_CHECK(test, check((unsigned int)(row - first), msg, len)); \
}

/* The frame codec: golden frames, and every malformed one refused. */
static void hdrm_test_golden(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_golden(msg, len));
}

HDRM_KUNIT_TABLE(reject, hdrm_reject_case, hdrm_reject_cases,
		 hdrm_check_reject)

static void hdrm_test_encap(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_frame_encap(msg, len));
}

static void hdrm_test_reflect_rtt(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_reflect_rtt(msg, len));
}

static struct kunit_case hdrm_wire_cases[] = {
	KUNIT_CASE(hdrm_test_golden),
	KUNIT_CASE_PARAM(hdrm_test_reject, hdrm_reject_gen_params),
	KUNIT_CASE(hdrm_test_encap),
	KUNIT_CASE(hdrm_test_reflect_rtt),
	{}
};

static struct kunit_suite hdrm_wire_suite = {
	.name = "dcb_hdrm_wire",
	.test_cases = hdrm_wire_cases,
};

static void hdrm_test_stats(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_stats(msg, len));
}

static struct kunit_case hdrm_stats_cases[] = {
	KUNIT_CASE(hdrm_test_stats),
	{}
};

static struct kunit_suite hdrm_stats_suite = {
	.name = "dcb_hdrm_stats",
	.test_cases = hdrm_stats_cases,
};

HDRM_KUNIT_TABLE(headroom, hdrm_calc_case, hdrm_calc_cases, hdrm_check_calc)

static void hdrm_test_k(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_k(msg, len));
}

/* A result from samples and settings: overrides win, else the link's. */
HDRM_KUNIT_TABLE(derive, hdrm_derive_case, hdrm_derive_cases,
		 hdrm_check_derive)

/* Samples: the clocks each probe's round trip is taken from, the ratio. */
HDRM_KUNIT_TABLE(samples, hdrm_samples_case, hdrm_samples_cases,
		 hdrm_check_samples)

static void hdrm_test_ratio(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_ratio(msg, len));
}

/* Each driver's arithmetic: its headroom, and what auto writes on it. */
HDRM_KUNIT_TABLE(model, hdrm_model_case, hdrm_model_cases, hdrm_check_model)

static void hdrm_test_model_points(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_model_points(msg, len));
}

/* The PFC loop simulator, and the headroom arithmetic it referees. */
HDRM_KUNIT_TABLE(sim, hdrm_sim_case, hdrm_sim_cases, hdrm_check_sim)

static void hdrm_test_sim_findings(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_sim_findings(msg, len));
}

static void hdrm_test_sim_table(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_sim_table(msg, len));
}

/* The PFC watchdog: when a priority is stormed, and when it is not. */
HDRM_KUNIT_TABLE(watchdog, hdrm_wd_case, hdrm_wd_cases, hdrm_check_wd)

static void hdrm_test_watchdog_late(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_wd_late(msg, len));
}

static void hdrm_test_watchdog_jitter(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_wd_jitter(msg, len));
}

static void hdrm_test_watchdog_escalate(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_wd_escalate(msg, len));
}

/* The one driver table: each driver's row, and the table's shape. */
HDRM_KUNIT_TABLE(drivers, hdrm_drivers_case, hdrm_drivers_cases,
		 hdrm_check_driver_case)

static void hdrm_test_drivers_table(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_drivers_table(msg, len));
}

static void hdrm_test_ratelimit(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_ratelimit(msg, len));
}

static struct kunit_case hdrm_calc_kcases[] = {
	KUNIT_CASE_PARAM(hdrm_test_headroom, hdrm_headroom_gen_params),
	KUNIT_CASE(hdrm_test_k),
	KUNIT_CASE_PARAM(hdrm_test_derive, hdrm_derive_gen_params),
	KUNIT_CASE_PARAM(hdrm_test_samples, hdrm_samples_gen_params),
	KUNIT_CASE(hdrm_test_ratio),
	KUNIT_CASE_PARAM(hdrm_test_model, hdrm_model_gen_params),
	KUNIT_CASE(hdrm_test_model_points),
	KUNIT_CASE_PARAM(hdrm_test_sim, hdrm_sim_gen_params),
	KUNIT_CASE(hdrm_test_sim_findings),
	KUNIT_CASE(hdrm_test_sim_table),
	KUNIT_CASE_PARAM(hdrm_test_watchdog, hdrm_watchdog_gen_params),
	KUNIT_CASE(hdrm_test_watchdog_late),
	KUNIT_CASE(hdrm_test_watchdog_jitter),
	KUNIT_CASE(hdrm_test_watchdog_escalate),
	KUNIT_CASE_PARAM(hdrm_test_drivers, hdrm_drivers_gen_params),
	KUNIT_CASE(hdrm_test_drivers_table),
	KUNIT_CASE(hdrm_test_ratelimit),
	{}
};

static struct kunit_suite hdrm_calc_suite = {
	.name = "dcb_hdrm_calc",
	.test_cases = hdrm_calc_kcases,
};

HDRM_KUNIT_TABLE(delay, hdrm_delay_case, hdrm_delay_cases, hdrm_check_delay)

static void hdrm_test_delay_misc(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_delay_misc(msg, len));
}

static void hdrm_test_buffer_plan(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_buffer_plan(msg, len));
}

static void hdrm_test_static(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_static(msg, len));
}

static struct kunit_case hdrm_apply_kcases[] = {
	KUNIT_CASE_PARAM(hdrm_test_delay, hdrm_delay_gen_params),
	KUNIT_CASE(hdrm_test_delay_misc),
	KUNIT_CASE(hdrm_test_buffer_plan),
	KUNIT_CASE(hdrm_test_static),
	{}
};

static struct kunit_suite hdrm_apply_suite = {
	.name = "dcb_hdrm_apply",
	.test_cases = hdrm_apply_kcases,
};

static void hdrm_test_ctl_golden(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_ctl_golden(msg, len));
	HDRM_KUNIT_CHECK(test, hdrm_check_ctl_reply_without(msg, len));
}

HDRM_KUNIT_TABLE(ctl_reject, hdrm_ctl_reject_case, hdrm_ctl_reject_cases,
		 hdrm_check_ctl_reject)

static void hdrm_test_ctl_rules(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_ctl_rules(msg, len));
}

static void hdrm_test_push_bounds(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_push_bounds(msg, len));
}

/* The stream request and answer, and the streaming end's decision. */
static void hdrm_test_ctl_stream_golden(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_ctl_stream_golden(msg, len));
}

HDRM_KUNIT_TABLE(ctl_stream_reject, hdrm_ctl_stream_reject_case,
		 hdrm_ctl_stream_reject_cases, hdrm_check_ctl_stream_reject)

static void hdrm_test_ctl_stream_rules(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_ctl_stream_rules(msg, len));
}

HDRM_KUNIT_TABLE(stream_grant, hdrm_stream_grant_case,
		 hdrm_stream_grant_cases, hdrm_check_stream_grant)

static void hdrm_test_stream_answer(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_stream_answer(msg, len));
}

static struct kunit_case hdrm_ctl_kcases[] = {
	KUNIT_CASE(hdrm_test_ctl_golden),
	KUNIT_CASE_PARAM(hdrm_test_ctl_reject, hdrm_ctl_reject_gen_params),
	KUNIT_CASE(hdrm_test_ctl_rules),
	KUNIT_CASE(hdrm_test_push_bounds),
	KUNIT_CASE(hdrm_test_ctl_stream_golden),
	KUNIT_CASE_PARAM(hdrm_test_ctl_stream_reject,
			 hdrm_ctl_stream_reject_gen_params),
	KUNIT_CASE(hdrm_test_ctl_stream_rules),
	KUNIT_CASE_PARAM(hdrm_test_stream_grant, hdrm_stream_grant_gen_params),
	KUNIT_CASE(hdrm_test_stream_answer),
	{}
};

static struct kunit_suite hdrm_ctl_suite = {
	.name = "dcb_hdrm_ctl",
	.test_cases = hdrm_ctl_kcases,
};

HDRM_KUNIT_TABLE(pfc_tlv, hdrm_pfc_golden, hdrm_pfc_goldens,
		 hdrm_check_pfc_golden)

HDRM_KUNIT_TABLE(pfc_reject, hdrm_pfc_reject, hdrm_pfc_rejects,
		 hdrm_check_pfc_reject)

static void hdrm_test_lldpdu(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_lldpdu(msg, len));
}

static void hdrm_test_lldpdu_shutdown(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_lldpdu_shutdown(msg, len));
}

HDRM_KUNIT_TABLE(lldpdu_reject, hdrm_lldpdu_reject, hdrm_lldpdu_rejects,
		 hdrm_check_lldpdu_reject)

HDRM_KUNIT_TABLE(dcbx_agent, hdrm_dcbx_agent_case, hdrm_dcbx_agent_cases,
		 hdrm_check_dcbx_agent)

HDRM_KUNIT_TABLE(lldpdu_agent, hdrm_lldpdu_agent_case, hdrm_lldpdu_agent_cases,
		 hdrm_check_lldpdu_agent)

static struct kunit_case hdrm_lldp_kcases[] = {
	KUNIT_CASE_PARAM(hdrm_test_pfc_tlv, hdrm_pfc_tlv_gen_params),
	KUNIT_CASE_PARAM(hdrm_test_pfc_reject, hdrm_pfc_reject_gen_params),
	KUNIT_CASE(hdrm_test_lldpdu),
	KUNIT_CASE(hdrm_test_lldpdu_shutdown),
	KUNIT_CASE_PARAM(hdrm_test_lldpdu_reject, hdrm_lldpdu_reject_gen_params),
	KUNIT_CASE_PARAM(hdrm_test_dcbx_agent, hdrm_dcbx_agent_gen_params),
	KUNIT_CASE_PARAM(hdrm_test_lldpdu_agent, hdrm_lldpdu_agent_gen_params),
	{}
};

static struct kunit_suite hdrm_lldp_suite = {
	.name = "dcb_hdrm_dcbx",
	.test_cases = hdrm_lldp_kcases,
};

/* IEEE 1588 peer delay: the three messages and the turnaround */
static void hdrm_test_ptp_golden(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_ptp_golden(msg, len));
	HDRM_KUNIT_CHECK(test, hdrm_check_ptp_padding(msg, len));
	HDRM_KUNIT_CHECK(test, hdrm_check_ptp_pid_str(msg, len));
}

HDRM_KUNIT_TABLE(ptp_reject, hdrm_ptp_reject_case, hdrm_ptp_reject_cases,
		 hdrm_check_ptp_reject)

HDRM_KUNIT_TABLE(ptp_turn, hdrm_ptp_turn_case, hdrm_ptp_turn_cases,
		 hdrm_check_ptp_turn)

static struct kunit_case hdrm_ptp_kcases[] = {
	KUNIT_CASE(hdrm_test_ptp_golden),
	KUNIT_CASE_PARAM(hdrm_test_ptp_reject, hdrm_ptp_reject_gen_params),
	KUNIT_CASE_PARAM(hdrm_test_ptp_turn, hdrm_ptp_turn_gen_params),
	{}
};

static struct kunit_suite hdrm_ptp_suite = {
	.name = "dcb_hdrm_ptp",
	.test_cases = hdrm_ptp_kcases,
};

/* The stream frames, and the pause response they measure */
static void hdrm_test_stream_golden(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_stream_golden(msg, len));
	HDRM_KUNIT_CHECK(test, hdrm_check_stream_head(msg, len));
	HDRM_KUNIT_CHECK(test, hdrm_check_stream_opcodes(msg, len));
}

HDRM_KUNIT_TABLE(stream_reject, hdrm_stream_reject_case,
		 hdrm_stream_reject_cases, hdrm_check_stream_reject)

static void hdrm_test_stream_wire(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_stream_wire(msg, len));
}

static void hdrm_test_pfc_frame(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_pfc_frame(msg, len));
}

/* The pause response: hand-worked repeats, played ones, the aggregate */
static void hdrm_test_response_hand(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_response_hand(msg, len));
}

HDRM_KUNIT_TABLE(response_scn, hdrm_scn, hdrm_scn_cases,
		 hdrm_check_response_scn)

HDRM_KUNIT_TABLE(response_bad, hdrm_resp_bad_case, hdrm_resp_bad_cases,
		 hdrm_check_response_bad)

static void hdrm_test_response_limits(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_response_limits(msg, len));
}

static void hdrm_test_response_aggregate(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_response_aggregate(msg, len));
	HDRM_KUNIT_CHECK(test, hdrm_check_response_headroom(msg, len));
	HDRM_KUNIT_CHECK(test, hdrm_check_response_sim(msg, len));
}

static struct kunit_case hdrm_stream_kcases[] = {
	KUNIT_CASE(hdrm_test_stream_golden),
	KUNIT_CASE_PARAM(hdrm_test_stream_reject,
			 hdrm_stream_reject_gen_params),
	KUNIT_CASE(hdrm_test_stream_wire),
	KUNIT_CASE(hdrm_test_pfc_frame),
	KUNIT_CASE(hdrm_test_response_hand),
	KUNIT_CASE_PARAM(hdrm_test_response_scn, hdrm_response_scn_gen_params),
	KUNIT_CASE_PARAM(hdrm_test_response_bad, hdrm_response_bad_gen_params),
	KUNIT_CASE(hdrm_test_response_limits),
	KUNIT_CASE(hdrm_test_response_aggregate),
	{}
};

static struct kunit_suite hdrm_stream_suite = {
	.name = "dcb_hdrm_stream",
	.test_cases = hdrm_stream_kcases,
};

kunit_test_suites(&hdrm_wire_suite, &hdrm_stats_suite, &hdrm_calc_suite,
		  &hdrm_apply_suite, &hdrm_ctl_suite, &hdrm_lldp_suite,
		  &hdrm_ptp_suite, &hdrm_stream_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit tests of dcb_hdrm's frame codec, estimator and headroom arithmetic");
