// @options: trim=2
string a = """
  x
  """;
string b = """   """;
string c = """  y  """;
