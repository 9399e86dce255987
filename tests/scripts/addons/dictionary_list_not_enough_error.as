// A dictionary entry without its value does not match the pattern {repeat {string, ?}}.
void main() {
  dictionary d = {{"a", 1},
                  {"b"}};
}

// expect-error: 4 Not enough values to match pattern
