// Primitives cannot have handles.
void main() {
  int@ h;
}

// expect-error: 3 Object handle is not supported for this type
