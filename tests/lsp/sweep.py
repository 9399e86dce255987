#!/usr/bin/env python3
"""Types every test script into `angelc lsp`, as a user would, and checks that the server
answers: for each prefix of each script (tests/scripts/**/*.as), character by character, a
didChange with that prefix, then completion, hover, documentSymbol and semanticTokens/full at its
end. Every request must be answered (a result, or a JSON-RPC error that is not InternalError), and
the server must not crash or hang. A crashed server is reported with the script and the prefix
length, and a fresh one goes on with the next script.

  python3 tests/lsp/sweep.py --angelc build/angelc [--stride N] [--scripts N] [--edits N]

--stride N   every Nth prefix only (the empty and the whole text always); 1: all of them
--scripts N  every script, or an even sample of N of them
--max-prefixes N   at most about N prefixes of one script (a larger stride for a larger script)
--edits N    then N more edits of one script in one session, the server's resident memory read
             after the first tenth and at the end: it must not grow by more than --rss-bound KiB
             (skipped for a sanitized angelc, whose allocator keeps freed memory)
Exit status 0 when everything was answered (and memory stayed flat), 1 otherwise.
"""
import argparse
import glob
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Session, initialize, did_open, did_change, request  # noqa: E402

METHODS = ("textDocument/completion", "textDocument/hover", "textDocument/documentSymbol",
           "textDocument/semanticTokens/full")
CHUNK = 100          # prefixes sent before waiting for their answers


def position(prefix):
    line = prefix.count("\n")
    last = prefix[prefix.rfind("\n") + 1:]
    return line, len(last.encode("utf-16-le")) // 2


def prefixes(text, stride, most):
    if most and len(text) // stride > most:
        stride = -(-len(text) // most)
    ends = list(range(0, len(text) + 1, stride))
    if ends[-1] != len(text):
        ends.append(len(text))
    return ends


class Sweep:
    def __init__(self, angelc):
        self.angelc = angelc
        self.session = None
        self.next_id = 10
        self.requests = self.failures = self.crashes = self.prefixes = 0

    def start(self):
        self.session = Session(self.angelc)
        self.session.send(initialize(1))
        if not self.session.wait(1, 60):
            raise SystemExit("the server did not answer initialize")
        self.session.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def fail(self, what):
        self.failures += 1
        if self.failures <= 20:
            print("FAIL:", what, flush=True)

    def script(self, path, stride, most):
        if self.session is None:
            self.start()
        s = self.session
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        uri = "file://" + os.path.abspath(path)
        s.send(did_open(uri, ""))
        version = 1
        ends = prefixes(text, stride, most)
        self.prefixes += len(ends)
        for k in range(0, len(ends), CHUNK):
            ids = []
            for end in ends[k:k + CHUNK]:
                prefix = text[:end]
                version += 1
                s.send(did_change(uri, prefix, version))
                line, character = position(prefix)
                for m in METHODS:
                    i = self.next_id
                    self.next_id += 1
                    if m in ("textDocument/documentSymbol", "textDocument/semanticTokens/full"):
                        s.send(request(i, m, uri))
                    else:
                        s.send(request(i, m, uri, line, max(0, character - (m == "textDocument/hover"))))
                    ids.append((i, m, end))
            for i, m, end in ids:
                reply = s.wait(i, 120)
                self.requests += 1
                if reply is None:
                    self.crashes += 1
                    status = s.p.poll()
                    self.fail("%s: prefix of %d characters: %s not answered (server %s)%s" % (
                        path, end, m, "exited with status %s" % status if status is not None else "hung",
                        ("\n" + s.err.decode(errors="replace")[-2000:]) if s.err else ""))
                    try:
                        s.p.kill()
                    except OSError:
                        pass
                    self.session = None
                    return
                if "error" in reply and reply["error"].get("code") == -32603:
                    self.fail("%s: prefix of %d characters: %s: %s" % (path, end, m, reply["error"]))
        s.send({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": uri}}})
        s.drop_notifications()

    def close(self):
        if self.session:
            status = self.session.close()
            if status != 0:
                self.fail("the server ended with status %s" % status)


def sanitized(angelc):
    with open(angelc, "rb") as f:
        return b"__asan_init" in f.read()


def memory(angelc, path, edits, bound):
    """RSS after edits/10 and after edits didChange of path (two versions in turn); KiB."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    other = text.replace(";", " ;", 1)
    s = Session(angelc)
    s.send(initialize(1))
    s.wait(1, 60)
    uri = "file://" + os.path.abspath(path)
    s.send(did_open(uri, text))
    rss = []
    for n in range(1, edits + 1):
        s.send(did_change(uri, other if n % 2 else text, n + 1))
        if n % 50 == 0:
            s.send(request(100000 + n - 1, "textDocument/semanticTokens/full", uri))
            s.send(request(100000 + n, "textDocument/completion", uri, 0, 0))
            if not s.wait(100000 + n, 120):
                print("FAIL: memory: edit %d not answered" % n)
                return False
            s.drop_notifications()
        if n in (edits // 10, edits):
            # the server has done every edit sent so far once it answers this
            s.send(request(300000 + n, "textDocument/hover", uri, 0, 0))
            s.wait(300000 + n, 120)
            rss.append(s.rss_kib())
    s.close()
    grew = rss[1] - rss[0]
    print("memory: %d edits of %s: resident %d KiB after %d edits, %d KiB after %d (%+d KiB, bound %d)" % (
        edits, path, rss[0], edits // 10, rss[1], edits, grew, bound))
    return grew <= bound


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--angelc", default="build/angelc")
    ap.add_argument("--stride", type=int, default=1)
    ap.add_argument("--scripts", type=int, default=0)
    ap.add_argument("--max-prefixes", type=int, default=0)
    ap.add_argument("--progress", type=int, default=0, help="a line every N scripts")
    ap.add_argument("--edits", type=int, default=0)
    ap.add_argument("--rss-bound", type=int, default=4096)
    ap.add_argument("--root", default="tests/scripts")
    ap.add_argument("--memory-script", default="tests/scripts/addons/dictionary_recent_lookup.as")
    args = ap.parse_args()
    paths = sorted(glob.glob(os.path.join(args.root, "**", "*.as"), recursive=True))
    if args.scripts and args.scripts < len(paths):
        step = len(paths) / args.scripts
        paths = [paths[int(k * step)] for k in range(args.scripts)]
    t0 = time.monotonic()
    sweep = Sweep(args.angelc)
    chars = 0
    for n, path in enumerate(paths, 1):
        sweep.script(path, args.stride, args.max_prefixes)
        chars += os.path.getsize(path)
        if args.progress and n % args.progress == 0:
            print("  %d of %d scripts, %d requests, %.0f s" % (n, len(paths), sweep.requests, time.monotonic() - t0), flush=True)
    sweep.close()
    print("sweep: %d scripts (%d bytes), %d prefixes (every %s%s): %d requests answered, %d crashes, %d failures, %.1f s" % (
        len(paths), chars, sweep.prefixes, "%dth prefix" % args.stride if args.stride > 1 else "prefix",
        ", at most about %d of a script" % args.max_prefixes if args.max_prefixes else "", sweep.requests - sweep.crashes,
        sweep.crashes, sweep.failures, time.monotonic() - t0), flush=True)
    ok = sweep.failures == 0
    if args.edits:
        if sanitized(args.angelc):
            print("memory: skipped (a sanitized angelc keeps freed memory in quarantine)")
        else:
            ok = memory(args.angelc, args.memory_script, args.edits, args.rss_bound) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
