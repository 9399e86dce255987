// An exception in main() is reported once the context manager has run the remaining
// co-routines to their end.
void worker(dictionary @d)
{
    print("worker starts\n");
    yield();
    print("worker ends\n");
}

void main()
{
    createCoRoutine(worker, null);
    yield();
    print("main fails\n");
    int zero = 0;
    print("" + (1 / zero) + "\n");
}
// expect: worker starts
// expect: main fails
// expect: worker ends
// expect-exception: Divide by zero
