#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""compare.py NEW/summary.json [OLD/summary.json]

Misses per read of the trace cells (refaults per read of the fio cells)
from a harness run's summary.json, as a Markdown table: ORIG, FG and RD
medians with each boot's spread, the change against ORIG, the simulated
bounds (exact LRU, FIFO, Belady OPT, static ideal LFU) and, for FG and
RD, the verdict against exact LRU.  With OLD, the change of FG's and
RD's medians against OLD's (the series before) is added.
"""
import json
import sys

LABEL = {'trace': '', 'tphase': 'phase, ', 'tscan': 'scan, ', 'tloop': 'loop, ', 'fd': 'fio fd '}


def load(path):
    with open(path) as f:
        return json.load(f)


def values(d, cell, arm, key):
    out = []
    for b in d['boots']:
        if b['arm'] == arm and cell in b['cells'] and key in b['cells'][cell]:
            out.append(b['cells'][cell][key])
    return sorted(out)


def median(v):
    n = len(v)
    if not n:
        return None
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    new = load(sys.argv[1])
    old = load(sys.argv[2]) if len(sys.argv) == 3 else None
    cells = new['meta']['cells'].split()
    arms = [a for a in ('ORIG', 'FG', 'RD') if a in new['arms']]
    head = ['cell'] + ['%s [spread]' % a for a in arms]
    if old:
        head += ['FG vs before', 'RD vs before']
    head += ['exact LRU', 'FIFO', 'OPT', 'LFU', 'FG, RD vs LRU']
    print('| ' + ' | '.join(head) + ' |')
    print('|' + ' --- |' * len(head))
    for cell in cells:
        kind, theta, mem = cell.split(':')
        key = 'refaults_per_read' if kind == 'fd' else 'misses_per_read'
        name = '%s%sM / %s' % (LABEL.get(kind, kind + ' '), mem, theta)
        row = [name]
        meds = {}
        for a in arms:
            v = values(new, cell, a, key)
            m = meds[a] = median(v)
            if m is None:
                row.append('')
                continue
            txt = '%.4f [%.4f-%.4f]' % (m, v[0], v[-1])
            if a != 'ORIG' and meds.get('ORIG'):
                txt += ' (%+.1f%%)' % (100 * (m / meds['ORIG'] - 1))
            row.append(txt)
        if old:
            for a in ('FG', 'RD'):
                o = median(values(old, cell, a, key))
                row.append('%+.1f%%' % (100 * (meds[a] / o - 1)) if o and meds.get(a) else '')
        b = new.get('bounds', {}).get(cell)
        if b and kind != 'fd':
            row += ['%.4f' % b[k] if b.get(k) is not None else '' for k in ('LRU', 'FIFO', 'OPT', 'LFU')]
            row.append(', '.join('%+.1f%%' % (100 * (meds[a] / b['LRU'] - 1))
                                 for a in ('FG', 'RD') if meds.get(a)))
        else:
            row += ['', '', '', '', '']
        print('| ' + ' | '.join(row) + ' |')


if __name__ == '__main__':
    main()
