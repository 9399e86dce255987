// A typedef declared inside a namespace.
namespace num {
  typedef uint8 byte;
}
void main() {
  num::byte b = 255;
  b++;
  print("" + b + "\n");
}

// expect: 0
