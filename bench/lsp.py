#!/usr/bin/env python3
"""bench/lsp.py: how fast `angelc lsp` answers on a 10,000-line project (run by bench/run.sh,
or alone: python3 bench/lsp.py [--angelc build/angelc] [--rounds N]).

It writes a project into a temporary folder: angelc.json naming main.as, which #includes ten
files of 1,000 lines (classes, methods, functions with loops, arrays and strings). One included
file is open in the editor. Then:
  diagnostics   an edit of the open file (an error put in, then taken out, in turn): the time
                from sending didChange to receiving that file's publishDiagnostics, during which
                the server compiles the whole 10,000-line program again (target: 200 ms); and
                ten edits sent at once (fast typing), to the diagnostics of the last one
  completion    after `t.` in a function of the open file (members), and at the start of a
                statement (locals, globals, types, keywords: the longest list) (target: 50 ms)
  hover, semantic tokens (full, of the 1,000-line file) for comparison.
Each is the median and the maximum of --rounds requests (default 20), each sent alone and
waited for. The machine is shared: compare with the targets, not run to run.
Exit status 0 when the medians meet the targets, 1 when they do not, 2 when a request was not
answered.
"""
import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "lsp"))
from lsp_client import Session, initialize, did_open, did_change, request, uri_of  # noqa: E402

FILES = 10
UNITS = 50          # of 20 lines each, a file


def unit(k, j):
    return """class Thing{k}_{j} {{
    int a;
    double b;
    array<int> items;
    Thing{k}_{j}() {{ a = {j}; b = {j}.5; }}
    int sum() const {{ int s = 0; for (uint i = 0; i < items.length(); i++) s += items[i]; return s + a; }}
    void add(int v) {{ items.insertLast(v); if (v > 10) {{ a += v; }} else {{ a -= 1; }} }}
}}
int helper{k}_{j}(int x, const string &in s) {{
    Thing{k}_{j} t;
    t.add(x);
    int total = t.sum();
    for (int i = 0; i < x; i++) {{
        if (i % 3 == 0) total += i;
        else total -= int(s.length());
    }}
    string label = "helper " + x + ": " + total;
    if (label.length() > 100) total = 0;
    return total;
}}

""".format(k=k, j=j)


def write_project(d):
    for k in range(FILES):
        with open(os.path.join(d, "part%d.as" % k), "w") as f:
            f.write("// part %d of the benchmark project\n" % k)
            for j in range(UNITS):
                f.write(unit(k, j))
    with open(os.path.join(d, "main.as"), "w") as f:
        for k in range(FILES):
            f.write('#include "part%d.as"\n' % k)
        f.write("void main() {\n    int n = 0;\n")
        for k in range(FILES):
            f.write('    n += helper%d_0(3, "x");\n' % k)
        f.write("    println(\"\" + n);\n}\n")
    with open(os.path.join(d, "angelc.json"), "w") as f:
        f.write('{ "entries": ["main.as"] }\n')
    lines = 0
    for name in os.listdir(d):
        if name.endswith(".as"):
            with open(os.path.join(d, name)) as f:
                lines += sum(1 for _ in f)
    return lines


def summary(samples):
    return statistics.median(samples) * 1000, max(samples) * 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--angelc", default="build/angelc")
    ap.add_argument("--rounds", type=int, default=20)
    args = ap.parse_args()
    d = tempfile.mkdtemp(prefix="angelc-lsp-bench-")
    try:
        lines = write_project(d)
        path = os.path.join(d, "part5.as")
        text = open(path).read()
        uri = uri_of(path)
        s = Session(args.angelc)
        s.send(initialize(1, root=d))
        s.wait(1, 60)
        s.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        s.send(did_open(uri, text))

        def published(after):
            return s.wait_notification(lambda m: m.get("method") == "textDocument/publishDiagnostics" and
                                       m["params"]["uri"] == uri, after, 60)

        # the first compile, then edits: an error in, then out
        published(0)
        lines_of = text.split("\n")
        at = next(i for i, l in enumerate(lines_of) if "int total = t.sum();" in l)
        broken = "\n".join(lines_of[:at] + ["    int total = t.sum() +;"] + lines_of[at + 1:])
        diag, version, errors_seen = [], 1, 0
        cpu0 = s.cpu_seconds()
        for r in range(args.rounds):
            version += 1
            s.drop_notifications()
            t0 = time.monotonic()
            s.send(did_change(uri, broken if r % 2 == 0 else text, version))
            got = published(t0)
            if got is None:
                print("lsp bench: no diagnostics after an edit")
                return 2
            diag.append(got[0] - t0)
            errors_seen += bool(got[1]["params"]["diagnostics"]) == (r % 2 == 0)
        cpu_per_edit = (s.cpu_seconds() - cpu0) / args.rounds
        version += 1
        s.send(did_change(uri, text, version))
        published(time.monotonic())

        # typing: ten keystrokes sent at once (a comment growing a letter at a time), timed to the
        # diagnostics of the last one
        burst = []
        comment_at = text.index("\n") + 1
        for r in range(args.rounds):
            s.drop_notifications()
            t0 = time.monotonic()
            for k in range(1, 11):
                version += 1
                s.send(did_change(uri, text[:comment_at] + "// " + "x" * k + "\n" + text[comment_at:], version))
            last = version
            got = s.wait_notification(lambda m: m.get("method") == "textDocument/publishDiagnostics" and
                                      m["params"]["uri"] == uri and m["params"].get("version") == last, t0, 60)
            if got is None:
                print("lsp bench: no diagnostics after a burst of edits")
                return 2
            burst.append(got[0] - t0)
        version += 1
        s.send(did_change(uri, text, version))
        published(time.monotonic())

        ids = iter(range(1000, 1 << 30))

        def timed(method, line=None, character=None):
            samples = []
            for r in range(args.rounds):
                i = next(ids)
                t0 = time.monotonic()
                s.send(request(i, method, uri, line, character))
                reply = s.wait(i, 60)
                samples.append(time.monotonic() - t0)
                if not reply or "error" in reply:
                    print("lsp bench: %s not answered: %s" % (method, reply))
                    return None, None
            return samples, reply.get("result")

        dot = next(i for i, l in enumerate(lines_of) if "    t.add(x);" in l)
        members, result = timed("textDocument/completion", dot, 6)
        n_members = len((result or {}).get("items", []))
        stmt = dot + 1
        everything, result = timed("textDocument/completion", stmt, 4)
        n_all = len((result or {}).get("items", []))
        hover, _ = timed("textDocument/hover", dot, 7)
        tokens, result = timed("textDocument/semanticTokens/full")
        n_tokens = len((result or {}).get("data", [])) // 5
        rss = s.rss_kib()
        s.close()
        if None in (members, everything, hover, tokens):
            return 2
        rows = [
            ("diagnostics after an edit", diag, 200, "the %d-line program compiled again; server CPU %.1f ms an edit"
             % (lines, cpu_per_edit * 1000)),
            ("diagnostics after 10 keys", burst, 200, "ten didChange sent at once, to the last one's diagnostics"),
            ("completion after 't.'", members, 50, "%d items" % n_members),
            ("completion at a statement", everything, 50, "%d items" % n_all),
            ("hover", hover, 50, ""),
            ("semantic tokens (full)", tokens, None, "%d tokens of a %d-line file" % (n_tokens, text.count("\n"))),
        ]
        print("language server (angelc lsp): a %d-line project of %d files, median / max of %d requests; resident %d KiB; load %s"
              % (lines, FILES + 1, args.rounds, rss, " ".join(open("/proc/loadavg").read().split()[:3])))
        ok = errors_seen == args.rounds
        if not ok:
            print("lsp bench: the diagnostics did not follow the edits (%d of %d)" % (errors_seen, args.rounds))
        for name, samples, target, what in rows:
            med, top = summary(samples)
            verdict = "" if target is None else ("  target %d ms: %s" % (target, "ok" if med <= target else "SLOW"))
            if target is not None and med > target:
                ok = False
            print("  %-27s %8.1f ms %8.1f ms%s  (%s)" % (name, med, top, verdict, what) if what else
                  "  %-27s %8.1f ms %8.1f ms%s" % (name, med, top, verdict))
        return 0 if ok else 1
    finally:
        shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
