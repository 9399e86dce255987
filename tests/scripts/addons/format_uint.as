// formatUInt with flags and widths.
void main() {
  print("[" + formatUInt(42) + "]\n");
  print("[" + formatUInt(18446744073709551615) + "]\n");
  print("[" + formatUInt(42, "0", 5) + "]\n");
  print("[" + formatUInt(42, "l", 5) + "]\n");
  print("[" + formatUInt(3735928559, "H") + "]\n");
  print("[" + formatUInt(3735928559, "h", 12) + "]\n");
  print("[" + formatUInt(42, "+") + "]\n");
  print("[" + formatUInt(42, " ") + "]\n");
  print("[" + formatUInt(18446744073709551615, "h") + "]\n");
}

// expect: [42]
// expect: [18446744073709551615]
// expect: [00042]
// expect: [42   ]
// expect: [DEADBEEF]
// expect: [    deadbeef]
// expect: [42]
// expect: [42]
// expect: [ffffffffffffffff]
