// SQLite through binds angelc-bindgen generated from /usr/include/sqlite3.h
// (tests/bindgen/sqlite3/sqlite3.cfg): an in-memory database, create, insert with bound
// parameters, select, step, finalize.
void check(int rc, const string &in what) {
    if (rc != sqlite::OK && rc != sqlite::DONE && rc != sqlite::ROW) println(what + ": error " + rc);
}

void main() {
    sqlite::Database@ db;
    check(sqlite::open(":memory:", db), "open");
    println("open: " + (db !is null));
    check(sqlite::exec(db, "CREATE TABLE fruit(id INTEGER PRIMARY KEY, name TEXT, price REAL)"), "create");

    sqlite::Statement@ insert;
    check(sqlite::prepare_v2(db, "INSERT INTO fruit(name, price) VALUES (?1, ?2)", insert), "prepare insert");
    array<string> names = {"apple", "banana", "cherry"};
    array<double> prices = {1.25, 0.5, 3.0};
    for (uint i = 0; i < names.length(); i++) {
        check(sqlite::bind_text(insert, 1, names[i]), "bind_text");
        check(sqlite::bind_double(insert, 2, prices[i]), "bind_double");
        println("insert " + names[i] + ": " + (sqlite::step(insert) == sqlite::DONE));
        check(sqlite::reset(insert), "reset");
    }
    println("rows changed: " + sqlite::total_changes(db));
    println("last id: " + sqlite::last_insert_rowid(db));
    @insert = null;   // finalized here

    sqlite::Statement@ query;
    check(sqlite::prepare_v2(db, "SELECT id, name, price FROM fruit WHERE price > ?1 ORDER BY price", query), "prepare select");
    check(sqlite::bind_double(query, 1, 1.0), "bind");
    println("columns: " + sqlite::column_count(query) + " (" + sqlite::column_name(query, 1) + ")");
    while (sqlite::step(query) == sqlite::ROW)
        println(sqlite::column_int(query, 0) + " " + sqlite::column_text(query, 1) + " " + sqlite::column_double(query, 2));
    // the database stays open while a statement needs it, even without a handle of its own
    @db = null;
    check(sqlite::reset(query), "reset");
    int rows = 0;
    while (sqlite::step(query) == sqlite::ROW) rows++;
    println("again: " + rows + " rows");

    // errors are the library's codes and messages
    sqlite::Database@ db2;
    sqlite::open(":memory:", db2);
    sqlite::Statement@ bad;
    println("bad sql: " + (sqlite::prepare_v2(db2, "SELEKT 1", bad) == sqlite::ERROR) + " " + (bad is null));
    println(sqlite::errmsg(db2));

    // object-first functions are methods of their class too: q.step() is sqlite::step(q)
    sqlite::Statement@ q;
    check(sqlite::prepare_v2(db2, "SELECT 40 + 2, 'forty-two'", q), "prepare");
    println("methods: " + (q.step() == sqlite::ROW) + " " + q.column_int(0) + " " + q.column_text(1) + " " + db2.errmsg());
}
