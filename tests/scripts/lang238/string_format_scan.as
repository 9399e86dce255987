// The string add-on's variadic format() and scan() (2.38): each {...} takes the next argument in
// its default text followed by the text between the braces; scan fills its arguments from the
// whitespace separated text and returns how many it filled.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
enum E { A = 3 }
class C {}
void t(const string &in f) { print(f + "\n"); }
void main() {
  t(format("{} {} {} {} {}|", 123, true, "hello", 3.5, 1.5f));
  t(format("{}-{}", int8(-5), uint64(18446744073709551615)));
  try { t(format("{} {}", 1)); } catch { print(getExceptionInfo() + "\n"); }
  try { t(format("{}", 1, 2)); } catch { print(getExceptionInfo() + "\n"); }
  try { t(format("{{}} {}", 7)); } catch { print(getExceptionInfo() + "\n"); }
  try { t(format("{:x} {:5} {:<5}| {:.2}", 255, 42, 42, 3.14159)); } catch { print(getExceptionInfo() + "\n"); }
  try { t(format("{1} {0}", "a", "b")); } catch { print(getExceptionInfo() + "\n"); }
  try { t(format("{}", A)); } catch { print(getExceptionInfo() + "\n"); }
  C c;
  try { t(format("{}", c)); } catch { print(getExceptionInfo() + "\n"); }
  try { t(format("{}", @c)); } catch { print(getExceptionInfo() + "\n"); }
  try { t(format("{} {}", 1e20, 0.1)); } catch { print(getExceptionInfo() + "\n"); }
  try { t(format("{0}{0}", 3)); } catch { print(getExceptionInfo() + "\n"); }
  try { t(format("a}b}}", 3)); } catch { print(getExceptionInfo() + "\n"); }
  try { t(format("{", 3)); } catch { print(getExceptionInfo() + "\n"); }
  try { t(format("{}", uint8(200))); } catch { print(getExceptionInfo() + "\n"); }
  try { t(format("{}", false)); } catch { print(getExceptionInfo() + "\n"); }
  try { t(format("{}", -0.0)); } catch { print(getExceptionInfo() + "\n"); }
  string s = "ab";
  try { t(format("[{}]", s)); } catch { print(getExceptionInfo() + "\n"); }
  int i = -1; float f = -1; double d = -1; uint u = 7; int8 i8 = -1; E e = A;
  uint n = scan("123 3.14 hello", i, f, s); print(n + ": " + i + " " + f + " " + s + "\n");
  n = scan("  42   x", i, s); print(n + ": " + i + " " + s + "\n");
  n = scan("-7 2.5e3 300", i, d, i8); print(n + ": " + i + " " + d + " " + i8 + "\n");
  n = scan("12x 4", u, i); print(n + ": " + u + "\n");
  n = scan("9", e); print(n + ": " + e + "\n");
  n = scan("-5", u); print(n + ": " + u + "\n");
  n = scan("0x10", i); print(n + ": " + i + "\n");
  n = scan("", i); print(n + "\n");
}
// expect: 123 true hello 3.500000 1.500000|
// expect: -5-18446744073709551615
// expect: Index out of range
// expect: 1
// expect: {} 7
// expect: 255:x 42:5 42:<5| 3.141590:.2
// expect: a1 b0
// expect: 3
// expect: Unformattable
// expect: Unformattable
// expect: 100000000000000000000.000000 0.100000
// expect: Index out of range
// expect: ab}
// expect: Invalid format string
// expect: 200
// expect: false
// expect: -0.000000
// expect: [ab]
// expect: 3: 123 3.14 hello
// expect: 2: 42 x
// expect: 3: -7 2500 44
// expect: 1: 12
// expect: 1: 9
// expect: 1: 4294967291
// expect: 1: 0
// expect: 0
