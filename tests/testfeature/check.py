#!/usr/bin/env python3
"""check.py DIR ANGELC KNOWN: runs DIR/run.py ANGELC -v (the test_feature cases) and compares the
failing cases with the list in KNOWN (one case name a line, '#' comments). Prints run.py's
"N passed, N failed" line and a summary; exits 1 if a case not in the list fails or a listed case
passes (take it off the list), else 0.
Then compares the first error of the build-fail cases with the reference's (first_errors.tsv
beside this script, made by `diag.py regen`), the differences allowed by KNOWN_DIAG_DIFFS.txt."""
import os, subprocess, sys
import diag

def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    d, angelc, known_path = sys.argv[1:]
    known = set()
    for line in open(known_path):
        line = line.split('#', 1)[0].strip()
        if line:
            known.add(line if line.endswith('.as') else line + '.as')
    r = subprocess.run([sys.executable, os.path.join(d, 'run.py'), os.path.abspath(angelc), '-v'],
                       capture_output=True, text=True)
    failed, summary = [], None
    for line in r.stdout.splitlines():
        if line.startswith('FAIL '):
            failed.append(line[5:].split(':', 1)[0].strip())
        elif line.endswith(' failed') and ' passed, ' in line:
            summary = line
    if summary is None:
        sys.stdout.write(r.stdout + r.stderr)
        print('testfeature: run.py did not finish')
        return 1
    new = [f for f in failed if f not in known]
    fixed = sorted(known - set(failed))
    print(f'testfeature ({d}): {summary}')
    for f in new:
        line = next(l for l in r.stdout.splitlines() if l.startswith('FAIL ' + f))
        print(f'  NEW FAILURE {line[5:]}')
    for f in fixed:
        print(f'  now passes (take it off {os.path.basename(known_path)}): {f}')
    print(f'testfeature: {len(failed) - len(new)} known failures, {len(new)} new, {len(fixed)} fixed')
    return max(1 if new or fixed else 0, check_first_errors(d, angelc))


def check_first_errors(d, angelc):
    here = os.path.dirname(os.path.abspath(__file__))
    known_path = os.path.join(here, 'KNOWN_DIAG_DIFFS.txt')
    known = diag.read_known(known_path)
    ok, total, diffs, lines = diag.check(angelc, os.path.join(d, 'cases'),
                                         os.path.join(here, 'first_errors.tsv'), known, False)
    new = [(n, t) for n, t in zip(diffs, lines) if n not in known]
    fixed = sorted(k for k in known if k not in diffs)
    print(f'testfeature: first error matches: {ok} of {total} (the reference\'s line and message)')
    for _, text in new:
        print('  NEW DIFFERENCE ' + text.lstrip())
    for f in fixed:
        print(f'  first error now matches (take it off KNOWN_DIAG_DIFFS.txt): {f}')
    print(f'testfeature: {len(diffs) - len(new)} known first-error differences, {len(new)} new, {len(fixed)} fixed')
    return 1 if new or fixed else 0

sys.exit(main())
