// A member of an element of a global object's array member (`game.l[0].n`): the array handle the
// expression holds is released (make asan checks for leaks).
class E { string n; }
class G { array<E> l; }
G game;
void main() {
  game.l.insertLast(E());
  if (game.l[0].n == "") game.l[0].n = "test";
  string s = game.l[0].n;
  print(s + "\n");
}
// expect: test
