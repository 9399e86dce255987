// Functions in a dictionary's initialisation list are stored as handles of the funcdef of their
// signature; cast<FD>() gets them back.
funcdef bool Callback(int, int);
bool gt(int a, int b) { return a > b; }
bool lt(int a, int b) { return a < b; }
dictionary ops = { {"gt", @gt}, {"lt", @lt} };
dictionary ops2 = { {"gt", cast<Callback>(gt)} };
void main() {
  Callback@ f = cast<Callback>(ops["gt"]);
  print(f(2, 1) + " " + (cast<Callback>(ops2["gt"]) is gt) + " " + cast<Callback>(ops["lt"])(2, 1) + "\n");
}
// expect: true true false
