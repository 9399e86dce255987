// an imported function nobody bound compiles, and raises an exception when called
import void g() from "other";
import int h(int a, int b = 2) from "other";
void main()
{
    print("before\n");
    g();
    print("not reached\n");
}
// expect: before
// expect-exception: Unbound function called
