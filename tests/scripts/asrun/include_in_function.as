// As in CScriptBuilder, directives are recognised between declarations only: an #include
// inside a function body stays in the code, and the compiler rejects it there.
// (runs on the reference host too: it registers what asrun registers)
void main() {
  #include "inc/greeting.inc"
}

// expect-error: 5
