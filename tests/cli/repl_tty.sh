# angelc repl on a terminal (a pseudo-terminal driven by python3): line editing and history with
# libedit (arrow up recalls, arrow left edits, the history file is written and read back by a
# second session), the plain reading of TERM=dumb (an arrow key's escape sequence is no open
# bracket), Ctrl-C dropping a multi-line input or stopping a running one with the session kept,
# :reset, Ctrl-D. Every wait is bounded and the child is killed at the end. A build without
# libedit skips the editing checks.
. tests/cli/lib.sh

if ! command -v python3 >/dev/null 2>&1; then
    echo "SKIP: no python3 to drive a pseudo-terminal"
    finish
    exit
fi
edit=1
"$ANGELC" help repl | grep -q "built without libedit" && edit=0
[ "$edit" = 1 ] || echo "SKIP: built without libedit: the line editing and history checks"

cat >"$tmp/drive.py" <<'EOF'
import os, pty, select, signal, sys, time

ANGELC = os.environ["ANGELC"]
TMP = os.environ["TMP_DIR"]
EDIT = os.environ["EDIT"] == "1"
UTF8 = os.environ["UTF8"] == "1"
checks = failed = 0


class Session:
    """angelc repl on a pseudo-terminal; reads wait at most `limit` seconds."""

    def __init__(self, term, history):
        env = dict(os.environ, TERM=term, ANGELC_HISTORY=history, HOME=TMP)
        if UTF8:
            env["LC_ALL"] = "C.UTF-8"
        env.pop("EDITRC", None)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            try:
                os.execve(ANGELC, [ANGELC, "repl"], env)
            finally:
                os._exit(127)
        self.seen = b""   # everything read
        self.pos = 0      # where the next wait starts looking

    def send(self, data):
        os.write(self.fd, data)

    def wait(self, text, limit=8.0):
        """Reads until text appears after the last match; whether it did."""
        want = text.encode()
        end = time.monotonic() + limit
        while True:
            at = self.seen.find(want, self.pos)
            if at >= 0:
                self.pos = at + len(want)
                return True
            left = end - time.monotonic()
            if left <= 0:
                return False
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:
                chunk = b""
            if not chunk:
                return self.seen.find(want, self.pos) >= 0
            self.seen += chunk

    def exit_status(self, limit=8.0):
        end = time.monotonic() + limit
        while time.monotonic() < end:
            try:
                self.wait("\0never\0", 0.05)   # keep the terminal drained
            except OSError:
                pass
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.pid = 0
                return os.waitstatus_to_exitcode(status)
        return None

    def end(self):
        """Ctrl-D on the empty line; the exit status, None if angelc stays. A key typed while
        libedit is between two lines reaches the terminal's cooked mode first, where a Ctrl-D
        can be lost: it is typed again, a bounded number of times."""
        for _ in range(3):
            time.sleep(0.2)
            self.send(b"\x04")
            status = self.exit_status(3.0)
            if status is not None:
                return status
        return None

    def close(self):
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except OSError:
                pass
            self.pid = 0
        os.close(self.fd)


def check(ok, what, s):
    global checks, failed
    checks += 1
    if not ok:
        failed += 1
        tail = s.seen[-700:].decode(errors="replace")
        print("FAIL: %s\n  terminal ends with: %r" % (what, tail))


def line(s, text, expect, what):
    """Types text (the keys, Enter included) and waits for expect, then the next prompt."""
    s.send(text)
    check(s.wait(expect) and (expect == "> " or s.wait("> ")), what, s)


history = os.path.join(TMP, "history")

if EDIT:
    s = Session("xterm", history)
    try:
        check(s.wait("(:help, :quit)") and s.wait("> "), "the banner and the prompt", s)
        line(s, b"int x = 41;\r", "> ", "a declaration")
        line(s, b"x + 1\r", "42\r\n", "an expression")
        line(s, b"x + 9\x1b[D1\r", "60\r\n", "left arrow, then typing inside the line (x + 19)")
        line(s, b"\x1b[A0\r", "231\r\n", "up arrow recalls x + 19, edited to x + 190")
        line(s, b"\x1b[A\x1b[A\x1b[A\r", "42\r\n", "up arrow three times recalls x + 1")
        s.send(b"int f() {\r")
        check(s.wait("... "), "a continued input prompts ...", s)
        s.send(b"return 1;\r")
        check(s.wait("... "), "a second continued line", s)
        line(s, b"\x03", "> ", "Ctrl-C drops the multi-line input")
        line(s, b"x * 2\r", "82\r\n", "after Ctrl-C the session keeps x")
        line(s, b"f()\r", "No matching symbol 'f'", "the dropped input declared nothing")
        s.send(b"while (true) {}\r")
        time.sleep(0.5)
        s.send(b"\x03")
        check(s.wait("angelc: interrupted") and s.wait("> "), "Ctrl-C stops a running input", s)
        line(s, b"x - 1\r", "40\r\n", "after a stopped run the session keeps x")
        if UTF8:
            line(s, '"\u00e9" + "\u00fc"\r'.encode(), '"\u00e9\u00fc"\r\n', "non-ASCII characters typed")
        line(s, b"int z = 0;\r", "> ", "another declaration")
        line(s, b"x / z\r", "in <input> at in[", "an expression's exception shows <input>")
        line(s, b"{ int q = x / z; }\r", "in <input> at in[", "a statement's exception shows <input>")
        check(b"__repl" not in s.seen, "no __repl wrapper in what the terminal showed", s)
        line(s, b":reset\r", "session was reset", ":reset")
        line(s, b"x\r", "No matching symbol 'x'", ":reset forgot x")
        line(s, b"int x = 7;\r", "> ", "a declaration after :reset")
        line(s, b"x * 6\r", "42\r\n", "a fresh x")
        check(s.end() == 0, "Ctrl-D on an empty line leaves (status 0)", s)
    finally:
        s.close()
    check(os.path.isfile(history) and os.path.getsize(history) > 0, "the history file is written", s)

    s = Session("xterm", history)
    try:
        check(s.wait("> "), "a second session's prompt", s)
        line(s, b"int x = 8;\r", "> ", "a declaration in the second session")
        line(s, b"\x1b[A\x1b[A\r", "48\r\n", "up arrow recalls x * 6 of the first session")
        check(s.end() == 0, "the second session leaves", s)
    finally:
        s.close()

# TERM=dumb: plain line reading, arrow keys arrive as raw escape sequences
s = Session("dumb", os.path.join(TMP, "history-dumb"))
try:
    check(s.wait("> "), "the plain prompt", s)
    line(s, b"int x = 41;\r", "> ", "plain: a declaration")
    line(s, b"x + 1\x1b[A\r", "42\r\n", "plain: an arrow key's [ is no open bracket")
    line(s, b"(x + 2)\x1b[D\x1bOB\x1b\r", "43\r\n", "plain: ESC [ D, ESC O B and a lone ESC are dropped")
    s.send(b"int g() {\r")
    check(s.wait("... "), "plain: a continued input", s)
    line(s, b"\x03", "> ", "plain: Ctrl-C drops the multi-line input")
    line(s, b"x\r", "41\r\n", "plain: after Ctrl-C the session keeps x")
    s.send(b"for (;;) {}\r")
    time.sleep(0.5)
    s.send(b"\x03")
    check(s.wait("angelc: interrupted") and s.wait("> "), "plain: Ctrl-C stops a running input", s)
    line(s, b"x + 3\r", "44\r\n", "plain: the session goes on")
    check(s.end() == 0, "plain: Ctrl-D leaves", s)
finally:
    s.close()
check(not os.path.exists(os.path.join(TMP, "history-dumb")), "plain: no history file", s)

print("RESULT %d %d" % (checks, failed))
EOF

# typing non-ASCII characters is checked where the C.UTF-8 locale is
utf8=0
locale -a 2>/dev/null | grep -qix 'c\.utf-\?8' && utf8=1
TMP_DIR=$tmp EDIT=$edit UTF8=$utf8 python3 "$tmp/drive.py" >"$tmp/drive.out" 2>&1
grep -v '^RESULT ' "$tmp/drive.out"
result=$(grep '^RESULT ' "$tmp/drive.out")
if [ -n "$result" ]; then
    set -- $result
    checks=$((checks + $2))
    failed=$((failed + $3))
else
    echo "FAIL: the pseudo-terminal driver did not finish"
    checks=$((checks + 1))
    failed=$((failed + 1))
fi
finish
