void worker(dictionary@ args)
{
    int id = int(args["id"]);
    for (int i = 0; i < 2; i++) {
        println("worker " + id + " step " + i);   // @worker_body
        yield();
    }
}

void main()
{
    dictionary d = {{"id", 7}};
    createCoRoutine(worker, d);
    for (int i = 0; i < 2; i++) {
        println("main step " + i);
        yield();
    }
}
