// formatInt with the flags l 0 + space h H and widths.
void main() {
  print("[" + formatInt(42) + "]\n");
  print("[" + formatInt(-42) + "]\n");
  print("[" + formatInt(42, "", 6) + "]\n");
  print("[" + formatInt(42, "l", 6) + "]\n");
  print("[" + formatInt(42, "0", 6) + "]\n");
  print("[" + formatInt(-42, "0", 6) + "]\n");
  print("[" + formatInt(42, "+") + "]\n");
  print("[" + formatInt(42, " ") + "]\n");
  print("[" + formatInt(-42, " ") + "]\n");
  print("[" + formatInt(255, "h") + "]\n");
  print("[" + formatInt(255, "H") + "]\n");
  print("[" + formatInt(255, "0H", 8) + "]\n");
  print("[" + formatInt(255, "lh", 6) + "]\n");
  print("[" + formatInt(42, "+0", 6) + "]\n");
  print("[" + formatInt(42, "l0", 6) + "]\n");
  print("[" + formatInt(12345, "", 2) + "]\n");
  print("[" + formatInt(-1, "h") + "]\n");
  print("[" + formatInt(-9223372036854775807 - 1) + "]\n");
  print("[" + formatInt(0, "+") + "]\n");
}

// expect: [42]
// expect: [-42]
// expect: [    42]
// expect: [42    ]
// expect: [000042]
// expect: [-00042]
// expect: [+42]
// expect: [ 42]
// expect: [-42]
// expect: [ff]
// expect: [FF]
// expect: [000000FF]
// expect: [ff    ]
// expect: [+00042]
// expect: [42    ]
// expect: [12345]
// expect: [ffffffffffffffff]
// expect: [-9223372036854775808]
// expect: [+0]
