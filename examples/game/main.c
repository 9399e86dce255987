/* The game demo: a host binding its C game API with the toolkit (the binds live next to the
 * code in vec.c, entity.c, world.c, optional.c) and running a script that spawns entities,
 * attaches behaviours and reacts to events, frame by frame.
 *
 *   example_game [--no-reload] [SCRIPT]  runs SCRIPT (default examples/game/scripts/game.as), 60
 *                                  frames; at frame 30 it hot-reloads an edited copy of the
 *                                  default script (a member added, bodies changed) with the world
 *                                  kept: entities, the behaviour objects and handler it holds
 *   example_game --dump [--json]   prints the bound API as an as.predefined file (or JSON)
 *
 * It checks itself: exit status 0 only if the script ran to the end and every entity and
 * component was freed. */
#include "angelc.h"
#include "angelc_addons.h"
#include "angelc_bind.h"
#include "game.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the script's entry points, checked against their C signatures when looked up */
AS_SCRIPT_FUNC(init_fn, void, World *);
AS_SCRIPT_FUNC(summary_fn, const char *, void);

static void on_message(const as_message *m, void *user)
{
    (void)user;
    static const char *const kinds[] = {"error", "warning", "info"};
    if (m->type == AS_MSG_INFORMATION) return;
    fprintf(stderr, "%s:%d:%d: %s: %s\n", m->section, m->row, m->col, kinds[m->type], m->message);
}

static void print_line(const char *text)
{
    printf("%s\n", text);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf) buf[n] = 0;
    fclose(f);
    return buf;
}

/* The edit the demo makes to its script mid-run, as a developer would: Collect gets a member
 * counting the goals it picks, the pick-up line says "grabs", the summary prints the count. */
static const char *const edits[][2] = {
    {"    optional<Vec2> goal;\n", "    optional<Vec2> goal;\n    int goals = 0;\n"},
    {"        goal.reset();\n", "        goal.reset();\n        goals++;\n"},
    {"\" picks up \"", "\" grabs \""},
    {"\", trail \" + trail.length);", "\", trail \" + trail.length) + \", goals \" + collector.goals;"},
};

/* src with every edit made (each text must be there once), or NULL. */
static char *edited(const char *src)
{
    size_t n = strlen(src) + 1;
    char *out = malloc(n);
    if (!out) return NULL;
    memcpy(out, src, n);
    for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        char *at = strstr(out, edits[i][0]);
        size_t from = strlen(edits[i][0]), to = strlen(edits[i][1]), len = strlen(out);
        char *grown = at ? malloc(len - from + to + 1) : NULL;
        if (!grown) {
            free(out);
            return NULL;
        }
        size_t pre = (size_t)(at - out);
        memcpy(grown, out, pre);
        memcpy(grown + pre, edits[i][1], to);
        memcpy(grown + pre + to, at + from, len - pre - from + 1);
        free(out);
        out = grown;
    }
    return out;
}

/* The hot reload at frame 30: the edited script replaces the running one, the world stays. */
static bool reload_edited(as_module *m, const char *path, const char *src, int frame)
{
    char *code = edited(src);
    if (!code) {
        fprintf(stderr, "example_game: the script to edit is not the demo's\n");
        return false;
    }
    as_reload_source section = {path, code, strlen(code), 0};
    as_reload_report rep;
    int r = as_module_reload(m, &section, 1, NULL, &rep);
    free(code);
    printf("[%3d] hot reload of %s: %s\n", frame, path, rep.summary);
    return r == AS_SUCCESS;
}

int main(int argc, char **argv)
{
    const char *path = "examples/game/scripts/game.as";
    bool dump = false, json = false, reload = true;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--dump") == 0) dump = true;
        else if (strcmp(argv[i], "--json") == 0) json = true;
        else if (strcmp(argv[i], "--no-reload") == 0) reload = false;
        else path = argv[i], reload = false;   /* another script: no edit to make */
    }

    as_engine *e = as_engine_create();
    as_engine_set_message_callback(e, on_message, NULL);
    /* room in each script object for the members a reload adds */
    as_engine_set_property(e, AS_EP_RELOAD_ROOM, 32);
    as_register_string(e);
    as_register_array(e, true);
    as_register_string_utils(e);
    as_register_math(e);
    /* the host's own line, bound once on this engine outside the binds' list */
    as_bind *host = as_bind_begin(e, "host");
    AS_FUNCTION(host, "print(text)", print_line, void, const char *);
    if (as_bind_end(host) < 0) return 1;
    int binds = as_bind_run(e);
    if (binds <= 0) {
        fprintf(stderr, "example_game: the binds failed\n");
        return 1;
    }
    if (dump) {
        int r = as_bind_dump(e, stdout, json ? AS_BIND_DUMP_JSON : AS_BIND_DUMP_PREDEFINED);
        as_engine_destroy(e);
        return r < 0;
    }

    char *src = read_file(path);
    if (!src) {
        fprintf(stderr, "example_game: cannot read %s\n", path);
        return 1;
    }
    as_module *m = as_engine_get_module(e, "game", AS_GM_ALWAYS_CREATE);
    as_module_add_section(m, path, src, strlen(src), 0);
    if (as_module_build(m) < 0) return 1;

    printf("angelc game demo: %d binds, %d types registered\n", binds, as_engine_type_count(e));
    as_context *ctx = as_context_create(e);
    World *w = world_create();
    init_fn init = {0};
    summary_fn summary = {0};
    bool ok = world_attach(w, e, ctx, m) && init_fn_find(&init, m, "init") == 0 &&
              summary_fn_find(&summary, m, "summary") == 0 &&
              init_fn_call(&init, ctx, NULL, w) == AS_EXECUTION_FINISHED;
    for (int frame = 0; ok && frame < 60; frame++) {
        if (reload && frame == 30) ok = reload_edited(m, path, src, frame);
        if (ok) ok = world_frame(w, 0.1f);
    }
    free(src);
    const char *text = NULL;
    if (ok) ok = summary_fn_call(&summary, ctx, &text) == AS_EXECUTION_FINISHED;
    if (ok) printf("%s\n", text);
    init_fn_release(&init);
    summary_fn_release(&summary);
    world_destroy(w);
    as_context_destroy(ctx);
    as_engine_destroy(e);
    if (entities_alive != 0) {
        fprintf(stderr, "example_game: %d entities were not freed\n", entities_alive);
        ok = false;
    }
    return ok ? 0 : 1;
}
