# angelc lsp at the protocol level (an embedded python3 client): JSON-RPC errors for garbage,
# invalid JSON, requests before initialize, unknown methods and bad parameters; diagnostics
# published and cleared; UTF-16 columns; every prefix of a script sent as didChange, each
# answered (completion, hover, documentSymbol) without a crash; a huge body refused; the exit
# status after shutdown/exit; references, rename, prepareRename and workspace/symbol on a
# two-file project (#include), symbols compared rather than names, refusals as JSON-RPC errors;
# an included file checked as part of its includer; angelc.json errors shown, its entries
# compiled unopened; initializationOptions; a run of changes compiled once; #include of
# /dev/stdin refused; resident memory over 1,000 edits.
. tests/cli/lib.sh

need_command python3 "to drive the language server"
need_lsp

cat >"$tmp/client.py" <<'PY'
import json, os, subprocess, sys
sys.path.insert(0, "tests/lsp")
from lsp_client import Session, parse_frames

angelc, tmp = sys.argv[1], sys.argv[2]
checks = failed = 0

def check(ok, what):
    global checks, failed
    checks += 1
    if not ok:
        failed += 1
        print("FAIL:", what)

def frame(obj):
    body = obj if isinstance(obj, bytes) else json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body

def run(messages, timeout=120, args=()):
    """Sends the messages (objects or raw bytes) at once to `angelc lsp ARGS`; returns (replies,
    exit status, stderr)."""
    data = b"".join(m if isinstance(m, bytes) and m.startswith(b"Content-Length") or isinstance(m, bytes) and m.startswith(b"X")
                    else frame(m) for m in messages)
    p = subprocess.run([angelc, "lsp", *args], input=data, capture_output=True, timeout=timeout)
    return parse_frames(p.stdout), p.returncode, p.stderr.decode(errors="replace")

def by_id(replies, i):
    return next((r for r in replies if r.get("id") == i and "method" not in r), None)

def error_code(replies, i):
    r = by_id(replies, i)
    return r["error"]["code"] if r and "error" in r else None

def diagnostics(replies, uri):
    return [r["params"]["diagnostics"] for r in replies
            if r.get("method") == "textDocument/publishDiagnostics" and r["params"]["uri"] == uri]

init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
initialized = {"jsonrpc": "2.0", "method": "initialized", "params": {}}
shutdown = {"jsonrpc": "2.0", "id": 999, "method": "shutdown"}
exit_ = {"jsonrpc": "2.0", "method": "exit"}
uri = "file://" + tmp + "/main.as"

def open_doc(text, u=uri):
    return {"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": u, "languageId": "angelscript", "version": 1, "text": text}}}

def change(text, version, u=uri):
    return {"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": u, "version": version}, "contentChanges": [{"text": text}]}}

def at(i, method, line, character, u=uri):
    return {"jsonrpc": "2.0", "id": i, "method": method,
            "params": {"textDocument": {"uri": u}, "position": {"line": line, "character": character}}}

# the lifecycle and JSON-RPC errors
replies, status, err = run([
    {"jsonrpc": "2.0", "id": 0, "method": "textDocument/hover", "params": {}},   # before initialize
    open_doc("void main() { int x = ; }"),                                      # ignored before initialize
    init, initialized,
    b"{ not json",
    frame(b"[1, 2]"),
    frame(b"42"),
    {"jsonrpc": "2.0", "id": 2, "method": "no/such/method", "params": {}},
    {"jsonrpc": "2.0", "method": "no/such/notification", "params": {}},
    {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 2}},
    {"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {"textDocument": {}}},
    {"jsonrpc": "2.0", "id": 4, "method": "textDocument/hover", "params": {"textDocument": {"uri": uri}}},
    {"jsonrpc": "2.0", "id": 5, "method": "initialize", "params": {"capabilities": {}}},
    {"jsonrpc": "2.0", "id": 6, "method": "textDocument/hover", "params": "nonsense"},
    {"jsonrpc": "2.0", "id": {"an": "object"}, "method": "shutdown"},
    {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": 7}, "contentChanges": 8}},
    shutdown,
    {"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": {}},
    exit_,
])
check(error_code(replies, 0) == -32002, "a request before initialize is ServerNotInitialized: %s" % by_id(replies, 0))
caps = (by_id(replies, 1) or {}).get("result", {}).get("capabilities", {})
check(caps.get("positionEncoding") == "utf-16", "utf-16 positions by default: %s" % caps)
check(caps.get("textDocumentSync", {}).get("change") == 1, "full document sync: %s" % caps)
for c in ("hoverProvider", "definitionProvider", "documentSymbolProvider", "completionProvider", "signatureHelpProvider"):
    check(c in caps, "capability " + c)
check(not diagnostics(replies, uri), "a didOpen before initialize is ignored")
errors = [r["error"]["code"] for r in replies if r.get("id") is None and "error" in r]
check(errors.count(-32700) == 1, "invalid JSON is a ParseError: %s" % errors)
check(errors.count(-32600) >= 2, "JSON that is not a request object is InvalidRequest: %s" % errors)
check(error_code(replies, 2) == -32601, "an unknown request is MethodNotFound")
check(error_code(replies, 3) == -32602, "a missing uri is InvalidParams")
check(error_code(replies, 4) == -32602, "a missing position is InvalidParams")
check(error_code(replies, 5) == -32600, "a second initialize is refused")
check(by_id(replies, 6) is not None, "a request with nonsense params is answered")
check(by_id(replies, 999) == {"jsonrpc": "2.0", "id": 999, "result": None}, "shutdown answers null")
check(error_code(replies, 7) == -32600, "a request after shutdown is InvalidRequest")
check(len([r for r in replies if r.get("method") is None and r.get("id") is None and "error" not in r]) == 0,
      "no response to a notification")
check(status == 0, "exit after shutdown: status 0, got %s (%s)" % (status, err))

# exit without shutdown; the input ending without exit
replies, status, err = run([init, exit_])
check(status == 1, "exit without shutdown: status 1, got %s" % status)
replies, status, err = run([init])
check(status == 1, "input ending without exit: status 1, got %s" % status)

# garbage headers and a huge body: refused, no crash
for garbage in (b"Xyzzy\r\n\r\n{}", b"Content-Length: abc\r\n\r\n{}", b"Content-Length: 99999999999999\r\n\r\n{}",
                b"Content-Length: 5\r\n\r\n{"):
    replies, status, err = run([init, garbage])
    check(status == 1 and by_id(replies, 1) is not None, "garbage %r ends the session with status 1, got %s" % (garbage[:30], status))
big = "// " + "x" * (4 << 20) + "\nvoid main() {}\n"
replies, status, err = run([init, open_doc(big), at(2, "textDocument/documentSymbol", 0, 0), shutdown, exit_])
syms = (by_id(replies, 2) or {}).get("result") or []
check(status == 0 and [s["name"] for s in syms] == ["main"], "a 4 MiB document is served: %s %s" % (status, syms))

# diagnostics: the compiler's, published on open and cleared when fixed, columns in UTF-16
inc_path = os.path.join(tmp, "inc.as")
with open(inc_path, "w") as f:
    f.write("int twice(int x) { return x * 2; }\n")
broken = '#include "inc.as"\nvoid main() {\n  string s = "\u00e9\U0001F600"; int n = twice(1) + x;\n}\n'
fixed = '#include "inc.as"\nvoid main() {\n  string s = "\u00e9\U0001F600"; int n = twice(1);\n}\n'
replies, status, err = run([init, open_doc(broken), change(fixed, 2), shutdown, exit_])
pub = diagnostics(replies, uri)
check(len(pub) == 2, "diagnostics published on open and on change: %s" % pub)
if len(pub) == 2:
    d = pub[0]
    check(len(d) == 1 and d[0]["severity"] == 1 and d[0]["source"] == "angelc", "one error: %s" % d)
    check(len(d) == 1 and d[0]["message"] == "No matching symbol 'x'", "the compiler's text: %s" % d)
    # angelc reports byte column 43; before it, U+00E9 is 2 bytes and 1 UTF-16 unit, U+1F600 4 and 2
    check(len(d) == 1 and d[0]["range"] == {"start": {"line": 2, "character": 39}, "end": {"line": 2, "character": 40}},
          "the range in UTF-16 units: %s" % d)
    check(len(d) == 1 and d[0].get("relatedInformation", [{}])[0].get("message") == "Compiling void main()",
          "the info message as related information: %s" % d)
    check(pub[1] == [], "cleared when fixed: %s" % pub[1])
# an error in the included file goes to that file's URI, and is cleared there when fixed
inc_uri = "file://" + inc_path
with open(inc_path, "w") as f:
    f.write("int twice(int x) { return x * ; }\n")
replies, status, err = run([init, open_doc(fixed), open_doc("int twice(int x) { return x * 2; }\n", inc_uri), change(fixed, 2), shutdown, exit_])
inc_pub = diagnostics(replies, inc_uri)
check(inc_pub and inc_pub[0] and inc_pub[0][0]["range"]["start"]["line"] == 0, "the included file's error on its URI: %s" % inc_pub)
check(inc_pub and inc_pub[-1] == [], "the open include's unsaved (fixed) text is compiled instead of the file: %s" % inc_pub)

# member chains through calls, indexing and handles
chain = """class Point {
    int x;
    Point@ next;
    Point@ self() { return this; }
}
void main() {
    array<Point@> pts;
    string s = "hi";
    pts[0].next.self().x = s.substr(1).length();
}
"""
replies, status, err = run([init, open_doc(chain), at(2, "textDocument/completion", 8, 23), at(3, "textDocument/hover", 8, 40),
                            shutdown, exit_])
items = sorted(i["label"] for i in ((by_id(replies, 2) or {}).get("result") or {}).get("items", []))
check(items == ["next", "self", "x"], "completion after pts[0].next.self().: %s" % items)
hover = ((by_id(replies, 3) or {}).get("result") or {}).get("contents", {}).get("value", "")
check("uint string::length() const" in hover, "hover after s.substr(1).: %r" % hover)

# lines ending in a lone CR: one line for the compiler, separate lines for LSP
replies, status, err = run([init, open_doc("void main()\r{\r  int y = x;\r}\r"), shutdown, exit_])
pub = diagnostics(replies, uri)
check(pub and pub[0] and pub[0][0]["range"]["start"] == {"line": 2, "character": 10}, "a CR-only file's positions: %s" % pub)

# a message about code of no file (a default argument) is shown at the call it was compiled for
default_arg = 'void f(int x = "a") {}\nvoid main() {\n  f();\n}\n'
replies, status, err = run([init, open_doc(default_arg), shutdown, exit_])
pub = diagnostics(replies, uri)
check(len(pub) == 1 and [(d["range"]["start"]["line"], d["message"]) for d in pub[0]] ==
      [(2, "The type of the default argument expression doesn't match the function parameter type"),
       (2, "Failed while compiling default arg for parameter 0 in function 'void f(int = \"a\")'")],
      "a default argument's error at the call: %s" % pub)
check(all(r["params"]["uri"] == uri for r in replies if r.get("method") == "textDocument/publishDiagnostics"),
      "no diagnostics for a URI that is no file")

# the document is compiled, never run: a global's initialiser neither prints nor executes
marker = os.path.join(tmp, "ran")
runs = 'int g = f();\nint f() { print("garbage"); exec("touch %s"); return 1; }\n' % marker
replies, status, err = run([init, open_doc(runs), at(2, "textDocument/hover", 0, 9), shutdown, exit_])
check(status == 0 and by_id(replies, 2) is not None and not os.path.exists(marker),
      "global initialisers are not run: %s %s" % (status, os.path.exists(marker)))
check(diagnostics(replies, uri) == [[]], "the script compiles: %s" % diagnostics(replies, uri))

# an #include of something that is no regular file is refused, never read (/dev/stdin is the
# protocol's own input; a directory)
for bad_include in ("/dev/stdin", tmp):
    replies, status, err = run([init, open_doc('#include "%s"\nvoid main() {}\n' % bad_include),
                                at(2, "textDocument/hover", 1, 6), shutdown, exit_], timeout=30)
    msgs = [d["message"] for d in (diagnostics(replies, uri) or [[]])[0]]
    check(status == 0 and by_id(replies, 2) is not None and msgs == ["Failed to open script file '%s'" % bad_include],
          "#include of %s refused: %s %s" % (bad_include, status, msgs))

# every prefix of a script, as typed: each change compiled, each request answered
script = open(os.path.join(tmp, "typed.as")).read()
msgs = [init, initialized, open_doc("")]
for i in range(len(script) + 1):
    prefix = script[:i]
    line, character = prefix.count("\n"), len(prefix.split("\n")[-1].encode("utf-16-le")) // 2
    msgs.append(change(prefix, i + 2))
    msgs.append(at(3 * i + 10, "textDocument/completion", line, character))
    msgs.append(at(3 * i + 11, "textDocument/hover", line, max(0, character - 1)))
    msgs.append({"jsonrpc": "2.0", "id": 3 * i + 12, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": uri}}})
msgs += [at(5, "textDocument/signatureHelp", 99, 0), shutdown, exit_]
replies, status, err = run(msgs, timeout=600)
answered = sum(1 for i in range(len(script) + 1) for k in (10, 11, 12)
               if by_id(replies, 3 * i + k) is not None and "error" not in by_id(replies, 3 * i + k))
check(status == 0, "typing the script: status 0, got %s (%s)" % (status, err[-300:]))
check(answered == 3 * (len(script) + 1), "every request answered while typing: %d of %d" % (answered, 3 * (len(script) + 1)))
check(len(diagnostics(replies, uri)) == len(script) + 2, "diagnostics on open and for every change")
check(diagnostics(replies, uri)[-1] == [], "the whole script compiles: %s" % diagnostics(replies, uri)[-1:])

# --api FILE: another host's API from its dump, with its documentation
api = os.path.join(tmp, "game.predefined")
with open(api, "w") as f:
    f.write("""// a picture on the screen
class Sprite {
    Sprite();
    ~Sprite();
    // moves the sprite by dx, dy pixels
    void move(int dx, int dy);
    int x;
}
enum Layer {
    Back = 0,
    Front = 1
}
namespace sfx {
    // plays the beep sound
    void beep(int times = 1);
}
const int SCREEN_WIDTH;
""")
game_uri = "file://" + tmp + "/game.as"
game = "void main() {\n    Sprite s;\n    s.move(SCREEN_WIDTH, Front);\n    sfx::beep();\n}\n"
def run_api(messages, args):
    return run(messages, 60, args)
replies, status, err = run_api([init, open_doc(game, game_uri), at(2, "textDocument/hover", 2, 7, game_uri),
                                at(3, "textDocument/completion", 3, 9, game_uri), open_doc(game.replace("beep", "boop"), uri),
                                shutdown, exit_], ["--api", api])
check(status == 0 and err == "", "lsp --api: status 0, nothing on stderr: %s %r" % (status, err))
check(diagnostics(replies, game_uri) == [[]], "a script for the dumped API compiles: %s" % diagnostics(replies, game_uri))
hover = ((by_id(replies, 2) or {}).get("result") or {}).get("contents", {}).get("value", "")
check("void Sprite::move(int dx, int dy)" in hover and "moves the sprite by dx, dy pixels" in hover, "hover from the dump: %r" % hover)
items = [i["label"] for i in ((by_id(replies, 3) or {}).get("result") or {}).get("items", [])]
check(items == ["beep"], "completion of sfx:: from the dump: %s" % items)
bad = diagnostics(replies, uri)
check(bad and bad[0] and bad[0][0]["message"] == "No matching symbol 'sfx::boop'", "errors against the dumped API: %s" % bad)
replies, status, err = run_api([init, open_doc(game, game_uri), shutdown, exit_], [])
check(diagnostics(replies, game_uri) and diagnostics(replies, game_uri)[0], "without --api, the dumped API is unknown")
# the command line's own API, dumped and loaded: the same diagnostics as without --api
dumped = os.path.join(tmp, "angelc.predefined")
with open(dumped, "w") as f:
    subprocess.run([angelc, "dump-api"], stdout=f, check=True)
sample = 'void main() {\n    string[] names = {"a", "b"};\n    dictionary d = {{"k", 1}};\n    names.insertLast(formatInt(3));\n    datetime t;\n    int n = names.length() + undefined;\n}\n'
own, _, _ = run_api([init, open_doc(sample), shutdown, exit_], [])
loaded, status, err = run_api([init, open_doc(sample), shutdown, exit_], ["--api", dumped])
check(diagnostics(own, uri) == diagnostics(loaded, uri) and len(diagnostics(own, uri)[0]) == 1,
      "angelc's own dump gives the same diagnostics: %s / %s" % (diagnostics(own, uri), diagnostics(loaded, uri)))
check("could not be registered" not in err,
      "everything in angelc's own dump registers again (array<T>::less and sort with it): %r" % err)
p = subprocess.run([angelc, "lsp", "--api", os.path.join(tmp, "missing.predefined")], input=b"", capture_output=True)
check(p.returncode == 2 and b"missing.predefined" in p.stderr, "a missing --api file: status 2: %s %r" % (p.returncode, p.stderr))

# references, rename and workspace symbols on a two-file project (#include): resolved symbols
# compared, not names (a local shadowing a global, a member vs a local of the same name)
proj = os.path.join(tmp, "proj")
os.makedirs(proj, exist_ok=True)
lib_text = ("int counter = 0;\n"
            "class Point {\n"
            "    int x;\n"
            "    int y;\n"
            "    Point(int x0, int y0) { x = x0; y = y0; }\n"
            "    int sum() { return x + y; }\n"
            "}\n"
            "int bump(int by) { counter += by; return counter; }\n")
with open(os.path.join(proj, "lib.as"), "w") as f:
    f.write(lib_text)
main_text = ('#include "lib.as"\n'
             "void main() {\n"
             "    int counter = 5;\n"
             "    Point p(1, 2);\n"
             "    p.x = bump(counter);\n"
             "    int y = p.y + p.sum();\n"
             '    println("" + y);\n'
             "}\n"
             "void other() { counter = bump(1); }\n")
main_uri = "file://" + proj + "/main.as"
lib_uri = "file://" + proj + "/lib.as"

def refs(i, line, character, include=True, u=main_uri):
    m = at(i, "textDocument/references", line, character, u)
    m["params"]["context"] = {"includeDeclaration": include}
    return m

def rename(i, line, character, new_name, u=main_uri):
    m = at(i, "textDocument/rename", line, character, u)
    m["params"]["newName"] = new_name
    return m

def spots(reply):
    """(file name, line, character) of each location, sorted."""
    if not reply or not isinstance(reply.get("result"), list):
        return None
    return sorted((l["uri"].rsplit("/", 1)[1], l["range"]["start"]["line"], l["range"]["start"]["character"]) for l in reply["result"])

def edit_spots(reply):
    if not reply or not isinstance(reply.get("result"), dict):
        return None
    return sorted((u.rsplit("/", 1)[1], e["range"]["start"]["line"], e["range"]["start"]["character"], e["newText"])
                  for u, es in reply["result"]["changes"].items() for e in es)

replies, status, err = run([init, initialized, open_doc(main_text, main_uri),
    refs(300, 8, 16),                 # the global counter, used in other()
    refs(301, 8, 16, include=False),
    refs(302, 2, 9),                  # the local counter shadowing it
    refs(303, 4, 6),                  # p.x: the member
    refs(304, 5, 9),                  # the local y, not Point::y
    refs(305, 4, 11),                 # bump
    refs(306, 0, 3, u=lib_uri),       # from the (not open) include: not open, no answer
    rename(310, 4, 11, "increment"),
    rename(311, 6, 5, "say"),         # println: registered
    rename(312, 2, 5, "number"),      # int: a keyword
    rename(313, 4, 11, "1abc"),
    rename(314, 4, 11, "while"),
    {"jsonrpc": "2.0", "id": 315, "method": "textDocument/rename", "params": {"textDocument": {"uri": main_uri}}},
    at(316, "textDocument/prepareRename", 4, 11, main_uri),
    at(317, "textDocument/prepareRename", 6, 5, main_uri),
    rename(318, 3, 5, "Vec"),         # the class: its constructor and uses too
    {"jsonrpc": "2.0", "id": 320, "method": "workspace/symbol", "params": {"query": "POI"}},
    {"jsonrpc": "2.0", "id": 321, "method": "workspace/symbol", "params": {"query": "sum"}},
    {"jsonrpc": "2.0", "id": 322, "method": "workspace/symbol", "params": {"query": ""}},
    {"jsonrpc": "2.0", "id": 323, "method": "workspace/symbol", "params": {}},
    {"jsonrpc": "2.0", "id": 324, "method": "textDocument/references", "params": {"textDocument": {"uri": main_uri}, "position": "x"}},
    {"jsonrpc": "2.0", "id": 325, "method": "textDocument/references", "params": []},
    shutdown, exit_])
check(status == 0, "the references session ends with status 0: %s" % err)
caps = by_id(replies, 1)["result"]["capabilities"]
check(caps.get("referencesProvider") is True and caps.get("workspaceSymbolProvider") is True and
      caps.get("renameProvider") == {"prepareProvider": True}, "references, rename and workspace symbols advertised: %s" % caps)
check(spots(by_id(replies, 300)) == [("lib.as", 0, 4), ("lib.as", 7, 19), ("lib.as", 7, 41), ("main.as", 8, 15)],
      "the global's references in both files, not the local's: %s" % spots(by_id(replies, 300)))
check(spots(by_id(replies, 301)) == [("lib.as", 7, 19), ("lib.as", 7, 41), ("main.as", 8, 15)],
      "includeDeclaration false leaves the declaration out: %s" % spots(by_id(replies, 301)))
check(spots(by_id(replies, 302)) == [("main.as", 2, 8), ("main.as", 4, 15)],
      "the local's references only: %s" % spots(by_id(replies, 302)))
check(spots(by_id(replies, 303)) == [("lib.as", 2, 8), ("lib.as", 4, 28), ("lib.as", 5, 23), ("main.as", 4, 6)],
      "the member's references: %s" % spots(by_id(replies, 303)))
check(spots(by_id(replies, 304)) == [("main.as", 5, 8), ("main.as", 6, 17)],
      "the local y, not the member y: %s" % spots(by_id(replies, 304)))
check(spots(by_id(replies, 305)) == [("lib.as", 7, 4), ("main.as", 4, 10), ("main.as", 8, 25)],
      "the function's references: %s" % spots(by_id(replies, 305)))
check(by_id(replies, 306) and by_id(replies, 306).get("result") == [], "a document not open: no references")
check(edit_spots(by_id(replies, 310)) == [("lib.as", 7, 4, "increment"), ("main.as", 4, 10, "increment"), ("main.as", 8, 25, "increment")],
      "rename edits both files: %s" % edit_spots(by_id(replies, 310)))
for i, what in ((311, "a registered function"), (312, "a keyword"), (313, "a new name that is not an identifier"),
                (314, "a keyword as the new name"), (315, "no newName"), (317, "prepareRename of a registered function"),
                (324, "a bad position"), (325, "params not an object")):
    r = by_id(replies, i)
    check(r and "error" in r and r["error"].get("message"), "%s refused with a message: %s" % (what, r))
pr = by_id(replies, 316)
check(pr and pr.get("result", {}).get("placeholder") == "bump" and pr["result"]["range"]["start"] == {"line": 4, "character": 10},
      "prepareRename gives the word's range: %s" % pr)
check(edit_spots(by_id(replies, 318)) == [("lib.as", 1, 6, "Vec"), ("lib.as", 4, 4, "Vec"), ("main.as", 3, 4, "Vec")],
      "renaming a class renames its constructor and uses: %s" % edit_spots(by_id(replies, 318)))
ws = by_id(replies, 320)
check(ws and [(s["name"], s["kind"], s["location"]["uri"] == lib_uri) for s in ws["result"]] == [("Point", 5, True), ("Point", 9, True)],
      "workspace/symbol matches case-insensitively, in the include (the class, its constructor): %s" % ws)
ws = by_id(replies, 321)
check(ws and [(s["name"], s.get("containerName")) for s in ws["result"]] == [("sum", "Point")], "a method with its container: %s" % ws)
ws = by_id(replies, 322)
check(ws and {s["name"] for s in ws["result"]} >= {"counter", "Point", "x", "y", "sum", "bump", "main", "other"},
      "an empty query lists every symbol: %s" % ws)
check(error_code(replies, 323) == -32602, "workspace/symbol without a query: InvalidParams")

# both files open, asked from the included one: the including document's uses are found too
replies, status, err = run([init, initialized, open_doc(lib_text, lib_uri), open_doc(main_text, main_uri),
    refs(330, 0, 6, u=lib_uri),       # the global's declaration
    refs(331, 2, 9, u=lib_uri),       # the member x's declaration
    rename(332, 7, 5, "increment", u=lib_uri),
    refs(333, 7, 14, u=lib_uri),      # a parameter, from its declaration
    refs(334, 7, 31, include=False, u=lib_uri),
    shutdown, exit_])
check(status == 0, "the two-document session ends with status 0: %s" % err)
check(spots(by_id(replies, 330)) == [("lib.as", 0, 4), ("lib.as", 7, 19), ("lib.as", 7, 41), ("main.as", 8, 15)],
      "from the include's declaration, the global's uses in the open including file: %s" % spots(by_id(replies, 330)))
check(spots(by_id(replies, 331)) == [("lib.as", 2, 8), ("lib.as", 4, 28), ("lib.as", 5, 23), ("main.as", 4, 6)],
      "from the member's declaration: %s" % spots(by_id(replies, 331)))
check(edit_spots(by_id(replies, 332)) == [("lib.as", 7, 4, "increment"), ("main.as", 4, 10, "increment"), ("main.as", 8, 25, "increment")],
      "rename from the include edits the including file: %s" % edit_spots(by_id(replies, 332)))
check(spots(by_id(replies, 333)) == [("lib.as", 7, 13), ("lib.as", 7, 30)], "a parameter's references: %s" % spots(by_id(replies, 333)))
check(spots(by_id(replies, 334)) == [("lib.as", 7, 30)], "a parameter's uses without its declaration: %s" % spots(by_id(replies, 334)))

# inherited members are the base class's: found through the derived class and its variables
inh_text = ("class Base {\n    int hp;\n    void hit() { hp--; }\n}\nclass Orc : Base {\n    void roar() { hp++; hit(); }\n}\n"
            "void main() {\n    Orc o;\n    o.hp = 2;\n    o.hit();\n}\n")
replies, status, err = run([init, initialized, open_doc(inh_text), refs(340, 1, 9, u=uri), refs(341, 2, 10, u=uri), shutdown, exit_])
check(spots(by_id(replies, 340)) == [("main.as", 1, 8), ("main.as", 2, 17), ("main.as", 5, 18), ("main.as", 9, 6)],
      "an inherited property's references: %s" % spots(by_id(replies, 340)))
check(spots(by_id(replies, 341)) == [("main.as", 2, 9), ("main.as", 5, 24), ("main.as", 10, 6)],
      "an inherited method's references: %s" % spots(by_id(replies, 341)))

# a file only included is checked as part of its includer, not alone: opened first, it is compiled
# alone (its includer unknown yet); once the includer is open its own errors go
pdir = os.path.join(tmp, "incl")
os.makedirs(pdir, exist_ok=True)
part = "int doubled() { return base * 2; }\n"       # base: declared by the includer
whole = 'int base = 4;\n#include "part.as"\nvoid main() { doubled(); }\n'
with open(os.path.join(pdir, "part.as"), "w") as f:
    f.write(part)
part_uri, whole_uri = "file://" + pdir + "/part.as", "file://" + pdir + "/whole.as"
replies, status, err = run([init, initialized, open_doc(part, part_uri), open_doc(whole, whole_uri),
                            at(2, "textDocument/hover", 0, 24, part_uri), shutdown, exit_])
pp = diagnostics(replies, part_uri)
check(pp and pp[0] and pp[0][0]["message"] == "No matching symbol 'base'" and pp[-1] == [],
      "the included file alone has an error; once its includer is open, none: %s" % pp)
check(diagnostics(replies, whole_uri)[-1] == [], "the includer compiles: %s" % diagnostics(replies, whole_uri))
hv = ((by_id(replies, 2) or {}).get("result") or {}).get("contents", {}).get("value", "")
check("int base" in hv, "hover in the included file uses its includer's compile: %r" % hv)

# angelc.json: a broken one is shown to the user; a wrong property is left out, the rest works
def with_project(text):
    d = os.path.join(tmp, "proj%d" % abs(hash(text)))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "angelc.json"), "w") as f:
        f.write(text)
    with open(os.path.join(d, "app.as"), "w") as f:
        f.write("void main() { int x = nothing; }\n")
    i = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "rootUri": "file://" + d}}
    replies, status, err = run([i, initialized, shutdown, exit_])
    shown = [r["params"] for r in replies if r.get("method") == "window/showMessage"]
    return replies, shown, "file://" + d + "/app.as", err
replies, shown, app, err = with_project('{ "entries": ["app.as"], \n "properties": [1 }')
check(len(shown) == 1 and shown[0]["type"] == 1 and "angelc.json:2: not valid JSON" in shown[0]["message"],
      "invalid JSON in angelc.json is shown: %s" % shown)
check(not diagnostics(replies, app), "no project, no entry compiled")
replies, shown, app, err = with_project('{ "entries": ["app.as", "gone.as"], "properties": {"NO_SUCH_PROPERTY": 1} }')
check(any(m["type"] == 2 and "NO_SUCH_PROPERTY" in m["message"] for m in shown), "an unknown property is shown: %s" % shown)
check(any(m["type"] == 1 and "gone.as cannot be read" in m["message"] for m in shown), "a missing entry is shown: %s" % shown)
check([[d["message"] for d in l] for l in diagnostics(replies, app)] == [["No matching symbol 'nothing'"]],
      "the entry (not open) is compiled on initialized: %s" % diagnostics(replies, app))

# changes the client has sent already are not compiled one by one: only the last of a run
replies, status, err = run([init, initialized, open_doc("void main() {}\n")] +
                           [change("void main() { int x%d = ; }\n" % k if k < 9 else "void main() { int ok; }\n", k + 2) for k in range(10)] +
                           [at(2, "textDocument/hover", 0, 6), shutdown, exit_])
pubs = [r["params"] for r in replies if r.get("method") == "textDocument/publishDiagnostics"]
check(1 < len(pubs) < 11 and pubs[-1]["version"] == 11 and pubs[-1]["diagnostics"] == [],
      "a run of changes compiled once, for the last text: %d publishes, last %s" % (len(pubs), pubs[-1:]))

# the same settings as initializationOptions (no angelc.json): a define and an engine property
opts = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"capabilities": {}, "initializationOptions": {"defines": ["DEV"], "properties": {"DISALLOW_GLOBAL_VARS": True}}}}
gated = "#if DEV\nvoid dev() { int x = nothing; }\n#endif\nint counter;\nvoid main() {}\n"
replies, status, err = run([opts, initialized, open_doc(gated), shutdown, exit_])
got = sorted(d["message"] for d in (diagnostics(replies, uri) or [[]])[-1])
check(got == ["Global variables have been disabled by the application", "No matching symbol 'nothing'"],
      "initializationOptions' define and property are used: %s" % got)
replies, status, err = run([init, initialized, open_doc(gated), shutdown, exit_])
check(diagnostics(replies, uri)[-1] == [], "without them, neither: %s" % diagnostics(replies, uri))

# memory stays flat over many edits: each compile's engine and module are freed
if os.path.exists("/proc/self/status"):
    srv = Session(angelc)
    send = srv.send
    def settle(i):
        send(at("sync%d" % i, "textDocument/hover", 0, 0))
        srv.wait("sync%d" % i)
        return srv.rss_kib()
    send(init)
    send(open_doc(script))
    rss = []
    for i in range(1, 1001):
        send(change(script if i % 2 else script.replace("c.add(", "c.ad("), i + 1))
        send(at(10000 + i, "textDocument/completion", 14, 6))
        if i in (200, 1000):
            rss.append(settle(i))
    send(shutdown)
    send(exit_)
    check(srv.p.wait(timeout=60) == 0, "the long session ends with status 0")
    # AddressSanitizer holds freed memory in quarantine (hundreds of MiB) and LeakSanitizer checks
    # the leaks of that build, so resident memory says something only without it
    with open(angelc, "rb") as f:
        sanitized = b"__asan_init" in f.read()
    check(sanitized or (len(rss) == 2 and rss[0] and rss[1] and rss[1] - rss[0] < 2048),
          "resident memory after 200 and 1000 edits (KiB): %s" % rss)

print("%d checks, %d failed" % (checks, failed))
sys.exit(1 if failed else 0)
PY

cat >"$tmp/typed.as" <<'AS'
// typed character by character
#include "inc.as"
enum Mode { Fast, Slow = 4 }
namespace util {
    int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
}
class Counter {
    int count = 0;
    Mode mode;
    void add(int n) { count = util::clamp(count + n, 0, 100); }
    int get_value() const property { return count; }
}
array<string> names = {"a", "b"};
void main() {
    Counter c;
    c.add(twice(3));
    string s = "x" + c.value + names[0];
    /* é 😀 */ println(s);
}
AS
printf 'int twice(int x) { return x * 2; }\n' >"$tmp/inc.as"
python3 "$tmp/client.py" "$ANGELC" "$tmp"
