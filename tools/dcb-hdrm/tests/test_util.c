// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the command-line helpers. */
#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "batch.h"
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
	TAP_OK(hdrm_parse_u32("count", " 5", 0, 100, &v) &&
	       hdrm_parse_u32("count", "\t5", 0, 100, &v) &&
	       hdrm_parse_u32("count", " -1", 0, UINT32_MAX, &v),
	       "leading blanks (a quoted batch word) rejected");

	{
		struct hdrm_keys k = { .cmd = "simulate" };

		TAP_OK(!hdrm_key(&k, "speed", 2, 1) && !hdrm_key(&k, "k", 2, 1),
		       "keywords, once each, taken");
		TAP_OK(hdrm_key(&k, "speed", 2, 1) == -EINVAL,
		       "a keyword given twice refused");
		TAP_OK(hdrm_key(&k, "mtu", 1, 1) == -EINVAL,
		       "a keyword without its value refused");
		TAP_OK(!hdrm_key(&k, "push", 1, 0) && hdrm_key(&k, "push", 1, 0),
		       "a flag, once");
	}

	{
		/* a batch line's words, as iproute2 splits its own */
		static const struct {
			const char *text;
			int argc;		/* or HDRM_BATCH_MORE, -errno */
			const char *words;	/* joined with | */
		} lines[] = {
			{ "simulate speed 25000\n", 3, "simulate|speed|25000" },
			{ "  \t\r\n", 0, "" },
			{ "# dev set dev eth0\n", 0, "" },
			{ "show dev eth0 # eth0's # more\n", 3, "show|dev|eth0" },
			{ "a b#c #d\n", 2, "a|b#c" },
			{ "a \"b # c\" 'd \"e' \"\" x\n", 5, "a|b # c|d \"e||x" },
			{ "a\"b' c\n", 2, "a\"b'|c" },
			{ "a b \\\n", HDRM_BATCH_MORE, "" },
			{ "a b\\\r\n", HDRM_BATCH_MORE, "" },
			{ "a b \\", HDRM_BATCH_MORE, "" },
			{ "a b \\\n  c d\n", 4, "a|b|c|d" },
			{ "a \"b\"\\\nc\n", 3, "a|b|c" },
			{ "a # b \\\n", 1, "a" },
			{ "a b\\c\n", 2, "a|b\\c" },
			{ "a \"b\n", -EINVAL, "" },
			{ "a 'b\\\nc'\n", -EINVAL, "" },
			{ "a \"b\"c\n", -EINVAL, "" },
		};
		char buf[64], *argv[8], joined[64];
		const char *why = NULL;
		unsigned int i;
		int n, j;

		for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
			n = hdrm_batch_split(lines[i].text, buf, argv, 8, &why);
			joined[0] = '\0';
			for (j = 0; j < n; j++)
				snprintf(joined + strlen(joined),
					 sizeof(joined) - strlen(joined), "%s%s",
					 j ? "|" : "", argv[j]);
			TAP_OK(n == lines[i].argc && !strcmp(joined, lines[i].words),
			       "batch line %u: %d words \"%s\"", i, n, joined);
		}
		n = hdrm_batch_split("1 2 3 4 5 6 7 8 9\n", buf, argv, 8, &why);
		TAP_OK(n == -E2BIG && why, "batch line: more words than room refused");
	}
	{
		/* -batch-dev: whether a command's "dev" keyword names a device */
		static const struct {
			const char *text;
			const char *dev;
			bool names;
		} lines[] = {
			{ "dev set dev eth0 reflect on\n", "eth0", true },
			{ "dev set dev eth0 reflect on\n", "eth1", false },
			{ "dev set dev eth0 reflect on\n", "eth", false },
			{ "dev set dev eth01 reflect on\n", "eth0", false },
			{ "measure dev eth0\n", "eth0", true },
			{ "measure count 5 dev eth0\n", "eth0", true },
			{ "watchdog set dev eth0 state on\n", "eth0", true },
			{ "dev show dev dev\n", "dev", true },
			{ "dev show\n", "dev", false },
			{ "dev show\n", "show", false },
			{ "dev set eth0\n", "eth0", false },
			{ "measure d eth0\n", "eth0", false },
			{ "measure dev\n", "eth0", false },
			{ "show dev eth1 dev eth0\n", "eth0", false },
			{ "simulate speed 25000\n", "eth0", false },
			{ "dev set dev \"eth0\" reflect on # eth1\n", "eth0", true },
			{ "dev set dev \\\n eth0 reflect on\n", "eth0", true },
		};
		char buf[64], *argv[8];
		const char *why = NULL;
		unsigned int i;
		int n;

		for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
			n = hdrm_batch_split(lines[i].text, buf, argv, 8, &why);
			TAP_OK(n > 0 && hdrm_batch_names_dev(n, argv, lines[i].dev) == lines[i].names,
			       "batch line %u %s %s", i, lines[i].names ? "names" : "does not name",
			       lines[i].dev);
		}
	}
	TAP_OK(hdrm_ifname_valid("eth0") && hdrm_ifname_valid("enp3s0f1np1") &&
	       hdrm_ifname_valid("veth-a.10") && hdrm_ifname_valid("0123456789abcde"),
	       "device names: eth0, enp3s0f1np1, veth-a.10, 15 characters");
	TAP_OK(!hdrm_ifname_valid("") && !hdrm_ifname_valid(".") && !hdrm_ifname_valid("..") &&
	       !hdrm_ifname_valid("0123456789abcdef") && !hdrm_ifname_valid("a/b") &&
	       !hdrm_ifname_valid("a:b") && !hdrm_ifname_valid("a b") &&
	       !hdrm_ifname_valid("a\tb"),
	       "device names refused: empty, . and .., 16 characters, '/', ':', blanks");

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
	{
		/* iproute2's get_size() suffixes, as dcb buffer reads sizes */
		static const struct {
			const char *s;
			uint64_t bytes;
		} good[] = {
			{ "0", 0 }, { "1500", 1500 }, { "0x100", 256 },
			{ "9000B", 9000 }, { "9000b", 9000 },
			{ "256K", 262144 }, { "256k", 262144 }, { "256KB", 262144 },
			{ "256kb", 262144 }, { "1M", 1048576 }, { "1mb", 1048576 },
			{ "2G", 2147483648ULL }, { "2gb", 2147483648ULL },
			{ "1kbit", 128 }, { "8Kbit", 1024 }, { "1mbit", 131072 },
			{ "1GBIT", 134217728 }, { "1.5K", 1536 }, { "0.5k", 512 },
			{ "2.25M", 2359296 }, { "0x10K", 16384 },
			{ "16777216", 16777216 }, { "16M", 16777216 },
			{ "18446744073709551615", UINT64_MAX },
			{ "0.001953125K", 2 }, { "1.5G", 1610612736 },
			{ "17179869183G", 18446744072635809792ULL },
		};
		static const char *const bad[] = {
			"", "K", "-1", "+1", " 1", "1 ", "1.5", "0.1K", "1.", ".5K",
			"1KiB", "1Q", "1KK", "1e3", "0x", "0xK", "1.5.0", "inf",
			"1.0000000001K", "18446744073709551616", "17179869184G",
			"0.5", "15.999999999G",
		};
		uint64_t b;
		unsigned int i;

		for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
			b = 7;
			TAP_OK(!hdrm_size_value(good[i].s, &b) && b == good[i].bytes,
			       "size \"%s\" is %llu bytes (got %llu)", good[i].s,
			       (unsigned long long)good[i].bytes,
			       (unsigned long long)b);
		}
		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			b = 7;
			TAP_OK(hdrm_size_value(bad[i], &b) && b == 7,
			       "size \"%s\" refused, value untouched", bad[i]);
		}
		TAP_OK(!hdrm_parse_size_u32("k", "64K", 1, 16777216, &v) && v == 65536,
		       "size within its range");
		v = 3;
		TAP_OK(hdrm_parse_size_u32("k", "17M", 1, 16777216, &v) && v == 3,
		       "size past its range refused, value untouched");
		TAP_OK(hdrm_parse_size_u32("cell", "0", 1, 65536, &v) && v == 3,
		       "size below its range refused");
		TAP_OK(!hdrm_parse_size("headroom", "4G", 0, UINT64_MAX, &b) &&
		       b == 4294967296ULL, "a 64-bit size");
	}
	{
		/* PRIO:VALUE words of a priority map */
		uint32_t prios = 0;
		const char *val = NULL;

		TAP_OK(!hdrm_prio_word("3:on", &prios, &val) && prios == 0x08 &&
		       !strcmp(val, "on"), "3:on names priority 3");
		TAP_OK(!hdrm_prio_word("0:1500", &prios, &val) && prios == 0x01 &&
		       !strcmp(val, "1500"), "0:1500 names priority 0");
		TAP_OK(!hdrm_prio_word("7:auto", &prios, &val) && prios == 0x80,
		       "7 is the last priority");
		TAP_OK(!hdrm_prio_word("all:off", &prios, &val) && prios == 0xff &&
		       !strcmp(val, "off"), "all: names every priority");
		TAP_OK(!hdrm_prio_word("all:9000:x", &prios, &val) &&
		       !strcmp(val, "9000:x"), "the value is all after the first colon");
		TAP_OK(hdrm_prio_word("8:on", &prios, &val), "priority 8 refused");
		TAP_OK(hdrm_prio_word("03:on", &prios, &val), "03 refused");
		TAP_OK(hdrm_prio_word("-1:on", &prios, &val), "-1 refused");
		TAP_OK(hdrm_prio_word("al:on", &prios, &val), "a prefix of all refused");
		TAP_OK(hdrm_prio_word(":on", &prios, &val), "no priority refused");
		TAP_OK(hdrm_prio_word("3:", &prios, &val), "no value refused");
		TAP_OK(hdrm_prio_word("3", &prios, &val), "no colon refused");
	}
	return tap_done();
}
