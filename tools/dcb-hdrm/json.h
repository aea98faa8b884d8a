/* SPDX-License-Identifier: GPL-2.0 */
/* A small streaming JSON writer: one printer for every object of the tool. */
#ifndef DCB_HDRM_JSON_H
#define DCB_HDRM_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JW_MAX_DEPTH 16

struct jw {
	FILE *out;
	bool pretty;
	int depth;
	bool first[JW_MAX_DEPTH];	/* no member written yet at this depth */
	bool in_obj[JW_MAX_DEPTH];	/* object (keys) rather than array */
	bool key_pending;		/* a key was written, its value is next */
};

void jw_init(struct jw *w, FILE *out, bool pretty);
void jw_obj_open(struct jw *w);
void jw_obj_close(struct jw *w);
void jw_arr_open(struct jw *w);
void jw_arr_close(struct jw *w);
void jw_key(struct jw *w, const char *key);
void jw_str(struct jw *w, const char *s);
void jw_u64(struct jw *w, uint64_t v);
void jw_s64(struct jw *w, int64_t v);
void jw_bool(struct jw *w, bool v);
void jw_null(struct jw *w);
void jw_fixed(struct jw *w, uint64_t v, unsigned int decimals);
/* Ends the document with a newline. */
void jw_end(struct jw *w);

/* key + value shorthands for objects */
void jw_kstr(struct jw *w, const char *key, const char *s);
void jw_ku64(struct jw *w, const char *key, uint64_t v);
void jw_kbool(struct jw *w, const char *key, bool v);

#endif
