// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of out.c, the calls an object's one printer is written
 * with: the same calls print as text or as JSON, each form only what is
 * its own.
 */
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tap.h"

static char buf[4096];

/* @got is @want exactly; what it was, when not */
static void is(const char *got, const char *want, const char *name)
{
	bool ok = !strcmp(got, want);

	TAP_OK(ok, "%s", name);
	if (!ok)
		printf("# got:  %s\n# want: %s\n", got, want);
}

/* Runs @fn as text (@jw NULL) or JSON, into buf. */
static const char *print(void (*fn)(struct out *o), bool json, bool pretty)
{
	FILE *f;
	struct jw w;
	struct out o;

	memset(buf, 0, sizeof(buf));
	f = fmemopen(buf, sizeof(buf) - 1, "w");
	if (!f)
		exit(2);
	if (json) {
		jw_init(&w, f, pretty);
		out_init_json(&o, &w);
	} else {
		out_init_text(&o, f);
	}
	fn(&o);
	fclose(f);
	return buf;
}

static void both(struct out *o)
{
	uint32_t small = 7;
	int32_t neg = -12;

	out_obj_open(o, NULL);
	out_str(o, "name", "%s:", "eth0");
	out_ju64(o, "index", 2);
	out_u64(o, "small", " small %llu", small);
	out_u64(o, "big", " big %llu", UINT64_MAX);
	out_s64(o, "neg", " neg %+lld", neg);
	out_s64(o, "pos", " pos %+lld", 5);
	out_bool(o, "on", " on %s", true, out_off_on);
	out_bool(o, "yes", " yes %s", false, out_no_yes);
	out_fixed(o, "ratio", " x%s", 1250, 3);
	out_fixed(o, "metres", " %s m", 24805, 2);
	out_fixed(o, "whole", " %s", 42, 0);
	out_text(o, "\n");
	out_obj_close(o);
}

static void conditional(struct out *o)
{
	out_obj_open(o, NULL);
	out_u64_if(o, "shown", true, "shown %llu", 1);
	out_u64_if(o, "hidden", false, " hidden %llu", 2);
	out_str_if(o, "word", false, " word %s", "x");
	out_bool_if(o, "flag", false, " flag %s", true, out_off_on);
	out_fixed_if(o, "fixed", false, " %s", 5, 1);
	out_s64_if(o, "signed", false, " %lld", -1);
	out_opt_u64(o, "has", true, " has %llu", 3);
	out_opt_u64(o, "none", false, " none %llu", 4);
	out_opt_str(o, "nostr", false, " nostr %s", "y");
	out_opt_bool(o, "nobool", false, " nobool %s", true, out_off_on);
	out_jopt_u64(o, "jopt", true, 5);
	out_jopt_str(o, "jnone", false, "z");
	out_jnull(o, "null");
	out_jstr(o, "only", "json");
	out_jbool(o, "jb", false);
	out_js64(o, "js", -3);
	out_jfixed(o, "jf", 19, 1);
	out_text(o, "\n");
	out_obj_close(o);
}

static void containers(struct out *o)
{
	unsigned int i;

	out_obj_open(o, NULL);
	out_arr_open(o, "list");
	out_text(o, "list:");
	for (i = 0; i < 3; i++)
		out_u64(o, NULL, " %llu", i);
	out_arr_close(o);
	out_arr_open(o, "names");
	out_str(o, NULL, " %s", "a");
	out_jstr(o, NULL, "b");
	out_arr_close(o);
	out_obj_open(o, "inner");
	out_u64(o, "x", " x %llu", 9);
	out_obj_close(o);
	out_arr_open(o, "empty");
	out_arr_close(o);
	out_text(o, "\n");
	out_obj_close(o);
}

/* a part the text leaves out, the JSON not */
static void muted(struct out *o)
{
	bool was;

	out_obj_open(o, NULL);
	out_u64(o, "a", "a %llu", 1);
	was = out_mute(o, true);
	out_u64(o, "b", " b %llu", 2);
	out_text(o, " hidden");
	out_mute(o, false);
	out_u64(o, "c", " c %llu", 3);
	out_mute(o, was);
	out_text(o, "\n");
	out_obj_close(o);
}

static void test_forms(void)
{
	const char *s;

	s = print(both, false, false);
	is(s, "eth0: small 7 big 18446744073709551615 neg -12 pos +5 on on yes no x1.250 248.05 m 42\n",
	   "text: each value in its format, nothing of the JSON-only index");
	s = print(both, true, false);
	is(s, "{\"name\":\"eth0\",\"index\":2,\"small\":7,\"big\":18446744073709551615,\"neg\":-12,\"pos\":5,\"on\":true,\"yes\":false,\"ratio\":1.250,\"metres\":248.05,\"whole\":42}",
	   "JSON: each member typed, in the calls' order, no text");

	s = print(conditional, false, false);
	is(s, "shown 1 has 3\n",
	   "text: _if only when it holds, opt only when present, no JSON-only call");
	s = print(conditional, true, false);
	is(s, "{\"shown\":1,\"hidden\":2,\"word\":\"x\",\"flag\":true,\"fixed\":0.5,\"signed\":-1,\"has\":3,\"none\":null,\"nostr\":null,\"nobool\":null,\"jopt\":5,\"jnone\":null,\"null\":null,\"only\":\"json\",\"jb\":false,\"js\":-3,\"jf\":1.9}",
	   "JSON: _if always, opt null when absent");

	s = print(containers, false, false);
	is(s, "list: 0 1 2 a x 9\n",
	   "text: arrays and objects leave no trace");
	s = print(containers, true, false);
	is(s, "{\"list\":[0,1,2],\"names\":[\"a\",\"b\"],\"inner\":{\"x\":9},\"empty\":[]}",
	   "JSON: a NULL key is an element of an array");
	s = print(muted, false, false);
	is(s, "a 1 c 3\n", "text: nothing while muted");
	s = print(muted, true, false);
	is(s, "{\"a\":1,\"b\":2,\"c\":3}", "JSON: muting the text changes nothing");
	s = print(containers, true, true);
	TAP_OK(strstr(s, "{\n    \"list\": [\n        0,\n") &&
	       strstr(s, "\"inner\": {\n        \"x\": 9\n    },") &&
	       strstr(s, "\"empty\": []\n}"),
	   "JSON -p: the writer's indentation");
}

static void test_fixed(void)
{
	static const struct {
		uint64_t v;
		unsigned int d;
		const char *want;
	} c[] = {
		{ 0, 3, "0.000" }, { 5, 2, "0.05" }, { 1250, 3, "1.250" },
		{ 24805, 2, "248.05" }, { 7, 0, "7" },
		{ UINT64_MAX, 3, "18446744073709551.615" },
	};
	char b[32], j[64];
	unsigned int i;
	bool ok = true;
	struct jw w;
	FILE *f;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		memset(j, 0, sizeof(j));
		f = fmemopen(j, sizeof(j) - 1, "w");
		if (!f)
			exit(2);
		jw_init(&w, f, false);
		jw_fixed(&w, c[i].v, c[i].d);
		fclose(f);
		out_fixed_str(b, sizeof(b), c[i].v, c[i].d);
		if (strcmp(b, c[i].want) || strcmp(j, c[i].want)) {
			ok = false;
			printf("# %s: text %s, JSON %s\n", c[i].want, b, j);
		}
	}
	TAP_OK(ok, "fixed: the text's figure is JSON's, leading zeros and all");
}

int main(void)
{
	test_forms();
	test_fixed();
	return tap_done();
}
