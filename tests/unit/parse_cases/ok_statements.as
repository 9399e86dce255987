// Every statement
int f(int x) { return x; }
void main() {
  int a = 0, b(1), c = {};
  const int k = 3;
  auto v = 1;
  const auto cv = 2;
  array<int> arr = {1, 2, 3};
  int[] sugar = {4, 5};
  ;
  {}
  { int nested = 1; { int deeper = 2; } }
  if (a == 0) a = 1;
  if (a == 0) { a = 2; } else if (a == 1) a = 3; else { a = 4; }
  while (a < 10) a++;
  while (false) {}
  do a--; while (a > 0);
  do { a++; } while (a < 3);
  for (int i = 0; i < 3; i++) a += i;
  for (int i = 0, j = 10; i < j; i++, j--) {}
  for (a = 0; a < 3; ) a++;
  for (;;) break;
  for (; a < 5; a++) continue;
  switch (a) {
  case 0: a = 1; break;
  case 1:
  case 2: { a = 5; } break;
  case k: a++;
  default: a = 0;
  }
  switch (a) {}
  try { a = f(1); } catch { a = -1; }
  try {} catch {}
  return;
}
