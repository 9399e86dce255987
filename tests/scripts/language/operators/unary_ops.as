// Unary -, + and ~ on different types.
void main() {
  int a = 5;
  print("" + (-a) + " " + (+a) + " " + (~a) + "\n");
  double d = 2.5;
  print("" + (-d) + " " + (+d) + "\n");
  float f = -1.5f;
  print("" + (-f) + "\n");
  int64 l = 9223372036854775807;
  print("" + (-l) + "\n");
  int m = -2147483648;
  print("" + (-m) + "\n");
  print("" + (- -a) + "\n");
  print("" + (~~a) + "\n");
  print("" + (-(-a)) + "\n");
}

// expect: -5 5 4294967290
// expect: -2.5 2.5
// expect: 1.5
// expect: -9223372036854775807
// expect: -2147483648
// expect: 5
// expect: 5
// expect: 5
