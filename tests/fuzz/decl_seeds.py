#!/usr/bin/env python3
"""Seeds for the declaration fuzzer (tests/fuzz/decl.c): the declaration strings the add-ons and
the game example register, each written as the operations decl.c understands. Usage:
    decl_seeds.py OUTDIR SOURCE...
One seed file per declaration string."""
import os
import re
import sys

STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
FUNC = re.compile(r'^[\w:<>@&\[\]\s,?]+\(.*\)(\s*const)?(\s*(final|override|explicit|property|nodiscard))*\s*$')
VAR = re.compile(r'^(const\s+)?[\w:]+(<[\w:@,\s<>]+>)?[@&\s]*\s+\w+$')
TYPE = re.compile(r'^[\w:]+(<[\w:@,\s<>]+>)?@?$')


def ops_for(s):
    if '<class' in s:
        return ['X' + s]
    if FUNC.match(s):
        ops = ['f' + s, 'F' + s, 'm' + s, 'v' + s, 'd' + s, 'I' + s]
        if s.startswith('void f(') or s.startswith('void ') and '(' in s:
            ops += ['b0' + s, 'B0' + s]
        if '@' in s.split('(')[0]:
            ops.append('b3' + s)
        return ops
    if VAR.match(s):
        name = s.split()[-1]
        return ['g' + s, 'p' + s, 't' + name + ' ' + s.rsplit(' ', 1)[0]]
    if TYPE.match(s):
        return ['T' + s, 'U' + s, 'k' + s, 'e' + s]
    return []


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    seen = set()
    for path in sys.argv[2:]:
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read()
        for m in STRING.finditer(text):
            s = m.group(1).replace('\\"', '"').replace('\\\\', '\\')
            if not s or s in seen or '\\' in s or len(s) > 200:
                continue
            ops = ops_for(s)
            if not ops:
                continue
            seen.add(s)
            with open(os.path.join(out, 'decl-%05d' % len(seen)), 'w') as seed:
                seed.write('\n'.join(ops) + '\n')
    # a few that use what they declare
    extra = [
        'T Thing\nb3R@ f()\nmint size() const\np int count\nc void g() { R@ r; }\n',
        'X box<class T>\nd void Cb(int)\nf void call(Cb@)\nc void h() { call(function(x) {}); }\n',
        'e Color\nE Color Red\nE Color Green\nt real float\nc real x = 1; Color c = Green;\n',
        'n geo\nf void geo_f()\nn \nk geo::geo_f\nc void q() { geo::geo_f(); }\n',
    ]
    for i, s in enumerate(extra):
        with open(os.path.join(out, 'use-%d' % i), 'w') as seed:
            seed.write(s)


if __name__ == '__main__':
    main()
