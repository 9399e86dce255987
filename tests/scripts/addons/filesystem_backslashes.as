// reference: 2.38 (2.38 feature; 2.35.1 differs)
// filesystem (2.37): changeCurrentPath takes backslashes as slashes (and drops trailing ones);
// the other methods take their paths as given, and "." and ".." stay in the current path.
void main() {
  filesystem fs;
  string base = "/tmp/angelc_test_fs_backslashes";
  fs.removeDir(base + "/a/b");
  fs.removeDir(base + "/a");
  fs.removeDir(base);
  print("" + fs.makeDir(base) + fs.makeDir(base + "/a") + fs.makeDir(base + "/a/b") + "\n");
  print("" + fs.changeCurrentPath(base) + "\n");
  print("" + fs.changeCurrentPath("a\\b\\\\") + " " + fs.getCurrentPath().substr(base.length()) + "\n");
  print("" + fs.changeCurrentPath("..\\..\\a") + " " + fs.getCurrentPath().substr(base.length()) + "\n");
  print("" + fs.isDir("b") + " " + fs.isDir(".\\b") + " " + fs.isDir("b\\") + "\n");
  print("" + fs.changeCurrentPath("nowhere\\") + " " + fs.getCurrentPath().substr(base.length()) + "\n");
  print("" + fs.changeCurrentPath("\\tmp") + " " + fs.getCurrentPath() + "\n");
  print("" + fs.changeCurrentPath(base + "\\a") + " " + fs.getCurrentPath().substr(base.length()) + "\n");
  print("" + fs.removeDir("b\\") + " " + fs.isDir("b") + "\n");
  fs.removeDir("b");
  fs.removeDir(base + "/a");
  print("" + fs.removeDir(base) + "\n");
}
// expect: 000
// expect: true
// expect: true /a/b
// expect: true /a/b/../../a
// expect: true false false
// expect: false /a/b/../../a
// expect: true /tmp
// expect: true /a
// expect: -1 true
// expect: 0
