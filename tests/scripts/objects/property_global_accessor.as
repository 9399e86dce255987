// Global virtual properties with get/set blocks and with get_/set_ functions.
int _hidden = 5;
int answer { get { return _hidden * 2; } set { _hidden = value; } }
string get_greeting() property { return "hi"; }
void main() {
  print("" + answer + "\n");
  answer = 21;
  print("" + answer + " " + _hidden + "\n");
  print(greeting + "\n");
}

// expect: 10
// expect: 42 21
// expect: hi
