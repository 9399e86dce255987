// Any other #pragma is refused by asrun's pragma callback, reported at the directive.
// angelc-only: the reference host compiles without the script builder
void main() {}
#pragma optimize everything

// expect-error: 4 Invalid #pragma directive
