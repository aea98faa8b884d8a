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

#define HDRM_KUNIT_CHECK(test, call) do {			\
	char msg[160];						\
	size_t len = sizeof(msg);				\
								\
	if (call)						\
		KUNIT_FAIL(test, "%s", msg);			\
	(void)len;						\
} while (0)

static void hdrm_test_golden(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_golden(msg, len));
}

static void hdrm_test_reject(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hdrm_reject_cases); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_reject(i, msg, len));
}

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
	KUNIT_CASE(hdrm_test_reject),
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

static void hdrm_test_headroom(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hdrm_calc_cases); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_calc(i, msg, len));
}

static void hdrm_test_k(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_k(msg, len));
}

/* A result from samples and settings: overrides win, else the link's. */
static void hdrm_test_derive(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hdrm_derive_cases); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_derive(i, msg, len));
}

/* Samples: the clocks each probe's round trip is taken from, the ratio. */
static void hdrm_test_samples(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hdrm_samples_cases); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_samples(i, msg, len));
	HDRM_KUNIT_CHECK(test, hdrm_check_ratio(msg, len));
}

/* Each driver's arithmetic: its headroom, and what auto writes on it. */
static void hdrm_test_model(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hdrm_model_cases); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_model(i, msg, len));
	HDRM_KUNIT_CHECK(test, hdrm_check_model_points(msg, len));
}

/* The PFC loop simulator, and the headroom arithmetic it referees. */
static void hdrm_test_sim(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hdrm_sim_cases); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_sim(i, msg, len));
	HDRM_KUNIT_CHECK(test, hdrm_check_sim_findings(msg, len));
	HDRM_KUNIT_CHECK(test, hdrm_check_sim_table(msg, len));
}

/* The PFC watchdog: when a priority is stormed, and when it is not. */
static void hdrm_test_watchdog(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hdrm_wd_cases); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_wd(i, msg, len));
}

/* The one driver table: each driver's row, and the table's shape. */
static void hdrm_test_drivers(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hdrm_drivers_cases); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_driver_case(i, msg, len));
	HDRM_KUNIT_CHECK(test, hdrm_check_drivers_table(msg, len));
}

static void hdrm_test_ratelimit(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_ratelimit(msg, len));
}

static struct kunit_case hdrm_calc_kcases[] = {
	KUNIT_CASE(hdrm_test_headroom),
	KUNIT_CASE(hdrm_test_k),
	KUNIT_CASE(hdrm_test_derive),
	KUNIT_CASE(hdrm_test_samples),
	KUNIT_CASE(hdrm_test_model),
	KUNIT_CASE(hdrm_test_sim),
	KUNIT_CASE(hdrm_test_watchdog),
	KUNIT_CASE(hdrm_test_drivers),
	KUNIT_CASE(hdrm_test_ratelimit),
	{}
};

static void hdrm_test_delay(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hdrm_delay_cases); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_delay(i, msg, len));
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
	KUNIT_CASE(hdrm_test_delay),
	KUNIT_CASE(hdrm_test_buffer_plan),
	KUNIT_CASE(hdrm_test_static),
	{}
};

static struct kunit_suite hdrm_apply_suite = {
	.name = "dcb_hdrm_apply",
	.test_cases = hdrm_apply_kcases,
};

static struct kunit_suite hdrm_calc_suite = {
	.name = "dcb_hdrm_calc",
	.test_cases = hdrm_calc_kcases,
};

static void hdrm_test_ctl_golden(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_ctl_golden(msg, len));
	HDRM_KUNIT_CHECK(test, hdrm_check_ctl_reply_without(msg, len));
}

static void hdrm_test_ctl_reject(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hdrm_ctl_reject_cases); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_ctl_reject(i, msg, len));
	HDRM_KUNIT_CHECK(test, hdrm_check_ctl_rules(msg, len));
}

static void hdrm_test_push_bounds(struct kunit *test)
{
	HDRM_KUNIT_CHECK(test, hdrm_check_push_bounds(msg, len));
}

static struct kunit_case hdrm_ctl_kcases[] = {
	KUNIT_CASE(hdrm_test_ctl_golden),
	KUNIT_CASE(hdrm_test_ctl_reject),
	KUNIT_CASE(hdrm_test_push_bounds),
	{}
};

static struct kunit_suite hdrm_ctl_suite = {
	.name = "dcb_hdrm_ctl",
	.test_cases = hdrm_ctl_kcases,
};

static void hdrm_test_pfc_tlv(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hdrm_pfc_goldens); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_pfc_golden(i, msg, len));
	for (i = 0; i < ARRAY_SIZE(hdrm_pfc_rejects); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_pfc_reject(i, msg, len));
}

static void hdrm_test_lldpdu(struct kunit *test)
{
	unsigned int i;

	HDRM_KUNIT_CHECK(test, hdrm_check_lldpdu(msg, len));
	for (i = 0; i < ARRAY_SIZE(hdrm_lldpdu_rejects); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_lldpdu_reject(i, msg, len));
}

static void hdrm_test_dcbx_agent(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hdrm_dcbx_agent_cases); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_dcbx_agent(i, msg, len));
	for (i = 0; i < ARRAY_SIZE(hdrm_lldpdu_agent_cases); i++)
		HDRM_KUNIT_CHECK(test, hdrm_check_lldpdu_agent(i, msg, len));
}

static struct kunit_case hdrm_lldp_kcases[] = {
	KUNIT_CASE(hdrm_test_pfc_tlv),
	KUNIT_CASE(hdrm_test_lldpdu),
	KUNIT_CASE(hdrm_test_dcbx_agent),
	{}
};

static struct kunit_suite hdrm_lldp_suite = {
	.name = "dcb_hdrm_dcbx",
	.test_cases = hdrm_lldp_kcases,
};

kunit_test_suites(&hdrm_wire_suite, &hdrm_stats_suite, &hdrm_calc_suite,
		  &hdrm_apply_suite, &hdrm_ctl_suite, &hdrm_lldp_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit tests of dcb_hdrm's frame codec, estimator and headroom arithmetic");
