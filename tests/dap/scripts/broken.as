void main()
{
    int x = undefined_thing;
}
