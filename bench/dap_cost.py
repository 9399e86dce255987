#!/usr/bin/env python3
"""What an attached debugger costs (issue 27: "attached with no breakpoint, a run takes at most 1.5x
a plain run"). For each benchmark script, ROUNDS times in alternation: a plain `angelc run`, and
`angelc run --dap=PORT` with a client that attaches and sends only initialize, attach and
configurationDone (no breakpoints), then waits for the end and disconnects. Both are timed from
the start of the process to its exit (the attached one includes the handshake, a few ms), and
both outputs are checked against bench/expected/. Then, in one process (bench/dap_idle.c, built
here with CC against the build's libraries), main() plain and with its context attached to a
listening server that no client connects to ("with no client attached, nothing"). Prints the
medians and the ratios for each script and their geometric means; exits 1 if a run fails or a
ratio is above LIMIT.
Usage: dap_cost.py ANGELC [SCRIPT.as...]   (default: the scripts below)
Environment: ROUNDS (default 5), LIMIT (default 1.5), CC (default cc)."""
import json
import math
import os
import socket
import statistics
import subprocess
import sys
import time

ANGELC = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else 'build/angelc')
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = ['fib', 'loop', 'methods', 'strings', 'sieve', 'nbody']
SCRIPTS = sys.argv[2:] or [os.path.join(HERE, name + '.as') for name in DEFAULT]
ROUNDS = int(os.environ.get('ROUNDS', '5'))
LIMIT = float(os.environ.get('LIMIT', '1.5'))
TIMEOUT = 300
BUILD = os.path.dirname(ANGELC)


def build_idle():
    """bench/dap_idle.c against the build's libraries: its path, or None (with the reason)."""
    out = os.path.join(BUILD, 'bench', 'dap_idle')
    libs = [os.path.join(BUILD, 'libangelc_servers.a'), os.path.join(BUILD, 'libangelc.a')]
    src = os.path.join(HERE, 'dap_idle.c')
    if not all(os.path.exists(lib) for lib in libs):
        print('(no %s: the no-client column is skipped)' % ' or '.join(libs))
        return None
    if os.path.exists(out) and all(os.path.getmtime(out) >= os.path.getmtime(f) for f in libs + [src]):
        return out
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmd = [os.environ.get('CC', 'cc'), '-O2', '-std=c11', '-I', os.path.join(HERE, '..', 'include'), '-o', out, src] + libs + \
        ['-lcjson', '-lffi', '-lm', '-lpthread']
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        print('(building dap_idle failed: the no-client column is skipped)\n' + p.stdout.decode(errors='replace')[:2000])
        return None
    return out


def expected(script):
    path = os.path.join(HERE, 'expected', os.path.splitext(os.path.basename(script))[0] + '.out')
    return open(path, 'rb').read() if os.path.exists(path) else None


def plain(script):
    start = time.perf_counter()
    p = subprocess.run([ANGELC, 'run', script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
    took = time.perf_counter() - start
    return took, p.returncode, p.stdout


def free_port():
    s = socket.socket()
    s.bind(('127.0.0.1', 0))
    port = s.getsockname()[1]
    s.close()
    return port


def send(sock, seq, command, args=None):
    body = json.dumps({'seq': seq, 'type': 'request', 'command': command, 'arguments': args or {}}).encode()
    sock.sendall(b'Content-Length: %d\r\n\r\n' % len(body) + body)


def messages(sock, buf):
    """Reads messages until the connection ends; yields each."""
    while True:
        while True:
            head, sep, rest = buf.partition(b'\r\n\r\n')
            if not sep:
                break
            n = int(head.split(b':')[1])
            if len(rest) < n:
                break
            yield json.loads(rest[:n])
            buf = rest[n:]
        data = sock.recv(65536)
        if not data:
            return
        buf += data


def attached(script):
    port = free_port()
    start = time.perf_counter()
    host = subprocess.Popen([ANGELC, 'run', '--dap=%d' % port, script], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    sock = None
    while sock is None and time.perf_counter() - start < 30:
        try:
            sock = socket.create_connection(('127.0.0.1', port))
        except OSError:
            time.sleep(0.001)
    if sock is None:
        host.kill()
        return None, -1, b''
    send(sock, 1, 'initialize', {'adapterID': 'bench', 'linesStartAt1': True})
    send(sock, 2, 'attach', {})
    seq = 3
    for msg in messages(sock, b''):
        if msg.get('type') == 'event' and msg.get('event') == 'initialized':
            send(sock, seq, 'configurationDone')
            seq += 1
        elif msg.get('type') == 'event' and msg.get('event') == 'terminated':
            send(sock, seq, 'disconnect', {})
            break
    out, _ = host.communicate(timeout=TIMEOUT)
    took = time.perf_counter() - start
    sock.close()
    return took, host.returncode, out


def geomean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs))


def main():
    ratios, idle_ratios = [], []
    bad = False
    idle = build_idle()
    print('%-12s %10s %10s %7s   %14s' % ('script', 'plain s', 'attached s', 'ratio', 'no client ratio'))
    for script in SCRIPTS:
        want = expected(script)
        times = {'plain': [], 'attached': []}
        for r in range(ROUNDS):
            for mode in (('plain', 'attached') if r % 2 == 0 else ('attached', 'plain')):
                took, rc, out = plain(script) if mode == 'plain' else attached(script)
                if took is None or rc != 0 or (want is not None and out != want):
                    print('%s: the %s run failed (status %s)' % (os.path.basename(script), mode, rc))
                    bad = True
                    continue
                times[mode].append(took)
        if not times['plain'] or not times['attached']:
            continue
        p, a = statistics.median(times['plain']), statistics.median(times['attached'])
        ratio = a / p
        ratios.append(ratio)
        idle_text = '-'
        if idle:
            r = subprocess.run([idle, script, str(ROUNDS)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT * ROUNDS)
            if r.returncode != 0:
                print('%s: the no-client run failed: %s' % (os.path.basename(script), r.stderr.decode(errors='replace').strip()))
                bad = True
            else:
                ip, ia = map(float, r.stdout.split())
                idle_ratios.append(ia / ip)
                idle_text = '%.2fx' % (ia / ip)
                bad |= ia / ip > LIMIT
        flag = '' if ratio <= LIMIT else '  over %.2fx' % LIMIT
        print('%-12s %10.3f %10.3f %6.2fx   %14s%s' % (os.path.basename(script), p, a, ratio, idle_text, flag))
        bad |= ratio > LIMIT
    if ratios:
        print('geometric mean of attached/plain: %.2fx (limit %.2fx, %d rounds)' % (geomean(ratios), LIMIT, ROUNDS))
    if idle_ratios:
        print('geometric mean with no client attached / plain (in one process): %.2fx' % geomean(idle_ratios))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
