// SPDX-License-Identifier: GPL-2.0
/*
 * A batch file's line split into words as iproute2 reads its own batch
 * files (ip -b, dcb -b): no I/O, so that the unit tests hold it to its
 * rules. dcb-hdrm.c reads the file and runs the words.
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "batch.h"

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* 0, or the length of a backslash that ends its line: "\\\n", "\\\r\n" */
static size_t continuation(const char *p)
{
	if (p[0] != '\\')
		return 0;
	if (p[1] == '\0' || p[1] == '\n')
		return 1 + (p[1] == '\n');
	if (p[1] == '\r' && (p[2] == '\0' || p[2] == '\n'))
		return 2 + (p[2] == '\n');
	return 0;
}

/**
 * hdrm_batch_split() - a batch line's words
 * @text: the line, with the lines its continuations joined to it
 * @buf: room for the words, at least as long as @text with its NUL
 * @argv: set to the words, which are in @buf
 * @max: room in @argv
 * @why: set to what is wrong when the line is refused
 *
 * Words are split at blanks. A word that starts with '#' starts a
 * comment that runs to the end of the line. A word that starts with '"'
 * or '\'' runs to the same quote, blanks and '#' included, and ends
 * there; it may be empty. A backslash at the end of a line continues the
 * command on the next line, as a blank would. Anything else, a '#' or a
 * quote within a word among them, is itself.
 *
 * Return: the number of words; HDRM_BATCH_MORE when @text ends with a
 * continuation (append the next line and split again); -EINVAL or
 * -E2BIG, with @why, when the line is refused.
 */
int hdrm_batch_split(const char *text, char *buf, char **argv, int max,
		     const char **why)
{
	const char *p = text;
	char *o = buf, quote;
	size_t c;
	int argc = 0;

	for (;;) {
		for (;;) {
			if (is_blank(*p)) {
				p++;
				continue;
			}
			c = continuation(p);
			if (!c)
				break;
			p += c;
			if (!*p)
				return HDRM_BATCH_MORE;
		}
		if (!*p || *p == '#')
			return argc;
		if (argc == max) {
			*why = "more words than a command takes";
			return -E2BIG;
		}
		argv[argc++] = o;
		if (*p == '"' || *p == '\'') {
			quote = *p++;
			while (*p && *p != quote && *p != '\n')
				*o++ = *p++;
			if (*p != quote) {
				*why = quote == '"' ? "a \" quote is not closed on its line" :
						      "a ' quote is not closed on its line";
				return -EINVAL;
			}
			p++;
			if (*p && !is_blank(*p) && !continuation(p)) {
				*why = "a quoted word runs on after its closing quote";
				return -EINVAL;
			}
		} else {
			while (*p && !is_blank(*p) && !continuation(p))
				*o++ = *p++;
		}
		*o++ = '\0';
	}
}

/**
 * hdrm_batch_names_dev() - whether a batch command is about one device
 * @argc: the command's number of words, its object first
 * @argv: the words, as hdrm_batch_split() gave them
 * @dev: the device's name
 *
 * A command names its device with the keyword "dev" and the name after
 * it: "dev set dev eth0 ...", "measure dev eth0", "watchdog set dev eth0
 * ...". The object is not the keyword ("dev show dev eth0"), and only
 * the first keyword counts: the commands refuse a second. The keyword
 * is matched whole, as the shipped file and the man page write it.
 *
 * Return: true when the word after the first "dev" keyword is @dev.
 */
bool hdrm_batch_names_dev(int argc, char *const *argv, const char *dev)
{
	int i;

	for (i = 1; i + 1 < argc; i++)
		if (!strcmp(argv[i], "dev"))
			return !strcmp(argv[i + 1], dev);
	return false;
}

/**
 * hdrm_ifname_valid() - whether a word can be a network device's name
 * @name: the word
 *
 * The kernel's own rule (dev_valid_name()): 1 to 15 characters, neither
 * "." nor "..", and no '/', ':' or blank.
 *
 * Return: true when it can.
 */
bool hdrm_ifname_valid(const char *name)
{
	size_t len = strlen(name);

	if (!len || len > HDRM_IFNAME_MAX || !strcmp(name, ".") ||
	    !strcmp(name, ".."))
		return false;
	for (; *name; name++)
		if (*name == '/' || *name == ':' || is_blank(*name) ||
		    *name == '\f' || *name == '\v')
			return false;
	return true;
}
