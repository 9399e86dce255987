// A default argument cannot use `this` (it is compiled apart from the method).
class monster {
  int level;
  void calc(int l = this.level) {}
  void act() { calc(); }
}
void main() {}
// expect-error: 1 No matching symbol 'this'
