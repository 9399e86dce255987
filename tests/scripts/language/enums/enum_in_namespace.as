// Enums declared inside a namespace.
namespace gfx {
  enum Mode { Fill = 1, Line }
}
void main() {
  gfx::Mode m = gfx::Line;
  print("" + m + "\n");
  print("" + gfx::Mode::Fill + "\n");
}

// expect: 2
// expect: 1
