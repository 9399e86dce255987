// Co-routines: delegates, co-routines started by co-routines, yield deep in a call stack, an
// exception ending one co-routine (the others go on; only main's exceptions are reported).
// (When the delegate's object is destroyed is not compared: the reference leaves delegates
// to its garbage collector, angelc releases them when the co-routine ends.)
class Counter {
    string name;
    int n = 0;
    Counter(const string &in name) { this.name = name; }
    void run(dictionary @d) {
        for (int i = 0; i < 2; i++) { n++; print(name + " " + n + "\n"); pause(3); }
    }
}

void pause(int depth) { if (depth == 0) yield(); else pause(depth - 1); }

void child(dictionary @d) { print("child of " + string(d["parent"]) + "\n"); }

void starter(dictionary @d)
{
    dictionary args = {{"parent", "starter"}};
    createCoRoutine(child, args);
    print("starter yields\n");
    yield();
    print("starter fails\n");
    int[] a;
    a[3] = 1;          // an exception: this co-routine ends here
    print("never\n");
}

void main()
{
    {
        Counter c("c");
        coroutine @fn = coroutine(c.run);
        createCoRoutine(fn, null);
    }
    createCoRoutine(starter, null);
    yield();
    print("main back\n");
    yield();
    print("main back again\n");
    yield();
    print("main ends\n");
}
// expect: c 1
// expect: starter yields
// expect: child of starter
// expect: main back
// expect: c 2
// expect: starter fails
// expect: main back again
// expect: main ends
