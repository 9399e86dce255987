// Each dictionary entry must be a list {key, value}; a bare value does not match the pattern.
void main() {
  dictionary d = {
    "a", 1};
}

// expect-error: 4 Expected a list enclosed by { } to match pattern
