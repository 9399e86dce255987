// const auto with several types.
void main() {
  const auto a = 2.5;
  const auto b = "text";
  const auto c = a * 2;
  print("" + a + " " + b + " " + c + "\n");
}

// expect: 2.5 text 5
