// Enum values defined by constant expressions referring to earlier values.
enum Flags { None = 0, Read = 1, Write = Read << 1, Exec = Write << 1, All = Read | Write | Exec, Big = All * 100 }
void main() {
  print("" + None + " " + Read + " " + Write + " " + Exec + " " + All + " " + Big + "\n");
}

// expect: 0 1 2 4 7 700
