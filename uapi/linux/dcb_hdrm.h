/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/dcb_hdrm.yaml */
/* YNL-GEN uapi header */

#ifndef _UAPI_LINUX_DCB_HDRM_H
#define _UAPI_LINUX_DCB_HDRM_H

#define DCB_HDRM_FAMILY_NAME	"dcb_hdrm"
#define DCB_HDRM_FAMILY_VERSION	1

/**
 * enum dcb_hdrm_caps - What this build of the module can do.
 * @DCB_HDRM_CAPS_REFLECT: Answers measurement requests received from a peer.
 * @DCB_HDRM_CAPS_MEASURE: Sends measurement probes and estimates the round
 *   trip.
 */
enum dcb_hdrm_caps {
	DCB_HDRM_CAPS_REFLECT = 1,
	DCB_HDRM_CAPS_MEASURE = 2,
};

/**
 * enum dcb_hdrm_dcb_ops - Which DCB operations the device's driver implements.
 * @DCB_HDRM_DCB_OPS_IEEE_PFC: IEEE 802.1Qbb PFC get and set (ieee_getpfc,
 *   ieee_setpfc).
 * @DCB_HDRM_DCB_OPS_IEEE_ETS: IEEE 802.1Qaz ETS get and set (ieee_getets,
 *   ieee_setets).
 * @DCB_HDRM_DCB_OPS_BUFFER: Port buffer get and set (dcbnl_getbuffer,
 *   dcbnl_setbuffer).
 * @DCB_HDRM_DCB_OPS_DCBX: DCBX mode get and set (getdcbx, setdcbx).
 */
enum dcb_hdrm_dcb_ops {
	DCB_HDRM_DCB_OPS_IEEE_PFC = 1,
	DCB_HDRM_DCB_OPS_IEEE_ETS = 2,
	DCB_HDRM_DCB_OPS_BUFFER = 4,
	DCB_HDRM_DCB_OPS_DCBX = 8,
};

/**
 * enum dcb_hdrm_encap - How measurement frames are carried.
 * @DCB_HDRM_ENCAP_MACCTL: MAC control frame: EtherType 0x8808 to
 *   01-80-C2-00-00-01, the PFC frame's own encapsulation.
 * @DCB_HDRM_ENCAP_ETHER: EtherType 0x88B5 (IEEE local experimental) to
 *   01-80-C2-00-00-0E, for NICs whose MAC consumes received MAC control
 *   frames.
 * @DCB_HDRM_ENCAP_AUTO: The capability request goes out in both; the
 *   measurement uses MAC control when the peer answers that one, else 0x88B5
 *   when it answers that one within the request's interval (100 ms). The
 *   default. A result says which it used.
 */
enum dcb_hdrm_encap {
	DCB_HDRM_ENCAP_MACCTL,
	DCB_HDRM_ENCAP_ETHER,
	DCB_HDRM_ENCAP_AUTO,
};

/**
 * enum dcb_hdrm_mode - How the round trip is computed from the timestamps.
 * @DCB_HDRM_MODE_4TS: t = (t4 - t1) - (t3 - t2); the peer stamps t2 and t3.
 * @DCB_HDRM_MODE_2TS: t = t4 - t1; the peer loops the frame back without
 *   stamps.
 */
enum dcb_hdrm_mode {
	DCB_HDRM_MODE_4TS,
	DCB_HDRM_MODE_2TS,
};

/**
 * enum dcb_hdrm_method - Which exchange takes a measurement's four timestamps
 *   (t1 to t4 of US 2025/0267110 A1, paragraph [0046]).
 * @DCB_HDRM_METHOD_AUTO: The capability exchange first: a peer that runs
 *   dcb_hdrm with the auto-HDRM bit is measured with hdrm; one that does not
 *   answer it, or answers with the bit clear, with pdelay. The default.
 * @DCB_HDRM_METHOD_HDRM: dcb_hdrm's own measurement frames; the peer runs
 *   dcb_hdrm.
 * @DCB_HDRM_METHOD_PDELAY: IEEE 1588 peer delay over Ethernet (Pdelay_Req,
 *   Pdelay_Resp and Pdelay_Resp_Follow_Up to 01-80-C2-00-00-0E, EtherType
 *   0x88F7), which a switch port or ptp4l -P answers. Nothing is pushed to
 *   such a peer.
 * @DCB_HDRM_METHOD_PTP4L: The peer delay a ptp4l running P2P on the device has
 *   measured already (its PORT_DATA_SET's peerMeanPathDelay), read by the
 *   requester over ptp4l's management socket and given in peer-delay: no frame
 *   of dcb_hdrm's goes out.
 */
enum dcb_hdrm_method {
	DCB_HDRM_METHOD_AUTO,
	DCB_HDRM_METHOD_HDRM,
	DCB_HDRM_METHOD_PDELAY,
	DCB_HDRM_METHOD_PTP4L,
};

/**
 * enum dcb_hdrm_estimator - Which statistic of the samples the headroom is
 *   computed from.
 */
enum dcb_hdrm_estimator {
	DCB_HDRM_ESTIMATOR_MIN,
	DCB_HDRM_ESTIMATOR_MEDIAN,
	DCB_HDRM_ESTIMATOR_MAX,
};

/**
 * enum dcb_hdrm_timestamping - Where a result's timestamps came from: the
 *   weakest source any accepted probe used.
 * @DCB_HDRM_TIMESTAMPING_SOFTWARE: The host's clock: the driver's software
 *   timestamps, or the module's own clock reads where the driver gives none.
 * @DCB_HDRM_TIMESTAMPING_HARDWARE: The NICs' clocks, at both ends, for all
 *   four timestamps.
 */
enum dcb_hdrm_timestamping {
	DCB_HDRM_TIMESTAMPING_SOFTWARE,
	DCB_HDRM_TIMESTAMPING_HARDWARE,
};

/**
 * enum dcb_hdrm_ts_mode - Which timestamps a measurement asks for.
 * @DCB_HDRM_TS_MODE_AUTO: Hardware where this device and the peer both can
 *   (the capability exchange says whether the peer can), else software. The
 *   default.
 * @DCB_HDRM_TS_MODE_HARDWARE: Hardware timestamps at both ends; a probe
 *   without them is not counted, and a measurement with none ends
 *   no-hw-timestamps.
 * @DCB_HDRM_TS_MODE_SOFTWARE: The drivers' software timestamps (what ptp4l -S
 *   uses), else the module's clock reads; never the NIC's clock.
 * @DCB_HDRM_TS_MODE_HOOK: Only the module's own clock reads at its receive
 *   hook and before its transmit: the behaviour before timestamps at the wire,
 *   kept for comparison.
 */
enum dcb_hdrm_ts_mode {
	DCB_HDRM_TS_MODE_AUTO,
	DCB_HDRM_TS_MODE_HARDWARE,
	DCB_HDRM_TS_MODE_SOFTWARE,
	DCB_HDRM_TS_MODE_HOOK,
};

/**
 * enum dcb_hdrm_precision_source - Where a result's precision came from.
 * @DCB_HDRM_PRECISION_SOURCE_OVERRIDE: The device's precision-override.
 * @DCB_HDRM_PRECISION_SOURCE_HARDWARE: The coarser of the two ends' hardware
 *   timestamp resolutions (the driver table in Documentation/design.rst, or
 *   the peer's word).
 * @DCB_HDRM_PRECISION_SOURCE_SAMPLES: Software timestamps: the round trips'
 *   standard deviation, at least the clock's 1 ns.
 */
enum dcb_hdrm_precision_source {
	DCB_HDRM_PRECISION_SOURCE_OVERRIDE,
	DCB_HDRM_PRECISION_SOURCE_HARDWARE,
	DCB_HDRM_PRECISION_SOURCE_SAMPLES,
};

/**
 * enum dcb_hdrm_status - How a measurement ended.
 * @DCB_HDRM_STATUS_OK: Replies arrived and the headroom was computed.
 * @DCB_HDRM_STATUS_NO_REPLY: The peer never answered before the timeout.
 * @DCB_HDRM_STATUS_DEV_GONE: The device went away during the measurement.
 * @DCB_HDRM_STATUS_LINK_DOWN: The device lost carrier or stopped during the
 *   measurement.
 * @DCB_HDRM_STATUS_ABORTED: The module was unloaded during the measurement.
 * @DCB_HDRM_STATUS_NO_SPEED: Replies arrived, but the link speed is unknown
 *   and no override is set, so no headroom could be computed.
 * @DCB_HDRM_STATUS_PEER_NO_CAP: The peer answered the capability request
 *   without the buffer-configuration field: it does not support automatic
 *   headroom configuration (or has it off). No probe was sent.
 * @DCB_HDRM_STATUS_PEER_SILENT: The peer did not answer the capability
 *   request: no module, or no link. No probe was sent.
 * @DCB_HDRM_STATUS_CANCELLED: The socket that started the measurement (with
 *   owned) closed before it ended.
 * @DCB_HDRM_STATUS_FOREIGN: A second responder answered: a capability reply or
 *   a probe's reply came from another address than the responder this end
 *   negotiated with (something in the middle of the link, such as a bridge,
 *   answers too). The measurement ends rather than mix two round trips.
 * @DCB_HDRM_STATUS_NO_HW_TIMESTAMPS: Hardware timestamps were asked for
 *   (ts-mode hardware) and no probe had them at both ends.
 */
enum dcb_hdrm_status {
	DCB_HDRM_STATUS_OK,
	DCB_HDRM_STATUS_NO_REPLY,
	DCB_HDRM_STATUS_DEV_GONE,
	DCB_HDRM_STATUS_LINK_DOWN,
	DCB_HDRM_STATUS_ABORTED,
	DCB_HDRM_STATUS_NO_SPEED,
	DCB_HDRM_STATUS_PEER_NO_CAP,
	DCB_HDRM_STATUS_PEER_SILENT,
	DCB_HDRM_STATUS_CANCELLED,
	DCB_HDRM_STATUS_FOREIGN,
	DCB_HDRM_STATUS_NO_HW_TIMESTAMPS,
};

/**
 * enum dcb_hdrm_apply - What the module writes to the driver after a
 *   measurement.
 * @DCB_HDRM_APPLY_NONE: Report only; write nothing.
 * @DCB_HDRM_APPLY_DELAY: The PFC delay allowance (ieee_pfc.delay through
 *   ieee_setpfc): (t + 2 x precision) x speed, in the unit the driver reads.
 * @DCB_HDRM_APPLY_BUFFER: The lossless buffers' sizes (dcbnl_setbuffer): each
 *   buffer a PFC-enabled priority maps to holds that priority's headroom.
 * @DCB_HDRM_APPLY_AUTO: buffer when the driver has buffer operations, else
 *   delay.
 */
enum dcb_hdrm_apply {
	DCB_HDRM_APPLY_NONE,
	DCB_HDRM_APPLY_DELAY,
	DCB_HDRM_APPLY_BUFFER,
	DCB_HDRM_APPLY_AUTO,
};

/**
 * enum dcb_hdrm_delay_unit - How the driver reads ieee_pfc.delay.
 * @DCB_HDRM_DELAY_UNIT_AUTO: Metres for drivers known to read metres
 *   (mlx5_core), bits for every other driver.
 * @DCB_HDRM_DELAY_UNIT_BITS: Bit times, as include/uapi/linux/dcbnl.h defines
 *   it.
 * @DCB_HDRM_DELAY_UNIT_METRES: Metres of cable, 1..999 (mlx5).
 */
enum dcb_hdrm_delay_unit {
	DCB_HDRM_DELAY_UNIT_AUTO,
	DCB_HDRM_DELAY_UNIT_BITS,
	DCB_HDRM_DELAY_UNIT_METRES,
};

/**
 * enum dcb_hdrm_model - Whose arithmetic turns the dcbnl values into a
 *   headroom (Documentation/drivers.rst).
 * @DCB_HDRM_MODEL_AUTO: Chosen from the driver's name: mlx5 for mlx5_core,
 *   mlxsw for mlxsw_spectrum*, none for the other in-tree drivers with DCB
 *   operations (Documentation/drivers.rst), generic for every other. Never
 *   reported as the model in use.
 * @DCB_HDRM_MODEL_GENERIC: The uAPI's meaning: ieee_pfc.delay is the round
 *   trip's allowance in bits (the driver adds the frames), a lossless buffer's
 *   size is its headroom.
 * @DCB_HDRM_MODEL_MLX5: mlx5_core: the delay is a cable length in metres, xoff
 *   = (301 + 2.16 x metres) x max(Gb/s, 40) + 2.72 x MTU bytes sits above the
 *   XOFF point, and a lossless buffer holds at least xoff + max(max_mtu, 9216)
 *   + one cell.
 * @DCB_HDRM_MODEL_MLXSW: Spectrum: the delay is in bits; a lossless buffer
 *   holds 2 x cells(delay bytes) + cells(MTU) above its threshold, twice that
 *   on 8-lane ports; buffer sizes are the driver's own.
 * @DCB_HDRM_MODEL_NONE: The driver reads neither the delay nor buffer sizes:
 *   nothing the module writes changes its headroom, so it writes nothing.
 */
enum dcb_hdrm_model {
	DCB_HDRM_MODEL_AUTO,
	DCB_HDRM_MODEL_GENERIC,
	DCB_HDRM_MODEL_MLX5,
	DCB_HDRM_MODEL_MLXSW,
	DCB_HDRM_MODEL_NONE,
};

/**
 * enum dcb_hdrm_apply_rule - The driver's rule that refused, or cut, a write.
 * @DCB_HDRM_APPLY_RULE_NONE: Nothing was refused or cut.
 * @DCB_HDRM_APPLY_RULE_SHORT: The write would leave less headroom than
 *   measured: rule-have is what the model says the driver would get, rule-need
 *   the measured headroom (bytes).
 * @DCB_HDRM_APPLY_RULE_BELOW_FLOOR: mlx5: buffer rule-buffer would be
 *   rule-have bytes, below the driver's floor rule-need = xoff + max(max_mtu,
 *   9216) + one cell.
 * @DCB_HDRM_APPLY_RULE_NO_ROOM: The buffers would need rule-need bytes of a
 *   total that leaves rule-have for them.
 * @DCB_HDRM_APPLY_RULE_TC_MODE_ONLY: mlxsw: dcbnl_setbuffer is taken only when
 *   the port's egress is configured by tc; in its DCB mode the driver sizes
 *   the buffers from the PFC delay.
 * @DCB_HDRM_APPLY_RULE_CLAMPED_FLOOR: The smallest value the field takes
 *   already gives more than measured: the driver's own floor decides
 *   (rule-have bytes for rule-need measured).
 * @DCB_HDRM_APPLY_RULE_CLAMPED_CEILING: The largest value the field takes
 *   gives less than measured (rule-have bytes for rule-need): the driver's
 *   ceiling decides. mlx5 and mlxsw: auto is refused, nothing written;
 *   generic: auto writes the cut value.
 * @DCB_HDRM_APPLY_RULE_NO_MODEL: The model in use is none.
 * @DCB_HDRM_APPLY_RULE_FIRMWARE_OWNED: mlx5: its buffers may be the
 *   firmware's, and then a cable length is stored but moves no XOFF point;
 *   taking them needs a dcbnl_setbuffer that changes a size, and no lossless
 *   buffer can move by a cell (rule-buffer) within the total and above its
 *   floor. rule-need is the measured headroom.
 * @DCB_HDRM_APPLY_RULE_TC_MODE: mlxsw: the port is in TC mode (an offloaded
 *   root qdisc), where the driver ignores the PFC delay; the buffers are tc's
 *   and dcb buffer set's to size.
 */
enum dcb_hdrm_apply_rule {
	DCB_HDRM_APPLY_RULE_NONE,
	DCB_HDRM_APPLY_RULE_SHORT,
	DCB_HDRM_APPLY_RULE_BELOW_FLOOR,
	DCB_HDRM_APPLY_RULE_NO_ROOM,
	DCB_HDRM_APPLY_RULE_TC_MODE_ONLY,
	DCB_HDRM_APPLY_RULE_CLAMPED_FLOOR,
	DCB_HDRM_APPLY_RULE_CLAMPED_CEILING,
	DCB_HDRM_APPLY_RULE_NO_MODEL,
	DCB_HDRM_APPLY_RULE_FIRMWARE_OWNED,
	DCB_HDRM_APPLY_RULE_TC_MODE,
};

/**
 * enum dcb_hdrm_cell_source - Where a measurement's buffer cell came from.
 * @DCB_HDRM_CELL_SOURCE_DEFAULT: Neither set nor known for the driver: one
 *   byte, frames packed perfectly.
 * @DCB_HDRM_CELL_SOURCE_DRIVER: The driver's own (the device's cell was left
 *   at 0).
 * @DCB_HDRM_CELL_SOURCE_SET: The device's cell, as dev set gave it.
 */
enum dcb_hdrm_cell_source {
	DCB_HDRM_CELL_SOURCE_DEFAULT,
	DCB_HDRM_CELL_SOURCE_DRIVER,
	DCB_HDRM_CELL_SOURCE_SET,
};

/**
 * enum dcb_hdrm_buffer_owner - mlx5: who the module knows to own the port
 *   buffers. The driver has no dcbnl call that says; only a dcbnl_setbuffer
 *   that changes a size or the map is known to make them software's
 *   (Documentation/drivers.rst).
 * @DCB_HDRM_BUFFER_OWNER_UNKNOWN: The firmware's, as on a port just up, unless
 *   some other program (dcb buffer set, mlnx_qos) has taken them since: a
 *   cable length may be stored without moving XOFF, so the effective headroom
 *   is not known.
 * @DCB_HDRM_BUFFER_OWNER_SOFTWARE: This module's own setbuffer took them (an
 *   apply on this device since the module was loaded): the driver acts on the
 *   cable length.
 */
enum dcb_hdrm_buffer_owner {
	DCB_HDRM_BUFFER_OWNER_UNKNOWN,
	DCB_HDRM_BUFFER_OWNER_SOFTWARE,
};

/**
 * enum dcb_hdrm_source - Where the headroom a device holds came from.
 * @DCB_HDRM_SOURCE_LOCAL: This end measured it.
 * @DCB_HDRM_SOURCE_PEER: The peer measured it and pushed it here.
 */
enum dcb_hdrm_source {
	DCB_HDRM_SOURCE_LOCAL,
	DCB_HDRM_SOURCE_PEER,
};

/**
 * enum dcb_hdrm_push_status - What the peer did with a pushed headroom.
 * @DCB_HDRM_PUSH_STATUS_PENDING: Sent; no answer yet.
 * @DCB_HDRM_PUSH_STATUS_APPLIED: The peer accepted the values and holds them
 *   (and wrote them to its DCB state when its apply mode asks for it).
 * @DCB_HDRM_PUSH_STATUS_REFUSED: The peer holds nothing new; the reason says
 *   why.
 * @DCB_HDRM_PUSH_STATUS_NO_ANSWER: The peer did not acknowledge the
 *   configuration frame.
 */
enum dcb_hdrm_push_status {
	DCB_HDRM_PUSH_STATUS_PENDING,
	DCB_HDRM_PUSH_STATUS_APPLIED,
	DCB_HDRM_PUSH_STATUS_REFUSED,
	DCB_HDRM_PUSH_STATUS_NO_ANSWER,
};

/**
 * enum dcb_hdrm_push_reason - Why a peer refused a pushed headroom.
 * @DCB_HDRM_PUSH_REASON_NONE: Not refused.
 * @DCB_HDRM_PUSH_REASON_POLICY: The peer does not accept pushes (accept-push
 *   off).
 * @DCB_HDRM_PUSH_REASON_NO_CAP: The peer has auto-hdrm off.
 * @DCB_HDRM_PUSH_REASON_BOUNDS: A value is outside the peer's bounds; prio,
 *   value and limit say which.
 * @DCB_HDRM_PUSH_REASON_APPLY_FAILED: The peer's driver refused the write;
 *   value is the errno.
 * @DCB_HDRM_PUSH_REASON_BUSY: The peer is measuring or applying; try again.
 * @DCB_HDRM_PUSH_REASON_SENDER_NO_CAP: The peer has no record of this end's
 *   auto-HDRM capability: the last capability request it had from this end, or
 *   this end's DCBX PFC TLV, had the bit clear.
 * @DCB_HDRM_PUSH_REASON_RATE: Stream answers only: the peer granted a stream
 *   less than a second ago; the answer's value is the milliseconds left to
 *   wait.
 */
enum dcb_hdrm_push_reason {
	DCB_HDRM_PUSH_REASON_NONE,
	DCB_HDRM_PUSH_REASON_POLICY,
	DCB_HDRM_PUSH_REASON_NO_CAP,
	DCB_HDRM_PUSH_REASON_BOUNDS,
	DCB_HDRM_PUSH_REASON_APPLY_FAILED,
	DCB_HDRM_PUSH_REASON_BUSY,
	DCB_HDRM_PUSH_REASON_SENDER_NO_CAP,
	DCB_HDRM_PUSH_REASON_RATE,
};

/**
 * enum dcb_hdrm_push_field - With reason bounds, which value the peer refused.
 * @DCB_HDRM_PUSH_FIELD_SPEED: The link speed the headroom was computed for,
 *   Mb/s.
 * @DCB_HDRM_PUSH_FIELD_RTT: The round trip, ns.
 * @DCB_HDRM_PUSH_FIELD_PRECISION: The timestamp precision, ns.
 * @DCB_HDRM_PUSH_FIELD_HEADROOM: One priority's headroom, bytes.
 * @DCB_HDRM_PUSH_FIELD_PRIOS: The priority mask (no priority).
 */
enum dcb_hdrm_push_field {
	DCB_HDRM_PUSH_FIELD_SPEED,
	DCB_HDRM_PUSH_FIELD_RTT,
	DCB_HDRM_PUSH_FIELD_PRECISION,
	DCB_HDRM_PUSH_FIELD_HEADROOM,
	DCB_HDRM_PUSH_FIELD_PRIOS,
};

/**
 * enum dcb_hdrm_peer_via - How this end learned its peer's capability.
 * @DCB_HDRM_PEER_VIA_IN_BAND: A capability request or reply on the link.
 * @DCB_HDRM_PEER_VIA_LLDP: An LLDPDU's DCBX PFC TLV (dcb-hdrm lldp listen).
 */
enum dcb_hdrm_peer_via {
	DCB_HDRM_PEER_VIA_IN_BAND,
	DCB_HDRM_PEER_VIA_LLDP,
};

/**
 * enum dcb_hdrm_lldp_auto_hdrm - What LLDP says of the peer's auto-HDRM bit
 *   (dev-set's peer-auto-hdrm, sent by dcb-hdrm lldp listen).
 * @DCB_HDRM_LLDP_AUTO_HDRM_OFF: The peer's DCBX PFC TLV has the bit clear: the
 *   peer is recorded without the capability, learned via lldp, in place of
 *   what was known before.
 * @DCB_HDRM_LLDP_AUTO_HDRM_ON: The TLV has the bit set: the peer is recorded
 *   with the capability, learned via lldp, in place of what was known before.
 * @DCB_HDRM_LLDP_AUTO_HDRM_WITHDRAWN: The peer's LLDP agent stopped sending
 *   the TLV, or sent a shutdown LLDPDU (TTL 0): a peer learned via lldp is
 *   forgotten (dev-get has no peer until the capability is learned again). A
 *   peer learned in-band is kept: the peer's module answered on the link, and
 *   LLDP's silence does not contradict it.
 */
enum dcb_hdrm_lldp_auto_hdrm {
	DCB_HDRM_LLDP_AUTO_HDRM_OFF,
	DCB_HDRM_LLDP_AUTO_HDRM_ON,
	DCB_HDRM_LLDP_AUTO_HDRM_WITHDRAWN,
};

/**
 * enum dcb_hdrm_wd_action - What the PFC watchdog does when a priority is
 *   stormed.
 * @DCB_HDRM_WD_ACTION_ALERT: A watchdog-ntf on the monitor group and the
 *   counters; nothing is changed.
 * @DCB_HDRM_WD_ACTION_DROP: Also turns PFC off for the priority through the
 *   driver's ieee_setpfc, so that its traffic stops stalling the link (it is
 *   dropped where a buffer fills), and turns it back on after restore-ms
 *   without pause.
 * @DCB_HDRM_WD_ACTION_FORWARD: SONiC pfcwd's third action: stop honouring
 *   received pause on the priority while still sending it. No driver can
 *   (dcbnl's pfc_en turns PFC off both ways), so watchdog-set refuses it,
 *   naming the device's driver (Documentation/drivers.rst).
 */
enum dcb_hdrm_wd_action {
	DCB_HDRM_WD_ACTION_ALERT,
	DCB_HDRM_WD_ACTION_DROP,
	DCB_HDRM_WD_ACTION_FORWARD,
};

/**
 * enum dcb_hdrm_wd_state - A priority's state under the PFC watchdog.
 * @DCB_HDRM_WD_STATE_OK: No storm.
 * @DCB_HDRM_WD_STATE_STORMED: Pause frames kept coming (or going) for
 *   detect-ms; the state holds until restore-ms pass without them.
 * @DCB_HDRM_WD_STATE_HELD: A storm beyond storm-limit within storm-period-ms,
 *   or any storm with recovery manual (US 2025/0267110 A1 leaves this to the
 *   operator; the deadlock handling of the seeds counts storms per period):
 *   the priority stays as the action left it (PFC off with action drop) until
 *   watchdog-recover or the watchdog is turned off.
 */
enum dcb_hdrm_wd_state {
	DCB_HDRM_WD_STATE_OK,
	DCB_HDRM_WD_STATE_STORMED,
	DCB_HDRM_WD_STATE_HELD,
};

/**
 * enum dcb_hdrm_wd_recovery - How a stormed priority comes back.
 * @DCB_HDRM_WD_RECOVERY_AUTO: After restore-ms without pause, unless
 *   storm-limit holds it.
 * @DCB_HDRM_WD_RECOVERY_MANUAL: Every storm is held until watchdog-recover.
 */
enum dcb_hdrm_wd_recovery {
	DCB_HDRM_WD_RECOVERY_AUTO,
	DCB_HDRM_WD_RECOVERY_MANUAL,
};

/**
 * enum dcb_hdrm_wd_direction - Which way a storm's pause frames went.
 * @DCB_HDRM_WD_DIRECTION_NONE: No storm seen yet.
 * @DCB_HDRM_WD_DIRECTION_RECEIVED: Pause frames kept arriving (the driver's
 *   indications) while the priority's transmit made no progress: the peer is
 *   stuck.
 * @DCB_HDRM_WD_DIRECTION_SENT: This device kept sending pause frames (the
 *   driver's requests): its own receive side is stuck, and it is the storm's
 *   source.
 * @DCB_HDRM_WD_DIRECTION_BOTH: Both at once, as in a PFC deadlock.
 */
enum dcb_hdrm_wd_direction {
	DCB_HDRM_WD_DIRECTION_NONE,
	DCB_HDRM_WD_DIRECTION_RECEIVED,
	DCB_HDRM_WD_DIRECTION_SENT,
	DCB_HDRM_WD_DIRECTION_BOTH,
};

/**
 * enum dcb_hdrm_wd_progress - How the watchdog judges that a priority's
 *   transmit makes progress.
 * @DCB_HDRM_WD_PROGRESS_NONE: The driver has no per-priority transmit counter:
 *   pause arriving for detect-ms is a storm by itself.
 * @DCB_HDRM_WD_PROGRESS_TX_PRIO_PACKETS: The driver's ethtool statistic
 *   tx_prio<N>_packets (mlx5's name): a priority whose counter did not move
 *   while pause kept arriving made no progress.
 */
enum dcb_hdrm_wd_progress {
	DCB_HDRM_WD_PROGRESS_NONE,
	DCB_HDRM_WD_PROGRESS_TX_PRIO_PACKETS,
};

/**
 * enum dcb_hdrm_wd_event - What a watchdog-ntf announces.
 * @DCB_HDRM_WD_EVENT_STORM: A priority became stormed (its action, if any, was
 *   taken).
 * @DCB_HDRM_WD_EVENT_RESTORED: A stormed priority had no pause for restore-ms
 *   and is ok again (with action drop, its PFC is back on).
 * @DCB_HDRM_WD_EVENT_STOPPED: The watchdog stopped while a priority was
 *   stormed (turned off, the device went down, the module unloads): what it
 *   changed is undone.
 * @DCB_HDRM_WD_EVENT_HELD: A storm was held (storm-limit, or recovery manual).
 * @DCB_HDRM_WD_EVENT_RECOVERED: An operator recovered a held priority
 *   (watchdog-recover).
 * @DCB_HDRM_WD_EVENT_RESTORE_FAILED: The driver refused to turn PFC back on
 *   for a priority the watchdog turned off: it stays off, listed as
 *   restore-pending, and each later poll, turning the watchdog off, the device
 *   going down and the module unloading try again.
 */
enum dcb_hdrm_wd_event {
	DCB_HDRM_WD_EVENT_STORM,
	DCB_HDRM_WD_EVENT_RESTORED,
	DCB_HDRM_WD_EVENT_STOPPED,
	DCB_HDRM_WD_EVENT_HELD,
	DCB_HDRM_WD_EVENT_RECOVERED,
	DCB_HDRM_WD_EVENT_RESTORE_FAILED,
};

/**
 * enum dcb_hdrm_k_source - Where the K a result's headroom used came from.
 * @DCB_HDRM_K_SOURCE_TABLE: The pause-quanta table for the link's speed.
 * @DCB_HDRM_K_SOURCE_SET: The device's k-override, in bytes.
 * @DCB_HDRM_K_SOURCE_MEASURED: The device's last pause-response measurement
 *   (k-measured): its greatest k-ns over the repeats that succeeded, at the
 *   result's speed.
 */
enum dcb_hdrm_k_source {
	DCB_HDRM_K_SOURCE_TABLE,
	DCB_HDRM_K_SOURCE_SET,
	DCB_HDRM_K_SOURCE_MEASURED,
};

/**
 * enum dcb_hdrm_response_end - How a pause-response measurement (measure's
 *   response-prio) ended, after its round trip: the response nest's end.
 * @DCB_HDRM_RESPONSE_END_OK: At least one repeat gave figures.
 * @DCB_HDRM_RESPONSE_END_FAILED: Every repeat ran and none gave figures;
 *   repeat-status says why each failed.
 * @DCB_HDRM_RESPONSE_END_REFUSED: The peer refused the stream request; reason
 *   says why (policy, no-cap, sender-no-cap, busy or rate).
 * @DCB_HDRM_RESPONSE_END_NO_ANSWER: The peer did not answer a stream request,
 *   asked three times.
 * @DCB_HDRM_RESPONSE_END_CANCELLED: The socket that started the measurement
 *   (with owned) closed during the response phase. The priority was released
 *   (XON) if it was paused.
 * @DCB_HDRM_RESPONSE_END_LINK_DOWN: The device went down or lost carrier
 *   during the response phase; an XON went out first where the device was
 *   still up.
 * @DCB_HDRM_RESPONSE_END_DEV_GONE: The device went away during the response
 *   phase.
 * @DCB_HDRM_RESPONSE_END_ABORTED: The module was unloaded during the response
 *   phase.
 * @DCB_HDRM_RESPONSE_END_NO_ROUND_TRIP: The round trip measurement did not end
 *   ok (the result's status says why): K cannot be told from it, so no stream
 *   was asked for.
 * @DCB_HDRM_RESPONSE_END_ERROR: This end could not build or send a frame of
 *   the exchange (out of memory, or the driver refused it).
 */
enum dcb_hdrm_response_end {
	DCB_HDRM_RESPONSE_END_OK,
	DCB_HDRM_RESPONSE_END_FAILED,
	DCB_HDRM_RESPONSE_END_REFUSED,
	DCB_HDRM_RESPONSE_END_NO_ANSWER,
	DCB_HDRM_RESPONSE_END_CANCELLED,
	DCB_HDRM_RESPONSE_END_LINK_DOWN,
	DCB_HDRM_RESPONSE_END_DEV_GONE,
	DCB_HDRM_RESPONSE_END_ABORTED,
	DCB_HDRM_RESPONSE_END_NO_ROUND_TRIP,
	DCB_HDRM_RESPONSE_END_ERROR,
};

/**
 * enum dcb_hdrm_response_status - How one repeat of a pause-response
 *   measurement ended (Documentation/design.rst, "Measuring the pause
 *   response").
 * @DCB_HDRM_RESPONSE_STATUS_OK: The repeat gave figures.
 * @DCB_HDRM_RESPONSE_STATUS_RANGE: An input beyond the arithmetic's bounds
 *   (speed, frame, 4 s).
 * @DCB_HDRM_RESPONSE_STATUS_WINDOW: The XON was not stamped after the XOFF.
 * @DCB_HDRM_RESPONSE_STATUS_FEW: Fewer than three stream frames arrived.
 * @DCB_HDRM_RESPONSE_STATUS_ORDER: Stream frames arrived out of order or
 *   repeated.
 * @DCB_HDRM_RESPONSE_STATUS_LATE: No stream frame arrived before the XOFF.
 * @DCB_HDRM_RESPONSE_STATUS_NOT_HELD: No frame was held: the peer did not
 *   honour the pause (PFC off for the priority there), or acted on it only
 *   after the XON.
 * @DCB_HDRM_RESPONSE_STATUS_SPARSE: No frame arrived between the XOFF and the
 *   first held one.
 * @DCB_HDRM_RESPONSE_STATUS_LOST: A frame is missing just before the first
 *   held one.
 * @DCB_HDRM_RESPONSE_STATUS_NO_XOFF: Too few stream frames arrived to send the
 *   XOFF against (the stream was too short or did not come).
 * @DCB_HDRM_RESPONSE_STATUS_NO_STAMP: The XOFF, the XON or a stream frame
 *   lacked the timestamp the repeat is measured with (hardware when the round
 *   trip was, else software).
 * @DCB_HDRM_RESPONSE_STATUS_STOPPED: The measurement ended before this repeat
 *   finished.
 * @DCB_HDRM_RESPONSE_STATUS_IDLE: response-passive: the priority's traffic was
 *   not flowing: no run of ten frames, none over an eighth of the pause apart,
 *   arrived in the repeat's second of listening (no XOFF was sent), or it had
 *   stopped before the XOFF.
 */
enum dcb_hdrm_response_status {
	DCB_HDRM_RESPONSE_STATUS_OK,
	DCB_HDRM_RESPONSE_STATUS_RANGE,
	DCB_HDRM_RESPONSE_STATUS_WINDOW,
	DCB_HDRM_RESPONSE_STATUS_FEW,
	DCB_HDRM_RESPONSE_STATUS_ORDER,
	DCB_HDRM_RESPONSE_STATUS_LATE,
	DCB_HDRM_RESPONSE_STATUS_NOT_HELD,
	DCB_HDRM_RESPONSE_STATUS_SPARSE,
	DCB_HDRM_RESPONSE_STATUS_LOST,
	DCB_HDRM_RESPONSE_STATUS_NO_XOFF,
	DCB_HDRM_RESPONSE_STATUS_NO_STAMP,
	DCB_HDRM_RESPONSE_STATUS_STOPPED,
	DCB_HDRM_RESPONSE_STATUS_IDLE,
};

enum {
	DCB_HDRM_A_DEV_IFINDEX = 1,
	DCB_HDRM_A_DEV_IFNAME,
	DCB_HDRM_A_DEV_DCB,
	DCB_HDRM_A_DEV_DCB_OPS,
	DCB_HDRM_A_DEV_SPEED,
	DCB_HDRM_A_DEV_MTU,
	DCB_HDRM_A_DEV_CARRIER,
	DCB_HDRM_A_DEV_CAPS,
	DCB_HDRM_A_DEV_REFLECT,
	DCB_HDRM_A_DEV_REFLECT_RATE,
	DCB_HDRM_A_DEV_ENCAP,
	DCB_HDRM_A_DEV_SPEED_OVERRIDE,
	DCB_HDRM_A_DEV_K_OVERRIDE,
	DCB_HDRM_A_DEV_CELL,
	DCB_HDRM_A_DEV_PRIO_MASK,
	DCB_HDRM_A_DEV_MAX_FRAME,
	DCB_HDRM_A_DEV_PRECISION_OVERRIDE,
	DCB_HDRM_A_DEV_STATS,
	DCB_HDRM_A_DEV_APPLY,
	DCB_HDRM_A_DEV_DELAY_UNIT,
	DCB_HDRM_A_DEV_REMEASURE,
	DCB_HDRM_A_DEV_REMEASURE_PERIOD,
	DCB_HDRM_A_DEV_DCB_STATE,
	DCB_HDRM_A_DEV_AUTO_HDRM,
	DCB_HDRM_A_DEV_ACCEPT_PUSH,
	DCB_HDRM_A_DEV_PEER,
	DCB_HDRM_A_DEV_PEER_AUTO_HDRM,
	DCB_HDRM_A_DEV_LAST_MEASURED,
	DCB_HDRM_A_DEV_TS_MODE,
	DCB_HDRM_A_DEV_PHC_INDEX,
	DCB_HDRM_A_DEV_HW_RESOLUTION,
	DCB_HDRM_A_DEV_MODEL,
	DCB_HDRM_A_DEV_MODEL_IN_USE,
	DCB_HDRM_A_DEV_SMALL_PACKET_PERCENT,
	DCB_HDRM_A_DEV_TC_MODE,
	DCB_HDRM_A_DEV_METHOD,
	DCB_HDRM_A_DEV_PTP_DOMAIN,
	DCB_HDRM_A_DEV_PTP_SDO,
	DCB_HDRM_A_DEV_ACCEPT_STREAM,
	DCB_HDRM_A_DEV_K_MEASURED,
	DCB_HDRM_A_DEV_K_MEASURED_NS,
	DCB_HDRM_A_DEV_K_MEASURED_PRIO,

	__DCB_HDRM_A_DEV_MAX,
	DCB_HDRM_A_DEV_MAX = (__DCB_HDRM_A_DEV_MAX - 1)
};

enum {
	DCB_HDRM_A_LAST_MEASURED_SESSION = 1,
	DCB_HDRM_A_LAST_MEASURED_RTT_ESTIMATE,
	DCB_HDRM_A_LAST_MEASURED_PRECISION,
	DCB_HDRM_A_LAST_MEASURED_SPEED,
	DCB_HDRM_A_LAST_MEASURED_PAD,
	DCB_HDRM_A_LAST_MEASURED_PRIO,
	DCB_HDRM_A_LAST_MEASURED_MANUAL,

	__DCB_HDRM_A_LAST_MEASURED_MAX,
	DCB_HDRM_A_LAST_MEASURED_MAX = (__DCB_HDRM_A_LAST_MEASURED_MAX - 1)
};

enum {
	DCB_HDRM_A_MANUAL_MODEL = 1,
	DCB_HDRM_A_MANUAL_DELAY,
	DCB_HDRM_A_MANUAL_DELAY_UNIT,
	DCB_HDRM_A_MANUAL_BUFFER,
	DCB_HDRM_A_MANUAL_TAKE,
	DCB_HDRM_A_MANUAL_ERROR,
	DCB_HDRM_A_MANUAL_RULE,
	DCB_HDRM_A_MANUAL_RULE_HAVE,
	DCB_HDRM_A_MANUAL_RULE_NEED,
	DCB_HDRM_A_MANUAL_PAD,

	__DCB_HDRM_A_MANUAL_MAX,
	DCB_HDRM_A_MANUAL_MAX = (__DCB_HDRM_A_MANUAL_MAX - 1)
};

enum {
	DCB_HDRM_A_PEER_AUTO_HDRM = 1,
	DCB_HDRM_A_PEER_ACCEPT_PUSH,
	DCB_HDRM_A_PEER_VIA,
	DCB_HDRM_A_PEER_AGE,
	DCB_HDRM_A_PEER_PAD,
	DCB_HDRM_A_PEER_TWO_STEP,
	DCB_HDRM_A_PEER_HW_TIMESTAMPING,
	DCB_HDRM_A_PEER_HW_RESOLUTION,

	__DCB_HDRM_A_PEER_MAX,
	DCB_HDRM_A_PEER_MAX = (__DCB_HDRM_A_PEER_MAX - 1)
};

enum {
	DCB_HDRM_A_DCB_STATE_DRIVER = 1,
	DCB_HDRM_A_DCB_STATE_PFC_CAP,
	DCB_HDRM_A_DCB_STATE_PFC_EN,
	DCB_HDRM_A_DCB_STATE_PFC_DELAY,
	DCB_HDRM_A_DCB_STATE_DELAY_UNIT,
	DCB_HDRM_A_DCB_STATE_BUFFER,
	DCB_HDRM_A_DCB_STATE_BUFFER_TOTAL,

	__DCB_HDRM_A_DCB_STATE_MAX,
	DCB_HDRM_A_DCB_STATE_MAX = (__DCB_HDRM_A_DCB_STATE_MAX - 1)
};

enum {
	DCB_HDRM_A_BUFFER_INDEX = 1,
	DCB_HDRM_A_BUFFER_PRIOS,
	DCB_HDRM_A_BUFFER_SIZE,
	DCB_HDRM_A_BUFFER_SIZE_OLD,
	DCB_HDRM_A_BUFFER_SIZE_WANTED,
	DCB_HDRM_A_BUFFER_LOSSLESS,
	DCB_HDRM_A_BUFFER_PAD,

	__DCB_HDRM_A_BUFFER_MAX,
	DCB_HDRM_A_BUFFER_MAX = (__DCB_HDRM_A_BUFFER_MAX - 1)
};

enum {
	DCB_HDRM_A_APPLIED_SESSION = 1,
	DCB_HDRM_A_APPLIED_METHOD,
	DCB_HDRM_A_APPLIED_ERROR,
	DCB_HDRM_A_APPLIED_DELAY_UNIT,
	DCB_HDRM_A_APPLIED_DELAY_OLD,
	DCB_HDRM_A_APPLIED_DELAY_NEW,
	DCB_HDRM_A_APPLIED_DELAY_WANTED,
	DCB_HDRM_A_APPLIED_CLAMPED,
	DCB_HDRM_A_APPLIED_BUFFER,
	DCB_HDRM_A_APPLIED_BUFFER_TOTAL,
	DCB_HDRM_A_APPLIED_PAD,
	DCB_HDRM_A_APPLIED_MODEL,
	DCB_HDRM_A_APPLIED_RULE,
	DCB_HDRM_A_APPLIED_RULE_HAVE,
	DCB_HDRM_A_APPLIED_RULE_NEED,
	DCB_HDRM_A_APPLIED_RULE_BUFFER,
	DCB_HDRM_A_APPLIED_PARTIAL,
	DCB_HDRM_A_APPLIED_BUFFERS_TAKEN,

	__DCB_HDRM_A_APPLIED_MAX,
	DCB_HDRM_A_APPLIED_MAX = (__DCB_HDRM_A_APPLIED_MAX - 1)
};

enum {
	DCB_HDRM_A_PRIO_FRAME_PRIO = 1,
	DCB_HDRM_A_PRIO_FRAME_BYTES,

	__DCB_HDRM_A_PRIO_FRAME_MAX,
	DCB_HDRM_A_PRIO_FRAME_MAX = (__DCB_HDRM_A_PRIO_FRAME_MAX - 1)
};

enum {
	DCB_HDRM_A_STATS_RX_REQUESTS = 1,
	DCB_HDRM_A_STATS_REFLECTED,
	DCB_HDRM_A_STATS_RATE_LIMITED,
	DCB_HDRM_A_STATS_NOT_REFLECTING,
	DCB_HDRM_A_STATS_MALFORMED,
	DCB_HDRM_A_STATS_RX_REPLIES,
	DCB_HDRM_A_STATS_STALE,
	DCB_HDRM_A_STATS_TX_PROBES,
	DCB_HDRM_A_STATS_TX_ERRORS,
	DCB_HDRM_A_STATS_PAD,
	DCB_HDRM_A_STATS_REMEASURED,
	DCB_HDRM_A_STATS_APPLIED,
	DCB_HDRM_A_STATS_APPLY_ERRORS,
	DCB_HDRM_A_STATS_RX_CONTROL,
	DCB_HDRM_A_STATS_TX_CONTROL,
	DCB_HDRM_A_STATS_PUSH_APPLIED,
	DCB_HDRM_A_STATS_PUSH_REFUSED,
	DCB_HDRM_A_STATS_FOREIGN,
	DCB_HDRM_A_STATS_PEER_NO_CAP,
	DCB_HDRM_A_STATS_PTP_OTHERS,
	DCB_HDRM_A_STATS_STREAM_GRANTED,
	DCB_HDRM_A_STATS_STREAM_REFUSED,
	DCB_HDRM_A_STATS_STREAM_FRAMES_SENT,
	DCB_HDRM_A_STATS_RX_STREAM,

	__DCB_HDRM_A_STATS_MAX,
	DCB_HDRM_A_STATS_MAX = (__DCB_HDRM_A_STATS_MAX - 1)
};

enum {
	DCB_HDRM_A_MEASURE_IFINDEX = 1,
	DCB_HDRM_A_MEASURE_COUNT,
	DCB_HDRM_A_MEASURE_INTERVAL,
	DCB_HDRM_A_MEASURE_MODE,
	DCB_HDRM_A_MEASURE_ESTIMATOR,
	DCB_HDRM_A_MEASURE_TIMEOUT,
	DCB_HDRM_A_MEASURE_SESSION,
	DCB_HDRM_A_MEASURE_APPLY,
	DCB_HDRM_A_MEASURE_PUSH,
	DCB_HDRM_A_MEASURE_OWNED,
	DCB_HDRM_A_MEASURE_APPLY_OWN,
	DCB_HDRM_A_MEASURE_TS_MODE,
	DCB_HDRM_A_MEASURE_METHOD,
	DCB_HDRM_A_MEASURE_PTP_DOMAIN,
	DCB_HDRM_A_MEASURE_PTP_SDO,
	DCB_HDRM_A_MEASURE_PEER_DELAY,
	DCB_HDRM_A_MEASURE_PEER_DELAY_HW,
	DCB_HDRM_A_MEASURE_RESPONSE_PRIO,
	DCB_HDRM_A_MEASURE_RESPONSE_REPEATS,
	DCB_HDRM_A_MEASURE_RESPONSE_PASSIVE,

	__DCB_HDRM_A_MEASURE_MAX,
	DCB_HDRM_A_MEASURE_MAX = (__DCB_HDRM_A_MEASURE_MAX - 1)
};

enum {
	DCB_HDRM_A_PUSH_SESSION = 1,
	DCB_HDRM_A_PUSH_STATUS,
	DCB_HDRM_A_PUSH_REASON,
	DCB_HDRM_A_PUSH_FIELD,
	DCB_HDRM_A_PUSH_PRIO,
	DCB_HDRM_A_PUSH_VALUE,
	DCB_HDRM_A_PUSH_LIMIT,

	__DCB_HDRM_A_PUSH_MAX,
	DCB_HDRM_A_PUSH_MAX = (__DCB_HDRM_A_PUSH_MAX - 1)
};

enum {
	DCB_HDRM_A_PRIO_PRIO = 1,
	DCB_HDRM_A_PRIO_MAX_FRAME,
	DCB_HDRM_A_PRIO_HEADROOM_BYTES,
	DCB_HDRM_A_PRIO_HEADROOM_CELLS,
	DCB_HDRM_A_PRIO_PAD,
	DCB_HDRM_A_PRIO_UNSIZED,
	DCB_HDRM_A_PRIO_INFLIGHT_BYTES,
	DCB_HDRM_A_PRIO_EFFECTIVE_BYTES,
	DCB_HDRM_A_PRIO_EFFECTIVE_CELLS,
	DCB_HDRM_A_PRIO_BEST_BYTES,
	DCB_HDRM_A_PRIO_PACKED_BYTES,

	__DCB_HDRM_A_PRIO_MAX,
	DCB_HDRM_A_PRIO_MAX = (__DCB_HDRM_A_PRIO_MAX - 1)
};

enum {
	DCB_HDRM_A_RESULT_IFINDEX = 1,
	DCB_HDRM_A_RESULT_IFNAME,
	DCB_HDRM_A_RESULT_SESSION,
	DCB_HDRM_A_RESULT_STATUS,
	DCB_HDRM_A_RESULT_MODE,
	DCB_HDRM_A_RESULT_ESTIMATOR,
	DCB_HDRM_A_RESULT_TIMESTAMPING,
	DCB_HDRM_A_RESULT_PROBES_SENT,
	DCB_HDRM_A_RESULT_PROBES_RECEIVED,
	DCB_HDRM_A_RESULT_PROBES_LOST,
	DCB_HDRM_A_RESULT_PROBES_LATE,
	DCB_HDRM_A_RESULT_RTT_ESTIMATE,
	DCB_HDRM_A_RESULT_RTT_MIN,
	DCB_HDRM_A_RESULT_RTT_MEDIAN,
	DCB_HDRM_A_RESULT_RTT_P99,
	DCB_HDRM_A_RESULT_RTT_MAX,
	DCB_HDRM_A_RESULT_RTT_STDDEV,
	DCB_HDRM_A_RESULT_TURNAROUND_MEDIAN,
	DCB_HDRM_A_RESULT_PRECISION,
	DCB_HDRM_A_RESULT_SPEED,
	DCB_HDRM_A_RESULT_K_BYTES,
	DCB_HDRM_A_RESULT_MEASURE_FRAME,
	DCB_HDRM_A_RESULT_CELL,
	DCB_HDRM_A_RESULT_PRIO,
	DCB_HDRM_A_RESULT_DURATION,
	DCB_HDRM_A_RESULT_AGE,
	DCB_HDRM_A_RESULT_PAD,
	DCB_HDRM_A_RESULT_APPLIED,
	DCB_HDRM_A_RESULT_SOURCE,
	DCB_HDRM_A_RESULT_PUSH,
	DCB_HDRM_A_RESULT_ENCAP,
	DCB_HDRM_A_RESULT_TS_MODE,
	DCB_HDRM_A_RESULT_PRECISION_SOURCE,
	DCB_HDRM_A_RESULT_RATE_RATIO,
	DCB_HDRM_A_RESULT_TWO_STEP,
	DCB_HDRM_A_RESULT_FOLLOWUP_MISSING,
	DCB_HDRM_A_RESULT_MODEL,
	DCB_HDRM_A_RESULT_EQUIVALENT_CABLE_CM,
	DCB_HDRM_A_RESULT_SMALL_PACKET_PERCENT,
	DCB_HDRM_A_RESULT_OCCUPANCY,
	DCB_HDRM_A_RESULT_LINK_FRAME,
	DCB_HDRM_A_RESULT_BUFFER_OWNER,
	DCB_HDRM_A_RESULT_CELL_SOURCE,
	DCB_HDRM_A_RESULT_METHOD,
	DCB_HDRM_A_RESULT_RESPONDER,
	DCB_HDRM_A_RESULT_STEPS,
	DCB_HDRM_A_RESULT_RESPONSE,
	DCB_HDRM_A_RESULT_K_SOURCE,
	DCB_HDRM_A_RESULT_K_TABLE_BYTES,

	__DCB_HDRM_A_RESULT_MAX,
	DCB_HDRM_A_RESULT_MAX = (__DCB_HDRM_A_RESULT_MAX - 1)
};

enum {
	DCB_HDRM_A_SAMPLES_IFINDEX = 1,
	DCB_HDRM_A_SAMPLES_IFNAME,
	DCB_HDRM_A_SAMPLES_SESSION,
	DCB_HDRM_A_SAMPLES_RTT,

	__DCB_HDRM_A_SAMPLES_MAX,
	DCB_HDRM_A_SAMPLES_MAX = (__DCB_HDRM_A_SAMPLES_MAX - 1)
};

enum {
	DCB_HDRM_A_WATCHDOG_IFINDEX = 1,
	DCB_HDRM_A_WATCHDOG_IFNAME,
	DCB_HDRM_A_WATCHDOG_STATE,
	DCB_HDRM_A_WATCHDOG_ACTION,
	DCB_HDRM_A_WATCHDOG_DETECT_MS,
	DCB_HDRM_A_WATCHDOG_RESTORE_MS,
	DCB_HDRM_A_WATCHDOG_POLL_MS,
	DCB_HDRM_A_WATCHDOG_PROGRESS,
	DCB_HDRM_A_WATCHDOG_RUNNING,
	DCB_HDRM_A_WATCHDOG_POLLS,
	DCB_HDRM_A_WATCHDOG_POLL_ERRORS,
	DCB_HDRM_A_WATCHDOG_ACTION_ERRORS,
	DCB_HDRM_A_WATCHDOG_PAD,
	DCB_HDRM_A_WATCHDOG_PRIO,
	DCB_HDRM_A_WATCHDOG_EVENT,
	DCB_HDRM_A_WATCHDOG_EVENT_PRIO,
	DCB_HDRM_A_WATCHDOG_COUNTER_REFRESH_MS,
	DCB_HDRM_A_WATCHDOG_COUNTERS_SWAPPED,
	DCB_HDRM_A_WATCHDOG_STORM_LIMIT,
	DCB_HDRM_A_WATCHDOG_STORM_PERIOD_MS,
	DCB_HDRM_A_WATCHDOG_RECOVERY,
	DCB_HDRM_A_WATCHDOG_RECOVER_PRIO,
	DCB_HDRM_A_WATCHDOG_DETECT_LATENCY,
	DCB_HDRM_A_WATCHDOG_RESTORE_LATENCY,

	__DCB_HDRM_A_WATCHDOG_MAX,
	DCB_HDRM_A_WATCHDOG_MAX = (__DCB_HDRM_A_WATCHDOG_MAX - 1)
};

enum {
	DCB_HDRM_A_WD_PRIO_PRIO = 1,
	DCB_HDRM_A_WD_PRIO_STATE,
	DCB_HDRM_A_WD_PRIO_DIRECTION,
	DCB_HDRM_A_WD_PRIO_STORMS,
	DCB_HDRM_A_WD_PRIO_LAST_STORM_START,
	DCB_HDRM_A_WD_PRIO_LAST_STORM_DETECT,
	DCB_HDRM_A_WD_PRIO_LAST_STORM_MS,
	DCB_HDRM_A_WD_PRIO_LAST_STORM_RESTORE,
	DCB_HDRM_A_WD_PRIO_LAST_ACTION,
	DCB_HDRM_A_WD_PRIO_PFC_OFF,
	DCB_HDRM_A_WD_PRIO_ACTION_ERROR,
	DCB_HDRM_A_WD_PRIO_REQUESTS,
	DCB_HDRM_A_WD_PRIO_INDICATIONS,
	DCB_HDRM_A_WD_PRIO_TX_PACKETS,
	DCB_HDRM_A_WD_PRIO_LAST_STORM_GAP,
	DCB_HDRM_A_WD_PRIO_HELD_COUNT,
	DCB_HDRM_A_WD_PRIO_RESTORE_PENDING,
	DCB_HDRM_A_WD_PRIO_PAD,

	__DCB_HDRM_A_WD_PRIO_MAX,
	DCB_HDRM_A_WD_PRIO_MAX = (__DCB_HDRM_A_WD_PRIO_MAX - 1)
};

enum {
	DCB_HDRM_A_RESPONSE_PRIO = 1,
	DCB_HDRM_A_RESPONSE_END,
	DCB_HDRM_A_RESPONSE_REASON,
	DCB_HDRM_A_RESPONSE_REPEATS,
	DCB_HDRM_A_RESPONSE_OK,
	DCB_HDRM_A_RESPONSE_REPEAT_STATUS,
	DCB_HDRM_A_RESPONSE_RTT,
	DCB_HDRM_A_RESPONSE_SPEED,
	DCB_HDRM_A_RESPONSE_TIMESTAMPING,
	DCB_HDRM_A_RESPONSE_FRAME_LEN,
	DCB_HDRM_A_RESPONSE_DURATION,
	DCB_HDRM_A_RESPONSE_PAUSE,
	DCB_HDRM_A_RESPONSE_FRAMES,
	DCB_HDRM_A_RESPONSE_OVERFLOW,
	DCB_HDRM_A_RESPONSE_PAD,
	DCB_HDRM_A_RESPONSE_XOFF_TO_LAST_NS,
	DCB_HDRM_A_RESPONSE_BYTES_AFTER_XOFF,
	DCB_HDRM_A_RESPONSE_STREAM_RATE_MBPS,
	DCB_HDRM_A_RESPONSE_BYTES_AT_LINE_RATE,
	DCB_HDRM_A_RESPONSE_K_NS,
	DCB_HDRM_A_RESPONSE_K_QUANTA,
	DCB_HDRM_A_RESPONSE_K_BYTES,
	DCB_HDRM_A_RESPONSE_GAP_NS,
	DCB_HDRM_A_RESPONSE_PASSIVE,

	__DCB_HDRM_A_RESPONSE_MAX,
	DCB_HDRM_A_RESPONSE_MAX = (__DCB_HDRM_A_RESPONSE_MAX - 1)
};

enum {
	DCB_HDRM_A_RESPONSE_RANGE_LEAST = 1,
	DCB_HDRM_A_RESPONSE_RANGE_MEDIAN,
	DCB_HDRM_A_RESPONSE_RANGE_GREATEST,
	DCB_HDRM_A_RESPONSE_RANGE_PAD,

	__DCB_HDRM_A_RESPONSE_RANGE_MAX,
	DCB_HDRM_A_RESPONSE_RANGE_MAX = (__DCB_HDRM_A_RESPONSE_RANGE_MAX - 1)
};

enum {
	DCB_HDRM_CMD_DEV_GET = 1,
	DCB_HDRM_CMD_DEV_SET,
	DCB_HDRM_CMD_MEASURE,
	DCB_HDRM_CMD_RESULT_GET,
	DCB_HDRM_CMD_RESULT_NTF,
	DCB_HDRM_CMD_APPLY_NTF,
	DCB_HDRM_CMD_PUSH_NTF,
	DCB_HDRM_CMD_PEER_NTF,
	DCB_HDRM_CMD_SAMPLES_GET,
	DCB_HDRM_CMD_WATCHDOG_GET,
	DCB_HDRM_CMD_WATCHDOG_SET,
	DCB_HDRM_CMD_WATCHDOG_NTF,
	DCB_HDRM_CMD_WATCHDOG_RECOVER,

	__DCB_HDRM_CMD_MAX,
	DCB_HDRM_CMD_MAX = (__DCB_HDRM_CMD_MAX - 1)
};

#define DCB_HDRM_MCGRP_MONITOR	"monitor"

#endif /* _UAPI_LINUX_DCB_HDRM_H */
