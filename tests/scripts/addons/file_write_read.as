// Writing and reading back a temporary file: strings, lines, integers, floats, positions.
void main() {
  string path = "/tmp/angelc_test_file_write_read.bin";
  file f;
  print("" + (f.open(path, "w") >= 0) + "\n");
  print("" + f.writeString("line one\nline two\n") + "\n");
  print("" + f.writeInt(-2, 2) + " " + f.writeUInt(258, 4) + "\n");
  print("" + f.writeFloat(1.5f) + " " + f.writeDouble(-0.25) + "\n");
  f.close();
  print("" + (f.open(path, "r") >= 0) + "\n");
  print("" + f.getSize() + "\n");
  print("[" + f.readLine() + "]\n");
  print("[" + f.readString(4) + "] pos " + f.getPos() + "\n");
  f.setPos(18);
  print("" + f.readInt(2) + " " + f.readUInt(4) + "\n");
  print("" + f.readFloat() + " " + f.readDouble() + " " + f.isEndOfFile() + "\n");
  f.setPos(0);
  f.movePos(5);
  print(f.readString(3) + "\n");
  f.close();
}

// expect: true
// expect: 18
// expect: 1 1
// expect: 1 1
// expect: true
// expect: 36
// expect: [line one
// expect: ]
// expect: [line] pos 13
// expect: -2 258
// expect: 1.5 -0.25 false
// expect: one
