// A UTF-8 byte order mark at the start of the file is skipped.
void main() {
  print("bom ok\n");
}

// expect: bom ok
