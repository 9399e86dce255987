// Metadata is replaced by spaces: a declaration after it keeps its line and column
// (the error is at 5:31, right after the blanked metadata on the same line).
// (runs on the reference host too: it registers what asrun registers)
void main() {}
[note] [another note] int x = "wrong";

// expect-error: 5 Can't implicitly convert
