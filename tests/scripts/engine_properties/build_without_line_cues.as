// engine-property: BUILD_WITHOUT_LINE_CUES=1
// Without line cues scripts run the same (the line callback fires less often: tests/api).
int sum(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += i;
  while (s > 100) s -= 100;
  for (;;) { s++; if (s > 50) break; }
  return s;
}
void main() {
  print(sum(20) + "\n");
}
// expect: 91
