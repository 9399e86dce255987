// formatInt: option letters may come in any order and combination; unknown letters (and the
// float-only e) are ignored; h beats H; + and space do nothing for hex; widths from 2^31 up act
// as negative printf widths (left-justified).
void p(const string &in s) { print("[" + s + "]\n"); }
void main() {
  p(formatInt(42, "+ ", 6));
  p(formatInt(42, " 0", 6));
  p(formatInt(-42, "l", 6));
  p(formatInt(5, "l+", 4));
  p(formatInt(5, "l ", 4));
  p(formatInt(-5, "0", 1));
  p(formatInt(-42, "h"));
  p(formatInt(-42, "H", 20));
  p(formatInt(-42, "0h", 20));
  p(formatInt(255, "+h"));
  p(formatInt(255, "hH"));
  p(formatInt(255, "Hh"));
  p(formatInt(255, "xyz"));
  p(formatInt(255, "e"));
  p(formatInt(0, "h"));
  p(formatInt(0, "", 0));
  p(formatInt(9223372036854775807, "+"));
  p(formatInt(-9223372036854775807 - 1, "H"));
  p(formatInt(7, "", 30));
  p(formatInt(42, "", 4294967295));
  p(formatInt(42, "0", 4294967290));
}

// expect: [   +42]
// expect: [ 00042]
// expect: [-42   ]
// expect: [+5  ]
// expect: [ 5  ]
// expect: [-5]
// expect: [ffffffffffffffd6]
// expect: [    FFFFFFFFFFFFFFD6]
// expect: [0000ffffffffffffffd6]
// expect: [ff]
// expect: [ff]
// expect: [ff]
// expect: [255]
// expect: [255]
// expect: [0]
// expect: [0]
// expect: [+9223372036854775807]
// expect: [8000000000000000]
// expect: [                             7]
// expect: [42]
// expect: [42    ]
