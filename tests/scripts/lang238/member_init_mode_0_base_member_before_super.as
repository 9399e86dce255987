// engine-property: MEMBER_INIT_MODE=0
// reference: 2.38 (asEP_MEMBER_INIT_MODE is 2.38's)
// MEMBER_INIT_MODE=0: a base class member may be read before super(...) (2.38 reports it:
// ctor_base_member_before_super_error.as). A primitive is still 0 then (an object member is not
// made yet: the reference crashes on one).
class ItemBase {
  int count = 5;
  ItemBase(int n) { print("base got " + n + "\n"); count += n; }
}
class Item : ItemBase {
  Item(int n) {
    super(count + n);
    print("count " + count + "\n");
  }
}
void main() { Item i(2); }
// expect: base got 2
// expect: count 7
