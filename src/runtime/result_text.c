/* as_result_text: the AS_* return codes of angelc.h in words, for hosts' error reports. */
#include "angelc.h"

const char *as_result_text(int code)
{
    switch (code) {
    case AS_SUCCESS: return "success";
    case AS_ERROR: return "error";
    case AS_CONTEXT_ACTIVE: return "context is active";
    case AS_CONTEXT_NOT_FINISHED: return "context has not finished";
    case AS_CONTEXT_NOT_PREPARED: return "context is not prepared";
    case AS_INVALID_ARG: return "invalid argument";
    case AS_NO_FUNCTION: return "no such function";
    case AS_NOT_SUPPORTED: return "not supported";
    case AS_INVALID_NAME: return "invalid name";
    case AS_NAME_TAKEN: return "name already taken";
    case AS_INVALID_DECLARATION: return "invalid declaration";
    case AS_INVALID_OBJECT: return "invalid object";
    case AS_INVALID_TYPE: return "invalid type";
    case AS_ALREADY_REGISTERED: return "already registered";
    case AS_MULTIPLE_FUNCTIONS: return "more than one function matches";
    case AS_NO_MODULE: return "no such module";
    case AS_NO_GLOBAL_VAR: return "no such global variable";
    case AS_INVALID_CONFIGURATION: return "invalid configuration";
    case AS_INVALID_INTERFACE: return "invalid interface";
    case AS_CANT_BIND_ALL_FUNCTIONS: return "cannot bind all imported functions";
    case AS_LOWER_ARRAY_DIMENSION_NOT_REGISTERED: return "lower array dimension not registered";
    case AS_WRONG_CONFIG_GROUP: return "wrong configuration group";
    case AS_CONFIG_GROUP_IS_IN_USE: return "configuration group is in use";
    case AS_ILLEGAL_BEHAVIOUR_FOR_TYPE: return "illegal behaviour for the type";
    case AS_WRONG_CALLING_CONV: return "wrong calling convention";
    case AS_BUILD_IN_PROGRESS: return "a build is in progress";
    case AS_INIT_GLOBAL_VARS_FAILED: return "initialisation of global variables failed";
    case AS_OUT_OF_MEMORY: return "out of memory";
    case AS_MODULE_IS_IN_USE: return "module is in use";
    default: return "unknown result code";
    }
}
