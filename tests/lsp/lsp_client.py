"""A small LSP client for the tests and benchmarks of `angelc lsp` (tests/cli/lsp_semantic.sh,
tests/lsp/sweep.py, bench/lsp.py): framing, a session over a live server process with a
reader thread, and the decoding of semantic tokens."""
import json
import os
import subprocess
import threading
import time


def frame(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def parse_frames(out):
    """Every message in a byte string of framed messages."""
    replies = []
    while out:
        head, sep, rest = out.partition(b"\r\n\r\n")
        if not sep:
            break
        n = int(head.split(b":")[1])
        replies.append(json.loads(rest[:n]))
        out = rest[n:]
    return replies


def run(angelc, messages, args=(), timeout=120):
    """Sends the messages at once; returns (replies, exit status, stderr)."""
    p = subprocess.run([angelc, "lsp"] + list(args), input=b"".join(frame(m) for m in messages),
                       capture_output=True, timeout=timeout)
    return parse_frames(p.stdout), p.returncode, p.stderr.decode(errors="replace")


def by_id(replies, i):
    return next((r for r in replies if r.get("id") == i and "method" not in r), None)


def uri_of(path):
    return "file://" + os.path.abspath(path)


def initialize(i=1, utf8=False, root=None):
    caps = {"general": {"positionEncodings": ["utf-8", "utf-16"]}} if utf8 else {}
    params = {"capabilities": caps}
    if root:
        params["rootUri"] = uri_of(root)
        params["workspaceFolders"] = [{"uri": uri_of(root), "name": os.path.basename(root)}]
    return {"jsonrpc": "2.0", "id": i, "method": "initialize", "params": params}


def did_open(uri, text, version=1):
    return {"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "angelscript", "version": version, "text": text}}}


def did_change(uri, text, version):
    return {"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}}


def request(i, method, uri, line=None, character=None, **extra):
    params = {"textDocument": {"uri": uri}}
    if line is not None:
        params["position"] = {"line": line, "character": character}
    params.update(extra)
    return {"jsonrpc": "2.0", "id": i, "method": method, "params": params}


SHUTDOWN = {"jsonrpc": "2.0", "id": 999999, "method": "shutdown"}
EXIT = {"jsonrpc": "2.0", "method": "exit"}


def decode_tokens(data, legend, text, encoding="utf-16"):
    """The relative-encoded integers as (line, character, text, type, [modifiers]); characters
    count UTF-16 units or UTF-8 bytes (encoding) as the server was asked to."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out, line, character = [], 0, 0
    for k in range(0, len(data), 5):
        dl, dc, length, t, m = data[k:k + 5]
        if dl:
            line, character = line + dl, dc
        else:
            character += dc
        mods = [legend["tokenModifiers"][b] for b in range(len(legend["tokenModifiers"])) if m >> b & 1]
        word = None
        if line < len(lines):
            if encoding == "utf-16":
                word = lines[line].encode("utf-16-le")[2 * character:2 * (character + length)].decode("utf-16-le", "replace")
            else:
                word = lines[line].encode()[character:character + length].decode("utf-8", "replace")
        out.append((line, character, word, legend["tokenTypes"][t], mods))
    return out


class Session:
    """A live server: send() writes, wait(id) blocks until that reply (or a timeout) came."""

    def __init__(self, angelc, args=(), env=None):
        self.p = subprocess.Popen([angelc, "lsp"] + list(args), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, env=env)
        self.replies, self.notifications = {}, []
        self.cond = threading.Condition()
        self.closed = False
        threading.Thread(target=self._read, daemon=True).start()
        self.err = b""
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read_err(self):
        self.err = self.p.stderr.read()

    def _read(self):
        buf = b""
        while True:
            chunk = self.p.stdout.read1(1 << 16)
            if not chunk:
                with self.cond:
                    self.closed = True
                    self.cond.notify_all()
                return
            buf += chunk
            while True:
                head, sep, rest = buf.partition(b"\r\n\r\n")
                if not sep:
                    break
                n = int(head.split(b":")[1])
                if len(rest) < n:
                    break
                msg = json.loads(rest[:n])
                buf = rest[n:]
                with self.cond:
                    if "method" in msg:
                        self.notifications.append((time.monotonic(), msg))
                    else:
                        self.replies[msg.get("id")] = msg
                    self.cond.notify_all()

    def send(self, msg):
        self.p.stdin.write(frame(msg))
        self.p.stdin.flush()

    def wait(self, i, timeout=60):
        deadline = time.monotonic() + timeout
        with self.cond:
            while i not in self.replies and not self.closed:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self.cond.wait(left)
            return self.replies.pop(i, None)

    def wait_notification(self, pred, after, timeout=60):
        """The first notification received after time `after` that pred accepts, or None."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for t, msg in self.notifications:
                    if t >= after and pred(msg):
                        return t, msg
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    return None
                self.cond.wait(left)

    def drop_notifications(self):
        with self.cond:
            self.notifications.clear()

    def cpu_seconds(self):
        """User plus system CPU time the server has used (clock ticks: 10 ms steps)."""
        with open("/proc/%d/stat" % self.p.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_kib(self):
        with open("/proc/%d/status" % self.p.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return None

    def close(self, timeout=60):
        try:
            self.send(SHUTDOWN)
            self.wait(SHUTDOWN["id"], timeout)
            self.send(EXIT)
            self.p.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        return self.p.wait(timeout=timeout)
