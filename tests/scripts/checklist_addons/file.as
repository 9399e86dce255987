// file: file handles, writes on a read-only file, readLine with CR LF and a last line without LF,
// readInt(9) reads 8 bytes, open of a missing directory / of a directory, an empty file.
void main() {
  string path = "/tmp/angelc_checklist_file1.txt";
  file@ f = file();
  print(f.open(path, "w") + "\n");
  print(f.writeString("a\r\nb\n\nlast") + "\n");
  f.close();
  f.open(path, "r");
  print(f.writeString("zz") + " " + f.writeInt(1, 4) + "\n");
  string l1 = f.readLine(); print(l1.length() + " " + (l1 == "a\r\n") + "\n");
  print("[" + f.readLine() + "][" + f.readLine() + "][" + f.readLine() + "] " + f.isEndOfFile() + "\n");
  print("[" + f.readLine() + "] " + f.isEndOfFile() + "\n");
  f.setPos(0);
  print(f.readInt(9) + " " + f.getPos() + "\n");
  f.close();
  print(f.open("/tmp/no_such_dir_angelc/x", "w") + " " + f.open("/tmp", "r") + "\n");
  f.close();
  f.open(path, "w"); f.close();
  f.open(path, "r"); print(f.getSize() + " " + f.isEndOfFile() + " [" + f.readLine() + "] " + f.isEndOfFile() + "\n"); f.close();
}

// expect: 0
// expect: 10
// expect: 0 0
// expect: 3 true
// expect: [b
// expect: ][
// expect: ][last] true
// expect: [] true
// expect: 7019996958874537313 8
// expect: -1 0
// expect: 0 false [] true
