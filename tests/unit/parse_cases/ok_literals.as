// Literals
void main() {
  int i = 0; i = 123; i = 2147483647;
  int64 big = 9223372036854775807;
  uint64 ubig = 18446744073709551615;
  uint bits = 0xFF + 0XaB + 0b101 + 0B11 + 0o17 + 0O7 + 0d99 + 0D12;
  double d = 1.5; d = .5; d = 1.; d = 1e10; d = 1.5e-3; d = 2E+2; d = 1e; d = 0.1;
  float f = 1.5f; f = 1e5f; f = .5F;
  bool t = true, fa = false;
  string s = "plain";
  s = "esc \" \\ \' \n \r \t \0 end";
  s = "hex \x41\x4142 \xC3\xA9";
  s = "uni \u00e9 \U0001F600";
  s = 'single';
  s = 'a' "b" 'c';
  s = "concat " /* comment */ "across" // line comment
      " lines";
  s = """heredoc "quotes" \n no escapes""";
  s = """
    trimmed first line
    """;
  s = "" """""" "";
  string@ n = null;
}
