// An anonymous init list may name its type as T[] (test_array L185): int[] = {..}, Foo[] = {..},
// int[][] = {{..}}, as well as array<T> = {..}.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class Foo { int a = 7; }
void count(int[]@ arr) { print("ints " + arr.length() + " last " + arr[arr.length() - 1] + "\n"); }
void foos(Foo[]@ a) { print("foos " + a.length() + " a " + a[0].a + "\n"); }
void nested(int[][]@ a) { print("nested " + a.length() + " " + a[1][0] + "\n"); }
void main()
{
    count(int[] = {1, 2, 3});
    count(array<int> = {4, 5});
    foos(Foo[] = {Foo(), Foo()});
    nested(int[][] = {{1}, {2}, {3}});
    int n = (int[] = {9, 8}).length();
    print("n " + n + "\n");
}
// expect: ints 3 last 3
// expect: ints 2 last 5
// expect: foos 2 a 7
// expect: nested 3 2
// expect: n 2
