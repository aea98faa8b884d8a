// SPDX-License-Identifier: GPL-2.0
/*
 * jget PATH: print the scalar at PATH (".a.b.c") of the one JSON text on
 * standard input exactly as "jq -r PATH" would, or exit 3 having printed
 * nothing when it cannot be sure to (escapes in a string, a number jq
 * would reformat, an object or array, an index into a scalar, anything
 * but one well-formed JSON text). The selftests' jqn() calls it first
 * and falls back to jq on status 3.
 *
 * Why: under TCG, jq 1.6 takes 0.5 s to start in a stock guest and 1.5
 * to 3 s in the debug kernel's (its builtins are compiled at each start);
 * the selftests query the tool's JSON a few hundred times per kernel.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UNSURE 3
#define MAX_DEPTH 16

enum kind { K_NONE, K_NULL, K_TRUE, K_FALSE, K_NUM, K_STR, K_OTHER };

static const char *path[MAX_DEPTH];
static size_t path_len[MAX_DEPTH];
static int npath;

static const char *p, *end;
static int nesting;
static enum kind found = K_NULL;	/* a missing member reads as null */
static const char *found_at;
static size_t found_len;

static void unsure(void)
{
	exit(UNSURE);
}

static void ws(void)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
}

static void lit(const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(end - p) < n || memcmp(p, word, n))
		unsure();
	p += n;
}

/* a string's body; *escaped says whether it held a backslash */
static void str(const char **at, size_t *len, int *escaped)
{
	if (p >= end || *p != '"')
		unsure();
	*at = ++p;
	*escaped = 0;
	while (p < end && *p != '"') {
		if ((unsigned char)*p < 0x20)
			unsure();
		if (*p == '\\') {
			*escaped = 1;
			if (++p >= end)
				unsure();
		}
		p++;
	}
	if (p >= end)
		unsure();
	*len = p - *at;
	p++;
}

static int digits(void)
{
	const char *s = p;

	while (p < end && *p >= '0' && *p <= '9')
		p++;
	return p > s;
}

/* -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static void num(void)
{
	if (p < end && *p == '-')
		p++;
	if (p < end && *p == '0')
		p++;
	else if (!digits())
		unsure();
	if (p < end && *p == '.') {
		p++;
		if (!digits())
			unsure();
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			p++;
		if (!digits())
			unsure();
	}
}

static void value(int depth, int on_path);

static int ascii(const char *s, size_t len)
{
	while (len--)
		if ((unsigned char)*s++ >= 0x80)
			return 0;
	return 1;
}

static void record(enum kind k, const char *at, size_t len)
{
	found = k;
	found_at = at;
	found_len = len;
}

static void object(int depth, int on_path)
{
	const char *key;
	size_t klen;
	int escaped, match;

	p++;
	ws();
	if (p < end && *p == '}') {
		p++;
		return;
	}
	for (;;) {
		ws();
		str(&key, &klen, &escaped);
		/* an escaped key may still spell the member: let jq say */
		if (escaped && on_path)
			unsure();
		match = on_path && klen == path_len[depth] &&
			!memcmp(key, path[depth], klen);
		ws();
		if (p >= end || *p != ':')
			unsure();
		p++;
		ws();
		value(depth + 1, match);
		ws();
		if (p < end && *p == ',') {
			p++;
			continue;
		}
		if (p < end && *p == '}') {
			p++;
			return;
		}
		unsure();
	}
}

static void array(int depth)
{
	p++;
	ws();
	if (p < end && *p == ']') {
		p++;
		return;
	}
	for (;;) {
		ws();
		value(depth, 0);
		ws();
		if (p < end && *p == ',') {
			p++;
			continue;
		}
		if (p < end && *p == ']') {
			p++;
			return;
		}
		unsure();
	}
}

static void value(int depth, int on_path)
{
	const char *at = p, *s;
	size_t len;
	int escaped;

	if (p >= end)
		unsure();
	/* the end of the path: this value is the answer */
	if (on_path && depth == npath) {
		switch (*p) {
		case '"':
			str(&s, &len, &escaped);
			/* jq -r decodes escapes and mends bad UTF-8 */
			if (escaped || !ascii(s, len))
				unsure();
			record(K_STR, s, len);
			return;
		case 't':
			lit("true");
			record(K_TRUE, at, 4);
			return;
		case 'f':
			lit("false");
			record(K_FALSE, at, 5);
			return;
		case 'n':
			lit("null");
			record(K_NULL, at, 4);
			return;
		case '{':
		case '[':
			unsure();
			return;
		default:
			num();
			record(K_NUM, at, p - at);
			return;
		}
	}
	/* on the path but not at its end: only an object or null goes on */
	if (on_path && *p != '{' && *p != 'n')
		unsure();
	switch (*p) {
	case '{':
		if (on_path)
			record(K_NULL, NULL, 0);	/* until the member is seen */
		if (++nesting > 256)
			unsure();
		object(depth, on_path);
		nesting--;
		return;
	case '[':
		if (++nesting > 256)
			unsure();
		array(depth);
		nesting--;
		return;
	case '"':
		str(&s, &len, &escaped);
		return;
	case 't':
		lit("true");
		return;
	case 'f':
		lit("false");
		return;
	case 'n':
		lit("null");
		if (on_path)
			record(K_NULL, at, 4);
		return;
	default:
		num();
		return;
	}
}

/* digits only, at most 15 of them: jq prints those as they are */
static int plain_integer(const char *s, size_t len)
{
	size_t i = 0;

	if (len && s[0] == '-')
		i = 1;
	if (i == len || len - i > 15)
		return 0;
	if (len - i == 1 && s[i] == '0' && i)
		return 0;	/* -0 */
	for (; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

int main(int argc, char **argv)
{
	static char buf[1 << 20];
	const char *q;
	size_t n;

	if (argc != 2 || argv[1][0] != '.') {
		fprintf(stderr, "usage: jget .member[.member...] <JSON\n");
		return 2;
	}
	if (strcmp(argv[1], ".")) {
		for (q = argv[1]; *q; ) {
			const char *s = ++q;

			while (*q && *q != '.')
				q++;
			if (q == s || npath == MAX_DEPTH)
				unsure();
			path[npath] = s;
			path_len[npath++] = q - s;
		}
	}
	n = fread(buf, 1, sizeof(buf), stdin);
	if (n == sizeof(buf) || ferror(stdin))
		unsure();
	p = buf;
	end = buf + n;
	ws();
	if (p == end)
		unsure();
	value(0, 1);
	ws();
	if (p != end)
		unsure();
	switch (found) {
	case K_NUM:
		if (!plain_integer(found_at, found_len))
			unsure();
		/* fall through */
	case K_STR:
	case K_TRUE:
	case K_FALSE:
		printf("%.*s\n", (int)found_len, found_at);
		break;
	case K_NULL:
		puts("null");
		break;
	default:
		unsure();
	}
	return ferror(stdout) ? 1 : 0;
}
