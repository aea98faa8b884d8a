/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the pure-logic files (every kmod/lib/hdrm_*.c) need, in the kernel
 * and in user space alike. They do no I/O and include nothing else, so the
 * module, its KUnit suites and the tool compile the same code. The
 * user-space side is hdrm_compat_user.h beside it.
 */
#ifndef _HDRM_COMPAT_H
#define _HDRM_COMPAT_H

/*
 * The one name for the eight 802.1Q priorities (the PFC class-enable
 * vector's bits, IEEE_8021QAZ_MAX_TCS in dcbnl) and for the eight buffers
 * of the dcbnl buffer interface (DCBX_MAX_BUFFERS), shared by the module's
 * pure code, the module and the tool.
 */
#define HDRM_PRIOS	8
#define HDRM_BUFFERS	8

#ifdef __KERNEL__

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/types.h>
#ifdef HDRM_HAVE_LINUX_UNALIGNED	/* set by Kbuild: 6.12 moved it */
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#else
#include "hdrm_compat_user.h"
#endif /* __KERNEL__ */
#endif /* _HDRM_COMPAT_H */
