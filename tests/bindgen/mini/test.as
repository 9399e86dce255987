// tests/bindgen/mini/mini.h through binds angelc-bindgen generated (mini.cfg): an enum, a value
// struct, a synchronous callback as a funcdef, out-parameters, a counted opaque type.
array<string> seen;
int visit(int index, const string &in item) {
    seen.insertLast(index + ":" + item);
    return item == "stop" ? 1 : 0;
}
int throwing(int index, const string &in item) {
    if (index == 1) throw("no " + item);
    return 0;
}

void main() {
    Point p = point_make(3, 4, Shape::SQUARE);
    Point o;
    o.x = 0;
    o.y = 0;
    println("dist2: " + point_dist2(p, o) + " weight " + p.weight);
    println("shape: " + shape_name(p.shape) + " " + shape_name(Shape::TRIANGLE) + " = " + int(Shape::TRIANGLE));
    println("version " + VERSION + ", flags " + FLAGS);

    println("each: " + each("a,b,stop,c", visit) + " [" + join(seen, " ") + "]");
    println("no callback: " + each("x,y", null));
    each_callback@ lambda = function(i, s) { return s.length() > 3 ? 1 : 0; };
    println("lambda: " + each("ab,abcd,e", lambda));
    try {
        each("a,b,c", throwing);
        println("not reached");
    } catch {
        println("caught: " + getExceptionInfo());
    }

    named n;
    n.id = 7;
    println("named: " + named_id(n));

    int q, r;
    println("divmod: " + divmod(17, 5, q, r) + " " + q + " " + r);
    println("by zero: " + divmod(1, 0, q, r));

    Bag@ bag = bag_new();
    for (int i = 1; i <= 10; i++) bag_add(bag, int64(i) * 1000000000);
    println("sum: " + bag_sum(bag));
}
