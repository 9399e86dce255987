// angelc-only: the reference engine calls a script class's opImplCast/opCast here as if it were a registered function and crashes
// Stored handles of script classes with handle cast methods come back through them: opImplCast
// and opCast (dictionary::get, any::retrieve and ref's cast<T> allow explicit casts). A cast
// method that throws gives null; the script goes on.
class X { int v = 5; }
class F { X@ x = X(); X@ opImplCast() { calls++; return x; } }
class G { X@ x = X(); X@ opCast() { calls++; return x; } }
class T { X@ opCast() { calls++; throw("no cast"); return null; } }
int calls;
void main() {
  dictionary dict;
  F f;
  G g;
  T t;
  dict.set("f", @f);
  dict.set("g", @g);
  dict.set("t", @t);
  X@ x;
  print("" + dict.get("f", @x) + " " + (x is f.x) + " " + calls + "\n");
  @x = null;
  print("" + dict.get("g", @x) + " " + (x is g.x) + " " + calls + "\n");
  @x = null;
  print("" + dict.get("t", @x) + " " + (x is null) + " " + calls + "\n");
  any a(@f);
  @x = null;
  print("" + a.retrieve(@x) + " " + (x is f.x) + " " + calls + "\n");
  ref r(@g);
  @x = cast<X>(r);
  print("" + (x is g.x) + " " + calls + "\n");
  F@ same;
  print("" + dict.get("f", @same) + " " + (same is f) + " " + calls + "\n");
}

// expect: true true 1
// expect: true true 2
// expect: true true 3
// expect: true true 4
// expect: true 5
// expect: true true 5
