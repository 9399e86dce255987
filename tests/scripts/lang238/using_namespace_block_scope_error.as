// `using namespace` in a block ends with the block (2.38).
// angelc-only: 2.38 feature (checked against ashost-2.38)
namespace A { int x = 1; }
void main() {
  { using namespace A; }
  print("" + x + "\n");
}
// expect-error: 6 No matching symbol 'x'
