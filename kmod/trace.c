// SPDX-License-Identifier: GPL-2.0
/*
 * The module's tracepoints (kmod/trace.h), instantiated once here.
 */
#define CREATE_TRACE_POINTS
#include "trace.h"
