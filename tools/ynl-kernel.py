#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""ynl-kernel.py: the module's side of the contract, from the YNL spec.

  ynl-kernel.py --spec SPEC --gen-c C --gen-h H --out-c C --out-h H \\
                --limits LIMITS_H

C and H are what the kernel's ynl-gen-c.py --mode kernel made of SPEC.
This script adapts them to the module, mechanically and nothing more:

 - handlers: the generator names them <family>_nl_<op>_<do|dump>it; the
   module's are hdrm_nl_<op>_<do|dump>it, but every get is served by
   hdrm_nl_get_doit and hdrm_nl_get_dumpit (netlink.c), which find the
   message by the command.
 - the family: the generator's <family>_nl_family is the module's
   dcb_hdrm_family.
 - 6.1: it has no genl_split_ops (6.2 on), so the source also carries a
   genl_ops table derived from the split one: one entry per command with
   the do and dump halves merged. That needs one policy per command, so
   the script fails if an operation's do and dump policies differ. The
   range tables lose their const: 6.1's policy takes a plain pointer.
   HDRM_HAVE_SPLIT_OPS (Kbuild) picks the table.

LIMITS_H gets every explicit `checks: min/max` of SPEC as a
DCB_HDRM_LIMIT_<SET>_<ATTR>_<MIN|MAX> constant, for the code that must
agree with the kernel's policies (the headroom arithmetic, the tool).
"""
import argparse
import re
import sys

import yaml

SPLIT = 'HDRM_HAVE_SPLIT_OPS'


def c_upper(name):
    return name.upper().replace('-', '_')


def fail(msg):
    sys.exit('ynl-kernel.py: ' + msg)


def rename(text, family):
    fam = family.replace('-', '_')
    # every get's do and dump: netlink.c's one pair, by the message's table
    text = re.sub(r'\b%s_nl_\w+?_get_(do|dump)it\b' % fam,
                  r'hdrm_nl_get_\1it', text)
    text = re.sub(r'\b%s_nl_(\w+?)_(do|dump)it\b' % fam, r'hdrm_nl_\1_\2it',
                  text)
    # a prototype the rename shortened: its arguments back on one line
    text = re.sub(r'^(int hdrm_nl_\w+\(.*,)\n[\t ]+(.*\);)$',
                  lambda m: m.group(1) + ' ' + m.group(2)
                  if len(m.group(1)) + len(m.group(2)) < 80 else m.group(0),
                  text, flags=re.M)
    # the gets' prototypes, now the same: one of each
    seen = set()
    lines = []
    for line in text.split('\n'):
        if line.startswith('int hdrm_nl_get_'):
            if line in seen:
                continue
            seen.add(line)
        lines.append(line)
    text = '\n'.join(lines)
    return re.sub(r'\b%s_nl_family\b' % fam, '%s_family' % fam, text)


def parse_ops(body):
    """The entries of the split ops table, as lists of (key, value)."""
    ops = []
    for entry in re.findall(r'\t\{\n(.*?)\n\t\},', body, re.S):
        fields = []
        for line in entry.split('\n'):
            m = re.fullmatch(r'\t\t\.(\w+)\s*= (.*),', line)
            if not m:
                fail('unexpected line in the ops table: %r' % line)
            fields.append((m.group(1), m.group(2)))
        ops.append(fields)
    return ops


def merged_ops(ops, policies):
    """6.1's genl_ops: do and dump of one command in one entry."""
    cmds = {}
    for fields in ops:
        f = dict(fields)
        cmd = cmds.setdefault(f['cmd'], {})
        for key, val in fields:
            if key == 'flags':
                val = ' | '.join(x for x in val.split(' | ')
                                 if not x.startswith('GENL_CMD_CAP_'))
                if not val:
                    continue
            if key == 'policy' and 'policy' in cmd and cmd['policy'] != val:
                if policies[cmd['policy']] != policies[val]:
                    fail('%s: do and dump policies differ, 6.1 has one'
                         % f['cmd'])
                continue
            if key in cmd and cmd[key] != val:
                fail('%s: do and dump differ in .%s' % (f['cmd'], key))
            cmd[key] = val
    out = []
    order = ('cmd', 'validate', 'doit', 'dumpit', 'policy', 'maxattr',
             'flags')
    for fields in cmds.values():
        extra = set(fields) - set(order)
        if extra:
            fail('6.1 table: unhandled fields %s' % sorted(extra))
        out.append('\t{')
        keys = [k for k in order if k in fields]
        # the generator's alignment: the values one tab stop past the
        # longest key
        col = (max(len(k) + 1 for k in keys) // 8 + 1) * 8
        for key in keys:
            tabs = (col - (len(key) + 1) // 8 * 8) // 8
            out.append('\t\t.%s%s= %s,' % (key, '\t' * tabs, fields[key]))
        out.append('\t},')
    return '\n'.join(out)


def kernel_source(text, family):
    text = rename(text, family)
    text = text.replace('static const struct netlink_range_validation',
                        'static struct netlink_range_validation')

    # every policy by name, its body without the name, to compare
    policies = {}
    for m in re.finditer(r'static const struct nla_policy (\w+)(\[.*?\n\};)',
                         text, re.S):
        policies[m.group(1)] = m.group(2)

    m = re.search(r'(static const struct genl_split_ops (\w+)\[\] = \{\n)'
                  r'(.*?\n)\};\n', text, re.S)
    if not m:
        fail('no split ops table in the generated source')
    ops = parse_ops(m.group(3))
    table = m.group(2)
    table61 = merged_ops(ops, policies)
    used61 = set()
    for line in table61.split('\n'):
        p = re.match(r'\t\t\.policy\s*= (\w+),', line)
        if p:
            used61.add(p.group(1))
    text = text.replace(
        m.group(0),
        '#ifdef %s\n%s%s};\n#else\n'
        '/* 6.1: no split ops; the table above, one entry per command */\n'
        'static const struct genl_ops %s[] = {\n%s\n};\n#endif\n'
        % (SPLIT, m.group(1), m.group(3), table, table61))

    # a policy only the split table uses (a dump's twin of its do's)
    for name in policies:
        if name in used61:
            continue
        pm = re.search(r'(/\* [^\n]* \*/\n)?static const struct nla_policy '
                       + name + r'\[.*?\n\};\n', text, re.S)
        text = text.replace(pm.group(0),
                            '#ifdef %s\n%s#endif\n' % (SPLIT, pm.group(0)))

    old = ('\t.split_ops\t= %s,\n\t.n_split_ops\t= ARRAY_SIZE(%s),\n'
           % (table, table))
    if old not in text:
        fail('no split_ops in the generated family')
    text = text.replace(old, '#ifdef %s\n%s#else\n'
                        '\t.ops\t\t= %s,\n\t.n_ops\t\t= ARRAY_SIZE(%s),\n'
                        '#endif\n' % (SPLIT, old, table, table))
    return banner(text)


def banner(text):
    return text.replace(
        '/* YNL-GEN kernel', '/* Adapted to the module by tools/ynl-kernel.py */\n'
        '/* YNL-GEN kernel', 1)


def limits(spec, spec_path):
    out = ['/* SPDX-License-Identifier: GPL-2.0 */',
           '/* Do not edit directly, generated from: */',
           '/*\t%s */' % spec_path,
           '/* by tools/ynl-kernel.py: the checks of its attributes */',
           '#ifndef _HDRM_LIMITS_H',
           '#define _HDRM_LIMITS_H',
           '']
    pfx = c_upper(spec.get('c-define-name', spec['name'])) + '_LIMIT_'
    for aset in spec['attribute-sets']:
        for attr in aset['attributes']:
            checks = attr.get('checks', {})
            suffix = {'u': 'U', 's': ''}.get(attr['type'][0], None)
            if attr['type'].endswith('64') and suffix is not None:
                suffix += 'LL'
            for key in ('min', 'max'):
                if key not in checks:
                    continue
                if suffix is None or not isinstance(checks[key], int):
                    fail('%s.%s: only integer checks on integer types'
                         % (aset['name'], attr['name']))
                out.append('#define %s%s_%s_%s\t%d%s' % (
                    pfx, c_upper(aset['name']), c_upper(attr['name']),
                    key.upper(), checks[key], suffix))
    out += ['', '#endif /* _HDRM_LIMITS_H */', '']
    return '\n'.join(out)


def main():
    ap = argparse.ArgumentParser()
    for a in ('spec', 'spec-path', 'gen-c', 'gen-h', 'out-c', 'out-h',
              'limits'):
        ap.add_argument('--' + a, required=True)
    args = ap.parse_args()
    with open(args.spec) as f:
        spec = yaml.safe_load(f)
    with open(args.gen_c) as f:
        src = kernel_source(f.read(), spec['name'])
    with open(args.gen_h) as f:
        hdr = banner(rename(f.read(), spec['name']))
    for path, text in ((args.out_c, src), (args.out_h, hdr),
                       (args.limits, limits(spec, args.spec_path))):
        with open(path, 'w') as f:
            f.write(text)


if __name__ == '__main__':
    main()
