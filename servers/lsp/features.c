/* Document features (stubs until the symbol index lands). */
#include "server.h"

cJSON *feature_document_symbol(lsp_server *s, const cJSON *params, int *code, const char **message)
{ (void)s; (void)params; (void)code; (void)message; return cJSON_CreateArray(); }
cJSON *feature_hover(lsp_server *s, const cJSON *params, int *code, const char **message)
{ (void)s; (void)params; (void)code; (void)message; return cJSON_CreateNull(); }
cJSON *feature_completion(lsp_server *s, const cJSON *params, int *code, const char **message)
{ (void)s; (void)params; (void)code; (void)message; return cJSON_CreateArray(); }
cJSON *feature_definition(lsp_server *s, const cJSON *params, int *code, const char **message)
{ (void)s; (void)params; (void)code; (void)message; return cJSON_CreateNull(); }
cJSON *feature_signature_help(lsp_server *s, const cJSON *params, int *code, const char **message)
{ (void)s; (void)params; (void)code; (void)message; return cJSON_CreateNull(); }
