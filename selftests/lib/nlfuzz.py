#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Netlink fuzzing of the dcb_hdrm generic netlink family.

The attribute sets, the operations' request attributes, the enums and the
range checks are read from the YNL spec, so an attribute added to the spec
is fuzzed without touching this file. Raw AF_NETLINK sockets, standard
library only (plus PyYAML to read the spec).

  nlfuzz.py fuzz --spec SPEC --ifindex N --foreign-ifindex N
                 [--random N] [--seed S] [--summary FILE]
      Every malformed request of every operation that takes one; see
      selftests/net/nl_fuzz.sh. Exits 0 when every malformed request was
      rejected with an extack message, valid requests behaved and the
      device's state did not change, else 1.

  nlfuzz.py get --spec SPEC OP IFINDEX
      One do request of OP (dev-get, result-get, ...) naming IFINDEX.
      Prints "ok" or "errno NAME: extack message"; exits 0 or 1.

  nlfuzz.py dump --spec SPEC OP
      A dump of OP; prints one JSON list of {"ifindex", "ifname"}.
"""

import argparse
import errno as errnomod
import json
import os
import random
import socket
import struct
import subprocess
import sys

import yaml

NETLINK_GENERIC = 16
SOL_NETLINK = 270
NETLINK_CAP_ACK = 10
NETLINK_EXT_ACK = 11
SO_SNDBUFFORCE = 32
SO_RCVBUFFORCE = 33

NLM_F_REQUEST = 0x1
NLM_F_MULTI = 0x2
NLM_F_ACK = 0x4
NLM_F_DUMP = 0x300
NLM_F_CAPPED = 0x100
NLM_F_ACK_TLVS = 0x200
NLMSG_ERROR = 2
NLMSG_DONE = 3
NLMSGERR_ATTR_MSG = 1
NLMSGERR_ATTR_OFFS = 2

GENL_ID_CTRL = 0x10
CTRL_CMD_GETFAMILY = 3
CTRL_ATTR_FAMILY_ID = 1
CTRL_ATTR_FAMILY_NAME = 2

NLA_F_NESTED = 0x8000
NLA_F_NET_BYTEORDER = 0x4000
NLA_TYPE_MASK = 0x3fff

NLA_HDRLEN = 4
MAX_NLA_PAYLOAD = 0xffff - NLA_HDRLEN - 3	# 65528: nla_len stays <= 65535

SCALAR_LEN = {'u8': 1, 'u16': 2, 'u32': 4, 'u64': 8,
              's8': 1, 's16': 2, 's32': 4, 's64': 8, 'flag': 0}
SCALAR_FMT = {'u8': 'B', 'u16': 'H', 'u32': 'I', 'u64': 'Q',
              's8': 'b', 's16': 'h', 's32': 'i', 's64': 'q'}


def align4(n):
    return (n + 3) & ~3


def nla(atype, payload):
    """One attribute, padded to 4 bytes."""
    length = NLA_HDRLEN + len(payload)
    return struct.pack('=HH', length, atype) + payload + \
        b'\0' * (align4(length) - length)


def nla_raw(length, atype, payload):
    """An attribute whose header says LENGTH whatever the payload is."""
    return struct.pack('=HH', length, atype) + payload


def parse_attrs(data):
    """{type: [payload, ...]} of a flat attribute stream."""
    out = {}
    off = 0
    while off + NLA_HDRLEN <= len(data):
        length, atype = struct.unpack_from('=HH', data, off)
        if length < NLA_HDRLEN or off + length > len(data):
            break
        out.setdefault(atype & NLA_TYPE_MASK, []).append(
            data[off + NLA_HDRLEN:off + length])
        off += align4(length)
    return out


class NlError(Exception):
    pass


class Genl:
    """A generic netlink socket with extended acks."""

    def __init__(self):
        self.sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW,
                                  NETLINK_GENERIC)
        self.sock.bind((0, 0))
        self.sock.setsockopt(SOL_NETLINK, NETLINK_EXT_ACK, 1)
        # the error need not echo a 1 MiB request back
        self.sock.setsockopt(SOL_NETLINK, NETLINK_CAP_ACK, 1)
        for force, plain in ((SO_SNDBUFFORCE, socket.SO_SNDBUF),
                             (SO_RCVBUFFORCE, socket.SO_RCVBUF)):
            try:
                self.sock.setsockopt(socket.SOL_SOCKET, force, 4 << 20)
            except OSError:
                self.sock.setsockopt(socket.SOL_SOCKET, plain, 4 << 20)
        self.sock.settimeout(30)
        self.seq = 1000
        self.sndbuf = self.sock.getsockopt(socket.SOL_SOCKET,
                                           socket.SO_SNDBUF)

    def close(self):
        self.sock.close()

    def message(self, family, cmd, attrs, flags=0, version=1,
                nlmsg_len=None):
        """An nlmsghdr + genlmsghdr + ATTRS (bytes) message."""
        self.seq += 1
        body = struct.pack('=BBH', cmd, version, 0) + attrs
        length = 16 + len(body) if nlmsg_len is None else nlmsg_len
        hdr = struct.pack('=IHHII', length, family,
                          NLM_F_REQUEST | NLM_F_ACK | flags, self.seq, 0)
        return hdr + body

    @staticmethod
    def messages(data):
        """The (type, flags, seq, body) of each netlink message in DATA,
        the body after the nlmsghdr."""
        off = 0
        while off + 16 <= len(data):
            length, mtype, flags, mseq, _ = struct.unpack_from(
                '=IHHII', data, off)
            if length < 16:
                raise NlError('bad nlmsg_len %d' % length)
            yield mtype, flags, mseq, data[off + 16:off + length]
            off += align4(length)

    def transact(self, msg):
        """Sends MSG; returns (errno, extack message or None, [payloads])
        with errno 0 for success. Replies are the attribute streams of
        the answers (after the genl header)."""
        seq = struct.unpack_from('=I', msg, 8)[0]
        self.sock.send(msg)
        replies = []
        while True:
            data = self.sock.recv(1 << 20)
            for mtype, flags, mseq, body in self.messages(data):
                if mseq != seq:
                    continue
                if mtype == NLMSG_ERROR:
                    err = -struct.unpack_from('=i', body, 0)[0]
                    ext = None
                    if flags & NLM_F_ACK_TLVS:
                        if flags & NLM_F_CAPPED:
                            tlv_off = 4 + 16
                        else:
                            orig_len = struct.unpack_from('=I', body, 4)[0]
                            tlv_off = 4 + align4(orig_len)
                        tlvs = parse_attrs(body[tlv_off:])
                        if NLMSGERR_ATTR_MSG in tlvs:
                            ext = tlvs[NLMSGERR_ATTR_MSG][0].split(
                                b'\0')[0].decode(errors='replace')
                    return err, ext, replies
                if mtype == NLMSG_DONE:
                    err = 0
                    if len(body) >= 4:
                        err = -struct.unpack_from('=i', body, 0)[0]
                    # a dump's DONE carries no extack here; its ack follows
                    # only on error, and NLM_F_ACK adds none after DONE
                    return err, None, replies
                replies.append(body[4:])

    def resolve(self, name):
        msg = self.message(GENL_ID_CTRL, CTRL_CMD_GETFAMILY,
                           nla(CTRL_ATTR_FAMILY_NAME, name.encode() + b'\0'))
        err, ext, replies = self.transact(msg)
        if err or not replies:
            raise NlError('family %s: %s %s' % (name, errname(err), ext))
        attrs = parse_attrs(replies[0])
        return struct.unpack('=H', attrs[CTRL_ATTR_FAMILY_ID][0][:2])[0]


def errname(err):
    if err == 0:
        return 'ok'
    return errnomod.errorcode.get(err, str(err))


class Spec:
    """What the fuzzer needs of the YNL spec: attribute ids, types,
    checks and enums, and the operations' request attributes."""

    def __init__(self, path):
        with open(path) as f:
            self.y = yaml.safe_load(f)
        self.name = self.y['name']
        self.enums = {}
        for d in self.y.get('definitions', []):
            if d.get('type') not in ('enum', 'flags'):
                continue
            vals = []
            start = d.get('value-start', 0)
            for i, e in enumerate(d.get('entries', [])):
                v = e.get('value') if isinstance(e, dict) else None
                vals.append(v if v is not None else start + i)
            self.enums[d['name']] = (d['type'], vals)
        self.sets = {}
        for s in self.y['attribute-sets']:
            attrs = {}
            nxt = 1
            for a in s['attributes']:
                val = a.get('value', nxt)
                nxt = val + 1
                attrs[a['name']] = dict(a, id=val)
            self.sets[s['name']] = attrs
        self.ops = {}
        nxt = 1
        for op in self.y['operations']['list']:
            val = op.get('value', nxt)
            nxt = val + 1
            self.ops[op['name']] = dict(op, id=val)

    def set_max(self, sname):
        return max(a['id'] for a in self.sets[sname].values())

    def request_ops(self):
        """Operations with a do request, in spec order."""
        return [o for o in self.ops.values()
                if isinstance(o.get('do'), dict) and 'request' in o['do']]

    def dump_ops(self):
        return [o for o in self.ops.values() if 'dump' in o]

    def limits(self, a):
        """(min, max) the policy should accept for a scalar, or None."""
        t = a['type']
        if t not in SCALAR_FMT:
            return None
        bits = SCALAR_LEN[t] * 8
        if t.startswith('u'):
            lo, hi = 0, (1 << bits) - 1
        else:
            lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        chk = a.get('checks', {})
        lo = chk.get('min', lo)
        hi = chk.get('max', hi)
        if 'enum' in a and not a.get('enum-as-flags') and \
                'max' not in chk:
            _, vals = self.enums[a['enum']]
            hi = min(hi, max(vals))
        return lo, hi

    def type_range(self, a):
        t = a['type']
        bits = SCALAR_LEN[t] * 8
        if t.startswith('u'):
            return 0, (1 << bits) - 1
        return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


def pack_scalar(a, v):
    return struct.pack('=' + SCALAR_FMT[a['type']], v)


class Case:
    def __init__(self, cat, op, desc, msg, dump=False):
        self.cat, self.op, self.desc, self.msg, self.dump = \
            cat, op, desc, msg, dump


class Fuzzer:
    def __init__(self, args):
        self.args = args
        self.spec = Spec(args.spec)
        self.nl = Genl()
        self.fam = self.nl.resolve(self.spec.name)
        self.ifindex = args.ifindex
        self.foreign = args.foreign_ifindex
        self.absent = self.pick_absent()
        self.failures = []
        self.cats = {}
        self.base = {}
        self.current = {}

    def pick_absent(self):
        for idx in range(0x7ffffff0, 0x7fff0000, -1):
            try:
                socket.if_indextoname(idx)
            except OSError:
                return idx
        raise NlError('no free ifindex')

    def fail(self, cat, text):
        self.failures.append('%s: %s' % (cat, text))
        self.cats.setdefault(cat, self.newcat())['failures'].append(text)

    @staticmethod
    def newcat():
        return {'sent': 0, 'rejected': 0, 'extack': 0, 'accepted': 0,
                'no_extack': 0, 'failures': []}

    # ----- building requests -----

    def attr(self, sname, name):
        return self.spec.sets[sname][name]

    def ifindex_attr(self, sname, idx=None):
        a = self.attr(sname, 'ifindex')
        return nla(a['id'], pack_scalar(a, self.ifindex if idx is None
                                        else idx))

    def msg(self, op, attrs, dump=False, **kw):
        return self.nl.message(self.fam, op['id'], attrs,
                               flags=NLM_F_DUMP if dump else 0, **kw)

    def valid_value(self, sname, a):
        """A payload the policy accepts and that changes nothing when the
        device already holds it: the current value when dev-get reports
        the attribute, else the lowest value in range, else None."""
        cur = self.current.get(sname, {}).get(a['id'])
        if cur is not None and a['type'] in SCALAR_FMT:
            return cur
        lim = self.spec.limits(a)
        if lim is None:
            return None
        return pack_scalar(a, lim[0])

    def request_attrs(self, op):
        sname = op['attribute-set']
        return sname, [self.attr(sname, n)
                       for n in op['do']['request']['attributes']]

    def bad_scalar_payloads(self, a):
        """Wrong lengths and wrong types for a scalar attribute."""
        good = SCALAR_LEN[a['type']]
        out = []
        for n in (0, 1, 2, 3, 5, 6, 8, 16):
            if n != good:
                out.append(('%d bytes for a %s' % (n, a['type']),
                            bytes([0x01] * n)))
        s = b'fuzz-string\0'
        if len(s) != good:
            out.append(('a string "fuzz-string" for a %s' % a['type'], s))
        return out

    def nested_garbage(self, sname, a):
        """(desc, attribute bytes) for a nest with garbage inside."""
        inner_set = a['nested-attributes']
        inner = self.spec.sets[inner_set]
        imax = self.spec.set_max(inner_set)
        aid = a['id'] | NLA_F_NESTED
        valid_inner = b''
        for ia in inner.values():
            if ia['type'] in SCALAR_FMT:
                valid_inner += nla(ia['id'], pack_scalar(
                    ia, self.spec.limits(ia)[0]))
        out = [
            ('empty nest', nla(aid, b'')),
            ('nest of 1 byte', nla_raw(5, aid, b'\x01') + b'\0' * 3),
            ('nest of 3 bytes', nla_raw(7, aid, b'\x01\x02\x03') + b'\0'),
            ('nest without NLA_F_NESTED', nla(a['id'], valid_inner)),
            ('random bytes inside', nla(aid, bytes(
                random.Random(7).randrange(256) for _ in range(37)))),
            ('inner attribute longer than the nest',
             nla(aid, nla_raw(64, 1, b'\0' * 4))),
            ('inner attribute with nla_len 2',
             nla(aid, nla_raw(2, 1, b'\0\0'))),
            ('inner unknown type %d' % (imax + 1),
             nla(aid, valid_inner + nla(imax + 1, b'\0' * 4))),
            ('inner unknown type 0x7fff',
             nla(aid, valid_inner + nla(0x7fff, b'\0' * 4))),
            ('inner type 0', nla(aid, valid_inner + nla(0, b'\0' * 4))),
            ('nest inside the nest',
             nla(aid, nla(1 | NLA_F_NESTED, valid_inner))),
        ]
        for iname, ia in inner.items():
            if ia['type'] not in SCALAR_FMT:
                continue
            others = b''.join(
                nla(o['id'], pack_scalar(o, self.spec.limits(o)[0]))
                for o in inner.values()
                if o is not ia and o['type'] in SCALAR_FMT)
            out.append(('without %s' % iname, nla(aid, others)))
            for d, p in self.bad_scalar_payloads(ia)[:4]:
                out.append(('%s: %s' % (iname, d),
                            nla(aid, others + nla(ia['id'], p))))
            lo, hi = self.spec.limits(ia)
            tlo, thi = self.spec.type_range(ia)
            if lo > tlo:
                out.append(('%s = %d (min - 1)' % (iname, lo - 1),
                            nla(aid, others + nla(ia['id'],
                                                  pack_scalar(ia, lo - 1)))))
            if hi < thi:
                out.append(('%s = %d (max + 1)' % (iname, hi + 1),
                            nla(aid, others + nla(ia['id'],
                                                  pack_scalar(ia, hi + 1)))))
            out.append(('%s twice in one nest' % iname,
                        nla(aid, valid_inner + nla(ia['id'], pack_scalar(
                            ia, self.spec.limits(ia)[0])))))
        return out

    def cases(self):
        sp = self.spec
        for op in sp.request_ops():
            sname, req = self.request_attrs(op)
            amax = sp.set_max(sname)
            ifa = self.ifindex_attr(sname)
            name = op['name']
            req_names = set(op['do']['request']['attributes'])

            # a required attribute missing
            if 'ifindex' in req_names:
                yield Case('missing', op, 'no attribute at all',
                           self.msg(op, b''))
                for a in req:
                    if a['name'] == 'ifindex':
                        continue
                    v = self.valid_value(sname, a)
                    if v is not None:
                        yield Case('missing', op,
                                   'no ifindex, %s valid' % a['name'],
                                   self.msg(op, nla(a['id'], v)))
                        break

            # the device named
            yield Case('device', op, 'ifindex %d: no such device' %
                       self.absent,
                       self.msg(op, self.ifindex_attr(sname, self.absent)))
            yield Case('device', op, 'ifindex %d: a device of another '
                       'network namespace' % self.foreign,
                       self.msg(op, self.ifindex_attr(sname, self.foreign)))
            yield Case('device', op, 'ifindex 1: loopback, not Ethernet',
                       self.msg(op, self.ifindex_attr(sname, 1)))

            for a in req:
                t = a['type']
                is_if = a['name'] == 'ifindex'
                pre = b'' if is_if else ifa
                # wrong length, wrong type
                if t in SCALAR_FMT:
                    for d, p in self.bad_scalar_payloads(a):
                        yield Case('length', op, '%s: %s' % (a['name'], d),
                                   self.msg(op, pre + nla(a['id'], p)))
                    v = self.valid_value(sname, a)
                    yield Case('length', op,
                               '%s: NLA_F_NESTED on a %s' % (a['name'], t),
                               self.msg(op, pre + nla(a['id'] | NLA_F_NESTED,
                                                      v)))
                    # out of range
                    lo, hi = sp.limits(a)
                    tlo, thi = sp.type_range(a)
                    vals = []
                    if lo > tlo:
                        vals.append((lo - 1, 'min - 1'))
                        if lo - 1 != tlo:
                            vals.append((tlo, 'type minimum'))
                    if hi < thi:
                        vals.append((hi + 1, 'max + 1'))
                        vals.append((thi, 'type maximum'))
                    cat = 'enum' if 'enum' in a and \
                        'checks' not in a else 'range'
                    for v, why in vals:
                        d = '%s = %d (%s)' % (a['name'], v, why)
                        if 'enum' in a and v == hi + 1:
                            d = '%s = %d (one past the last %s entry)' % (
                                a['name'], v, a['enum'])
                        yield Case(cat, op, d, self.msg(
                            op, pre + nla(a['id'], pack_scalar(a, v))))
                elif t == 'nest':
                    for d, p in self.nested_garbage(sname, a):
                        yield Case('nested', op, '%s: %s' % (a['name'], d),
                                   self.msg(op, pre + p))
                # oversized
                yield Case('oversize', op, '%s: %d-byte payload' % (
                    a['name'], MAX_NLA_PAYLOAD), self.msg(
                        op, pre + nla(a['id'] | (NLA_F_NESTED if t == 'nest'
                                                 else 0),
                                      b'\x5a' * MAX_NLA_PAYLOAD)))
                # repeated
                if not a.get('multi-attr'):
                    v = self.valid_value(sname, a)
                    if is_if:
                        yield Case('repeat', op, 'ifindex twice',
                                   self.msg(op, ifa + ifa))
                    elif name == 'dev-set' and \
                            a['id'] not in self.current.get(sname, {}):
                        # write-only: an accepted repeat would change state
                        self.skipped.append('%s %s twice (write-only)' % (
                            name, a['name']))
                    elif v is not None:
                        yield Case('repeat', op, '%s twice' % a['name'],
                                   self.msg(op, ifa + nla(a['id'], v) +
                                            nla(a['id'], v)))
                else:
                    yield Case('repeat', op, '%s twice, same member '
                               'values' % a['name'], self.msg(
                                   op, ifa + self.valid_nest(sname, a) +
                                   self.valid_nest(sname, a)))

            # unknown attribute types, and attributes of the set that the
            # operation does not take
            for t_, why in ((0, 'type 0'), (amax + 1, 'max + 1'),
                            (0x7fff, '0x7fff'), (NLA_TYPE_MASK, '0x3fff')):
                for p in (b'\0' * 4, b''):
                    yield Case('unknown', op, 'type %d (%s), %d bytes' % (
                        t_, why, len(p)), self.msg(op, ifa + nla(t_, p)))
            for a in sp.sets[sname].values():
                if a['name'] in req_names or a['type'] == 'pad':
                    continue
                if a['type'] in SCALAR_FMT:
                    p = pack_scalar(a, 0)
                elif a['type'] == 'string':
                    p = b'eth0\0'
                else:
                    p = b''
                f = NLA_F_NESTED if a['type'] == 'nest' else 0
                yield Case('unknown', op, '%s (not a %s request attribute)'
                           % (a['name'], name),
                           self.msg(op, ifa + nla(a['id'] | f, p)))

            # framing of the attribute stream
            yield Case('framing', op, '2 trailing bytes after the attributes',
                       self.msg(op, ifa + b'\x01\x02'))
            yield Case('framing', op, 'attribute longer than the message',
                       self.msg(op, ifa + nla_raw(200, 1, b'\0' * 4)))
            yield Case('framing', op, 'attribute with nla_len 3',
                       self.msg(op, ifa + nla_raw(3, 1, b'\0' * 4)))
            yield Case('framing', op, 'nlmsg_len cuts the last attribute',
                       self.msg(op, ifa + ifa, nlmsg_len=16 + 4 + 8 + 6))

            # the largest message the socket takes: 64 KiB attributes
            big = ifa
            room = min(self.nl.sndbuf - 64, 1 << 20) - 16 - 4
            chunk = nla(amax + 1, b'\xa5' * MAX_NLA_PAYLOAD)
            while len(big) + len(chunk) <= room:
                big += chunk
            yield Case('oversize', op, '%d-byte message of %d-byte unknown '
                       'attributes' % (16 + 4 + len(big), len(chunk)),
                       self.msg(op, big))

        for op in sp.dump_ops():
            sname = op['attribute-set']
            amax = sp.set_max(sname)
            yield Case('dump', op, 'dump with type %d' % (amax + 1),
                       self.msg(op, nla(amax + 1, b'\0' * 4), dump=True),
                       dump=True)
            yield Case('dump', op, 'dump with ifindex of 1 byte',
                       self.msg(op, nla(self.attr(sname, 'ifindex')['id'],
                                        b'\x01'), dump=True), dump=True)
            yield Case('dump', op, 'dump with 2 trailing bytes',
                       self.msg(op, b'\x01\x02', dump=True), dump=True)

    def valid_nest(self, sname, a):
        inner = self.spec.sets[a['nested-attributes']]
        p = b''.join(nla(ia['id'], pack_scalar(ia, self.spec.limits(ia)[0]))
                     for ia in inner.values() if ia['type'] in SCALAR_FMT)
        return nla(a['id'] | NLA_F_NESTED, p)

    # ----- state -----

    def state(self):
        """The fuzzed device's dev-get attributes, without counters and
        ages."""
        op = self.spec.ops['dev-get']
        err, ext, rep = self.nl.transact(
            self.msg(op, self.ifindex_attr('dev')))
        if err or not rep:
            raise NlError('dev-get of ifindex %d: %s %s' % (
                self.ifindex, errname(err), ext))
        attrs = parse_attrs(rep[0])
        dev = self.spec.sets['dev']
        attrs.pop(dev['stats']['id'], None)
        peer = dev.get('peer')
        if peer and peer['id'] in attrs:
            pset = self.spec.sets[peer['nested-attributes']]
            inner = parse_attrs(attrs[peer['id']][0])
            for n in ('age', 'pad'):
                if n in pset:
                    inner.pop(pset[n]['id'], None)
            attrs[peer['id']] = [sorted(inner.items())]
        return attrs

    def state_diff(self, before, after):
        names = {a['id']: n for n, a in self.spec.sets['dev'].items()}
        return [names.get(k, str(k)) for k in sorted(set(before) |
                                                     set(after))
                if before.get(k) != after.get(k)]

    # ----- valid requests -----

    def check_valid(self):
        sp = self.spec
        cat = self.cats.setdefault('valid', self.newcat())

        def expect(desc, op, msg, ok_errs=(0,), dump=False):
            err, ext, rep = self.nl.transact(msg)
            cat['sent'] += 1
            self.base[op['name']] = (err, ext)
            if err not in ok_errs:
                self.fail('valid', '%s %s: %s (%s)' % (op['name'], desc,
                                                      errname(err), ext))
            elif err and not ext:
                self.fail('valid', '%s %s: %s without an extack message' % (
                    op['name'], desc, errname(err)))
            return err, ext, rep

        err, _, rep = expect('of the fuzzed device', sp.ops['dev-get'],
                             self.msg(sp.ops['dev-get'],
                                      self.ifindex_attr('dev')))
        if not err:
            got = struct.unpack('=I', parse_attrs(rep[0])[
                self.attr('dev', 'ifindex')['id']][0])[0]
            if got != self.ifindex:
                self.fail('valid', 'dev-get answered for ifindex %d' % got)
        for op in sp.dump_ops():
            err, _, rep = expect('dump', op, self.msg(op, b'', dump=True))
            sname = op['attribute-set']
            ida = self.attr(sname, 'ifindex')['id']
            seen = [struct.unpack('=I', parse_attrs(r)[ida][0])[0]
                    for r in rep if ida in parse_attrs(r)]
            if self.foreign in seen and self.foreign != self.ifindex:
                self.fail('valid', '%s dump lists ifindex %d of another '
                          'network namespace' % (op['name'], self.foreign))
        # dev-set of every readable setting to the value it holds
        op = sp.ops['dev-set']
        sname, req = self.request_attrs(op)
        attrs = self.ifindex_attr(sname)
        for a in req:
            if a['name'] != 'ifindex' and a['id'] in self.current[sname] \
                    and a['type'] in SCALAR_FMT:
                attrs += nla(a['id'], self.current[sname][a['id']])
        expect('of every setting to its current value', op,
               self.msg(op, attrs))
        # measure: the device has no carrier, so a valid request reaches
        # the carrier check (ENETDOWN); result-get: nothing measured yet
        op = sp.ops['measure']
        expect('of a device without carrier', op,
               self.msg(op, self.ifindex_attr(op['attribute-set'])),
               ok_errs=(errnomod.ENETDOWN,))
        op = sp.ops['result-get']
        expect('of a device never measured', op,
               self.msg(op, self.ifindex_attr(op['attribute-set'])),
               ok_errs=(0, errnomod.ENODATA))
        # samples-get: no local measurement yet, ENODATA with an extack
        op = sp.ops['samples-get']
        expect('of a device never measured', op,
               self.msg(op, self.ifindex_attr(op['attribute-set'])),
               ok_errs=(errnomod.ENODATA,))
        # watchdog-get of the device; watchdog-set to what it holds: off,
        # with the default times (a veth has no PFC counters to watch)
        op = sp.ops['watchdog-get']
        expect('of the fuzzed device', op,
               self.msg(op, self.ifindex_attr(op['attribute-set'])))
        op = sp.ops['watchdog-set']
        sname = op['attribute-set']
        expect('off, at the default times', op, self.msg(
            op, self.ifindex_attr(sname) +
            nla(self.attr(sname, 'state')['id'], struct.pack('=B', 0)) +
            nla(self.attr(sname, 'detect-ms')['id'], struct.pack('=I', 200)) +
            nla(self.attr(sname, 'poll-ms')['id'], struct.pack('=I', 50))))
        # watchdog-recover: the fuzzed device holds no priority, EINVAL
        op = sp.ops['watchdog-recover']
        sname = op['attribute-set']
        expect('of a priority not held', op, self.msg(
            op, self.ifindex_attr(sname) +
            nla(self.attr(sname, 'recover-prio')['id'], struct.pack('=B', 3))),
            ok_errs=(errnomod.EINVAL,))
        for o in sp.request_ops():
            if o['name'] not in self.base:
                self.fail('valid', 'no valid request known for %s' %
                          o['name'])

    # ----- the run -----

    def run_case(self, c):
        cat = self.cats.setdefault(c.cat, self.newcat())
        cat['sent'] += 1
        try:
            err, ext, _ = self.nl.transact(c.msg)
        except OSError as e:
            self.fail(c.cat, '%s %s: send/recv failed: %s' % (
                c.op['name'], c.desc, e))
            return
        base = self.base.get(c.op['name'], (0, None))
        if c.dump:
            base = (0, None)
        if err == 0 or (err, ext) == base:
            cat['accepted'] += 1
            self.fail(c.cat, '%s %s: accepted (%s%s)' % (
                c.op['name'], c.desc, errname(err),
                ', "%s"' % ext if ext else ''))
            return
        cat['rejected'] += 1
        if ext:
            cat['extack'] += 1
        else:
            cat['no_extack'] += 1
            self.fail(c.cat, '%s %s: rejected with %s but no extack '
                      'message' % (c.op['name'], c.desc, errname(err)))
        if self.args.verbose:
            print('# %-8s %-10s %-60s %s "%s"' % (c.cat, c.op['name'],
                                                   c.desc, errname(err), ext))

    def random_cases(self, n, seed):
        """Random attribute streams, always naming a device that does not
        exist (the last ifindex wins, so none other is generated): every
        one must be refused, by the policy or by the lookup."""
        rnd = random.Random(seed)
        ops = self.spec.request_ops()
        for i in range(n):
            op = ops[i % len(ops)]
            sname = op['attribute-set']
            ida = self.attr(sname, 'ifindex')['id']
            amax = self.spec.set_max(sname)
            body = b''
            for _ in range(rnd.randrange(0, 6)):
                t = rnd.randrange(0, amax + 3)
                if t == ida:
                    t = 0
                if rnd.random() < 0.2:
                    t |= NLA_F_NESTED
                    inner = b''.join(nla(rnd.randrange(0, 5), bytes(
                        rnd.randrange(256) for _ in range(rnd.choice(
                            (0, 1, 4, 4, 4, 8)))))
                        for _ in range(rnd.randrange(0, 4)))
                    body += nla(t, inner)
                else:
                    body += nla(t, bytes(rnd.randrange(256) for _ in range(
                        rnd.choice((0, 1, 2, 4, 4, 4, 8, 13)))))
            pos = rnd.randrange(0, 3)
            ifa = self.ifindex_attr(sname, self.absent)
            body = ifa + body if pos == 0 else body + ifa if pos == 1 \
                else body
            if rnd.random() < 0.1:
                body += bytes(rnd.randrange(256) for _ in range(
                    rnd.randrange(1, 4)))
            yield Case('random', op, 'random #%d (%s)' % (i, body.hex()),
                       self.msg(op, body))

    def run(self):
        self.skipped = []
        self.current = {'dev': {k: v[0] for k, v in
                                parse_attrs(self.dev_get_raw()).items()}}
        for o in self.spec.request_ops():
            self.current.setdefault(o['attribute-set'], {})
        before = self.state()
        self.check_valid()
        if self.state_diff(before, self.state()):
            self.fail('state', 'the valid dev-set changed %s' %
                      self.state_diff(before, self.state()))
        last = None
        for c in self.cases():
            if last is not None and c.cat != last:
                self.check_state(before, last)
            last = c.cat
            self.run_case(c)
        self.check_state(before, last)
        for c in self.random_cases(self.args.random, self.args.seed):
            self.run_case(c)
        self.check_state(before, 'random')
        return self.summary()

    def dev_get_raw(self):
        op = self.spec.ops['dev-get']
        err, ext, rep = self.nl.transact(self.msg(op,
                                                  self.ifindex_attr('dev')))
        if err or not rep:
            raise NlError('dev-get of ifindex %d: %s %s' % (
                self.ifindex, errname(err), ext))
        return rep[0]

    def check_state(self, before, cat):
        diff = self.state_diff(before, self.state())
        if diff:
            self.fail('state', 'after the %s requests the device\'s %s '
                      'changed' % (cat, ', '.join(diff)))

    def summary(self):
        tot = self.newcat()
        for name, c in self.cats.items():
            for k in ('sent', 'rejected', 'extack', 'accepted', 'no_extack'):
                tot[k] += c[k]
        return {'total': {k: tot[k] for k in tot if k != 'failures'},
                'categories': self.cats, 'skipped': self.skipped,
                'failures': self.failures, 'absent_ifindex': self.absent,
                'sndbuf': self.nl.sndbuf}


def cmd_fuzz(args):
    fz = Fuzzer(args)
    s = fz.run()
    if args.summary:
        with open(args.summary, 'w') as f:
            json.dump(s, f, indent=1)
    for name, c in sorted(s['categories'].items()):
        print('# %-9s sent %5d  rejected %5d  with extack %5d  accepted %3d'
              '  failures %d' % (name, c['sent'], c['rejected'], c['extack'],
                                 c['accepted'], len(c['failures'])))
    t = s['total']
    print('# %d requests, %d rejected, %d with an extack message, %d '
          'accepted' % (t['sent'], t['rejected'], t['extack'],
                        t['accepted']))
    for f in s['failures']:
        print('# FAIL %s' % f[:400])
    return 1 if s['failures'] else 0


def cmd_get(args):
    sp = Spec(args.spec)
    nl = Genl()
    fam = nl.resolve(sp.name)
    op = sp.ops[args.op]
    a = sp.sets[op['attribute-set']]['ifindex']
    err, ext, _ = nl.transact(nl.message(fam, op['id'],
                                         nla(a['id'], pack_scalar(
                                             a, args.ifindex))))
    print('ok' if not err else 'errno %s: %s' % (errname(err), ext))
    return 0 if not err else 1


def cmd_dump(args):
    """Dumps OP and prints [{ifindex, ifname}] as JSON. With --between
    CMD, runs CMD once the first batch of the dump is read, with the names
    read so far in $DUMPED (space-separated): the devices CMD adds or
    removes then fall between the dump's rounds."""
    sp = Spec(args.spec)
    nl = Genl()
    fam = nl.resolve(sp.name)
    op = sp.ops[args.op]
    aset = sp.sets[op['attribute-set']]
    # a socket of its own: the kernel sizes a dump's rounds by the largest
    # recv() the socket has seen, and resolve() asked for 1 MiB
    nl = Genl()
    msg = nl.message(fam, op['id'], b'', flags=NLM_F_DUMP)
    seq = struct.unpack_from('=I', msg, 8)[0]
    nl.sock.send(msg)
    out = []
    batches = 0
    while True:
        # one recv(), one round's skb: the kernel fills the next round
        # as this one is read, no larger than the largest recv() so far
        # asked for (8 KiB here, so that a few devices make a round)
        data = nl.sock.recv(8192)
        batches += 1
        done = False
        for mtype, _, mseq, body in nl.messages(data):
            if mseq != seq:
                continue
            if mtype == NLMSG_ERROR or mtype == NLMSG_DONE:
                err = -struct.unpack_from('=i', body, 0)[0] if body else 0
                if err:
                    print('errno %s' % errname(err), file=sys.stderr)
                    return 1
                done = True
                break
            at = parse_attrs(body[4:])
            out.append({
                'ifindex': struct.unpack('=I', at[aset['ifindex']['id']][0])[0],
                'ifname': at[aset['ifname']['id']][0].split(b'\0')[0].decode()})
        if done:
            break
        if batches == 1 and args.between:
            env = dict(os.environ, DUMPED=' '.join(d['ifname'] for d in out))
            if subprocess.call(args.between, shell=True, env=env):
                print('nlfuzz: "%s" failed' % args.between, file=sys.stderr)
                return 1
    if args.between:
        print('nlfuzz: %d batches' % batches, file=sys.stderr)
    print(json.dumps(out))
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = p.add_subparsers(dest='cmd', required=True)
    f = sub.add_parser('fuzz')
    f.add_argument('--spec', required=True)
    f.add_argument('--ifindex', type=int, required=True)
    f.add_argument('--foreign-ifindex', type=int, required=True)
    f.add_argument('--random', type=int, default=1000)
    f.add_argument('--seed', type=int, default=1)
    f.add_argument('--summary')
    f.add_argument('--verbose', action='store_true')
    g = sub.add_parser('get')
    g.add_argument('--spec', required=True)
    g.add_argument('op')
    g.add_argument('ifindex', type=int)
    d = sub.add_parser('dump')
    d.add_argument('--spec', required=True)
    d.add_argument('op')
    d.add_argument('--between')
    args = p.parse_args()
    try:
        return {'fuzz': cmd_fuzz, 'get': cmd_get, 'dump': cmd_dump}[
            args.cmd](args)
    except (NlError, OSError) as e:
        print('nlfuzz: %s' % e, file=sys.stderr)
        return 2


if __name__ == '__main__':
    sys.exit(main())
