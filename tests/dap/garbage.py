#!/usr/bin/env python3
"""angelc's debug adapter against a hostile client: raw bytes, bad headers, invalid JSON, wrong
types, huge bodies, a disconnect in the middle of a body, over stdin/stdout (`angelc dap`) and over
TCP (`angelc run --dap=PORT`, which must survive and still serve the next client).
Usage: garbage.py ANGELC   (tests/cli/dap.sh runs it). Prints "N passed, M failed"."""
import json
import os
import socket
import subprocess
import sys
import time

ANGELC = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
MAIN = os.path.join(HERE, 'scripts', 'main.as')
passed = failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print('FAIL:', what)


def frame(obj):
    body = obj if isinstance(obj, bytes) else json.dumps(obj).encode()
    return b'Content-Length: %d\r\n\r\n' % len(body) + body


def request(seq, command, args=None):
    return frame({'seq': seq, 'type': 'request', 'command': command, 'arguments': args or {}})


def parse_messages(data):
    """The messages of a Content-Length framed stream."""
    out = []
    while data:
        head, sep, rest = data.partition(b'\r\n\r\n')
        if not sep:
            break
        n = int(head.split(b':')[1])
        if len(rest) < n:
            break
        out.append(json.loads(rest[:n]))
        data = rest[n:]
    return out


def adapter(data, close_stdin=True, timeout=10):
    """Runs `angelc dap` on data; its status and the messages it wrote."""
    p = subprocess.Popen([ANGELC, 'dap'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, _ = p.communicate(data, timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        return None, []
    return p.returncode, parse_messages(out)


def responses(msgs):
    return [m for m in msgs if m.get('type') == 'response']


# framing errors end the session (no crash, no hang)
for name, data in [
    ('raw bytes', b'\x00\x01garbage\xff\xfe' * 100),
    ('a bad Content-Length', b'Content-Length: abc\r\n\r\n{}'),
    ('a huge Content-Length', b'Content-Length: 99999999999999999999\r\n\r\n{}'),
    ('a body over the limit', b'Content-Length: 20000000\r\n\r\n' + b'x' * 1000),
    ('a header line that never ends', b'Content-Length: 1' + b'1' * 100000),
    ('a disconnect in the middle of a body', b'Content-Length: 100\r\n\r\n{"seq":1,'),
    ('a disconnect in the middle of a header', b'Content-Len'),
]:
    status, _ = adapter(data)
    check(status is not None and status >= 0, '%s: the adapter must end by itself (status %r)' % (name, status))

# bad messages get failed responses, and the session goes on
bad = [
    frame(b'{not json'),
    frame(b'[1, 2, 3]'),
    frame(b'42'),
    frame(b'[' * 5000 + b']' * 5000),
    frame({'seq': 1, 'type': 'request'}),
    frame({'seq': 2, 'type': 'request', 'command': 17}),
    frame({'seq': 3, 'type': 'event', 'event': 'x'}),
    request(4, 'noSuchCommand'),
    request(5, 'setBreakpoints', {'source': {'path': 5}, 'breakpoints': 'x'}),
    request(6, 'setBreakpoints', {'source': {'path': MAIN}, 'breakpoints': [{'line': 'abc'}, {'line': -4}, {'line': 1e300}]}),
    request(7, 'setFunctionBreakpoints', {'breakpoints': [{'name': 3}, {}]}),
    request(8, 'setExceptionBreakpoints', {'filters': [1, None, 'all']}),
    request(9, 'stackTrace', {'threadId': 'one'}),
    request(10, 'variables', {'variablesReference': 123456789}),
    request(11, 'scopes', {'frameId': -5}),
    request(12, 'evaluate', {'expression': None}),
    request(13, 'pause', {'threadId': 99}),
    frame({'seq': 14, 'type': 'request', 'command': 'threads', 'arguments': 'not an object'}),
    request(15, 'launch', {'program': 7}),
    request(18, 'source', {'sourceReference': 'x'}),
    request(19, 'source', {'source': {'sourceReference': 1e300}}),
    request(20, 'source', {'sourceReference': -3}),
    request(21, 'setBreakpoints', {'source': {'sourceReference': 77}, 'breakpoints': [{'line': 1}]}),
    request(16, 'initialize'),
    request(17, 'disconnect'),
]
status, msgs = adapter(b''.join(bad))
check(status is not None, 'the adapter ended after the bad messages')
rs = responses(msgs)
by_seq = {r.get('request_seq'): r for r in rs}
check(sum(1 for r in rs if r.get('request_seq') == 0 and not r['success']) >= 4, 'invalid JSON and non-objects get failed responses: %r' % rs[:4])
for seq in (1, 2, 4, 5, 9, 11, 12, 13, 15, 18, 19, 20, 21):
    check(seq in by_seq and not by_seq[seq]['success'] and by_seq[seq].get('message'), 'request %d fails with a message: %r' % (seq, by_seq.get(seq)))
check(by_seq.get(6, {}).get('success') and all(not b['verified'] for b in by_seq[6]['body']['breakpoints']),
      'breakpoints without a usable line are unverified: %r' % by_seq.get(6))
check(by_seq.get(14, {}).get('success'), 'threads answers without arguments')
check(by_seq.get(16, {}).get('success'), 'initialize still works after garbage')
check(by_seq.get(17, {}).get('success'), 'disconnect is answered')

# a launch of a missing program fails with a message and an exit status
status, msgs = adapter(request(1, 'initialize') + request(2, 'launch', {'program': '/nonexistent/x.as'}) + request(3, 'disconnect'))
launch = [r for r in responses(msgs) if r.get('command') == 'launch']
check(launch and not launch[0]['success'] and 'did not start' in launch[0].get('message', ''), 'a missing program fails its launch: %r' % launch)
exited = [m for m in msgs if m.get('event') == 'exited']
check(exited and exited[0]['body']['exitCode'] == 2, 'a missing program exits with status 2: %r' % exited)

# TCP: garbage from one client, then a real client attaches and the script runs to its end
with socket.socket() as probe:
    probe.bind(('127.0.0.1', 0))
    port = probe.getsockname()[1]
host = subprocess.Popen([ANGELC, 'run', '--dap=%d' % port, MAIN], stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def connect():
    for _ in range(100):
        try:
            return socket.create_connection(('127.0.0.1', port), timeout=5)
        except OSError:
            time.sleep(0.05)
    raise RuntimeError('the host does not listen')


def read_until(sock, pred, timeout=8):
    data = b''
    end = time.time() + timeout
    while time.time() < end:
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            break
        if not chunk:
            break
        data += chunk
        msgs = parse_messages(data)
        if pred(msgs):
            return msgs
    return parse_messages(data)


try:
    for junk in [b'\xff' * 5000, b'Content-Length: -1\r\n\r\n', b'Content-Length: 50\r\n\r\n{"se', frame(b'{bad json')]:
        s = connect()
        s.sendall(junk)
        s.close()
    s = connect()
    s.sendall(request(1, 'initialize') + request(2, 'attach') + request(3, 'configurationDone'))
    msgs = read_until(s, lambda ms: any(m.get('event') == 'terminated' for m in ms))
    exited = [m for m in msgs if m.get('event') == 'exited']
    check(exited and exited[0]['body']['exitCode'] == 0, 'the host still runs the script for the next client: %r' % msgs[-3:])
    out = ''.join(m['body']['output'] for m in msgs if m.get('event') == 'output' and m['body']['category'] == 'stdout')
    check(out == 'a=20\nsum=3\ndone 15\n', 'the output reaches the client: %r' % out)
    s.sendall(request(4, 'disconnect'))
    s.close()
    host_out, host_err = host.communicate(timeout=10)
    check(host.returncode == 0, 'the host exits 0 (status %r, stderr %r)' % (host.returncode, host_err[-300:]))
    check(host_out == b'a=20\nsum=3\ndone 15\n', 'the host writes the output: %r' % host_out)
except Exception as e:  # noqa: BLE001 - any failure here is a test failure
    check(False, 'TCP session: %r' % e)
finally:
    if host.poll() is None:
        host.kill()
        host.communicate()

# a client vanishing while the script is stopped at a breakpoint: the host runs on to its end
with socket.socket() as probe:
    probe.bind(('127.0.0.1', 0))
    port = probe.getsockname()[1]
host = subprocess.Popen([ANGELC, 'run', '--dap=%d' % port, MAIN], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
try:
    s = connect()
    bp_line = next(i + 1 for i, l in enumerate(open(MAIN)) if '// @loop_body' in l)
    s.sendall(request(1, 'initialize') + request(2, 'attach') +
              request(3, 'setBreakpoints', {'source': {'path': MAIN}, 'breakpoints': [{'line': bp_line}]}) +
              request(4, 'configurationDone'))
    msgs = read_until(s, lambda ms: any(m.get('event') == 'stopped' for m in ms))
    check(any(m.get('event') == 'stopped' for m in msgs), 'the script stops at the breakpoint')
    # half a request, then gone
    s.sendall(b'Content-Length: 500\r\n\r\n{"seq": 5, "type": "req')
    s.close()
    host_out, host_err = host.communicate(timeout=10)
    check(host.returncode == 0 and host_out == b'a=20\nsum=3\ndone 15\n',
          'the host runs on when its client vanishes mid-request (status %r, output %r)' % (host.returncode, host_out))
except Exception as e:  # noqa: BLE001 - any failure here is a test failure
    check(False, 'vanishing client: %r' % e)
finally:
    if host.poll() is None:
        host.kill()
        host.communicate()

print('%d passed, %d failed' % (passed, failed))
sys.exit(1 if failed else 0)
