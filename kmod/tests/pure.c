// SPDX-License-Identifier: GPL-2.0
/*
 * The pure-logic files again, for the KUnit module: Kbuild does not let one
 * object belong to two modules, so the test module compiles its own copy.
 */
#include "../hdrm_wire.c"
#include "../hdrm_stats.c"
#include "../hdrm_calc.c"
#include "../hdrm_apply.c"
#include "../hdrm_ctl.c"
#include "../hdrm_lldp.c"
