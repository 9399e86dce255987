// A recursive method on a tree of objects.
class Tree {
  int value;
  Tree@ left;
  Tree@ right;
  Tree(int v) { value = v; }
  int sum() {
    int s = value;
    if (left !is null) s += left.sum();
    if (right !is null) s += right.sum();
    return s;
  }
}
void main() {
  Tree root(1);
  @root.left = Tree(2);
  @root.right = Tree(3);
  @root.left.left = Tree(4);
  print("" + root.sum() + "\n");
}

// expect: 10
