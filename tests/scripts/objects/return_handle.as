// Functions returning handles and objects.
class Node { int v; Node@ next; Node(int x) { v = x; } }
Node@ makeList(int n) {
  Node@ head = null;
  for (int i = n; i > 0; i--) { Node@ nd = Node(i); @nd.next = head; @head = nd; }
  return head;
}
void main() {
  Node@ l = makeList(4);
  string s;
  while (l !is null) { s += l.v; @l = l.next; }
  print(s + "\n");
}

// expect: 1234
