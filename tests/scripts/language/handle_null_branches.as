// Branches on a handle compared with null (`is null`, `!is null`, null on either side, in
// loops, negated, combined) jump the same way whichever form the comparison is compiled to;
// and a constant on the left of + and * gives what it gives on the right.
class Node { Node@ next; int v; Node(int v) { this.v = v; } }
int count(Node@ n) {
  int c = 0;
  while (n !is null) { c++; @n = n.next; }
  return c;
}
int sum(Node@ n) {
  if (n is null) return 0;
  return n.v + sum(n.next);
}
void main() {
  Node@ head = null;
  for (int i = 1; i <= 5; i++) { Node x(i); @x.next = head; @head = x; }
  print("count " + count(head) + " sum " + sum(head) + "\n");
  Node@ none;
  if (null is none) print("null is none\n");
  if (!(none is null)) print("wrong\n"); else print("negated\n");
  if (head !is null && head.next !is null) print("two\n");
  if (none is null || none.v == 0) print("short-circuit\n");
  bool b = head is null;
  print("value " + b + " " + (head !is null) + "\n");
  int k = 7;
  print("" + (1 + k) + " " + (3 * k) + " " + (-2 + k) + " " + (100000 + k) + "\n");
  uint u = 4000000000;
  print("" + (1 + u) + " " + (2 * u) + "\n");
}

// expect: count 5 sum 15
// expect: null is none
// expect: negated
// expect: two
// expect: short-circuit
// expect: value false true
// expect: 8 21 5 100007
// expect: 4000000001 3705032704
