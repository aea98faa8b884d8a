// SPDX-License-Identifier: GPL-2.0
/*
 * The module's pure logic (kmod/hdrm_*.c), compiled for user space and
 * run through the same cases as its KUnit suites (kmod/tests/hdrm_cases.h).
 */
#include <stdio.h>

#include "tests/hdrm_cases.h"
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
	CHECK(hdrm_check_delay_misc(msg, len), "apply: speed 0, metres, driver names");
	CHECK(hdrm_check_buffer_plan(msg, len), "apply: lossless buffer mapping, cells, total");
	CHECK(hdrm_check_static(msg, len), "apply: static models for the savings report");
	return tap_done();
}
