// The debug adapter's test script: lines are found by their // @marker comments.
enum Color { Red, Green, Blue }

class Point
{
    int x = 1;
    int y = 2;
    Point@ next;
    int sum()
    {
        return x + y;   // @sum_body
    }
}

int counter = 5;
string greeting = "hi";

int twice(int v)
{
    int r = v * 2;   // @twice_body
    return r;
}

void main()
{
    int a = 10;   // @main_first
    float f = 1.5f;
    string s = "text";
    Color c = Green;
    array<int> arr = {1, 2, 3};
    Point p;
    Point@ h = null;
    dictionary d = {{"k", 42}};
    // @blank_line (a comment: the breakpoint moves to the next line)

    a = twice(a);   // @call_twice
    println("a=" + a);   // @after_twice
    print("sum=" + p.sum() + "\n");
    for (int i = 0; i < 5; i++) {
        counter += i;   // @loop_body
    }
    println("done " + counter);   // @done
}
