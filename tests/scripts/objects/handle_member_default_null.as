// Handle members start as null.
class Node { Node@ next; int v = 1; }
void main() {
  Node n;
  print("" + (n.next is null) + "\n");
  @n.next = Node();
  n.next.v = 2;
  print("" + n.next.v + " " + (n.next.next is null) + "\n");
}

// expect: true
// expect: 2 true
