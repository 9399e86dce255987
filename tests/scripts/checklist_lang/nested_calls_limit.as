// The reference stops nested script->host->script calls at EP:MAX_NESTED_CALLS (default 100): the callback fails at depth 99 ("Too many nested calls"), which sort ignores.
// A8/A9: nested calls through array::sort callbacks.
int depth = 0;
int maxd = 0;
bool less(const int &in a, const int &in b) {
  depth++;
  if (depth > maxd) maxd = depth;
  if (depth < 200) {
    array<int> x = {2, 1};
    x.sort(function(a, b) { return less(a, b); });
  }
  depth--;
  return a < b;
}
void main() {
  array<int> x = {2, 1};
  x.sort(function(a, b) { return less(a, b); });
  print("max " + maxd + "\n");
}
// expect: max 99
