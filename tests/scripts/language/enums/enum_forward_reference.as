// An enum value may refer to a value of another enum and to a const global.
const int BASE = 100;
enum A { X = BASE, Y }
enum B { P = Y + 1, Q = A::X * 2 }
void main() {
  print("" + X + " " + Y + " " + P + " " + Q + "\n");
}

// expect: 100 101 102 200
