// SPDX-License-Identifier: GPL-2.0
/*
 * The pure-logic files again, for the KUnit module: Kbuild does not let one
 * object belong to two modules, so the test module compiles its own copy.
 */
#include "../lib/hdrm_wire.c"
#include "../lib/hdrm_stats.c"
#include "../lib/hdrm_calc.c"
#include "../lib/hdrm_derive.c"
#include "../lib/hdrm_drivers.c"
#include "../lib/hdrm_apply.c"
#include "../lib/hdrm_ctl.c"
#include "../lib/hdrm_lldp.c"
#include "../lib/hdrm_samples.c"
#include "../lib/hdrm_model.c"
#include "../lib/hdrm_sim.c"
#include "../lib/hdrm_wd.c"
#include "../lib/hdrm_ptp.c"
#include "../lib/hdrm_stream.c"
#include "../lib/hdrm_response.c"
