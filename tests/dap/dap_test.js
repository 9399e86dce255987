// angelc's debug adapter driven by Microsoft's DAP test client (@vscode/debugadapter-testsupport):
// `angelc dap` launched over stdin/stdout, and `angelc run --dap=PORT` attached over TCP.
// Usage: node dap_test.js ANGELC   (tests/cli/dap.sh runs it). Prints one line per test and
// "N passed, M failed"; exits 1 if any failed. Every wait is bounded.
'use strict';
const assert = require('assert');
const cp = require('child_process');
const fs = require('fs');
const net = require('net');
const path = require('path');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

const ANGELC = path.resolve(process.argv[2] || 'build/angelc');
const SCRIPTS = path.join(__dirname, 'scripts');
const TIMEOUT = Number(process.env.DAP_TEST_TIMEOUT) || 8000;   // ms for each wait (more under valgrind)

// the line of a `// @name` marker in a test script
function line(script, name) {
    const lines = fs.readFileSync(path.join(SCRIPTS, script), 'utf8').split('\n');
    const i = lines.findIndex(l => l.includes('// @' + name));
    if (i < 0) throw new Error(`no marker @${name} in ${script}`);
    return i + 1;
}
const script = name => path.join(SCRIPTS, name);

function withTimeout(promise, ms, what) {
    let timer;
    return Promise.race([
        promise,
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms); }),
    ]).finally(() => clearTimeout(timer));
}

function newClient() {
    const dc = new DebugClient(ANGELC, 'dap', 'angelscript', { stdio: 'pipe' });
    dc.defaultTimeout = TIMEOUT;
    return dc;
}

// collects output events of a client by category
function collectOutput(dc) {
    const out = { stdout: '', stderr: '', console: '' };
    dc.on('output', e => { out[e.body.category] = (out[e.body.category] || '') + e.body.output; });
    return out;
}

// a stop to come: the event is listened for before the request that causes it (events coming in
// the same chunk as the response are emitted before an await after the request resumes)
function armStop(dc) {
    dc._stop = dc.waitForEvent('stopped', TIMEOUT);
    dc._stop.catch(() => {});
}

async function launchTo(dc, program, setup, launchArgs = {}) {
    armStop(dc);
    await Promise.all([
        dc.waitForEvent('initialized').then(async () => {
            if (setup) await setup();
            return dc.configurationDoneRequest();
        }),
        dc.launch(Object.assign({ program }, launchArgs)),
    ]);
}

async function stoppedAt(dc, reason, file, lineNo) {
    const pending = dc._stop || dc.waitForEvent('stopped');
    dc._stop = null;
    const ev = await pending;
    assert.strictEqual(ev.body.reason, reason, 'stop reason');
    const st = await dc.stackTraceRequest({ threadId: ev.body.threadId });
    const top = st.body.stackFrames[0];
    if (file) assert.strictEqual(top.source.path, fs.realpathSync(file), 'stopped file');
    if (lineNo) assert.strictEqual(top.line, lineNo, 'stopped line');
    return { ev, frames: st.body.stackFrames, threadId: ev.body.threadId };
}

async function variablesOf(dc, ref) {
    const r = await dc.variablesRequest({ variablesReference: ref });
    const map = {};
    for (const v of r.body.variables) map[v.name] = v;
    return map;
}

async function scopesOf(dc, frameId) {
    const r = await dc.scopesRequest({ frameId });
    const map = {};
    for (const s of r.body.scopes) map[s.name] = s;
    return map;
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

// ---------------------------------------------------------------- launch (angelc dap)

test('initialize reports the capabilities', async dc => {
    const r = await dc.initializeRequest();
    assert.ok(r.body.supportsConfigurationDoneRequest);
    assert.ok(r.body.supportsFunctionBreakpoints);
    assert.ok(r.body.supportsSetVariable);
    assert.deepStrictEqual(r.body.exceptionBreakpointFilters.map(f => f.filter), ['all', 'uncaught']);
});

test('a breakpoint stops, output comes as events, the exit code is reported', async dc => {
    const out = collectOutput(dc);
    const at = line('main.as', 'after_twice');
    await dc.hitBreakpoint({ program: script('main.as') }, { path: script('main.as'), line: at });
    const exited = dc.waitForEvent('exited'), terminated = dc.waitForEvent('terminated');
    await dc.continueRequest({ threadId: 1 });
    const ev = await exited;
    assert.strictEqual(ev.body.exitCode, 0);
    await terminated;
    assert.strictEqual(out.stdout, 'a=20\nsum=3\ndone 15\n');
});

test('breakpointLocations lists the lines with code', async dc => {
    await launchTo(dc, script('main.as'), async () => {
        const from = line('main.as', 'twice_body') - 2, to = line('main.as', 'twice_body') + 2;
        const r = await dc.send('breakpointLocations', { source: { path: script('main.as') }, line: from, endLine: to });
        assert.deepStrictEqual(r.body.breakpoints.map(b => b.line), [line('main.as', 'twice_body'), line('main.as', 'twice_body') + 1]);
    });
});

test('a breakpoint on a comment line moves to the next line with code', async dc => {
    const blank = line('main.as', 'blank_line'), next = line('main.as', 'call_twice');
    await dc.hitBreakpoint({ program: script('main.as') }, { path: script('main.as'), line: blank },
        { path: fs.realpathSync(script('main.as')), line: next }, { path: script('main.as'), line: next });
});

test('the stack trace names functions, files and lines', async dc => {
    const body = line('main.as', 'twice_body');
    await launchTo(dc, script('main.as'), () => dc.setBreakpointsRequest({ source: { path: script('main.as') }, breakpoints: [{ line: body }] }));
    const { frames } = await stoppedAt(dc, 'breakpoint', script('main.as'), body);
    assert.strictEqual(frames.length, 2);
    assert.match(frames[0].name, /int twice\(int\)/);
    assert.match(frames[1].name, /void main\(\)/);
    assert.strictEqual(frames[1].line, line('main.as', 'call_twice'));
    assert.ok(frames[0].column >= 1);
});

test('scopes and variables: primitives, strings, enums, arrays, objects, handles, dictionaries, globals', async dc => {
    const at = line('main.as', 'call_twice');
    await launchTo(dc, script('main.as'), () => dc.setBreakpointsRequest({ source: { path: script('main.as') }, breakpoints: [{ line: at }] }));
    const { frames } = await stoppedAt(dc, 'breakpoint', script('main.as'), at);
    const scopes = await scopesOf(dc, frames[0].id);
    assert.ok(scopes.Locals && scopes.Globals, 'Locals and Globals scopes');
    const v = await variablesOf(dc, scopes.Locals.variablesReference);
    assert.strictEqual(v.a.value, '10');
    assert.strictEqual(v.a.type, 'int');
    assert.strictEqual(v.f.value, '1.5');
    assert.strictEqual(v.s.value, '"text"');
    assert.strictEqual(v.c.value, 'Green');
    assert.strictEqual(v.h.value, 'null');
    assert.strictEqual(v.h.variablesReference, 0);
    const arr = await variablesOf(dc, v.arr.variablesReference);
    assert.deepStrictEqual(Object.keys(arr), ['[0]', '[1]', '[2]']);
    assert.strictEqual(arr['[2]'].value, '3');
    assert.strictEqual(v.arr.indexedVariables, 3);
    const page = await dc.variablesRequest({ variablesReference: v.arr.variablesReference, filter: 'indexed', start: 1, count: 1 });
    assert.deepStrictEqual(page.body.variables.map(x => x.name + '=' + x.value), ['[1]=2']);
    const p = await variablesOf(dc, v.p.variablesReference);
    assert.strictEqual(p.x.value, '1');
    assert.strictEqual(p.y.value, '2');
    assert.strictEqual(p.next.value, 'null');
    const d = await variablesOf(dc, v.d.variablesReference);
    assert.strictEqual(d['"k"'].value, '42');
    const g = await variablesOf(dc, scopes.Globals.variablesReference);
    assert.strictEqual(g.counter.value, '5');
    assert.strictEqual(g.greeting.value, '"hi"');
});

test('registered types show the text their host gives (as_type_set_debug_text)', async dc => {
    const at = line('registered.as', 'registered_stop');
    await launchTo(dc, script('registered.as'), () => dc.setBreakpointsRequest({ source: { path: script('registered.as') }, breakpoints: [{ line: at }] }));
    const { frames } = await stoppedAt(dc, 'breakpoint', script('registered.as'), at);
    const scopes = await scopesOf(dc, frames[0].id);
    const v = await variablesOf(dc, scopes.Locals.variablesReference);
    assert.strictEqual(v.when.value, '2024-02-29 13:45:10');
    assert.strictEqual(v.when.type, 'datetime');
    assert.strictEqual(v.r.value, 'ref to C@');
    assert.strictEqual(v.none.value, 'ref (null)');
    assert.strictEqual(v.a.value, 'any (double)');
    assert.strictEqual((await dc.evaluateRequest({ expression: 'when', frameId: frames[0].id, context: 'hover' })).body.result, '2024-02-29 13:45:10');
});

test('the this scope of a method', async dc => {
    const at = line('main.as', 'sum_body');
    await launchTo(dc, script('main.as'), () => dc.setBreakpointsRequest({ source: { path: script('main.as') }, breakpoints: [{ line: at }] }));
    const { frames } = await stoppedAt(dc, 'breakpoint', script('main.as'), at);
    const scopes = await scopesOf(dc, frames[0].id);
    assert.ok(scopes.this, 'a this scope');
    const self = await variablesOf(dc, scopes.this.variablesReference);
    assert.strictEqual(self.x.value, '1');
    const r = await dc.evaluateRequest({ expression: 'x', frameId: frames[0].id });
    assert.strictEqual(r.body.result, '1');
});

test('evaluate: names, members, elements, keys; errors fail', async dc => {
    const at = line('main.as', 'call_twice');
    await launchTo(dc, script('main.as'), () => dc.setBreakpointsRequest({ source: { path: script('main.as') }, breakpoints: [{ line: at }] }));
    const { frames } = await stoppedAt(dc, 'breakpoint', script('main.as'), at);
    const ev = async e => (await dc.evaluateRequest({ expression: e, frameId: frames[0].id, context: 'watch' })).body.result;
    assert.strictEqual(await ev('a'), '10');
    assert.strictEqual(await ev('p.y'), '2');
    assert.strictEqual(await ev('arr[1]'), '2');
    assert.strictEqual(await ev('d["k"]'), '42');
    assert.strictEqual(await ev('greeting'), '"hi"');
    await assert.rejects(dc.evaluateRequest({ expression: 'nosuch', frameId: frames[0].id }), /no variable 'nosuch'/);
    await assert.rejects(dc.evaluateRequest({ expression: 'arr[7]', frameId: frames[0].id }), /out of bounds/);
    await assert.rejects(dc.evaluateRequest({ expression: 'h.x', frameId: frames[0].id }), /null/);
});

test('evaluate by the compiler: operators, calls, methods; errors and exceptions fail', async dc => {
    const at = line('main.as', 'call_twice');
    await launchTo(dc, script('main.as'), () => dc.setBreakpointsRequest({ source: { path: script('main.as') }, breakpoints: [{ line: at }] }));
    const { frames } = await stoppedAt(dc, 'breakpoint', script('main.as'), at);
    const ev = async e => (await dc.evaluateRequest({ expression: e, frameId: frames[0].id, context: 'repl' })).body;
    assert.strictEqual((await ev('a * 2 + 1')).result, '21');
    assert.strictEqual((await ev('twice(a)')).result, '20');
    assert.strictEqual((await ev('p.sum()')).result, '3');
    assert.strictEqual((await ev('arr.length()')).result, '3');
    assert.strictEqual((await ev('s + "!"')).result, '"text!"');
    assert.strictEqual((await ev('counter > 3')).result, 'true');
    assert.strictEqual((await ev('h is null')).result, 'true', 'a handle is passed as the handle, not its variable');
    // hovering never runs code
    await assert.rejects(dc.evaluateRequest({ expression: 'twice(a)', frameId: frames[0].id, context: 'hover' }), /path/);
    const obj = await ev('p');
    assert.ok(obj.variablesReference > 0, 'an object result expands');
    await assert.rejects(dc.evaluateRequest({ expression: 'a / 0', frameId: frames[0].id }), /Divide by zero/);
    await assert.rejects(dc.evaluateRequest({ expression: 'nosuch(1)', frameId: frames[0].id }), /No matching/);
    await assert.rejects(dc.evaluateRequest({ expression: 'a; a', frameId: frames[0].id }), /expression/);
    // the script goes on unharmed
    const v = await dc.evaluateRequest({ expression: 'a', frameId: frames[0].id });
    assert.strictEqual(v.body.result, '10');
});

test('setVariable changes a local the script then uses', async dc => {
    const out = collectOutput(dc);
    const at = line('main.as', 'call_twice');
    await launchTo(dc, script('main.as'), () => dc.setBreakpointsRequest({ source: { path: script('main.as') }, breakpoints: [{ line: at }] }));
    const { frames, threadId } = await stoppedAt(dc, 'breakpoint', script('main.as'), at);
    const scopes = await scopesOf(dc, frames[0].id);
    const r = await dc.setVariableRequest({ variablesReference: scopes.Locals.variablesReference, name: 'a', value: '99' });
    assert.strictEqual(r.body.value, '99');
    await assert.rejects(dc.setVariableRequest({ variablesReference: scopes.Locals.variablesReference, name: 'a', value: 'banana' }), /not a value/);
    const s = await dc.setVariableRequest({ variablesReference: scopes.Locals.variablesReference, name: 's', value: '"changed"' });
    assert.strictEqual(s.body.value, '"changed"');
    const done = dc.waitForEvent('terminated');
    await dc.continueRequest({ threadId });
    await done;
    assert.match(out.stdout, /^a=198\n/);
});

test('next, stepIn and stepOut', async dc => {
    const at = line('main.as', 'call_twice');
    await launchTo(dc, script('main.as'), () => dc.setBreakpointsRequest({ source: { path: script('main.as') }, breakpoints: [{ line: at }] }));
    const { threadId } = await stoppedAt(dc, 'breakpoint', script('main.as'), at);
    armStop(dc);
    await dc.stepInRequest({ threadId });
    await stoppedAt(dc, 'step', script('main.as'), line('main.as', 'twice_body'));
    armStop(dc);
    await dc.stepOutRequest({ threadId });
    const back = await stoppedAt(dc, 'step', script('main.as'));
    assert.strictEqual(back.frames.length, 1, 'back in main()');
    armStop(dc);
    await dc.nextRequest({ threadId });
    const next = await stoppedAt(dc, 'step', script('main.as'));
    assert.ok(next.frames[0].line > at && next.frames[0].line <= line('main.as', 'after_twice') + 1, 'next went on in main()');
    assert.strictEqual(next.frames.length, 1);
});

test('a function breakpoint stops on entry', async dc => {
    await launchTo(dc, script('main.as'), async () => {
        const r = await dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'twice' }, { name: 'no_such_function' }] });
        assert.strictEqual(r.body.breakpoints[0].verified, true);
        assert.strictEqual(r.body.breakpoints[0].line, line('main.as', 'twice_body'));
        assert.strictEqual(r.body.breakpoints[1].verified, false);
    });
    const { ev } = await stoppedAt(dc, 'function breakpoint', script('main.as'), line('main.as', 'twice_body'));
    assert.ok(Array.isArray(ev.body.hitBreakpointIds));
});

test('a method breakpoint by Class::name', async dc => {
    await launchTo(dc, script('main.as'), async () => {
        const r = await dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'Point::sum' }] });
        assert.strictEqual(r.body.breakpoints[0].verified, true, 'methods are known before they run');
        // a line breakpoint in a method is verified before it runs too
        const l = await dc.setBreakpointsRequest({ source: { path: script('main.as') }, breakpoints: [{ line: line('main.as', 'sum_body') - 1 }] });
        assert.strictEqual(l.body.breakpoints[0].verified, true);
        assert.strictEqual(l.body.breakpoints[0].line, line('main.as', 'sum_body'));
        await dc.setBreakpointsRequest({ source: { path: script('main.as') }, breakpoints: [] });
    });
    await stoppedAt(dc, 'function breakpoint', script('main.as'), line('main.as', 'sum_body'));
});

test('conditional and hit count breakpoints, log points', async dc => {
    const out = collectOutput(dc);
    const at = line('main.as', 'loop_body');
    await launchTo(dc, script('main.as'), () => dc.setBreakpointsRequest({
        source: { path: script('main.as') },
        breakpoints: [{ line: at, condition: 'i * 2 == 6' }, { line: line('main.as', 'done'), logMessage: 'counter is {counter}, twice {counter * 2}' }],
    }));
    const { frames, threadId } = await stoppedAt(dc, 'breakpoint', script('main.as'), at);
    const r = await dc.evaluateRequest({ expression: 'i', frameId: frames[0].id });
    assert.strictEqual(r.body.result, '3');
    const done = dc.waitForEvent('terminated');
    await dc.continueRequest({ threadId });
    await done;
    assert.match(out.console, /counter is 15, twice 30\n/);
});

test('members of this: a compiled condition, evaluate with and without this., a log point', async dc => {
    const out = collectOutput(dc);
    const at = line('player.as', 'hit_body');
    await launchTo(dc, script('player.as'), () => dc.setBreakpointsRequest({
        source: { path: script('player.as') },
        breakpoints: [{ line: at, condition: 'hp * 2 < 20 && damage == 7' }, { line: at + 1, logMessage: '{name} has {this.hp + 0}' }],
    }));
    const { frames, threadId } = await stoppedAt(dc, 'breakpoint', script('player.as'), at);
    const ev = async (e, context = 'repl') => (await dc.evaluateRequest({ expression: e, frameId: frames[0].id, context })).body.result;
    assert.strictEqual(await ev('hp', 'hover'), '9');
    assert.strictEqual(await ev('this.hp', 'hover'), '9');
    assert.strictEqual(await ev('hp - damage'), '2');
    assert.strictEqual(await ev('this.hp + damage'), '16');
    assert.strictEqual(await ev('this.doubled()'), '18');
    assert.strictEqual(await ev('doubled() + hp'), '27', 'a method of this by its bare name');
    assert.strictEqual(await ev('secret + 1'), '6', 'private members too');
    assert.strictEqual(await ev('buddy is null'), 'true');
    assert.strictEqual(await ev('name + "!"'), '"hero!"');
    assert.strictEqual(await ev('"this" + name'), '"thishero"', 'this in a string stays');
    // the caller's frame is not a method: no members there
    await assert.rejects(dc.evaluateRequest({ expression: 'hp + 1', frameId: frames[1].id }), /hp/);
    const done = dc.waitForEvent('terminated');
    await dc.setBreakpointsRequest({ source: { path: script('player.as') }, breakpoints: [{ line: at + 1, logMessage: '{name} has {this.hp + 0}' }] });
    await dc.continueRequest({ threadId });
    await done;
    assert.strictEqual(out.console, '"hero" has 23\n"hero" has 16\n"hero" has 9\n"hero" has 2\n');
    assert.strictEqual(out.stdout, 'hero 23\nhero 16\nhero 9\nhero 2\n');
});

test('a hit count breakpoint', async dc => {
    const at = line('main.as', 'loop_body');
    await launchTo(dc, script('main.as'), () => dc.setBreakpointsRequest({
        source: { path: script('main.as') }, breakpoints: [{ line: at, hitCondition: '4' }],
    }));
    const { frames } = await stoppedAt(dc, 'breakpoint', script('main.as'), at);
    const r = await dc.evaluateRequest({ expression: 'i', frameId: frames[0].id });
    assert.strictEqual(r.body.result, '3');
});

test('stopOnEntry stops at the first line', async dc => {
    await launchTo(dc, script('main.as'), null, { stopOnEntry: true });
    await stoppedAt(dc, 'entry', script('main.as'), line('main.as', 'main_first'));
});

test('uncaught exceptions stop; caught ones only with "all"', async dc => {
    const out = collectOutput(dc);
    await launchTo(dc, script('throws.as'), () => dc.setExceptionBreakpointsRequest({ filters: ['uncaught'] }));
    const { threadId, frames } = await stoppedAt(dc, 'exception', script('throws.as'), line('throws.as', 'throw'));
    assert.strictEqual(frames.length, 4, 'fail, fail, fail, main');
    const info = await dc.send('exceptionInfo', { threadId });
    assert.strictEqual(info.body.description, 'deliberate failure');
    // the frames are still there: values, and code run by evaluate
    assert.strictEqual((await dc.evaluateRequest({ expression: 'depth', frameId: frames[1].id })).body.result, '1');
    assert.strictEqual((await dc.evaluateRequest({ expression: 'depth + 10', frameId: frames[2].id })).body.result, '12');
    const exited = dc.waitForEvent('exited');
    await dc.continueRequest({ threadId });
    assert.strictEqual((await exited).body.exitCode, 1);
    assert.match(out.stdout, /caught: deliberate failure\nbefore\n/);
    assert.match(out.stderr, /exception: deliberate failure/);
});

test('the "all" exception filter stops on a caught exception too', async dc => {
    await launchTo(dc, script('throws.as'), () => dc.setExceptionBreakpointsRequest({ filters: ['all'] }));
    const { frames } = await stoppedAt(dc, 'exception', script('throws.as'), line('throws.as', 'throw'));
    assert.strictEqual(frames[1].line, line('throws.as', 'caught_call'));
});

test('pause stops a running script', async dc => {
    await launchTo(dc, script('spin.as'));
    const threads = await dc.threadsRequest();
    assert.strictEqual(threads.body.threads.length, 1);
    armStop(dc);
    await dc.pauseRequest({ threadId: threads.body.threads[0].id });
    const { frames } = await stoppedAt(dc, 'pause', script('spin.as'));
    assert.match(frames[0].name, /void main\(\)/);
    assert.ok(frames[0].line >= 3 && frames[0].line <= line('spin.as', 'spin'), 'paused inside main()');
    // disconnecting ends the launched script
    await dc.disconnectRequest({});
});

test('a breakpoint in a lambda moves onto its body once the lambda runs; getInput() reads no request', async dc => {
    const out = collectOutput(dc);
    const body = line('lambda.as', 'lambda_body');
    const changed = dc.waitForEvent('breakpoint', TIMEOUT);
    await launchTo(dc, script('lambda.as'), () => dc.setBreakpointsRequest({ source: { path: script('lambda.as') }, breakpoints: [{ line: body }] }));
    // the module does not list lambdas: the breakpoint first sits on the next line main() has
    let stop = await stoppedAt(dc, 'breakpoint', script('lambda.as'));
    if (stop.frames[0].line !== body) {
        armStop(dc);
        await dc.continueRequest({ threadId: stop.threadId });
        stop = await stoppedAt(dc, 'breakpoint', script('lambda.as'), body);
    }
    assert.strictEqual((await changed).body.breakpoint.line, body);
    const v = await dc.evaluateRequest({ expression: 'x', frameId: stop.frames[0].id });
    assert.strictEqual(v.body.result, '2');
    const done = dc.waitForEvent('terminated');
    await dc.continueRequest({ threadId: stop.threadId });
    await done;
    assert.strictEqual(out.stdout, 'r=6 input=[]\n');
});

test('breakpoints set while the script runs take effect; removing them lets it run', async dc => {
    await launchTo(dc, script('spin.as'));
    const at = line('spin.as', 'spin');
    armStop(dc);
    const r = await dc.setBreakpointsRequest({ source: { path: script('spin.as') }, breakpoints: [{ line: at }] });
    assert.strictEqual(r.body.breakpoints[0].verified, true);
    const { frames, threadId } = await stoppedAt(dc, 'breakpoint', script('spin.as'), at);
    const n1 = Number((await dc.evaluateRequest({ expression: 'n', frameId: frames[0].id })).body.result);
    armStop(dc);
    await dc.continueRequest({ threadId });
    const again = await stoppedAt(dc, 'breakpoint', script('spin.as'), at);
    const n2 = Number((await dc.evaluateRequest({ expression: 'n', frameId: again.frames[0].id })).body.result);
    assert.strictEqual(n2, n1 + 1, 'one loop iteration between the stops');
    await dc.setBreakpointsRequest({ source: { path: script('spin.as') }, breakpoints: [] });
    await dc.continueRequest({ threadId });
    const stray = await Promise.race([dc.waitForEvent('stopped', 500).then(() => true, () => false)]);
    assert.strictEqual(stray, false, 'no stop without breakpoints');
    await dc.disconnectRequest({});
});

test('co-routines are threads: a breakpoint in one stops it with its own stack', async dc => {
    const out = collectOutput(dc);
    const threadEvents = [];
    dc.on('thread', e => threadEvents.push(e.body.reason + ' ' + e.body.threadId));
    const at = line('coroutines.as', 'worker_body');
    await launchTo(dc, script('coroutines.as'), () => dc.setBreakpointsRequest({ source: { path: script('coroutines.as') }, breakpoints: [{ line: at }] }));
    const { threadId, frames } = await stoppedAt(dc, 'breakpoint', script('coroutines.as'), at);
    const threads = (await dc.threadsRequest()).body.threads;
    assert.deepStrictEqual(threads.map(t => t.name), ['main', 'co-routine 1']);
    assert.strictEqual(threadId, threads[1].id);
    assert.match(frames[0].name, /worker/);
    assert.strictEqual((await dc.evaluateRequest({ expression: 'id', frameId: frames[0].id })).body.result, '7');
    await dc.setBreakpointsRequest({ source: { path: script('coroutines.as') }, breakpoints: [] });
    const done = dc.waitForEvent('terminated');
    await dc.continueRequest({ threadId });
    await done;
    assert.strictEqual(out.stdout, 'main step 0\nworker 7 step 0\nmain step 1\nworker 7 step 1\n');
    // the co-routine's context came and went as a thread of its own
    assert.ok(threadEvents.includes('started ' + threadId) && threadEvents.includes('exited ' + threadId), threadEvents.join(', '));
});

test('code with no file (launch "code", run -e): a sourceReference, the source request, breakpoints in it', async dc => {
    const out = collectOutput(dc);
    const code = 'int twice(int v)\n{\n    return v * 2;\n}\nvoid main()\n{\n    int a = twice(4);\n    println("a=" + a);\n}\n';
    await launchTo(dc, undefined, null, { code, stopOnEntry: true });
    const entry = await stoppedAt(dc, 'entry', null, 7);
    const src = entry.frames[0].source;
    assert.strictEqual(src.name, '-e');
    assert.strictEqual(src.path, undefined, 'no path: the client has no file to open');
    assert.ok(src.sourceReference > 0);
    const text = await dc.send('source', { source: src, sourceReference: src.sourceReference });
    assert.strictEqual(text.body.content, code);
    await assert.rejects(dc.send('source', { sourceReference: 999 }), /no source/);
    const r = await dc.setBreakpointsRequest({ source: src, breakpoints: [{ line: 2 }] });
    assert.strictEqual(r.body.breakpoints[0].verified, true);
    assert.strictEqual(r.body.breakpoints[0].line, 3);
    armStop(dc);
    await dc.continueRequest({ threadId: entry.threadId });
    const bp = await stoppedAt(dc, 'breakpoint', null, 3);
    assert.strictEqual(bp.frames[0].source.sourceReference, src.sourceReference);
    assert.strictEqual((await dc.evaluateRequest({ expression: 'v * 10', frameId: bp.frames[0].id })).body.result, '40');
    const done = dc.waitForEvent('terminated');
    await dc.continueRequest({ threadId: bp.threadId });
    await done;
    assert.strictEqual(out.stdout, 'a=8\n');
});

test('int main() gives the exit code', async dc => {
    const exited = dc.waitForEvent('exited');
    await launchTo(dc, script('status.as'));
    assert.strictEqual((await exited).body.exitCode, 3);
});

test('a script with compile errors fails its launch', async dc => {
    const out = collectOutput(dc);
    await dc.initializeRequest();
    const terminated = dc.waitForEvent('terminated');
    await assert.rejects(dc.launchRequest({ program: script('broken.as') }), /did not start/);
    await terminated;
    assert.match(out.stderr, /broken\.as:3:\d+: error: /);
});

test('bad requests get failed responses', async dc => {
    await dc.initializeRequest();
    await assert.rejects(dc.send('noSuchCommand', {}), /unknown command/);
    await assert.rejects(dc.stackTraceRequest({ threadId: 1 }), /not stopped/);
    await assert.rejects(dc.setBreakpointsRequest({ breakpoints: [] }), /source/);
    await assert.rejects(dc.launchRequest({}), /program/);
});

// ---------------------------------------------------------------- attach (angelc run --dap=PORT)

function freePort() {
    return new Promise((resolve, reject) => {
        const srv = net.createServer();
        srv.listen(0, '127.0.0.1', () => { const p = srv.address().port; srv.close(() => resolve(p)); });
        srv.on('error', reject);
    });
}

// starts `angelc run [EXTRA...] --dap=PORT SCRIPT` and waits until it listens (name: a test
// script's name, or a path)
async function startHost(name, extra = []) {
    const port = await freePort();
    const file = path.isAbsolute(name) ? name : script(name);
    const host = cp.spawn(ANGELC, ['run', ...extra, `--dap=${port}`, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    const result = { stdout: '', stderr: '', port, host };
    host.stdout.on('data', d => { result.stdout += d; });
    result.exit = new Promise(resolve => host.on('exit', code => resolve(code)));
    await withTimeout(new Promise(resolve => {
        host.stderr.on('data', d => { result.stderr += d; if (result.stderr.includes('waiting for a debugger')) resolve(); });
    }), TIMEOUT, 'the host to listen');
    return result;
}

const attachTests = [];
const attachTest = (name, fn) => attachTests.push({ name, fn });

attachTest('attach: breakpoints, variables, output events, the exit code', async () => {
    const h = await startHost('main.as');
    const dc = newClient();
    try {
        await dc.start(h.port);
        dc._socket.on('error', () => {});   // the host closing after the session is not an error here
        const out = collectOutput(dc);
        await dc.initializeRequest();
        const at = line('main.as', 'twice_body');
        armStop(dc);
        await Promise.all([
            dc.waitForEvent('initialized').then(async () => {
                const r = await dc.setBreakpointsRequest({ source: { path: script('main.as') }, breakpoints: [{ line: at }] });
                assert.strictEqual(r.body.breakpoints[0].verified, true);
                return dc.configurationDoneRequest();
            }),
            dc.attachRequest({}),
        ]);
        const { frames, threadId } = await withTimeout(stoppedAt(dc, 'breakpoint', script('main.as'), at), TIMEOUT, 'stop');
        const v = await dc.evaluateRequest({ expression: 'v', frameId: frames[0].id });
        assert.strictEqual(v.body.result, '10');
        const exited = withTimeout(dc.waitForEvent('exited'), TIMEOUT, 'exited');
        await dc.continueRequest({ threadId });
        assert.strictEqual((await exited).body.exitCode, 0);
        assert.strictEqual(out.stdout, 'a=20\nsum=3\ndone 15\n');
        await dc.disconnectRequest({});
        assert.strictEqual(await withTimeout(h.exit, TIMEOUT, 'host exit'), 0);
        assert.strictEqual(h.stdout, 'a=20\nsum=3\ndone 15\n', 'the terminal has the output too');
    } finally {
        dc.stopAdapter();
        h.host.kill();
    }
});

attachTest('attach: disconnecting leaves the host running to its end', async () => {
    const h = await startHost('main.as');
    const dc = newClient();
    try {
        await dc.start(h.port);
        dc._socket.on('error', () => {});   // the host closing after the session is not an error here
        await dc.initializeRequest();
        const at = line('main.as', 'loop_body');
        armStop(dc);
        await Promise.all([
            dc.waitForEvent('initialized').then(async () => {
                await dc.setBreakpointsRequest({ source: { path: script('main.as') }, breakpoints: [{ line: at }] });
                return dc.configurationDoneRequest();
            }),
            dc.attachRequest({}),
        ]);
        await withTimeout(stoppedAt(dc, 'breakpoint', script('main.as'), at), TIMEOUT, 'stop');
        await dc.disconnectRequest({});
        dc.stopAdapter();
        assert.strictEqual(await withTimeout(h.exit, TIMEOUT, 'host exit'), 0);
        assert.strictEqual(h.stdout, 'a=20\nsum=3\ndone 15\n');
    } finally {
        dc.stopAdapter();
        h.host.kill();
    }
});

attachTest('attach with --watch: after a hot reload breakpoints go on the new code\'s lines', async () => {
    const dir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'angelc-dap-watch-'));
    const file = path.join(dir, 'loop.as');
    const body = ['int tick(int i)', '{', '    int t = i * 2;', '    return t;', '}', 'void main()', '{',
                  '    int n = 0;', '    for (int i = 0; i < 3000; i++) { n += tick(i); sleep(10); }', '}', ''];
    fs.writeFileSync(file, body.join('\n'));
    const h = await startHost(file, ['--watch']);
    const dc = newClient();
    try {
        await dc.start(h.port);
        dc._socket.on('error', () => {});
        await dc.initializeRequest();
        armStop(dc);
        await Promise.all([
            dc.waitForEvent('initialized').then(async () => {
                const r = await dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [{ line: 3 }] });
                assert.strictEqual(r.body.breakpoints[0].line, 3);
                return dc.configurationDoneRequest();
            }),
            dc.attachRequest({}),
        ]);
        const first = await withTimeout(stoppedAt(dc, 'breakpoint', file, 3), TIMEOUT, 'stop before the reload');
        await dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [] });
        await dc.continueRequest({ threadId: first.threadId });
        // three lines put in above tick(): its body is now on line 6 (a soft reload)
        fs.writeFileSync(file, ['// moved', '// down', '// three lines', ...body].join('\n'));
        await withTimeout(new Promise(resolve => {
            const seen = () => h.stderr.includes('angelc: reloaded');
            if (seen()) return resolve();
            const timer = setInterval(() => { if (seen()) { clearInterval(timer); resolve(); } }, 20);
        }), TIMEOUT, 'the reload');
        armStop(dc);
        const r = await dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [{ line: 6 }] });
        assert.strictEqual(r.body.breakpoints[0].verified, true);
        assert.strictEqual(r.body.breakpoints[0].line, 6, 'the breakpoint on the new code\'s line');
        await withTimeout(stoppedAt(dc, 'breakpoint', file, 6), TIMEOUT, 'stop after the reload');
        await dc.disconnectRequest({});
    } finally {
        dc.stopAdapter();
        h.host.kill();
        fs.rmSync(dir, { recursive: true, force: true });
    }
});

// ---------------------------------------------------------------- the runner

async function main() {
    let passed = 0, failed = 0;
    const only = process.argv[3] || '';
    for (const t of tests) {
        if (!t.name.includes(only)) continue;
        const dc = newClient();
        try {
            await withTimeout(dc.start(), TIMEOUT, 'start');
            // an adapter that ended (a test disconnected) is not an error when the runner stops it
            dc._adapterProcess.stdin.on('error', () => {});
            await withTimeout(t.fn(dc), TIMEOUT * 3, t.name);
            passed++;
            console.log(`ok - ${t.name}`);
        } catch (e) {
            failed++;
            console.log(`FAIL - ${t.name}: ${e && e.stack || e}`);
        } finally {
            try { await withTimeout(dc.stop(), 3000, 'stop'); } catch (e) { dc.stopAdapter(); }
        }
    }
    for (const t of attachTests) {
        if (!t.name.includes(only)) continue;
        try {
            await withTimeout(t.fn(), TIMEOUT * 4, t.name);
            passed++;
            console.log(`ok - ${t.name}`);
        } catch (e) {
            failed++;
            console.log(`FAIL - ${t.name}: ${e && e.stack || e}`);
        }
    }
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
}

setTimeout(() => { console.log('FAIL - the whole run took too long'); process.exit(1); }, 240000).unref();
main();
