// SPDX-License-Identifier: GPL-2.0
#include "json.h"

void jw_init(struct jw *w, FILE *out, bool pretty)
{
	w->out = out;
	w->pretty = pretty;
	w->depth = 0;
	w->first[0] = true;
	w->in_obj[0] = false;
	w->key_pending = false;
}

static void jw_indent(struct jw *w)
{
	int i;

	if (!w->pretty)
		return;
	fputc('\n', w->out);
	for (i = 0; i < w->depth; i++)
		fputs("    ", w->out);
}

/* Separator and indentation before a value or a key. */
static void jw_before(struct jw *w)
{
	if (w->key_pending) {
		w->key_pending = false;
		return;
	}
	if (!w->first[w->depth])
		fputc(',', w->out);
	if (w->depth > 0)
		jw_indent(w);
	w->first[w->depth] = false;
}

static void jw_open(struct jw *w, char c, bool obj)
{
	jw_before(w);
	fputc(c, w->out);
	if (w->depth + 1 < JW_MAX_DEPTH)
		w->depth++;
	w->first[w->depth] = true;
	w->in_obj[w->depth] = obj;
}

static void jw_close(struct jw *w, char c)
{
	bool empty = w->first[w->depth];

	if (w->depth > 0)
		w->depth--;
	if (!empty)
		jw_indent(w);
	fputc(c, w->out);
}

void jw_obj_open(struct jw *w)
{
	jw_open(w, '{', true);
}

void jw_obj_close(struct jw *w)
{
	jw_close(w, '}');
}

void jw_arr_open(struct jw *w)
{
	jw_open(w, '[', false);
}

void jw_arr_close(struct jw *w)
{
	jw_close(w, ']');
}

static void jw_quoted(struct jw *w, const char *s)
{
	const unsigned char *p;

	fputc('"', w->out);
	for (p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", w->out);
			break;
		case '\\':
			fputs("\\\\", w->out);
			break;
		case '\n':
			fputs("\\n", w->out);
			break;
		case '\t':
			fputs("\\t", w->out);
			break;
		case '\r':
			fputs("\\r", w->out);
			break;
		default:
			if (*p < 0x20)
				fprintf(w->out, "\\u%04x", *p);
			else
				fputc(*p, w->out);
		}
	}
	fputc('"', w->out);
}

void jw_key(struct jw *w, const char *key)
{
	jw_before(w);
	jw_quoted(w, key);
	fputs(w->pretty ? ": " : ":", w->out);
	w->key_pending = true;
}

void jw_str(struct jw *w, const char *s)
{
	jw_before(w);
	jw_quoted(w, s);
}

void jw_u64(struct jw *w, uint64_t v)
{
	jw_before(w);
	fprintf(w->out, "%llu", (unsigned long long)v);
}

/* @v / 10^@decimals, written with that many decimals: 1920, 2 -> 19.20 */
void jw_fixed(struct jw *w, uint64_t v, unsigned int decimals)
{
	uint64_t div = 1;
	unsigned int i;

	for (i = 0; i < decimals; i++)
		div *= 10;
	jw_before(w);
	if (!decimals)
		fprintf(w->out, "%llu", (unsigned long long)v);
	else
		fprintf(w->out, "%llu.%0*llu", (unsigned long long)(v / div),
			(int)decimals, (unsigned long long)(v % div));
}

void jw_s64(struct jw *w, int64_t v)
{
	jw_before(w);
	fprintf(w->out, "%lld", (long long)v);
}

void jw_bool(struct jw *w, bool v)
{
	jw_before(w);
	fputs(v ? "true" : "false", w->out);
}

void jw_null(struct jw *w)
{
	jw_before(w);
	fputs("null", w->out);
}

void jw_end(struct jw *w)
{
	fputc('\n', w->out);
	fflush(w->out);
}

void jw_kstr(struct jw *w, const char *key, const char *s)
{
	jw_key(w, key);
	jw_str(w, s);
}

void jw_ku64(struct jw *w, const char *key, uint64_t v)
{
	jw_key(w, key);
	jw_u64(w, v);
}

void jw_kbool(struct jw *w, const char *key, bool v)
{
	jw_key(w, key);
	jw_bool(w, v);
}
