// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the JSON writer: exact output for compact and pretty modes. */
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "tap.h"

static char *render(void (*fn)(struct jw *), int pretty)
{
	static char buf[4096];
	struct jw w;
	FILE *f;

	memset(buf, 0, sizeof(buf));
	f = fmemopen(buf, sizeof(buf) - 1, "w");
	if (!f)
		exit(2);
	jw_init(&w, f, pretty);
	fn(&w);
	jw_end(&w);
	fclose(f);
	return buf;
}

static void doc_nested(struct jw *w)
{
	jw_obj_open(w);
	jw_ku64(w, "ifindex", 4);
	jw_kstr(w, "ifname", "eth0");
	jw_kbool(w, "dcb", false);
	jw_key(w, "speed_mbps");
	jw_null(w);
	jw_key(w, "ops");
	jw_arr_open(w);
	jw_str(w, "ieee-pfc");
	jw_str(w, "buffer");
	jw_arr_close(w);
	jw_key(w, "empty");
	jw_arr_open(w);
	jw_arr_close(w);
	jw_key(w, "n");
	jw_s64(w, -12);
	jw_obj_close(w);
}

static void doc_array_of_objects(struct jw *w)
{
	jw_arr_open(w);
	jw_obj_open(w);
	jw_ku64(w, "a", 1);
	jw_obj_close(w);
	jw_obj_open(w);
	jw_obj_close(w);
	jw_arr_close(w);
}

static void doc_escapes(struct jw *w)
{
	jw_str(w, "q\"b\\n\nt\tc\x01");
}

static void doc_u64max(struct jw *w)
{
	jw_u64(w, UINT64_MAX);
}

int main(void)
{
	const char *s;

	s = render(doc_nested, 0);
	TAP_OK(!strcmp(s, "{\"ifindex\":4,\"ifname\":\"eth0\",\"dcb\":false,\"speed_mbps\":null,\"ops\":[\"ieee-pfc\",\"buffer\"],\"empty\":[],\"n\":-12}\n"),
	       "compact nested object");

	s = render(doc_array_of_objects, 0);
	TAP_OK(!strcmp(s, "[{\"a\":1},{}]\n"), "compact array of objects");

	s = render(doc_array_of_objects, 1);
	TAP_OK(!strcmp(s, "[\n    {\n        \"a\": 1\n    },\n    {}\n]\n"),
	       "pretty array of objects");

	s = render(doc_nested, 1);
	TAP_OK(strstr(s, "{\n    \"ifindex\": 4,\n    \"ifname\": \"eth0\",") == s,
	       "pretty object indents members");
	TAP_OK(strstr(s, "\"empty\": [],") != NULL, "pretty empty array stays on one line");

	s = render(doc_escapes, 0);
	TAP_OK(!strcmp(s, "\"q\\\"b\\\\n\\nt\\tc\\u0001\"\n"), "string escapes");

	s = render(doc_u64max, 0);
	TAP_OK(!strcmp(s, "18446744073709551615\n"), "u64 max");
	return tap_done();
}
