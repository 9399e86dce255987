// grid initialisation list: rows of equal length; indexing is [x, y].
void main() {
  grid<int> map = {{1, 2, 3},
                   {4, 5, 6}};
  print("" + map.width() + " " + map.height() + "\n");
  print("" + map[0, 0] + " " + map[2, 0] + " " + map[0, 1] + " " + map[2, 1] + "\n");
}

// expect: 3 2
// expect: 1 3 4 6
