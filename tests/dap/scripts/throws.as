void fail(int depth)
{
    if (depth == 0)
        throw("deliberate failure");   // @throw
    fail(depth - 1);
}

void main()
{
    try {
        fail(0);   // @caught_call
    } catch {
        println("caught: " + getExceptionInfo());
    }
    println("before");
    fail(2);
    println("never");
}
