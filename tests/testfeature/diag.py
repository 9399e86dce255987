#!/usr/bin/env python3
"""diag.py: the first compile error of the test_feature cases that must fail to build, compared
with the reference's (line and message text; the column is not compared).

  diag.py regen REFHOST CASES OUT.tsv
      runs the reference host (../shared/reference/ashost-2.38) on every build-fail case of
      CASES/AGREED.txt and writes OUT.tsv: case, line, message of its first error
  diag.py check ANGELC CASES FIRST_ERRORS.tsv [KNOWN] [-v]
      runs `ANGELC run` on the same cases and prints "first error matches: N of M"; with KNOWN
      (one case name a line, '#' comments) exits 1 when a case not in it differs or a listed
      case matches (take it off); -v prints each difference
"""
import json, os, re, subprocess, sys

ERROR = re.compile(r'^(.*?):(\d+):(\d+): error: (.*)$')


def first_error(cmd, cwd):
    """(line, message) of the first `file:line:col: error: message` line cmd prints, or None."""
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=20)
        out = r.stderr + r.stdout
    except subprocess.TimeoutExpired:
        return None
    for line in out.splitlines():
        m = ERROR.match(line)
        if m:
            return int(m.group(2)), m.group(4).strip()
    return None


def fail_cases(cases):
    """The cases of AGREED.txt whose build must fail."""
    out = []
    for f in open(os.path.join(cases, 'AGREED.txt')).read().split():
        d = json.load(open(os.path.join(cases, f[:-3] + '.expect.json')))
        if d['build'] == 'fail':
            out.append(f[:-3])
    return out


def read_known(path):
    known = set()
    if path:
        for line in open(path):
            line = line.split('#', 1)[0].strip()
            if line:
                known.add(line[:-3] if line.endswith('.as') else line)
    return known


def regen(ref, cases, out_path):
    with open(out_path, 'w') as out:
        out.write('# case\tline\tfirst error of the reference (diag.py regen)\n')
        for name in fail_cases(cases):
            e = first_error([os.path.abspath(ref), name + '.as'], cases)
            if e:
                out.write(f'{name}\t{e[0]}\t{e[1]}\n')
    return 0


def load_expected(path):
    exp = {}
    for line in open(path):
        if line.startswith('#') or not line.strip():
            continue
        name, ln, msg = line.rstrip('\n').split('\t', 2)
        exp[name] = (int(ln), msg)
    return exp


def check(angelc, cases, expected_path, known_path, verbose):
    """Returns (matches, total, differing case names, report lines)."""
    exp = load_expected(expected_path)
    names = [n for n in fail_cases(cases) if n in exp]
    diffs, lines = [], []
    for name in names:
        got = first_error([os.path.abspath(angelc), 'run', name + '.as'], cases)
        if got != exp[name]:
            diffs.append(name)
            g = f'{got[0]}: {got[1]}' if got else 'no error'
            lines.append(f'  {name}\n    want {exp[name][0]}: {exp[name][1]}\n    got  {g}')
    return len(names) - len(diffs), len(names), diffs, lines


def main():
    a = [x for x in sys.argv[1:] if x != '-v']
    verbose = '-v' in sys.argv
    if len(a) == 4 and a[0] == 'regen':
        return regen(a[1], a[2], a[3])
    if len(a) in (4, 5) and a[0] == 'check':
        known = read_known(a[4] if len(a) == 5 else None)
        ok, total, diffs, lines = check(a[1], a[2], a[3], known, verbose)
        print(f'first error matches: {ok} of {total}')
        new = [d for d in diffs if d not in known]
        fixed = sorted(k for k in known if k not in diffs)
        for name, text in zip(diffs, lines):
            if verbose or (len(a) == 5 and name in new):
                print(('NEW ' if len(a) == 5 and name in new else '') + text.lstrip())
        if len(a) == 5:
            for f in fixed:
                print(f'  first error now matches (take it off {os.path.basename(a[4])}): {f}')
            return 1 if new or fixed else 0
        return 0
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main())
