/* The `datetime` add-on: a value type holding a point in time, with the script interface of the
 * reference's datetime add-on (AngelScript 2.38: 2.35.1's, plus weekDay). Registered with the generic convention
 * through the public API.
 *
 * Like the reference's std::chrono::system_clock::time_point, the value counts nanoseconds since
 * the epoch; the calendar accessors and setters work in local time, and setDate/setTime refuse
 * dates mktime would have to normalise (e.g. February 30). */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include "angelc_addons.h"
#include "datetime.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

typedef as_datetime datetime;
#define NS_PER_SEC AS_DATETIME_NS_PER_SEC

static int64_t now_ns(void)
{
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC) return (int64_t)time(NULL) * NS_PER_SEC;
    return (int64_t)ts.tv_sec * NS_PER_SEC + ts.tv_nsec;
}

static struct tm to_tm(const datetime *d)
{
    time_t t = (time_t)(d->ns / NS_PER_SEC);
    struct tm local;
    memset(&local, 0, sizeof local);
    localtime_r(&t, &local);
    return local;
}

/* Sets d from tm if the fields are in range (mktime changed none of them); otherwise d is kept. */
static bool from_tm(datetime *d, const struct tm *in)
{
    struct tm local = *in;
    local.tm_isdst = -1;
    time_t t = mktime(&local);
    if (t == (time_t)-1) return false;
    /* nanoseconds since 1970 in an int64: about 292 years either way */
    if (t > (time_t)(INT64_MAX / NS_PER_SEC) || t < (time_t)(INT64_MIN / NS_PER_SEC)) return false;
    if (local.tm_year != in->tm_year || local.tm_mon != in->tm_mon || local.tm_mday != in->tm_mday ||
        local.tm_hour != in->tm_hour || local.tm_min != in->tm_min || local.tm_sec != in->tm_sec)
        return false;
    d->ns = (int64_t)t * NS_PER_SEC;
    return true;
}

static bool set_date(datetime *d, uint32_t year, uint32_t month, uint32_t day)
{
    struct tm local = to_tm(d);
    local.tm_year = (int)year - 1900;
    local.tm_mon = (int)month - 1;
    local.tm_mday = (int)day;
    return from_tm(d, &local);
}

static bool set_time(datetime *d, uint32_t hour, uint32_t minute, uint32_t second)
{
    struct tm local = to_tm(d);
    local.tm_hour = (int)hour;
    local.tm_min = (int)minute;
    local.tm_sec = (int)second;
    return from_tm(d, &local);
}

static datetime *self(as_generic *g) { return as_generic_object(g); }
static const datetime *other(as_generic *g) { return as_generic_arg_object(g, 0); }

static void f_construct(as_generic *g) { self(g)->ns = now_ns(); }
static void f_construct_copy(as_generic *g) { *self(g) = *other(g); }

/* datetime(y, m, d, h = 0, mi = 0, s = 0): now, with the date and then the time set (each only
 * if valid) */
static void f_construct_date(as_generic *g)
{
    datetime *d = self(g);
    d->ns = now_ns();
    set_date(d, as_generic_arg_dword(g, 0), as_generic_arg_dword(g, 1), as_generic_arg_dword(g, 2));
    set_time(d, as_generic_arg_dword(g, 3), as_generic_arg_dword(g, 4), as_generic_arg_dword(g, 5));
}

static void m_assign(as_generic *g)
{
    *self(g) = *other(g);
    as_generic_set_return_address(g, self(g));
}

static void m_year(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)(to_tm(self(g)).tm_year + 1900)); }
static void m_month(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)(to_tm(self(g)).tm_mon + 1)); }
static void m_day(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)to_tm(self(g)).tm_mday); }
static void m_hour(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)to_tm(self(g)).tm_hour); }
static void m_minute(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)to_tm(self(g)).tm_min); }
static void m_second(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)to_tm(self(g)).tm_sec); }
/* 0 for Sunday to 6 for Saturday, in local time (2.38) */
static void m_week_day(as_generic *g) { as_generic_set_return_dword(g, (uint32_t)to_tm(self(g)).tm_wday); }

static void m_set_date(as_generic *g)
{
    as_generic_set_return_byte(g, set_date(self(g), as_generic_arg_dword(g, 0), as_generic_arg_dword(g, 1), as_generic_arg_dword(g, 2)));
}

static void m_set_time(as_generic *g)
{
    as_generic_set_return_byte(g, set_time(self(g), as_generic_arg_dword(g, 0), as_generic_arg_dword(g, 1), as_generic_arg_dword(g, 2)));
}

/* a - b: whole seconds, truncated toward zero */
static void m_diff(as_generic *g) { as_generic_set_return_qword(g, (uint64_t)((self(g)->ns - other(g)->ns) / NS_PER_SEC)); }

static int64_t arg_seconds(as_generic *g) { return (int64_t)as_generic_arg_qword(g, 0); }

static void ret_plus(as_generic *g, int64_t seconds)
{
    datetime *r = as_generic_return_location(g);
    r->ns = self(g)->ns + seconds * NS_PER_SEC;
}

static void m_add(as_generic *g) { ret_plus(g, arg_seconds(g)); }
static void m_sub(as_generic *g) { ret_plus(g, -arg_seconds(g)); }

static void m_add_assign(as_generic *g)
{
    self(g)->ns += arg_seconds(g) * NS_PER_SEC;
    as_generic_set_return_address(g, self(g));
}

static void m_sub_assign(as_generic *g)
{
    self(g)->ns -= arg_seconds(g) * NS_PER_SEC;
    as_generic_set_return_address(g, self(g));
}

static void m_equals(as_generic *g) { as_generic_set_return_byte(g, self(g)->ns == other(g)->ns); }

static void m_cmp(as_generic *g)
{
    int64_t a = self(g)->ns, b = other(g)->ns;
    as_generic_set_return_dword(g, (uint32_t)(a < b ? -1 : a == b ? 0 : 1));
}

/* A debugger's text: the local date and time, as the accessors give them. */
static int debug_text(const void *obj, int type_id, char *buf, size_t size, void *user)
{
    (void)type_id, (void)user;
    struct tm t = to_tm(obj);
    return snprintf(buf, size, "%04d-%02d-%02d %02d:%02d:%02d", t.tm_year + 1900, t.tm_mon + 1, t.tm_mday, t.tm_hour,
                    t.tm_min, t.tm_sec);
}

int as_register_datetime(as_engine *e)
{
    int r = as_register_object_type(e, "datetime", (int)sizeof(datetime), AS_OBJ_VALUE | AS_OBJ_POD | AS_OBJ_APP_CLASS_CDAK);
    if (r < 0) return r;
    static const struct {
        const char *decl;
        void (*fn)(as_generic *);
    } behaviours[] = {
        {"void f()", f_construct},
        {"void f(const datetime &in)", f_construct_copy},
        {"void f(uint, uint, uint, uint = 0, uint = 0, uint = 0)", f_construct_date},
    }, methods[] = {
        {"datetime &opAssign(const datetime &in)", m_assign},
        {"uint get_year() const property", m_year},
        {"uint get_month() const property", m_month},
        {"uint get_day() const property", m_day},
        {"uint get_hour() const property", m_hour},
        {"uint get_minute() const property", m_minute},
        {"uint get_second() const property", m_second},
        {"uint get_weekDay() const property", m_week_day},
        {"bool setDate(uint year, uint month, uint day)", m_set_date},
        {"bool setTime(uint hour, uint minute, uint second)", m_set_time},
        {"int64 opSub(const datetime &in) const", m_diff},
        {"datetime opAdd(int64 seconds) const", m_add},
        {"datetime opAdd_r(int64 seconds) const", m_add},
        {"datetime &opAddAssign(int64 seconds)", m_add_assign},
        {"datetime opSub(int64 seconds) const", m_sub},
        {"datetime opSub_r(int64 seconds) const", m_sub},
        {"datetime &opSubAssign(int64 seconds)", m_sub_assign},
        {"bool opEquals(const datetime &in) const", m_equals},
        {"int opCmp(const datetime &in) const", m_cmp},
    };
    for (size_t i = 0; i < sizeof behaviours / sizeof behaviours[0]; i++)
        if ((r = as_register_object_behaviour(e, "datetime", AS_BEHAVE_CONSTRUCT, behaviours[i].decl, AS_FN(behaviours[i].fn), AS_CALL_GENERIC, NULL)) < 0)
            return r;
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if ((r = as_register_object_method(e, "datetime", methods[i].decl, AS_FN(methods[i].fn), AS_CALL_GENERIC, NULL)) < 0) return r;
    return as_type_set_debug_text(as_engine_type_by_name(e, "datetime"), debug_text, NULL);
}

/* ======================================================================= C access */

int as_datetime_fields(const void *dt, as_datetime_parts *out)
{
    if (!dt || !out) return AS_INVALID_ARG;
    struct tm local = to_tm(dt);
    out->year = local.tm_year + 1900;
    out->month = local.tm_mon + 1;
    out->day = local.tm_mday;
    out->hour = local.tm_hour;
    out->minute = local.tm_min;
    out->second = local.tm_sec;
    out->week_day = local.tm_wday;
    return AS_SUCCESS;
}

int as_datetime_set(void *dt, const as_datetime_parts *in)
{
    if (!dt || !in || in->year < 1900 || in->month < 1 || in->day < 1 || in->hour < 0 || in->minute < 0 || in->second < 0)
        return AS_INVALID_ARG;
    datetime d = *(datetime *)dt;
    if (!set_date(&d, (uint32_t)in->year, (uint32_t)in->month, (uint32_t)in->day) ||
        !set_time(&d, (uint32_t)in->hour, (uint32_t)in->minute, (uint32_t)in->second))
        return AS_INVALID_ARG;
    *(datetime *)dt = d;
    return AS_SUCCESS;
}

void *as_datetime_create(as_engine *e, const as_datetime_parts *in)
{
    int tid = e ? as_engine_type_id_by_decl(e, "datetime") : AS_INVALID_ARG;
    if (tid < 0) return NULL;
    void *dt = as_engine_create_object(e, tid);
    if (dt && in && as_datetime_set(dt, in) < 0) {
        as_engine_release_object(e, dt, tid);
        return NULL;
    }
    return dt;
}

int64_t as_datetime_seconds(const void *dt) { return dt ? ((const datetime *)dt)->ns / NS_PER_SEC : 0; }
