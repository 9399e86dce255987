// `using namespace` in a namespace applies in that namespace only (2.38).
// angelc-only: 2.38 feature (checked against ashost-2.38)
namespace A { int x = 1; }
namespace N { using namespace A; }
void main() {
  print("" + x + "\n");
}
// expect-error: 6 No matching symbol 'x'
