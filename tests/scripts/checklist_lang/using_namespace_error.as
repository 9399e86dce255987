// A3: `using namespace` is 2.38; 2.35.1 rejects it.
namespace A { int x = 1; }
using namespace A;
void main() { print("" + x + "\n"); }
// expect-error: 3 Expected identifier
