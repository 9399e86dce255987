// file.readLine: lines keep their '\n', lines longer than the internal buffer, a last line
// without a newline, empty lines; readString stops at the end of the file.
void main() {
  string path = "/tmp/angelc_test_file_lines.txt";
  file f;
  f.open(path, "w");
  string long = "";
  for (int i = 0; i < 600; i++) long += "" + (i % 10);
  f.writeString("first\n\n" + long + "\nlast");
  f.close();
  f.open(path, "r");
  string a = f.readLine();
  string b = f.readLine();
  string c = f.readLine();
  string d = f.readLine();
  string e = f.readLine();
  print("[" + a + "] [" + b + "] " + c.length() + " " + (c == long + "\n") + " [" + d + "] [" + e + "] " + f.isEndOfFile() + "\n");
  f.setPos(0);
  string all = f.readString(10000);
  print("" + all.length() + " " + f.isEndOfFile() + " " + f.getPos() + "\n");
  f.close();
  file@ h = file();
  print("" + h.open(path, "r") + " " + h.readLine());
  print("" + h.getSize() + "\n");
}

// expect: [first
// expect: ] [
// expect: ] 601 true [last] [] true
// expect: 612 true 612
// expect: 0 first
// expect: 612
