// Any other #pragma is refused by asrun's pragma callback, reported at the directive.
// angelc-only: the reference's script builder gives this error no position (FILE:0:0); angelc names the line
void main() {}
#pragma optimize everything

// expect-error: 4 Invalid #pragma directive
