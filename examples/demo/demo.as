// A tour of what angelc runs today: functions, recursion, strings, enums, namespaces,
// overloading, default and named arguments, exceptions.
namespace geometry {
  enum Shape { Circle, Square = 4, Triangle }
  double area(Shape s, double size) {
    double a = size * size;
    switch (s) {
      case Circle: a *= 3.14159265; break;
      case Triangle: a /= 2; break;
    }
    return a;
  }
}

int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

string describe(int x) { return "int " + x; }
string describe(double x) { return "double " + x; }
string greet(const string &in who, const string &in greeting = "Hello") { return greeting + ", " + who + "!"; }

void main() {
  print(greet("angelc") + "\n");
  print(greet(greeting: "Welcome", who: "AngelScript") + "\n");
  for (int i = 0; i <= 20; i += 5) print("fib(" + i + ") = " + fib(i) + "\n");
  print(describe(42) + ", " + describe(2.5) + "\n");
  print("circle of 2: " + formatFloat(geometry::area(geometry::Circle, 2), "", 0, 3) + "\n");
  print("triangle value: " + geometry::Triangle + "\n");
  uint8 small = 250;
  small += 10;
  print("uint8 wraps: " + small + ", 2 ** 10 = " + (2 ** 10) + ", -7 >>> 1 = " + (-7 >>> 1) + "\n");
  string s = "angelc";
  s += " runs scripts";
  print(s + " (" + s.length() + " bytes), found 'runs' at " + s.findFirst("runs") + "\n");
  try {
    int zero = 0;
    print("" + (1 / zero));
  } catch {
    print("caught: " + getExceptionInfo() + "\n");
  }
}
