// Co-routines of the context manager, as asrun registers them: createCoRoutine queues a
// function in the running thread, yield() passes the turn to the next co-routine of the ring,
// a co-routine that returns leaves the ring; main's end doesn't stop the others.
int turns = 0;

void worker(dictionary @args)
{
    string name = string(args["name"]);
    int n = int(args["count"]);
    for (int i = 0; i < n; i++) {
        print(name + " " + i + "\n");
        turns++;
        yield();
    }
    print(name + " done\n");
}

void main()
{
    dictionary a = {{"name", "A"}, {"count", 3}};
    createCoRoutine(worker, a);
    createCoRoutine(worker, dictionary = {{"name", "B"}, {"count", 1}});
    // a lambda, and a null dictionary
    createCoRoutine(function(d) { print("lambda " + (d is null) + "\n"); yield(); print("lambda again\n"); }, null);
    for (int i = 0; i < 2; i++) {
        print("main " + i + "\n");
        yield();
    }
    print("main done, turns " + turns + "\n");
}
// expect: main 0
// expect: A 0
// expect: B 0
// expect: lambda true
// expect: main 1
// expect: A 1
// expect: B done
// expect: lambda again
// expect: main done, turns 3
// expect: A 2
// expect: A done
