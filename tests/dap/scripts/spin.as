void main()
{
    int n = 0;
    while (true) {
        n++;   // @spin
    }
}
