// A dictionary entry is {key, value}: a third value does not match the pattern {repeat {string, ?}}.
// The error is at the entry's list.
void main() {
  dictionary d = {{"a", 1},
                  {"b", 2, 3}};
}

// expect-error: 5 Too many values to match pattern
