// A handle (member, global, local) initialised with an initialisation list takes the new array.
class Object { Object(Object @o = null) {} }
class List {
  array<Object@> @objects = { @Object(), @Object(), @Object() };
}
array<int>@ g = {1, 2};
void main() {
  List@ list = List();
  print(list.objects.length() + " " + (list.objects[0] !is null) + "\n");
  array<int>@ l = {3, 4, 5};
  print(g.length() + " " + l.length() + "\n");
}
// expect: 3 true
// expect: 2 3
