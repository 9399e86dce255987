// Blanked #if blocks keep their line breaks, so the lines after them are reported right.
// (runs on the reference host too: it registers what asrun registers)
#if NOT_DEFINED
line one
line two
#endif
void main() {
  int x = "line 8";
}

// expect-error: 8 Can't implicitly convert
