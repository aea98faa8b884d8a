/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One printer per object, for text and JSON alike.
 *
 * An object's printer is written once, against a struct out, and the
 * output it was given decides the form: with a JSON writer every call
 * writes its member (the key, and the value typed as JSON), without one
 * it writes its text (the format, filled with the value). A field then
 * cannot be added to one form and forgotten in the other unless the
 * printer says so, with a call of one form only:
 *
 *	out_u64(o, key, fmt, v)		both: "key": v, or printf(fmt, v)
 *	out_u64_if(o, key, c, fmt, v)	both; the text only when c holds
 *	out_opt_u64(o, key, has, fmt, v) both when has; else "key": null
 *	out_ju64(o, key, v)		JSON only
 *	out_text(o, fmt, ...)		text only: words, lines, tables
 *
 * and the same for strings (str), signed (s64), booleans (bool, their
 * text a word of a pair: out_off_on, out_no_yes) and fixed-point values
 * (fixed). Objects and arrays are JSON's only: the text has lines.
 * out_mute() leaves a stretch out of the text, such as lines shown only
 * at times, and out_end() ends a command's output.
 *
 * Each object's printer is its *_print(); the *_json() and *_text()
 * names of its two former printers remain, the one printer to JSON or
 * to stdout, for their callers.
 *
 * The value-taking calls are macros so that the compiler checks each
 * text format against its value; numbers reach the format as unsigned
 * long long (%llu) or long long (%lld) whatever their type.
 */
#ifndef DCB_HDRM_OUT_H
#define DCB_HDRM_OUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "json.h"

struct out {
	struct jw *jw;		/* JSON: the writer; NULL: text */
	FILE *fp;		/* text: its stream */
	bool mute;		/* text: said nothing for now */
};

/* the text's words for false and true */
extern const char *const out_off_on[2];
extern const char *const out_no_yes[2];

static inline void out_init_text(struct out *o, FILE *fp)
{
	o->jw = NULL;
	o->fp = fp;
	o->mute = false;
}

static inline void out_init_json(struct out *o, struct jw *jw)
{
	o->jw = jw;
	o->fp = NULL;
	o->mute = false;
}

/*
 * The text of what follows is left out (@mute) or said again: a part of
 * an object its text shows only at times, such as the lines dev show
 * prints below one device. JSON is written all the same. Return: what
 * it was, to put back.
 */
static inline bool out_mute(struct out *o, bool mute)
{
	bool was = o->mute;

	o->mute = mute;
	return was;
}

static inline bool out_json(const struct out *o)
{
	return o->jw != NULL;
}

/* Text only; nothing in JSON. */
void out_text(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* JSON only: a member, or with a NULL key an element of an array. */
void out_ju64(struct out *o, const char *key, uint64_t v);
void out_js64(struct out *o, const char *key, int64_t v);
void out_jstr(struct out *o, const char *key, const char *s);
void out_jbool(struct out *o, const char *key, bool v);
void out_jfixed(struct out *o, const char *key, uint64_t v,
		unsigned int decimals);
void out_jnull(struct out *o, const char *key);
/* the value when @has, else null */
void out_jopt_u64(struct out *o, const char *key, bool has, uint64_t v);
void out_jopt_str(struct out *o, const char *key, bool has, const char *s);

/* JSON's containers; @key NULL inside an array. Nothing in the text. */
void out_obj_open(struct out *o, const char *key);
void out_obj_close(struct out *o);
void out_arr_open(struct out *o, const char *key);
void out_arr_close(struct out *o);

/* A command's output ends: JSON's newline; the text's lines end alone. */
void out_end(struct out *o);

/* @v / 10^@decimals with that many decimals, as JSON writes it */
const char *out_fixed_str(char *buf, size_t len, uint64_t v,
			  unsigned int decimals);

/* Both forms. @key NULL: an element of a JSON array. */
#define out_u64_if(o, key, cond, fmt, v) do {				\
	unsigned long long out_v_ = (v);				\
									\
	if (out_json(o))						\
		out_ju64(o, key, out_v_);				\
	else if (cond)							\
		out_text(o, fmt, out_v_);				\
} while (0)

#define out_s64_if(o, key, cond, fmt, v) do {				\
	long long out_v_ = (v);						\
									\
	if (out_json(o))						\
		out_js64(o, key, out_v_);				\
	else if (cond)							\
		out_text(o, fmt, out_v_);				\
} while (0)

#define out_str_if(o, key, cond, fmt, s) do {				\
	const char *out_s_ = (s);					\
									\
	if (out_json(o))						\
		out_jstr(o, key, out_s_);				\
	else if (cond)							\
		out_text(o, fmt, out_s_);				\
} while (0)

/* the text: @words[@v], "off"/"on" for out_off_on */
#define out_bool_if(o, key, cond, fmt, v, words) do {			\
	bool out_b_ = (v);						\
									\
	if (out_json(o))						\
		out_jbool(o, key, out_b_);				\
	else if (cond)							\
		out_text(o, fmt, (words)[out_b_]);			\
} while (0)

/* the text: %s, the value as out_fixed_str() writes it */
#define out_fixed_if(o, key, cond, fmt, v, decimals) do {		\
	uint64_t out_v_ = (v);						\
	char out_buf_[32];						\
									\
	if (out_json(o))						\
		out_jfixed(o, key, out_v_, decimals);			\
	else if (cond)							\
		out_text(o, fmt, out_fixed_str(out_buf_,		\
					       sizeof(out_buf_),	\
					       out_v_, decimals));	\
} while (0)

#define out_u64(o, key, fmt, v)		out_u64_if(o, key, true, fmt, v)
#define out_s64(o, key, fmt, v)		out_s64_if(o, key, true, fmt, v)
#define out_str(o, key, fmt, s)		out_str_if(o, key, true, fmt, s)
#define out_bool(o, key, fmt, v, words)	out_bool_if(o, key, true, fmt, v, words)
#define out_fixed(o, key, fmt, v, decimals) \
	out_fixed_if(o, key, true, fmt, v, decimals)

/* Both forms when @has; else JSON's null and no text. */
#define out_opt_u64(o, key, has, fmt, v) do {				\
	if (has)							\
		out_u64(o, key, fmt, v);				\
	else								\
		out_jnull(o, key);					\
} while (0)

#define out_opt_str(o, key, has, fmt, s) do {				\
	if (has)							\
		out_str(o, key, fmt, s);				\
	else								\
		out_jnull(o, key);					\
} while (0)

#define out_opt_bool(o, key, has, fmt, v, words) do {			\
	if (has)							\
		out_bool(o, key, fmt, v, words);			\
	else								\
		out_jnull(o, key);					\
} while (0)

#endif
