// Metadata before declarations is removed from the code (the host can query it, see
// tests/api/builder.c); the declarations themselves compile and run as usual.
// (runs on the reference host too: it registers what asrun registers)
[editable] [category("numbers")]
class Counter {
  [serialize] int count = 0;
  [hidden]
  string label = "c";
  [action, "quoted ] bracket"] void bump() { count++; }
  [readonly] int twice { get { return count * 2; } }
}

[flags] enum Color { Red, Green }
[shape] shared interface Shape { [draw] int corners(); }
[square] shared class Square : Shape { [side] int side = 2; int corners() { return 4; } }
[config] int limit = 3;
[entry] void main() {
  Counter c;
  for (int i = 0; i < limit; i++) c.bump();
  print(c.label + " " + c.count + " " + c.twice + " " + Green + "\n");
  int[] list = {1, 2};
  print(list[1] + "\n");
  Shape@ s = Square();
  print(s.corners() + "\n");
}

// expect: c 3 6 1
// expect: 2
// expect: 4
