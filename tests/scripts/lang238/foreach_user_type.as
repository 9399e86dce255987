// foreach over a script class with the for-each operators (2.38): the container is evaluated
// once, then opForBegin, and per iteration opForEnd, opForValue0/1 (before the body), the body,
// opForNext; continue goes to opForNext, break leaves; the variables are copies.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
void p(const string &in s) { print(s + "\n"); }
class R {
  int[] d = {1,2,3};
  R() { p("ctor"); }
  int opForBegin() { p("begin"); return 0; }
  bool opForEnd(int i) { p("end " + i); return i >= 3; }
  int opForNext(int i) { p("next " + i); return i + 1; }
  int& opForValue0(int i) { p("value0 " + i); return d[i]; }
  int opForValue1(int i) { p("value1 " + i); return i*10; }
}
R@ mk() { p("mk"); return R(); }
void main() {
  R r;
  foreach (int v, int k : r) {
    v = 100;
    p("body " + v + " " + k);
    if (k == 10) continue;
    p("after");
  }
  p("d[0] " + r.d[0]);
  foreach (int v : mk()) {
    p("b " + v);
    if (v == 2) break;
  }
}
// expect: ctor
// expect: begin
// expect: end 0
// expect: value0 0
// expect: value1 0
// expect: body 100 0
// expect: after
// expect: next 0
// expect: end 1
// expect: value0 1
// expect: value1 1
// expect: body 100 10
// expect: next 1
// expect: end 2
// expect: value0 2
// expect: value1 2
// expect: body 100 20
// expect: after
// expect: next 2
// expect: end 3
// expect: d[0] 1
// expect: mk
// expect: ctor
// expect: begin
// expect: end 0
// expect: value0 0
// expect: b 1
// expect: next 0
// expect: end 1
// expect: value0 1
// expect: b 2
