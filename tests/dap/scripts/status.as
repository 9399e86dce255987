int main()
{
    println("exiting with 3");   // @first
    return 3;
}
