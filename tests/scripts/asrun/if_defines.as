// `#if WORD` keeps code only if the host defined WORD; angelc run (like asrun) defines none, so
// these blocks, nested ones included, are blanked; a "#if" inside strings and comments is text.
// (runs on the reference host too: it registers what asrun registers)
#if NOT_DEFINED
int hidden = "this would not compile";
#if ALSO_NOT_DEFINED
#endif
void main() { print("wrong main\n"); }
#endif

void main() {
#if DEBUG_OUTPUT
  print("debug\n");
#endif
  print("#if NOT_DEFINED\n");
  /* #if NOT_DEFINED */
  print("done\n");
}

// expect: #if NOT_DEFINED
// expect: done
