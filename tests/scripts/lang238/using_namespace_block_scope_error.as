// `using namespace` in a block ends with the block (2.38).
// reference: 2.38 (2.38 feature; 2.35.1 differs)
namespace A { int x = 1; }
void main() {
  { using namespace A; }
  print("" + x + "\n");
}
// expect-error: 6 No matching symbol 'x'
