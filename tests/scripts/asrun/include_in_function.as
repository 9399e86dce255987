// As in CScriptBuilder, directives are recognised between declarations only: an #include
// inside a function body stays in the code, and the compiler rejects it there.
// angelc-only: the reference host compiles without the script builder
void main() {
  #include "inc/greeting.inc"
}

// expect-error: 5
