// A void expression is no argument for a `?&in` parameter: the reference reports "No matching
// signatures to 'dictionary::set(const string, void)'"; angelc compiles the call (and passes type
// id 0). Found by the repl (tools/angelc/repl.c copes with either).
void f() {}
void main() {
  dictionary d;
  d.set("k", f());
  print("done\n");
}
// expect-error: 7 No matching signatures
