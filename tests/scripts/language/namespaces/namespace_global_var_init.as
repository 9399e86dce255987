// Globals in namespaces are initialised like other globals.
namespace cfg {
  int width = 640;
  int height = width * 3 / 4;
  string title = "win" + width;
}
void main() {
  print("" + cfg::width + " " + cfg::height + " " + cfg::title + "\n");
}

// expect: 640 480 win640
