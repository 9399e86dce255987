// (runs on the reference host too: it registers what asrun registers)
// filesystem: current path handling, directories, files, sizes, copies, moves, listings, dates.
void main() {
  filesystem fs;
  string base = "/tmp/angelc_test_filesystem";
  // leftovers of an earlier run
  fs.deleteFile(base + "/d/a.txt");
  fs.deleteFile(base + "/d/c.txt");
  fs.removeDir(base + "/d");
  fs.removeDir(base);
  print("" + fs.makeDir(base) + " " + fs.makeDir(base) + "\n");
  print("" + fs.changeCurrentPath(base + "/") + " " + (fs.getCurrentPath() == base) + "\n");
  print("" + fs.changeCurrentPath("nope/..") + " " + (fs.getCurrentPath() == base) + "\n");
  print("" + fs.makeDir("d") + " " + fs.isDir("d") + " " + fs.isDir(base + "/d") + " " + fs.isDir("x") + "\n");
  file f;
  f.open(base + "/d/a.txt", "w");
  f.writeString("hello");
  f.close();
  print("" + fs.getSize("d/a.txt") + " " + fs.getSize("nofile") + " " + fs.isLink("d/a.txt") + " " + fs.isLink("d") + "\n");
  print("" + fs.copyFile("d/a.txt", "d/b.txt") + " " + fs.getSize("d/b.txt") + " " + fs.copyFile("nofile", "d/x.txt") + "\n");
  print("" + fs.move("d/b.txt", "d/c.txt") + " " + fs.getSize("d/b.txt") + " " + fs.getSize("d/c.txt") + " " + fs.move("d/b.txt", "d/e.txt") + "\n");
  print("" + fs.changeCurrentPath("d") + "\n");
  array<string>@ files = fs.getFiles();
  files.sortAsc();
  print(join(files, ",") + " " + fs.getDirs().length() + "\n");
  fs.changeCurrentPath("..");
  print(join(fs.getDirs(), ",") + " " + fs.getFiles().length() + "\n");
  datetime m = fs.getModifyDateTime("d/a.txt");
  datetime c = fs.getCreateDateTime("d/a.txt");
  datetime now;
  print("" + (now - m < 600) + " " + (now - c < 600) + "\n");
  print("" + fs.removeDir("d") + " " + fs.deleteFile("d/a.txt") + " " + fs.deleteFile("d/c.txt") + " " + fs.deleteFile("d/c.txt") + "\n");
  print("" + fs.removeDir("d") + " " + fs.isDir("d") + "\n");
  print("" + fs.changeCurrentPath("/") + " [" + fs.getCurrentPath() + "] " + fs.changeCurrentPath("tmp") + " [" + fs.getCurrentPath() + "]\n");
  print("" + fs.removeDir(base) + "\n");
  fs.getModifyDateTime(base);
}

// expect: 0 -1
// expect: true true
// expect: false true
// expect: 0 true true false
// expect: 5 -1 true false
// expect: 0 5 -1
// expect: 0 -1 5 -1
// expect: true
// expect: a.txt,c.txt 0
// expect: d 0
// expect: true true
// expect: -1 0 0 -1
// expect: 0 false
// expect: false [/tmp/angelc_test_filesystem/d/..] false [/tmp/angelc_test_filesystem/d/..]
// expect: 0
// expect-exception: Failed to get file modify date/time
