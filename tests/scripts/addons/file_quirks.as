// file: sign extension of readInt (the sign comes from the first byte read, also in little-endian
// order), byte order of floats and doubles, invalid modes, append, short reads, closed files.
void main() {
  string path = "/tmp/angelc_test_file_quirks.bin";
  file f;
  print("" + f.open(path, "x") + " " + f.open(path, "rw") + "\n");
  f.open(path, "w");
  f.writeUInt(0x80, 2);
  f.writeInt(-3, 3);
  f.writeUInt(0x0102030405060708, 8);
  f.writeUInt(0x7F, 2);
  f.mostSignificantByteFirst = true;
  f.writeFloat(1.5f);
  f.writeDouble(-2.25);
  f.writeInt(-300, 2);
  f.writeUInt(0x80, 2);
  f.writeFloat(-123.456f);
  print("" + f.getPos() + "\n");
  f.close();
  print("" + f.open(path, "a") + " " + f.writeString("tail") + " " + f.getPos() + "\n");
  f.close();
  f.open(path, "r");
  f.mostSignificantByteFirst = false;
  print("" + f.getSize() + "\n");
  print("" + f.readInt(2) + "\n");
  print("" + f.readInt(3) + "\n");
  print("" + f.readUInt(8) + "\n");
  print("" + f.readInt(2) + "\n");
  f.mostSignificantByteFirst = true;
  print("" + f.readFloat() + " " + f.readDouble() + "\n");
  print("" + f.readInt(2) + " " + f.readInt(2) + "\n");
  print("" + f.readUInt(4) + "\n");
  print("" + f.readInt(0) + " " + f.readUInt(0) + "\n");
  print("[" + f.readString(100) + "] " + f.isEndOfFile() + "\n");
  string l = f.readLine();
  string r = f.readString(3);
  print("[" + l + "] [" + r + "] " + f.isEndOfFile() + "\n");
  print("" + f.setPos(2) + " " + f.getPos() + " " + f.movePos(3) + " " + f.getPos() + "\n");
  print("" + f.movePos(-100) + " " + f.getPos() + "\n");
  print("" + f.close() + " " + f.close() + "\n");
  print("" + f.getPos() + " " + f.setPos(0) + " " + f.movePos(1) + " " + f.isEndOfFile() + " " + f.getSize() + "\n");
  print("" + f.writeString("x") + " " + f.writeInt(1, 1) + " " + f.writeUInt(1, 1) + " " + f.writeFloat(1) + " " + f.writeDouble(1) + "\n");
  print("[" + f.readString(2) + "] [" + f.readLine() + "] " + f.readInt(1) + " " + f.readUInt(1) + " " + f.readFloat() + " " + f.readDouble() + "\n");
}

// expect: -1 -1
// expect: 35
// expect: 0 4 39
// expect: 39
// expect: 128
// expect: -3
// expect: 72623859790382856
// expect: 127
// expect: 0 -2.25
// expect: -300 128
// expect: 1860802425
// expect: 0 0
// expect: [tail] true
// expect: [] [] true
// expect: 0 2 0 5
// expect: -1 5
// expect: 0 -1
// expect: -1 -1 -1 true -1
// expect: -1 0 0 0 0
// expect: [] [] 0 0 0 0
