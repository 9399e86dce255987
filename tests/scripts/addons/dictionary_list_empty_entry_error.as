// An empty element where the pattern wants an entry list {key, value} is an error at the comma
// that ends it (empty elements only stand for default values of types).
void main() {
  dictionary d = {{"a", 1},
                  ,
                  {"b", 2}};
}

// expect-error: 5 Expected a list enclosed by { } to match pattern
