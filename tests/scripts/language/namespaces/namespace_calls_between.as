// Functions in one namespace calling functions in another with qualification.
namespace math2 { int sq(int x) { return x * x; } }
namespace geo {
  int area(int side) { return math2::sq(side); }
}
void main() {
  print("" + geo::area(7) + "\n");
}

// expect: 49
