// SPDX-License-Identifier: GPL-2.0
/*
 * Ports: the module's state for each Ethernet device. A port is made when
 * the device registers (or, at load, for every existing device) and goes
 * when it unregisters, which also ends a measurement in flight.
 */
#include <linux/hash.h>
#include <linux/hrtimer.h>
#include <linux/if_arp.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "dcb_hdrm.h"

#define HDRM_PORT_HASH_BITS	6

static DEFINE_HASHTABLE(hdrm_ports, HDRM_PORT_HASH_BITS);

static u32 hdrm_port_key(const struct net_device *dev)
{
	return hash_ptr(dev, 32);
}

struct hdrm_port *hdrm_port_find_rcu(const struct net_device *dev)
{
	struct hdrm_port *port;

	hash_for_each_possible_rcu(hdrm_ports, port, node, hdrm_port_key(dev))
		if (port->dev == dev)
			return port;
	return NULL;
}

struct hdrm_port *hdrm_port_find_rtnl(const struct net_device *dev)
{
	struct hdrm_port *port;

	ASSERT_RTNL();
	hash_for_each_possible(hdrm_ports, port, node, hdrm_port_key(dev))
		if (port->dev == dev)
			return port;
	return NULL;
}

static void hdrm_config_init(struct hdrm_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->reflect = hdrm_reflect_default;
	cfg->reflect_rate = HDRM_DEF_REFLECT_RATE;
	cfg->encap = DCB_HDRM_ENCAP_AUTO;
	cfg->cell = 0;		/* the driver's: hdrm_drv_cell() */
	cfg->small_pct = 100;
	cfg->auto_hdrm = true;
	cfg->method = DCB_HDRM_METHOD_AUTO;	/* domain 0, SDO 0: ptp4l's */
}

/*
 * Devices stacked on other devices' links: a bond or team (its slaves are
 * the links, measured one by one), a bridge or Open vSwitch (its ports
 * are), a macvlan (its lower device is). Their frames are the
 * lower devices' frames; a port on them would answer requests and take
 * replies that belong to another link.
 */
bool hdrm_dev_is_upper(const struct net_device *dev)
{
	return netif_is_lag_master(dev) || netif_is_bridge_master(dev) ||
	       netif_is_ovs_master(dev) || netif_is_macvlan(dev);
}

/*
 * Both encapsulations' group addresses, joined on every port: a real NIC
 * filters multicast nobody joined, and the frames would never reach the
 * hook. dev_mc_add() counts references, so an address the driver or
 * another protocol joined too stays joined after hdrm_mc_leave().
 */
static void hdrm_mc_join(struct net_device *dev)
{
	if (dev_mc_add(dev, hdrm_encap_dest(HDRM_ENCAP_MACCTL)) ||
	    dev_mc_add(dev, hdrm_encap_dest(HDRM_ENCAP_ETHER)))
		netdev_warn(dev, "dcb_hdrm: cannot join the measurement frames' group addresses; a NIC that filters multicast will drop them\n");
}

static void hdrm_mc_leave(struct net_device *dev)
{
	dev_mc_del(dev, hdrm_encap_dest(HDRM_ENCAP_MACCTL));
	dev_mc_del(dev, hdrm_encap_dest(HDRM_ENCAP_ETHER));
}

static void hdrm_port_add(struct net_device *dev)
{
	struct hdrm_port *port;

	if (dev->type != ARPHRD_ETHER || hdrm_dev_is_upper(dev) ||
	    hdrm_port_find_rtnl(dev))
		return;
	port = kzalloc(sizeof(*port), GFP_KERNEL);
	if (!port) {
		netdev_warn(dev, "dcb_hdrm: no memory for the device's state; it will not be measured\n");
		return;
	}
	port->dev = dev;
	spin_lock_init(&port->lock);
	hdrm_config_init(&port->cfg);
	INIT_WORK(&port->done_work, hdrm_session_done_work);
	INIT_DELAYED_WORK(&port->apply_work, hdrm_apply_work);
	INIT_DELAYED_WORK(&port->remeasure_work, hdrm_remeasure_work);
	INIT_DELAYED_WORK(&port->push_work, hdrm_push_work);
	INIT_DELAYED_WORK(&port->rx_push_work, hdrm_rx_push_work);
	INIT_DELAYED_WORK(&port->peer_ntf_work, hdrm_peer_ntf_work);
	INIT_WORK(&port->stream_work, hdrm_stream_work);
	INIT_DELAYED_WORK(&port->resp_work, hdrm_response_work);
	hdrm_hrtimer_setup(&port->resp_timer, hdrm_response_timer,
			   CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
	hdrm_wd_port_init(port);
	netdev_hold(dev, &port->dev_tracker, GFP_KERNEL);
	hdrm_drv_ts_caps(dev, &port->ts);
	hdrm_mc_join(dev);
	hash_add_rcu(hdrm_ports, &port->node, hdrm_port_key(dev));
}

/*
 * Every delayed work of a port, and the stream's. Context: process, rtnl
 * may be held (no work blocks on it; stream_work never takes it). On
 * return none runs or is queued.
 */
static void hdrm_port_works_cancel(struct hdrm_port *port)
{
	cancel_delayed_work_sync(&port->remeasure_work);
	cancel_delayed_work_sync(&port->apply_work);
	cancel_delayed_work_sync(&port->push_work);
	cancel_delayed_work_sync(&port->rx_push_work);
	cancel_delayed_work_sync(&port->peer_ntf_work);
	/* a stream running sees port->dead and stops at its next frame */
	cancel_work_sync(&port->stream_work);
}

static void hdrm_port_del(struct hdrm_port *port, u8 status)
{
	ASSERT_RTNL();
	/* The receive path queues no work on a dead port. */
	spin_lock_bh(&port->lock);
	port->dead = true;
	spin_unlock_bh(&port->lock);
	/* No new session can start: starting one needs rtnl. */
	hdrm_session_stop(port, status);
	/* after the session: its end may have started a response */
	hdrm_response_stop(port, READ_ONCE(hdrm_unloading) ?
			   DCB_HDRM_RESPONSE_END_ABORTED :
			   DCB_HDRM_RESPONSE_END_DEV_GONE);
	/* PFC as it was before the watchdog acted, its work gone */
	hdrm_wd_stop(port, !READ_ONCE(hdrm_unloading));
	hdrm_port_works_cancel(port);
	hash_del_rcu(&port->node);
	hdrm_mc_leave(port->dev);
	netdev_put(port->dev, &port->dev_tracker);
	kfree(port->result);
	kvfree(port->samples);
	kfree(port->applied);
	kfree_rcu(port, rcu);
}

/*
 * The link came up, or its speed or MTU changed: with remeasure on, the
 * headroom is measured again once the burst of events has settled.
 * Context: rtnl held (the port's configuration changes only under it).
 */
static void hdrm_port_changed(struct hdrm_port *port)
{
	WRITE_ONCE(port->link_speed, hdrm_drv_speed(port->dev));
	hdrm_drv_ts_refresh(port);
	if (port->cfg.remeasure)
		hdrm_remeasure_kick(port, HDRM_REMEASURE_DEBOUNCE_MS);
	hdrm_apply_relink(port);
}

static int hdrm_netdev_event(struct notifier_block *nb, unsigned long event,
			     void *ptr)
{
	struct net_device *dev = netdev_notifier_info_to_dev(ptr);
	struct hdrm_port *port;

	switch (event) {
	case NETDEV_REGISTER:
		hdrm_port_add(dev);
		break;
	case NETDEV_UNREGISTER:
		port = hdrm_port_find_rtnl(dev);
		if (port)
			hdrm_port_del(port, READ_ONCE(hdrm_unloading) ?
				      DCB_HDRM_STATUS_ABORTED :
				      DCB_HDRM_STATUS_DEV_GONE);
		break;
	case NETDEV_GOING_DOWN:
		/*
		 * Still up: a priority a response measurement paused is
		 * released now, while the XON can still leave. Unregistering
		 * and unloading (the notifier's replay) pass here first too.
		 */
		port = hdrm_port_find_rtnl(dev);
		if (!port)
			break;
		/* the session first: its end may start a response */
		hdrm_session_stop(port, DCB_HDRM_STATUS_LINK_DOWN);
		hdrm_response_stop(port, READ_ONCE(hdrm_unloading) ?
				   DCB_HDRM_RESPONSE_END_ABORTED :
				   DCB_HDRM_RESPONSE_END_LINK_DOWN);
		break;
	case NETDEV_DOWN:
	case NETDEV_CHANGE:
		/* Carrier lost or device stopped: probes cannot go out. */
		port = hdrm_port_find_rtnl(dev);
		if (!port)
			break;
		/*
		 * Down or no carrier: the watchdog stops and undoes what it
		 * did (a storm on ends); the carrier back starts it afresh.
		 */
		if (event == NETDEV_DOWN || !netif_carrier_ok(dev))
			hdrm_wd_stop(port, true);
		else
			hdrm_wd_start(port);
		if (!netif_running(dev) || !netif_carrier_ok(dev)) {
			hdrm_session_stop(port, DCB_HDRM_STATUS_LINK_DOWN);
			hdrm_response_stop(port,
					   DCB_HDRM_RESPONSE_END_LINK_DOWN);
		} else {
			hdrm_port_changed(port);	/* carrier or speed */
		}
		break;
	case NETDEV_UP:
	case NETDEV_CHANGEMTU:
		port = hdrm_port_find_rtnl(dev);
		if (!port)
			break;
		if (event == NETDEV_UP)
			hdrm_wd_start(port);
		hdrm_port_changed(port);
		break;
	}
	return NOTIFY_DONE;
}

static struct notifier_block hdrm_netdev_nb = {
	.notifier_call = hdrm_netdev_event,
};

/*
 * A netlink socket closed: the measurements it owns (measure ... owned)
 * end now, as when the tool waiting for one is interrupted.
 */
static int hdrm_netlink_event(struct notifier_block *nb, unsigned long event,
			      void *ptr)
{
	struct netlink_notify *n = ptr;
	struct hdrm_port *port;
	int bkt;

	if (event != NETLINK_URELEASE || n->protocol != NETLINK_GENERIC ||
	    !n->portid)
		return NOTIFY_DONE;
	rcu_read_lock();
	hash_for_each_rcu(hdrm_ports, bkt, port, node) {
		hdrm_session_release(port, n->net, n->portid);
		hdrm_response_release(port, n->net, n->portid);
	}
	rcu_read_unlock();
	return NOTIFY_DONE;
}

static struct notifier_block hdrm_netlink_nb = {
	.notifier_call = hdrm_netlink_event,
};

/* Registering replays NETDEV_REGISTER for every existing device. */
int __init hdrm_ports_init(void)
{
	int err;

	err = netlink_register_notifier(&hdrm_netlink_nb);
	if (err)
		return err;
	err = register_netdevice_notifier(&hdrm_netdev_nb);
	if (err)
		netlink_unregister_notifier(&hdrm_netlink_nb);
	return err;
}

/* Unregistering replays NETDEV_UNREGISTER: every port goes. */
void hdrm_ports_exit(void)
{
	netlink_unregister_notifier(&hdrm_netlink_nb);
	unregister_netdevice_notifier(&hdrm_netdev_nb);
	rcu_barrier();	/* the kfree_rcu()s above */
}
