// Blanked #if blocks keep their line breaks, so the lines after them are reported right.
// angelc-only: the reference host compiles without the script builder
#if NOT_DEFINED
line one
line two
#endif
void main() {
  int x = "line 8";
}

// expect-error: 8 Can't implicitly convert
