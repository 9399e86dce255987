// Opening a file that does not exist returns a negative value; operations on a closed file fail.
void main() {
  file f;
  int r = f.open("/nonexistent/dir/angelc_no_such_file.txt", "r");
  print("" + (r < 0) + "\n");
  print("" + (f.getSize() < 0) + " " + (f.close() < 0) + "\n");
}

// expect: true
// expect: true true
