// Lists nested in an array<dictionary> list are dictionary lists, checked against dictionary's
// pattern: the extra value is reported at the entry that has it.
void main() {
  array<dictionary> a = {{{"a", 1}},
                         {{"b", 2},
                          {"c", 3, 4}}};
}

// expect-error: 6 Too many values to match pattern
