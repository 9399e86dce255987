// formatUInt: + and space are ignored (unsigned conversion), l beats 0, e is ignored.
void p(const string &in s) { print("[" + s + "]\n"); }
void main() {
  p(formatUInt(0, "+ "));
  p(formatUInt(0));
  p(formatUInt(255, "0", 6));
  p(formatUInt(255, "lH", 6));
  p(formatUInt(255, "0l", 6));
  p(formatUInt(255, "0h", 6));
  p(formatUInt(12, "e"));
  p(formatUInt(9223372036854775808));
  p(formatUInt(42, "0+", 4294967290));
}

// expect: [0]
// expect: [0]
// expect: [000255]
// expect: [FF    ]
// expect: [255   ]
// expect: [0000ff]
// expect: [12]
// expect: [9223372036854775808]
// expect: [42    ]
