// A variable declared directly in a switch case (not inside a { } block) is an error; the
// declaration is still compiled, so later uses of the variable raise nothing more (issue 26).
void main()
{
    int k = 1;
    switch (k)
    {
    case 1:
        int x = 5;
        x = 2;
        print("" + x + "\n");
        break;
    default:
        {
            int y = 1;   // inside a statement block: fine
            print("" + y + "\n");
        }
    }
}
// expect-error: 9 Variables cannot be declared in switch cases, except inside statement blocks
