#include "lib/shapes.as"

int counter = 0;

namespace util {
    int twice(int v) { return v * 2; }
}

// The entry point.
void main() {
    Rect r;
    r.w = 3;
    int a = r.area() + scale(2)
    println("area " + a + util::twice(counter));
}
