// @options: trim=0
string a = """
  x
  """;
string b = """  y  """;
