/* hostcall_lua: host -> script call overhead on Lua 5.4 (or LuaJIT), twin of hostcall.c.
 * Loads `function f(a, b) return a + b end` and calls it CALLS times through the C API
 * (push the function from the registry, two lua_pushinteger, lua_call, lua_tointeger). The
 * checksum is computed in 32-bit unsigned arithmetic like the AngelScript versions. Built with
 * -DHOSTCALL_JIT_OFF against LuaJIT it turns the JIT off (the `luajit -joff` peer). */
#define _POSIX_C_SOURCE 200809L
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#ifdef HOSTCALL_JIT_OFF
#include <luajit.h>
#endif
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define CALLS 1000000

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(void)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
#ifdef HOSTCALL_JIT_OFF
    luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);
#endif
    if (luaL_dostring(L, "function f(a, b) return a + b end")) { fprintf(stderr, "%s\n", lua_tostring(L, -1)); return 1; }
    lua_getglobal(L, "f");
    int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    uint32_t sum = 0;
    double t0 = now();
    for (uint32_t i = 0; i < CALLS; i++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
        lua_pushinteger(L, (lua_Integer)i);
        lua_pushinteger(L, (lua_Integer)(i & 7));
        lua_call(L, 2, 1);
        sum = sum * 31 + (uint32_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    double t = now() - t0;
    printf("hostcall %d calls checksum %u\n", CALLS, (unsigned)sum);
    fprintf(stderr, "BENCH calls %.9f\nhostcall_lua: %.1f ns per call\n", t, t * 1e9 / CALLS);
    lua_close(L);
    return 0;
}
