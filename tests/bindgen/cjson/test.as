// cJSON through binds angelc-bindgen generated from /usr/include/cjson/cJSON.h
// (tests/bindgen/cjson/cjson.cfg): parse, walk, print, build.
string show(json::Json@ item, const string &in indent) {
    string s = indent + (item.key == "" ? "" : item.key + ": ");
    if (json::IsObject(item) != 0) s += "object";
    else if (json::IsArray(item) != 0) s += "array of " + json::GetArraySize(item);
    else if (json::IsString(item) != 0) s += "'" + item.valuestring + "'";
    else if (json::IsNumber(item) != 0) s += "" + item.valuedouble;
    else if (json::IsBool(item) != 0) s += (json::IsTrue(item) != 0 ? "true" : "false");
    else if (json::IsNull(item) != 0) s += "null";
    println(s);
    for (json::Json@ c = item.child; c !is null; @c = c.next) show(c, indent + "  ");
    return s;
}

void main() {
    json::Json@ doc = json::Parse('{"name": "angelc", "version": 2.38, "tags": ["c11", "script"], "ok": true, "none": null}');
    show(doc, "");
    // lookups: borrowed items keep their document alive
    json::Json@ tags = json::GetObjectItem(doc, "tags");
    @doc = null;
    println("tags[1] = " + json::GetStringValue(json::GetArrayItem(tags, 1)));
    println("missing: " + (json::GetArrayItem(tags, 5) is null));
    // a malformed document is a null handle
    println("bad: " + (json::Parse("{\"a\": ") is null));
    // build a document: added items belong to their parent
    json::Json@ root = json::CreateObject();
    json::AddItemToObject(root, "answer", json::CreateNumber(42));
    json::Json@ list = json::CreateArray();
    json::AddItemToArray(list, json::CreateString("x"));
    json::AddItemToArray(list, json::CreateBool(1));
    json::AddItemToObject(root, "list", list);
    // an item belongs to one parent: giving it again, or giving a borrowed one, is an exception
    try {
        json::AddItemToArray(json::CreateArray(), list);
        println("not reached");
    } catch {
        println("caught: " + getExceptionInfo());
    }
    try {
        json::AddItemToArray(list, json::GetObjectItem(root, "answer"));
        println("not reached");
    } catch {
        println("caught: " + getExceptionInfo());
    }
    println(json::PrintUnformatted(root));
    println(json::Print(json::GetObjectItem(root, "list")));
    println("cJSON_True = " + json::True);
}
