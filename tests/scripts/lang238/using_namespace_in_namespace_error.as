// `using namespace` in a namespace applies in that namespace only (2.38).
// reference: 2.38 (2.38 feature; 2.35.1 differs)
namespace A { int x = 1; }
namespace N { using namespace A; }
void main() {
  print("" + x + "\n");
}
// expect-error: 6 No matching symbol 'x'
