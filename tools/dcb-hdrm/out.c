// SPDX-License-Identifier: GPL-2.0
/*
 * One printer per object, for text and JSON alike: see out.h. The JSON
 * is the tool's own writer's (json.c); the text goes to a stream.
 */
#include <stdarg.h>

#include "out.h"

const char *const out_off_on[2] = { "off", "on" };
const char *const out_no_yes[2] = { "no", "yes" };

void out_text(struct out *o, const char *fmt, ...)
{
	va_list ap;

	if (out_json(o) || o->mute)
		return;
	va_start(ap, fmt);
	vfprintf(o->fp, fmt, ap);
	va_end(ap);
}

/* A member's key; none for an element of an array. */
static bool out_key(struct out *o, const char *key)
{
	if (!out_json(o))
		return false;
	if (key)
		jw_key(o->jw, key);
	return true;
}

void out_ju64(struct out *o, const char *key, uint64_t v)
{
	if (out_key(o, key))
		jw_u64(o->jw, v);
}

void out_js64(struct out *o, const char *key, int64_t v)
{
	if (out_key(o, key))
		jw_s64(o->jw, v);
}

void out_jstr(struct out *o, const char *key, const char *s)
{
	if (out_key(o, key))
		jw_str(o->jw, s);
}

void out_jbool(struct out *o, const char *key, bool v)
{
	if (out_key(o, key))
		jw_bool(o->jw, v);
}

void out_jfixed(struct out *o, const char *key, uint64_t v,
		unsigned int decimals)
{
	if (out_key(o, key))
		jw_fixed(o->jw, v, decimals);
}

void out_jnull(struct out *o, const char *key)
{
	if (out_key(o, key))
		jw_null(o->jw);
}

void out_jopt_u64(struct out *o, const char *key, bool has, uint64_t v)
{
	if (has)
		out_ju64(o, key, v);
	else
		out_jnull(o, key);
}

void out_jopt_str(struct out *o, const char *key, bool has, const char *s)
{
	if (has)
		out_jstr(o, key, s);
	else
		out_jnull(o, key);
}

void out_obj_open(struct out *o, const char *key)
{
	if (out_key(o, key))
		jw_obj_open(o->jw);
}

void out_obj_close(struct out *o)
{
	if (out_json(o))
		jw_obj_close(o->jw);
}

void out_arr_open(struct out *o, const char *key)
{
	if (out_key(o, key))
		jw_arr_open(o->jw);
}

void out_arr_close(struct out *o)
{
	if (out_json(o))
		jw_arr_close(o->jw);
}

void out_end(struct out *o)
{
	if (out_json(o))
		jw_end(o->jw);
}

/* As jw_fixed() writes it: 1920, 2 -> "19.20"; 7, 0 -> "7". */
const char *out_fixed_str(char *buf, size_t len, uint64_t v,
			  unsigned int decimals)
{
	uint64_t div = 1;
	unsigned int i;

	for (i = 0; i < decimals; i++)
		div *= 10;
	if (!decimals)
		snprintf(buf, len, "%llu", (unsigned long long)v);
	else
		snprintf(buf, len, "%llu.%0*llu", (unsigned long long)(v / div),
			 (int)decimals, (unsigned long long)(v % div));
	return buf;
}
