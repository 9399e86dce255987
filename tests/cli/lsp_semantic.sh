# angelc lsp's semantic tokens (textDocument/semanticTokens/full and /range) at the protocol
# level: the legend in initialize, the relative-encoded integers decoded back to the words
# they cover, and the type and modifiers of specific tokens of a script (namespace, enum and
# its values, interface, class, method, property, virtual property, parameter, local, global,
# registered function and type, keyword, string, number, comment, operator); positions in UTF-16
# and UTF-8; a block comment split a piece a line; a range; a document that never compiled.
. tests/cli/lib.sh

need_command python3 "to drive the language server"
need_lsp

cat >"$tmp/semantic.as" <<'AS'
// counts things
enum Mode { Fast, Slow = 4 }
namespace util {
    int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
}
interface Shape { int area(); }
class Counter : Shape {
    int count = 0;
    Mode mode;
    int area() { return count; }
    void add(int n) { count = util::clamp(count + n, 0, 100); mode = Mode::Slow; }
    int get_value() const property { return count; }
}
const int LIMIT = 3;
array<string> names = {"a", "b"};
/* a block
   comment */
void main() {
    Counter c;
    c.add(3);
    string s = "x" + c.value + names[0] + 1.5e-3f;
    /* é 😀 */ println(s); float p = LIMIT * 2.0;
}
AS

cat >"$tmp/client.py" <<'PY'
import os, sys
sys.path.insert(0, "tests/lsp")
from lsp_client import *

angelc, tmp = sys.argv[1], sys.argv[2]
checks = failed = 0

def check(ok, what):
    global checks, failed
    checks += 1
    if not ok:
        failed += 1
        print("FAIL:", what)

path = os.path.join(tmp, "semantic.as")
text = open(path).read()
uri = uri_of(path)

def tokens(encoding="utf-16", extra=(), doc=text):
    msgs = [initialize(utf8=encoding == "utf-8"), did_open(uri, doc),
            request(2, "textDocument/semanticTokens/full", uri)] + list(extra) + [SHUTDOWN, EXIT]
    replies, status, err = run(angelc, msgs)
    check(status == 0, "the session ends with status 0: %s %s" % (status, err))
    caps = by_id(replies, 1)["result"]["capabilities"]
    legend = caps.get("semanticTokensProvider", {}).get("legend")
    result = (by_id(replies, 2) or {}).get("result") or {}
    return caps, legend, decode_tokens(result.get("data", []), legend, doc, encoding), replies

caps, legend, toks, replies = tokens()
provider = caps.get("semanticTokensProvider", {})
check(provider.get("full") is True and provider.get("range") is True, "full and range advertised: %s" % provider)
for t in ("namespace", "class", "enum", "interface", "function", "method", "variable", "parameter", "property",
          "enumMember", "keyword", "string", "number", "comment", "operator"):
    check(t in legend["tokenTypes"], "the legend has %s: %s" % (t, legend))
check({"declaration", "readonly", "defaultLibrary"} <= set(legend["tokenModifiers"]), "the legend's modifiers: %s" % legend)

# the encoding: in order, never overlapping, each token the word it claims
order = [(l, c, c + len(w or "")) for l, c, w, _, _ in toks]
check(all(a[0] < b[0] or (a[0] == b[0] and a[2] <= b[1]) for a, b in zip(order, order[1:])), "tokens in order, not overlapping")
check(all(w for _, _, w, _, _ in toks), "every token covers text")

def find(word, line=None, nth=0):
    hits = [(t, sorted(m)) for l, c, w, t, m in toks if w == word and (line is None or l == line)]
    return hits[nth] if nth < len(hits) else None

expect = [
    ("// counts things", 0, 0, "comment", []),
    ("enum", 1, 0, "keyword", []),
    ("Mode", 1, 0, "enum", ["declaration"]),
    ("Fast", 1, 0, "enumMember", ["declaration"]),
    ("4", 1, 0, "number", []),
    ("util", 2, 0, "namespace", ["declaration"]),
    ("clamp", 3, 0, "function", ["declaration"]),
    ("v", 3, 0, "parameter", ["declaration"]),
    ("v", 3, 1, "parameter", []),
    ("<", 3, 0, "operator", []),
    ("Shape", 5, 0, "interface", ["declaration"]),
    ("area", 5, 0, "method", ["declaration"]),
    ("Counter", 6, 0, "class", ["declaration"]),
    ("Shape", 6, 0, "interface", []),
    ("count", 7, 0, "property", ["declaration"]),
    ("Mode", 8, 0, "enum", []),
    ("count", 9, 0, "property", []),
    ("n", 10, 1, "parameter", []),
    ("util", 10, 0, "namespace", []),
    ("clamp", 10, 0, "function", []),
    ("Slow", 10, 0, "enumMember", []),
    ("LIMIT", 13, 0, "variable", ["declaration"]),
    ("array", 14, 0, "class", ["defaultLibrary"]),
    ("string", 14, 0, "class", ["defaultLibrary"]),
    ('"a"', 14, 0, "string", []),
    ("/* a block", 15, 0, "comment", []),
    ("   comment */", 16, 0, "comment", []),
    ("main", 17, 0, "function", ["declaration"]),
    ("Counter", 18, 0, "class", []),
    ("c", 18, 0, "variable", []),
    ("add", 19, 0, "method", []),
    ("value", 20, 0, "property", []),
    ("names", 20, 0, "variable", []),
    ("1.5e-3f", 20, 0, "number", []),
    ("println", 21, 0, "function", ["defaultLibrary"]),
    ("float", 21, 0, "keyword", []),
    ("LIMIT", 21, 0, "variable", ["readonly"]),
    ("2.0", 21, 0, "number", []),
]
for word, line, nth, want_type, want_mods in expect:
    got = find(word, line, nth)
    check(got == (want_type, want_mods), "%r on line %d: %s %s, got %s" % (word, line, want_type, want_mods, got))
# after a comment holding a character outside the BMP, columns in UTF-16 units
check(find("println", 21) and [c for l, c, w, _, _ in toks if w == "println"] == [15], "println at UTF-16 column 15")

# the same in UTF-8 byte columns
_, _, toks8, _ = tokens("utf-8")
check([c for l, c, w, _, _ in toks8 if w == "println"] == [18], "println at UTF-8 column 18: %s" % toks8[-12:])
check(len(toks8) == len(toks) and all(a[2] == b[2] and a[3] == b[3] for a, b in zip(toks, toks8)), "the same tokens in UTF-8")

# a range: the tokens of lines 9 to 10 only, the same as the full answer's
rng = request(3, "textDocument/semanticTokens/range", uri, range={"start": {"line": 9, "character": 0}, "end": {"line": 11, "character": 0}})
bad = request(4, "textDocument/semanticTokens/range", uri)
other = request(5, "textDocument/semanticTokens/full", "file:///not/open.as")
_, legend, _, replies = tokens(extra=[rng, bad, other])
ranged = decode_tokens(by_id(replies, 3)["result"]["data"], legend, text)
check(ranged == [t for t in toks if 9 <= t[0] <= 10] and ranged, "the range's tokens: %s" % ranged)
check(by_id(replies, 4) and by_id(replies, 4).get("error", {}).get("code") == -32602, "a range request without a range: InvalidParams")
check(by_id(replies, 5) and by_id(replies, 5).get("result") is None, "a document not open: null")

# a document that never compiled: declarations from the text, keywords, literals
broken = "class Ship {\n    int speed;\n    void go() { speed = ; }\n}\n"
_, legend, btoks, _ = tokens(doc=broken)
check(("Ship", "class") in [(w, t) for _, _, w, t, _ in btoks] and ("speed", "property") in [(w, t) for _, _, w, t, _ in btoks],
      "a document that does not compile: classified from its outline: %s" % btoks)

print("%d checks, %d failed" % (checks, failed))
sys.exit(1 if failed else 0)
PY
python3 "$tmp/client.py" "$ANGELC" "$tmp"
