// A rectangle.
class Rect {
    int w = 1;
    int h = 2;
    int area() const { return w * h; }
}

// Multiplies by ten.
int scale(int x) { return x * 10; }
