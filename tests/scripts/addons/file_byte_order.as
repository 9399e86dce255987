// mostSignificantByteFirst controls the byte order of readUInt/writeUInt.
void main() {
  string path = "/tmp/angelc_test_file_byte_order.bin";
  file f;
  f.open(path, "w");
  f.writeUInt(0x0102, 2);
  f.mostSignificantByteFirst = true;
  f.writeUInt(0x0102, 2);
  f.close();
  f.open(path, "r");
  string s = f.readString(4);
  print("" + s[0] + " " + s[1] + " " + s[2] + " " + s[3] + "\n");
  f.setPos(0);
  print("" + f.readUInt(2) + "\n");
  f.mostSignificantByteFirst = true;
  print("" + f.readUInt(2) + "\n");
  f.close();
}

// expect: 2 1 1 2
// expect: 513
// expect: 258
