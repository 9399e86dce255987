// expect-error: 5 Expression is not an l-value
void main()
{
    int x = 1;
    ++x = 5;
}
