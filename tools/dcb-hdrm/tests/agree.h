/* SPDX-License-Identifier: GPL-2.0 */
/* Whether an object's text and JSON say the same (agree.c). */
#ifndef DCB_HDRM_AGREE_H
#define DCB_HDRM_AGREE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * agree() - the text and the JSON of one fixture, checked against each
 * other by @obj's table
 * @why: what does not agree, one line each, for the diagnostics
 *
 * Return: true when they agree. @n counts, over the calls: [0] the JSON's
 * members, [1] those the text shows and was compared for, [2] the
 * text's "word NUMBER"s.
 */
bool agree(const char *obj, const char *text, const char *json, char *why,
	   size_t len, unsigned int n[3]);

#endif
