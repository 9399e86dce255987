// 2.38: the base class's members are not initialised before super(...) runs (also not in its
// arguments).
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class ItemBase {
  string name;
  ItemBase(string name) {}
}
class Item : ItemBase {
  int speed;
  Item(string Name, int speed) {
    super(name);
    this.speed = speed;
  }
}
void main() { Item i("box", 400); }
// expect-error: 11 The member 'name' is accessed before the initialization
