// SPDX-License-Identifier: GPL-2.0
/*
 * Whether an object's text and its JSON, printed from the same fixture,
 * say the same, by a table per object of its JSON members and the text
 * that shows each:
 *
 *  - every member of the JSON must have a row (a member added to the
 *    JSON alone fails until its row says where the text shows it, or
 *    why it does not);
 *  - where the text shows a member (its row's words are there, with some
 *    value), it shows the JSON's value;
 *  - every "word NUMBER" in the text must be a member's, one the JSON
 *    printed, or one of the words the table lists as the text's alone
 *    (a figure added to the text alone fails the same way).
 *
 * A row's text is a format with one %s, the value as the JSON writes it
 * (strings unescaped; booleans as a pair of words; ns as us, where the
 * row says). A member of an element of a list (a priority, a buffer, a
 * device of a dump) is looked for in that element's stretch of the
 * text: from where its first member shows to where the next element's
 * does, so that one priority's line does not answer for another's.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agree.h"
#include "out.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

enum conv {
	C_NONE,
	C_US,			/* ns, shown as us with three decimals */
	C_PLUS,			/* signed: %+d */
	C_SPACES,		/* a word's dashes as spaces: too-small */
	C_US_MS,		/* us, shown as ms with one decimal, rounded */
};

struct row {
	const char *path;	/* keys joined by '.', "[]" for an element */
	const char *text;	/* %s: the value; NULL: the JSON's alone */
	/* a boolean's words for false and true; "": not in the text */
	const char *const *words;
	enum conv conv;
	const char *when;	/* only where the text has these words */
	const char *after;	/* only after these words: a table's header */
	bool whole;		/* away from its element: a table's column */
};

/* An object's rows (lists ending in a NULL path) and the text's own words. */
struct table {
	const char *obj;
	const struct row *const *rows;
	const char *const *text_only;
};

/* the text's words for booleans the JSON has */
static const char *const on_off[2] = { "on", "off" };	/* pfc_off */
static const char *const set_clear[2] = { "clear", "set" };
static const char *const supported[2] = { "not supported", "supported" };
static const char *const pending[2] = { "", " restore-pending" };

#include "agree_tables.h"

/* ---- the JSON, flattened to path = value ---- */

enum vtype { V_STR, V_NUM, V_BOOL, V_NULL };

struct member {
	char path[128];		/* priorities[].storms */
	char ipath[160];	/* priorities[1].storms */
	char value[1024];
	enum vtype type;
};

#define MAX_MEMBERS	4096

static struct member mem[MAX_MEMBERS];
static unsigned int n_mem;
static const char *jp;
static bool jbad;

static void ws(void)
{
	while (*jp == ' ' || *jp == '\n' || *jp == '\t' || *jp == '\r')
		jp++;
}

/* a string, unescaped into @buf */
static void jstring(char *buf, size_t len)
{
	char hex[5] = "", c;
	size_t n = 0;

	if (*jp != '"') {
		jbad = true;
		return;
	}
	for (jp++; *jp && *jp != '"'; jp++) {
		c = *jp;
		if (c == '\\') {
			jp++;
			switch (*jp) {
			case 'n':
				c = '\n';
				break;
			case 't':
				c = '\t';
				break;
			case 'r':
				c = '\r';
				break;
			case 'u':
				memcpy(hex, jp + 1, 4);
				c = (char)strtol(hex, NULL, 16);
				jp += 4;
				break;
			default:
				c = *jp;
			}
		}
		if (n + 1 < len)
			buf[n++] = c;
	}
	buf[n] = '\0';
	if (*jp != '"')
		jbad = true;
	else
		jp++;
}

static void add(const char *path, const char *ipath, const char *value,
		size_t vlen, enum vtype type)
{
	struct member *m;

	if (n_mem == MAX_MEMBERS) {
		jbad = true;
		return;
	}
	m = &mem[n_mem++];
	/* a dump's list of objects: each object's members as its own */
	if (!strncmp(path, "[].", 3))
		path += 3;
	snprintf(m->path, sizeof(m->path), "%s", path);
	snprintf(m->ipath, sizeof(m->ipath), "%s", ipath);
	snprintf(m->value, sizeof(m->value), "%.*s", (int)vlen, value);
	m->type = type;
}

static void jvalue(const char *path, const char *ipath)
{
	char key[128], sub[256], isub[256], str[1024];
	const char *start;
	unsigned int i;

	ws();
	if (*jp == '{') {
		jp++;
		ws();
		while (*jp && *jp != '}' && !jbad) {
			jstring(key, sizeof(key));
			ws();
			if (*jp++ != ':') {
				jbad = true;
				return;
			}
			snprintf(sub, sizeof(sub), "%s%s%s", path,
				 *path ? "." : "", key);
			snprintf(isub, sizeof(isub), "%s%s%s", ipath,
				 *ipath ? "." : "", key);
			jvalue(sub, isub);
			ws();
			if (*jp == ',')
				jp++;
			ws();
		}
		if (*jp++ != '}')
			jbad = true;
	} else if (*jp == '[') {
		jp++;
		ws();
		snprintf(sub, sizeof(sub), "%s[]", path);
		for (i = 0; *jp && *jp != ']' && !jbad; i++) {
			snprintf(isub, sizeof(isub), "%s[%u]", ipath, i);
			jvalue(sub, isub);
			ws();
			if (*jp == ',')
				jp++;
			ws();
		}
		if (*jp++ != ']')
			jbad = true;
	} else if (*jp == '"') {
		jstring(str, sizeof(str));
		add(path, ipath, str, strlen(str), V_STR);
	} else if (!strncmp(jp, "true", 4) || !strncmp(jp, "false", 5)) {
		add(path, ipath, jp, *jp == 't' ? 4 : 5, V_BOOL);
		jp += *jp == 't' ? 4 : 5;
	} else if (!strncmp(jp, "null", 4)) {
		add(path, ipath, jp, 4, V_NULL);
		jp += 4;
	} else {
		start = jp;
		while (*jp && strchr("-+.0123456789eE", *jp))
			jp++;
		if (jp == start)
			jbad = true;
		add(path, ipath, start, jp - start, V_NUM);
	}
}

/* Every document in @json. */
static bool flatten(const char *json)
{
	n_mem = 0;
	jbad = false;
	jp = json;
	ws();
	while (*jp && !jbad) {
		jvalue("", "");
		ws();
	}
	return !jbad;
}

/* ---- the checks ---- */

struct report {
	char *buf;
	size_t len, used;
	bool ok;
};

static void say(struct report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void say(struct report *r, const char *fmt, ...)
{
	va_list ap;

	r->ok = false;
	if (r->used >= r->len)
		return;
	va_start(ap, fmt);
	r->used += vsnprintf(r->buf + r->used, r->len - r->used, fmt, ap);
	va_end(ap);
}

/* a stretch of the text */
struct span {
	const char *lo, *hi;
};

static const char *find(struct span s, const char *needle)
{
	return memmem(s.lo, s.hi - s.lo, needle, strlen(needle));
}

/* @fmt with @value for its %s */
static void fill(char *buf, size_t len, const char *fmt, const char *value)
{
	const char *s = strstr(fmt, "%s");
	size_t pre = s - fmt, vl = strlen(value), sl = strlen(s + 2);

	/* too long for @buf: a text nothing has */
	if (pre + vl + sl + 1 > len) {
		snprintf(buf, len, "\1");
		return;
	}
	memcpy(buf, fmt, pre);
	memcpy(buf + pre, value, vl);
	memcpy(buf + pre + vl, s + 2, sl + 1);
}

/*
 * Whether @s shows @fmt's member at all: the words before its value,
 * then a value, then on the same line the words after it.
 */
static bool shown(struct span s, const char *fmt)
{
	const char *pct = strstr(fmt, "%s"), *suf = pct + 2, *p, *v, *e;
	size_t pre = pct - fmt, sl = strlen(suf);

	for (p = s.lo; p < s.hi; p++) {
		if (!pre) {
			/* the words after a value alone */
			if (!sl)
				return true;
			if (p > s.lo && p[-1] != ' ' && p[-1] != '\n' &&
			    (size_t)(s.hi - p) >= sl && !strncmp(p, suf, sl))
				return true;
			continue;
		}
		if ((size_t)(s.hi - p) < pre || strncmp(p, fmt, pre))
			continue;
		v = p + pre;
		if (!sl) {
			if (v < s.hi && *v != ' ' && *v != '\n')
				return true;
			continue;
		}
		for (e = v; e < s.hi && *e != '\n' &&
			    ((size_t)(s.hi - e) < sl || strncmp(e, suf, sl)); e++)
			;
		if (e > v && (size_t)(s.hi - e) >= sl && !strncmp(e, suf, sl))
			return true;
	}
	return false;
}

/*
 * The JSON's value as the row's text writes it; false when the row does
 * not write it (null, or a boolean's value the text leaves unsaid).
 */
static bool text_value(const struct row *rw, const struct member *m,
		       char *buf, size_t len)
{
	unsigned long long v = strtoull(m->value, NULL, 10);
	char *p;

	if (m->type == V_NULL)
		return false;
	if (m->type == V_BOOL && rw->words)
		snprintf(buf, len, "%s", rw->words[m->value[0] == 't']);
	else if (rw->conv == C_US)
		snprintf(buf, len, "%llu.%03llu", v / 1000, v % 1000);
	else if (rw->conv == C_US_MS)
		snprintf(buf, len, "%llu.%llu", (v + 50) / 1000,
			 (v + 50) / 100 % 10);
	else if (rw->conv == C_PLUS && m->value[0] != '-')
		snprintf(buf, len, "+%s", m->value);
	else
		snprintf(buf, len, "%s", m->value);
	if (rw->conv == C_SPACES)
		for (p = buf; (p = strchr(p, '-'));)
			*p = ' ';
	return buf[0] != '\0';
}

static const struct table *table_of(const char *obj)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(tables); i++)
		if (!strcmp(tables[i].obj, obj))
			return &tables[i];
	return NULL;
}

/* what the row expects in @s of member @m; false: nothing to look for */
static bool expect(const struct row *rw, const struct member *m,
		   const char *text, char *want, size_t len)
{
	char val[1088];

	if (!rw->text || (rw->when && !strstr(text, rw->when)) ||
	    !text_value(rw, m, val, sizeof(val)))
		return false;
	fill(want, len, rw->text, val);
	return true;
}

static struct span whole_of(const char *text)
{
	return (struct span){ text, text + strlen(text) };
}

/* @s, or the whole text for a row away from its element, past its header */
static struct span row_span(const struct row *rw, const char *text,
			    struct span s)
{
	const char *a;

	if (rw->whole)
		s = whole_of(text);
	if (!rw->after)
		return s;
	a = strstr(text, rw->after);
	if (!a)
		return (struct span){ s.hi, s.hi };
	a += strlen(rw->after);
	if (s.lo < a)
		s.lo = a < s.hi ? a : s.hi;
	return s;
}

static struct span scope(const struct table *t, const char *text,
			 const char *ipath);

/*
 * Where element @k of the list @list (an ipath, "priorities") first
 * shows in @s: the first of its own members the text has.
 */
static const char *anchor(const struct table *t, const char *text,
			  const char *list, unsigned int k, struct span s)
{
	char prefix[192], want[2048];
	const struct row *rw;
	const char *at, *rest;
	unsigned int i, j, r;
	size_t pl;

	pl = snprintf(prefix, sizeof(prefix), "%s[%u].", list, k);
	for (i = 0; i < n_mem; i++) {
		if (strncmp(mem[i].ipath, prefix, pl))
			continue;
		rest = mem[i].ipath + pl;
		if (strchr(rest, '.') || strchr(rest, '['))
			continue;
		for (r = 0; t->rows[r]; r++)
			for (j = 0; t->rows[r][j].path; j++) {
				rw = &t->rows[r][j];
				if (rw->whole || strcmp(rw->path, mem[i].path) ||
				    !expect(rw, &mem[i], text, want, sizeof(want)))
					continue;
				at = find(row_span(rw, text, s), want);
				if (at)
					return at;
			}
	}
	return NULL;
}

/* Whether the list @list has an element @k. */
static bool has_element(const char *list, unsigned int k)
{
	char prefix[192];
	unsigned int i;
	size_t pl;

	pl = snprintf(prefix, sizeof(prefix), "%s[%u]", list, k);
	for (i = 0; i < n_mem; i++)
		if (!strncmp(mem[i].ipath, prefix, pl) &&
		    (mem[i].ipath[pl] == '.' || !mem[i].ipath[pl]))
			return true;
	return false;
}

/*
 * The stretch of the text a member at @ipath is looked for in: its
 * element's, within its list's element's, and so on; the whole text
 * for a member of no element, or of one the text does not show.
 */
static struct span scope(const struct table *t, const char *text,
			 const char *ipath)
{
	char list[192];
	const char *dot, *br, *at, *next = NULL;
	struct span outer, s;
	unsigned int n, k;

	/* the element: up to the last "]." (or to the end: "[n]") */
	dot = NULL;
	for (br = ipath; (br = strstr(br, "]")); br++)
		if (br[1] == '.' || !br[1])
			dot = br;
	if (!dot)
		return whole_of(text);
	for (br = dot; br > ipath && *br != '['; br--)
		;
	snprintf(list, sizeof(list), "%.*s", (int)(br - ipath), ipath);
	n = strtoul(br + 1, NULL, 10);
	outer = scope(t, text, list);
	s = outer;
	at = NULL;
	for (k = 0; has_element(list, k); k++) {
		next = anchor(t, text, list, k, s);
		if (!next)
			continue;
		if (k == n)
			at = next;
		else if (k > n && at)
			break;
		s.lo = next + 1;
		next = NULL;
	}
	if (!at)
		return outer;
	return (struct span){ at, next ? next : outer.hi };
}

/*
 * Each member: a row; and where one of its rows' words are in its
 * stretch of the text, one such row with the member's value.
 */
static void check_members(const struct table *t, const char *text,
			  struct report *r, unsigned int n[2])
{
	bool any, seen, ok;
	const struct row *rw;
	unsigned int i, j, k;
	char want[2048];
	struct span s;

	for (i = 0; i < n_mem; i++) {
		any = false;
		seen = false;
		ok = false;
		s = scope(t, text, mem[i].ipath);
		for (k = 0; t->rows[k]; k++) {
			for (j = 0; t->rows[k][j].path; j++) {
				rw = &t->rows[k][j];
				if (strcmp(rw->path, mem[i].path))
					continue;
				any = true;
				if (!expect(rw, &mem[i], text, want, sizeof(want)))
					continue;
				if (!shown(row_span(rw, text, s), rw->text))
					continue;
				seen = true;
				ok |= find(row_span(rw, text, s), want) != NULL;
			}
		}
		if (!any)
			say(r, "JSON member %s (%s) has no row: where does the text show it?\n",
			    mem[i].ipath, mem[i].value);
		else if (seen && !ok)
			say(r, "JSON member %s is %s, not what the text shows\n",
			    mem[i].ipath, mem[i].value);
		n[0]++;
		n[1] += seen;
	}
}

/* The text's word before a row's %s: "detect-ms" of "detect-ms %s". */
static bool row_word(const char *fmt, char *word, size_t len)
{
	const char *s = strstr(fmt, "%s"), *b;

	if (!s || s == fmt || s[-1] != ' ')
		return false;
	for (b = s - 1; b > fmt && b[-1] != ' ' && b[-1] != '('; b--)
		;
	snprintf(word, len, "%.*s", (int)(s - 1 - b), b);
	return word[0] >= 'a' && word[0] <= 'z';
}

/* Whether @word names a member this JSON has, or is the text's alone. */
static bool word_known(const struct table *t, const char *word)
{
	char w[64];
	unsigned int i, j, k;

	for (i = 0; t->text_only && t->text_only[i]; i++)
		if (!strcmp(t->text_only[i], word))
			return true;
	for (k = 0; t->rows[k]; k++)
		for (j = 0; t->rows[k][j].path; j++) {
			if (!t->rows[k][j].text ||
			    !row_word(t->rows[k][j].text, w, sizeof(w)) ||
			    strcmp(w, word))
				continue;
			for (i = 0; i < n_mem; i++)
				if (!strcmp(t->rows[k][j].path, mem[i].path))
					return true;
		}
	return false;
}

static bool is_word(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
	       c == '_' || c == '\'';
}

/*
 * Each "word NUMBER" of the text: a member's word, or the text's own.
 * The sentences the JSON carries whole (a why, a command) are checked
 * as members, so their words are left out here.
 */
static void check_words(const struct table *t, const char *text,
			struct report *r, unsigned int *checked)
{
	char word[64], *copy, *s;
	const char *p, *e;
	unsigned int i;
	size_t n;

	copy = strdup(text);
	if (!copy)
		exit(2);
	for (i = 0; i < n_mem; i++) {
		n = strlen(mem[i].value);
		if (mem[i].type != V_STR || n < 16)
			continue;
		for (s = copy; (s = strstr(s, mem[i].value)); s += n)
			memset(s, ' ', n);
	}
	for (p = copy; *p; p++) {
		if (*p < 'a' || *p > 'z' || (p > copy && is_word(p[-1])))
			continue;
		for (e = p; is_word(*e); e++)
			;
		if (e[0] != ' ' || !((e[1] >= '0' && e[1] <= '9') ||
				     ((e[1] == '-' || e[1] == '+') &&
				      e[2] >= '0' && e[2] <= '9')))
			continue;
		snprintf(word, sizeof(word), "%.*s", (int)(e - p), p);
		(*checked)++;
		if (!word_known(t, word))
			say(r, "the text's \"%s %.*s\" is no member of the JSON\n",
			    word, (int)strcspn(e + 1, " \n"), e + 1);
		p = e;
	}
	free(copy);
}

bool agree(const char *obj, const char *text, const char *json, char *why,
	   size_t len, unsigned int n[3])
{
	struct report r = { why, len, 0, true };
	const struct table *t = table_of(obj);

	why[0] = '\0';
	if (!t) {
		say(&r, "no table for %s\n", obj);
		return false;
	}
	if (!flatten(json)) {
		say(&r, "the JSON does not parse\n");
		return false;
	}
	check_members(t, text, &r, n);
	check_words(t, text, &r, &n[2]);
	return r.ok;
}
