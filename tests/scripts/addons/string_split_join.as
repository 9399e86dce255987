// split and join.
void main() {
  array<string>@ parts = "a,b,,c".split(",");
  print("" + parts.length() + "\n");
  for (uint i = 0; i < parts.length(); i++) print("[" + parts[i] + "]");
  print("\n");
  print(join(parts, "|") + "\n");
  array<string>@ one = "abc".split(",");
  print("" + one.length() + " " + one[0] + "\n");
  array<string>@ multi = "a::b::c".split("::");
  print(join(multi, "-") + "\n");
  array<string>@ edge = ",x,".split(",");
  print("" + edge.length() + " [" + edge[0] + "][" + edge[1] + "][" + edge[2] + "]\n");
  array<string> words = {"x", "y", "z"};
  print(join(words, "") + " " + join(words, ", ") + "\n");
  array<string> none;
  print("[" + join(none, ",") + "]\n");
}

// expect: 4
// expect: [a][b][][c]
// expect: a|b||c
// expect: 1 abc
// expect: a-b-c
// expect: 3 [][x][]
// expect: xyz x, y, z
// expect: []
