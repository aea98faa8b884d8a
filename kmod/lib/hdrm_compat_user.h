/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel helpers kmod/lib/hdrm_*.c use, for user space: the tool and its
 * unit tests compile those files unchanged through kmod/lib/hdrm_compat.h.
 */
#ifndef _HDRM_COMPAT_USER_H
#define _HDRM_COMPAT_USER_H

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef static_assert
#define static_assert _Static_assert
#endif

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t s32;
typedef int64_t s64;

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif
#define DIV_ROUND_UP_ULL(n, d)	(((unsigned long long)(n) + (d) - 1) / (d))
#define U32_MAX			((u32)~0U)
#define U64_MAX			((u64)~0ULL)
#define S64_MAX			((s64)(U64_MAX >> 1))
#define BIT(n)			(1UL << (n))
#define BIT_ULL(n)		(1ULL << (n))
#define __printf(a, b)		__attribute__((format(printf, a, b)))

static inline u64 div64_u64(u64 a, u64 b)
{
	return a / b;
}

static inline s64 div64_s64(s64 a, s64 b)
{
	return a / b;
}

static inline u16 get_unaligned_be16(const void *p)
{
	const u8 *b = p;

	return (u16)(b[0] << 8 | b[1]);
}

static inline u32 get_unaligned_be32(const void *p)
{
	const u8 *b = p;

	return (u32)b[0] << 24 | (u32)b[1] << 16 | (u32)b[2] << 8 | b[3];
}

static inline u64 get_unaligned_be64(const void *p)
{
	const u8 *b = p;

	return (u64)get_unaligned_be32(b) << 32 | get_unaligned_be32(b + 4);
}

static inline void put_unaligned_be16(u16 v, void *p)
{
	u8 *b = p;

	b[0] = v >> 8;
	b[1] = v;
}

static inline void put_unaligned_be32(u32 v, void *p)
{
	u8 *b = p;

	b[0] = v >> 24;
	b[1] = v >> 16;
	b[2] = v >> 8;
	b[3] = v;
}

static inline void put_unaligned_be64(u64 v, void *p)
{
	u8 *b = p;

	put_unaligned_be32(v >> 32, b);
	put_unaligned_be32((u32)v, b + 4);
}

/* The kernel's int_sqrt64(): floor(sqrt(x)), bit by bit. */
static inline u32 int_sqrt64(u64 x)
{
	u64 b, m, y = 0;

	if (x <= 1)
		return (u32)x;
	m = 1ULL << 62;
	while (m > x)
		m >>= 2;
	while (m) {
		b = y + m;
		y >>= 1;
		if (x >= b) {
			x -= b;
			y += m;
		}
		m >>= 2;
	}
	return (u32)y;
}

static inline void sort(void *base, size_t num, size_t size,
			int (*cmp)(const void *, const void *),
			void (*swap)(void *, void *, int))
{
	(void)swap;
	qsort(base, num, size, cmp);
}

#endif /* _HDRM_COMPAT_USER_H */
