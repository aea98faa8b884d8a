// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the command-line helpers. */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "dcb-hdrm.h"
#include "tap.h"

int main(void)
{
	uint32_t v = 7, ifindex = 0;

	TAP_OK(hdrm_matches("d", "dev") && hdrm_matches("dev", "dev"),
	       "prefixes match");
	TAP_OK(!hdrm_matches("", "dev"), "empty word never matches");
	TAP_OK(!hdrm_matches("devx", "dev"), "longer word does not match");
	TAP_OK(!hdrm_matches("x", "dev"), "other word does not match");

	TAP_OK(!hdrm_parse_u32("count", "0", 0, 10, &v) && v == 0, "u32 lower bound");
	TAP_OK(!hdrm_parse_u32("count", "10", 0, 10, &v) && v == 10, "u32 upper bound");
	TAP_OK(!hdrm_parse_u32("count", "0x10", 0, 100, &v) && v == 16, "u32 hex");
	v = 7;
	TAP_OK(hdrm_parse_u32("count", "11", 0, 10, &v) && v == 7,
	       "u32 above range rejected, value untouched");
	TAP_OK(hdrm_parse_u32("count", "-1", 0, 10, &v), "negative rejected");
	TAP_OK(hdrm_parse_u32("count", "4294967296", 0, UINT32_MAX, &v),
	       "2^32 rejected");
	TAP_OK(hdrm_parse_u32("count", "12abc", 0, 100, &v), "trailing junk rejected");
	TAP_OK(hdrm_parse_u32("count", "", 0, 100, &v), "empty rejected");

	TAP_OK(hdrm_parse_ifindex("no-such-dev0", &ifindex) == -ENODEV,
	       "unknown device name rejected");
	TAP_OK(hdrm_parse_ifindex("a-name-far-too-long-for-linux", &ifindex) == -EINVAL,
	       "over-long device name rejected");
	TAP_OK(!hdrm_parse_ifindex("lo", &ifindex) && ifindex > 0,
	       "lo resolves to an ifindex");
	{
		static const char *const words[] = { "min", "median", "max" };

		v = 9;
		TAP_OK(!hdrm_parse_word("estimator", "median", words, 3, &v) && v == 1,
		       "word found");
		TAP_OK(hdrm_parse_word("estimator", "med", words, 3, &v) && v == 1,
		       "word prefix rejected, value untouched");
	}
	return tap_done();
}
