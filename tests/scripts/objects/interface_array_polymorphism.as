// Calling through interface handles in a loop with different implementations and a base class.
interface IVisitor { string visit(int x); }
class Doubler : IVisitor { string visit(int x) { return "" + (x * 2); } }
class Namer : IVisitor { string visit(int x) { return "n" + x; } }
class Loud : Namer { string visit(int x) override { return Namer::visit(x) + "!"; } }
void main() {
  array<IVisitor@> vs = {Doubler(), Namer(), Loud()};
  string s;
  for (uint i = 0; i < vs.length(); i++) s += vs[i].visit(int(i) + 1) + ";";
  print(s + "\n");
}

// expect: 2;n2;n3!;
