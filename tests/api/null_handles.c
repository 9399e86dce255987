/* Every public function of include/angelc.h called with NULL handles (and zero for every other
 * argument) returns an error value instead of crashing (issue 17): an int result is negative
 * (or 0 where the function counts or measures something), a pointer result is NULL. Each call
 * runs in its own forked child, so one crash is reported by name and the others still run.
 *
 * The table below is made from the header's prototypes; the test reads include/angelc.h and fails
 * when a function declared there is missing from it, so new functions get their NULL check. */
#define _POSIX_C_SOURCE 200809L
#include "angelc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

/* results: counts and measures may be 0 for NULL; other int results must be negative */
static int result_int;
static const void *result_ptr;
static double result_num;

static void t_as_library_version(void)
{
    result_ptr = (const void *)as_library_version();
}

static void t_as_library_options(void)
{
    result_ptr = (const void *)as_library_options();
}

static void t_as_set_global_memory_functions(void)
{
    result_int = (int)as_set_global_memory_functions(NULL, NULL);
}

static void t_as_reset_global_memory_functions(void)
{
    result_int = (int)as_reset_global_memory_functions();
}

static void t_as_alloc_mem(void)
{
    result_ptr = (const void *)as_alloc_mem(0);
}

static void t_as_free_mem(void)
{
    as_free_mem(NULL);
}

static void t_as_engine_create(void)
{
    result_ptr = (const void *)as_engine_create();
}

static void t_as_engine_destroy(void)
{
    as_engine_destroy(NULL);
}

static void t_as_engine_addref(void)
{
    result_int = (int)as_engine_addref(NULL);
}

static void t_as_engine_release(void)
{
    result_int = (int)as_engine_release(NULL);
}

static void t_as_engine_set_message_callback(void)
{
    result_int = (int)as_engine_set_message_callback(NULL, NULL, NULL);
}

static void t_as_engine_write_message(void)
{
    result_int = (int)as_engine_write_message(NULL, NULL, 0, 0, (as_msgtype)0, NULL);
}

static void t_as_message_discard(void)
{
    as_message_discard(NULL, NULL);
}

static void t_as_result_text(void)
{
    result_ptr = (const void *)as_result_text(0);
}

static void t_as_engine_set_property(void)
{
    result_int = (int)as_engine_set_property(NULL, (as_engine_prop)0, 0);
}

static void t_as_engine_get_property(void)
{
    result_int = (int)as_engine_get_property(NULL, (as_engine_prop)0);
}

static void t_as_engine_property_name(void)
{
    result_ptr = (const void *)as_engine_property_name((as_engine_prop)0);
}

static void t_as_engine_property_by_name(void)
{
    result_int = (int)as_engine_property_by_name(NULL);
}

static void t_as_engine_parse_token(void)
{
    result_int = (int)as_engine_parse_token(NULL, NULL, 0, NULL);
}

static void t_as_engine_set_user_data(void)
{
    result_ptr = (const void *)as_engine_set_user_data(NULL, NULL, 0);
}

static void t_as_engine_get_user_data(void)
{
    result_ptr = (const void *)as_engine_get_user_data(NULL, 0);
}

static void t_as_engine_set_user_data_cleanup(void)
{
    result_int = (int)as_engine_set_user_data_cleanup(NULL, (as_userdata_owner)0, 0, NULL);
}

static void t_as_engine_set_default_namespace(void)
{
    result_int = (int)as_engine_set_default_namespace(NULL, NULL);
}

static void t_as_engine_get_default_namespace(void)
{
    result_ptr = (const void *)as_engine_get_default_namespace(NULL);
}

static void t_as_register_object_type(void)
{
    result_int = (int)as_register_object_type(NULL, NULL, 0, 0);
}

static void t_as_register_object_behaviour(void)
{
    result_int = (int)as_register_object_behaviour(NULL, NULL, (as_behaviour)0, NULL, NULL, (as_callconv)0, NULL);
}

static void t_as_register_object_method(void)
{
    result_int = (int)as_register_object_method(NULL, NULL, NULL, NULL, (as_callconv)0, NULL);
}

static void t_as_register_object_property(void)
{
    result_int = (int)as_register_object_property(NULL, NULL, NULL, 0);
}

static void t_as_register_global_function(void)
{
    result_int = (int)as_register_global_function(NULL, NULL, NULL, (as_callconv)0, NULL);
}

static void t_as_register_global_property(void)
{
    result_int = (int)as_register_global_property(NULL, NULL, NULL);
}

static void t_as_register_string_factory(void)
{
    result_int = (int)as_register_string_factory(NULL, NULL, NULL);
}

static void t_as_register_default_array_type(void)
{
    result_int = (int)as_register_default_array_type(NULL, NULL);
}

static void t_as_engine_default_array_type_id(void)
{
    result_int = (int)as_engine_default_array_type_id(NULL);
}

static void t_as_register_enum(void)
{
    result_int = (int)as_register_enum(NULL, NULL);
}

static void t_as_register_enum_value(void)
{
    result_int = (int)as_register_enum_value(NULL, NULL, NULL, 0);
}

static void t_as_register_funcdef(void)
{
    result_int = (int)as_register_funcdef(NULL, NULL);
}

static void t_as_register_typedef(void)
{
    result_int = (int)as_register_typedef(NULL, NULL, NULL);
}

static void t_as_register_interface(void)
{
    result_int = (int)as_register_interface(NULL, NULL);
}

static void t_as_register_interface_method(void)
{
    result_int = (int)as_register_interface_method(NULL, NULL, NULL);
}

static void t_as_engine_type_id_by_decl(void)
{
    result_int = (int)as_engine_type_id_by_decl(NULL, NULL);
}

static void t_as_engine_type_declaration(void)
{
    result_ptr = (const void *)as_engine_type_declaration(NULL, 0, false);
}

static void t_as_engine_primitive_size(void)
{
    result_int = (int)as_engine_primitive_size(NULL, 0);
}

static void t_as_engine_type_by_id(void)
{
    result_ptr = (const void *)as_engine_type_by_id(NULL, 0);
}

static void t_as_engine_type_by_name(void)
{
    result_ptr = (const void *)as_engine_type_by_name(NULL, NULL);
}

static void t_as_engine_type_by_decl(void)
{
    result_ptr = (const void *)as_engine_type_by_decl(NULL, NULL);
}

static void t_as_type_name(void)
{
    result_ptr = (const void *)as_type_name(NULL);
}

static void t_as_type_namespace(void)
{
    result_ptr = (const void *)as_type_namespace(NULL);
}

static void t_as_type_id(void)
{
    result_int = (int)as_type_id(NULL);
}

static void t_as_type_flags(void)
{
    result_int = (int)as_type_flags(NULL);
}

static void t_as_type_size(void)
{
    result_int = (int)as_type_size(NULL);
}

static void t_as_type_engine(void)
{
    result_ptr = (const void *)as_type_engine(NULL);
}

static void t_as_engine_set_memory_limit(void)
{
    result_int = (int)as_engine_set_memory_limit(NULL, 0);
}

static void t_as_engine_memory_usage(void)
{
    result_int = (int)as_engine_memory_usage(NULL, NULL, NULL);
}

static void t_as_type_addref(void)
{
    result_int = (int)as_type_addref(NULL);
}

static void t_as_type_release(void)
{
    result_int = (int)as_type_release(NULL);
}

static void t_as_type_subtype_count(void)
{
    result_int = (int)as_type_subtype_count(NULL);
}

static void t_as_type_subtype_id(void)
{
    result_int = (int)as_type_subtype_id(NULL, 0);
}

static void t_as_type_subtype(void)
{
    result_ptr = (const void *)as_type_subtype(NULL, 0);
}

static void t_as_engine_set_default_access_mask(void)
{
    result_int = (int)as_engine_set_default_access_mask(NULL, 0);
}

static void t_as_module_set_access_mask(void)
{
    result_int = (int)as_module_set_access_mask(NULL, 0);
}

static void t_as_engine_begin_config_group(void)
{
    result_int = (int)as_engine_begin_config_group(NULL, NULL);
}

static void t_as_engine_end_config_group(void)
{
    result_int = (int)as_engine_end_config_group(NULL);
}

static void t_as_engine_remove_config_group(void)
{
    result_int = (int)as_engine_remove_config_group(NULL, NULL);
}

static void t_as_engine_type_count(void)
{
    result_int = (int)as_engine_type_count(NULL);
}

static void t_as_engine_type_by_index(void)
{
    result_ptr = (const void *)as_engine_type_by_index(NULL, 0);
}

static void t_as_engine_global_property_count(void)
{
    result_int = (int)as_engine_global_property_count(NULL);
}

static void t_as_engine_global_property(void)
{
    result_int = (int)as_engine_global_property(NULL, 0, NULL, NULL, NULL, NULL, NULL);
}

static void t_as_engine_global_property_index_by_name(void)
{
    result_int = (int)as_engine_global_property_index_by_name(NULL, NULL);
}

static void t_as_engine_global_property_index_by_decl(void)
{
    result_int = (int)as_engine_global_property_index_by_decl(NULL, NULL);
}

static void t_as_engine_typedef_count(void)
{
    result_int = (int)as_engine_typedef_count(NULL);
}

static void t_as_engine_typedef(void)
{
    result_int = (int)as_engine_typedef(NULL, 0, NULL, NULL, NULL);
}

static void t_as_type_factory_count(void)
{
    result_int = (int)as_type_factory_count(NULL);
}

static void t_as_type_factory_by_index(void)
{
    result_ptr = (const void *)as_type_factory_by_index(NULL, 0);
}

static void t_as_type_base(void)
{
    result_ptr = (const void *)as_type_base(NULL);
}

static void t_as_type_derives_from(void)
{
    result_int = (int)as_type_derives_from(NULL, NULL);
}

static void t_as_type_interface_count(void)
{
    result_int = (int)as_type_interface_count(NULL);
}

static void t_as_type_interface(void)
{
    result_ptr = (const void *)as_type_interface(NULL, 0);
}

static void t_as_type_implements(void)
{
    result_int = (int)as_type_implements(NULL, NULL);
}

static void t_as_type_method_count(void)
{
    result_int = (int)as_type_method_count(NULL);
}

static void t_as_type_method_by_index(void)
{
    result_ptr = (const void *)as_type_method_by_index(NULL, 0);
}

static void t_as_type_method_by_name(void)
{
    result_ptr = (const void *)as_type_method_by_name(NULL, NULL);
}

static void t_as_type_method_by_decl(void)
{
    result_ptr = (const void *)as_type_method_by_decl(NULL, NULL);
}

static void t_as_type_property_count(void)
{
    result_int = (int)as_type_property_count(NULL);
}

static void t_as_type_property(void)
{
    result_int = (int)as_type_property(NULL, 0, NULL, NULL, NULL);
}

static void t_as_type_property_declaration(void)
{
    result_ptr = (const void *)as_type_property_declaration(NULL, 0, false);
}

static void t_as_type_property_traits(void)
{
    result_int = (int)as_type_property_traits(NULL, 0, NULL, NULL, NULL, NULL);
}

static void t_as_type_factory_by_decl(void)
{
    result_ptr = (const void *)as_type_factory_by_decl(NULL, NULL);
}

static void t_as_type_behaviour_count(void)
{
    result_int = (int)as_type_behaviour_count(NULL);
}

static void t_as_type_behaviour_by_index(void)
{
    result_ptr = (const void *)as_type_behaviour_by_index(NULL, 0, NULL);
}

static void t_as_type_module(void)
{
    result_ptr = (const void *)as_type_module(NULL);
}

static void t_as_type_config_group(void)
{
    result_ptr = (const void *)as_type_config_group(NULL);
}

static void t_as_type_parent_type(void)
{
    result_ptr = (const void *)as_type_parent_type(NULL);
}

static void t_as_type_child_funcdef_count(void)
{
    result_int = (int)as_type_child_funcdef_count(NULL);
}

static void t_as_type_child_funcdef(void)
{
    result_ptr = (const void *)as_type_child_funcdef(NULL, 0);
}

static void t_as_type_funcdef_signature(void)
{
    result_ptr = (const void *)as_type_funcdef_signature(NULL);
}

static void t_as_type_enum_value_count(void)
{
    result_int = (int)as_type_enum_value_count(NULL);
}

static void t_as_type_enum_value(void)
{
    result_ptr = (const void *)as_type_enum_value(NULL, 0, NULL);
}

static void t_as_type_set_user_data(void)
{
    result_ptr = (const void *)as_type_set_user_data(NULL, NULL, 0);
}

static void t_as_type_get_user_data(void)
{
    result_ptr = (const void *)as_type_get_user_data(NULL, 0);
}

static void t_as_type_set_debug_text(void)
{
    result_int = (int)as_type_set_debug_text(NULL, NULL, NULL);
}

static void t_as_engine_debug_text(void)
{
    result_int = (int)as_engine_debug_text(NULL, NULL, 0, NULL, 0);
}

static void t_as_object_type(void)
{
    result_ptr = (const void *)as_object_type(NULL);
}

static void t_as_object_property_count(void)
{
    result_int = (int)as_object_property_count(NULL);
}

static void t_as_object_property_name(void)
{
    result_ptr = (const void *)as_object_property_name(NULL, 0);
}

static void t_as_object_property_type_id(void)
{
    result_int = (int)as_object_property_type_id(NULL, 0);
}

static void t_as_object_property_address(void)
{
    result_ptr = (const void *)as_object_property_address(NULL, 0);
}

static void t_as_object_set_user_data(void)
{
    result_ptr = (const void *)as_object_set_user_data(NULL, NULL, 0);
}

static void t_as_object_get_user_data(void)
{
    result_ptr = (const void *)as_object_get_user_data(NULL, 0);
}

static void t_as_engine_garbage_collect(void)
{
    result_int = (int)as_engine_garbage_collect(NULL, 0, 0);
}

static void t_as_engine_gc_statistics(void)
{
    as_engine_gc_statistics(NULL, NULL, NULL, NULL, NULL, NULL);
}

static void t_as_engine_notify_gc_new_object(void)
{
    result_int = (int)as_engine_notify_gc_new_object(NULL, NULL, NULL);
}

static void t_as_gc_enum_reference(void)
{
    as_gc_enum_reference(NULL, NULL, NULL);
}

static void t_as_gc_forward_enum_references(void)
{
    as_gc_forward_enum_references(NULL, NULL, NULL);
}

static void t_as_gc_forward_release_references(void)
{
    as_gc_forward_release_references(NULL, NULL, NULL);
}

static void t_as_engine_object_in_gc(void)
{
    result_int = (int)as_engine_object_in_gc(NULL, 0, NULL, NULL, NULL);
}

static void t_as_engine_set_circular_ref_callback(void)
{
    result_int = (int)as_engine_set_circular_ref_callback(NULL, NULL, NULL);
}

static void t_as_engine_create_object(void)
{
    result_ptr = (const void *)as_engine_create_object(NULL, 0);
}

static void t_as_engine_create_object_copy(void)
{
    result_ptr = (const void *)as_engine_create_object_copy(NULL, NULL, 0);
}

static void t_as_engine_create_uninitialized_object(void)
{
    result_ptr = (const void *)as_engine_create_uninitialized_object(NULL, NULL);
}

static void t_as_engine_assign_object(void)
{
    result_int = (int)as_engine_assign_object(NULL, NULL, NULL, 0);
}

static void t_as_engine_release_object(void)
{
    as_engine_release_object(NULL, NULL, 0);
}

static void t_as_engine_addref_object(void)
{
    as_engine_addref_object(NULL, NULL, 0);
}

static void t_as_engine_ref_cast_object(void)
{
    result_int = (int)as_engine_ref_cast_object(NULL, NULL, NULL, NULL, NULL, false);
}

static void t_as_lockable_shared_bool_create(void)
{
    result_ptr = (const void *)as_lockable_shared_bool_create();
}

static void t_as_lockable_shared_bool_addref(void)
{
    result_int = (int)as_lockable_shared_bool_addref(NULL);
}

static void t_as_lockable_shared_bool_release(void)
{
    result_int = (int)as_lockable_shared_bool_release(NULL);
}

static void t_as_lockable_shared_bool_get(void)
{
    result_int = (int)as_lockable_shared_bool_get(NULL);
}

static void t_as_lockable_shared_bool_set(void)
{
    as_lockable_shared_bool_set(NULL, false);
}

static void t_as_lockable_shared_bool_lock(void)
{
    as_lockable_shared_bool_lock(NULL);
}

static void t_as_lockable_shared_bool_unlock(void)
{
    as_lockable_shared_bool_unlock(NULL);
}

static void t_as_type_supports_weakref(void)
{
    result_int = (int)as_type_supports_weakref(NULL);
}

static void t_as_engine_weakref_flag(void)
{
    result_ptr = (const void *)as_engine_weakref_flag(NULL, NULL, NULL);
}

static void t_as_engine_get_module(void)
{
    result_ptr = (const void *)as_engine_get_module(NULL, NULL, (as_getmodule)0);
}

static void t_as_engine_discard_module(void)
{
    result_int = (int)as_engine_discard_module(NULL, NULL);
}

static void t_as_engine_module_count(void)
{
    result_int = (int)as_engine_module_count(NULL);
}

static void t_as_engine_module_by_index(void)
{
    result_ptr = (const void *)as_engine_module_by_index(NULL, 0);
}

static void t_as_module_add_section(void)
{
    result_int = (int)as_module_add_section(NULL, NULL, NULL, 0, 0);
}

static void t_as_module_build(void)
{
    result_int = (int)as_module_build(NULL);
}

static void t_as_module_compile_function(void)
{
    result_int = (int)as_module_compile_function(NULL, NULL, NULL, 0, 0, NULL);
}

static void t_as_module_compile_global_var(void)
{
    result_int = (int)as_module_compile_global_var(NULL, NULL, NULL, 0);
}

static void t_as_module_remove_function(void)
{
    result_int = (int)as_module_remove_function(NULL, NULL);
}

static void t_as_module_remove_global_var(void)
{
    result_int = (int)as_module_remove_global_var(NULL, 0);
}

static void t_as_module_reload(void)
{
    result_int = (int)as_module_reload(NULL, NULL, 0, NULL, NULL);
}

static void t_as_module_reload_from(void)
{
    result_int = (int)as_module_reload_from(NULL, NULL, NULL, NULL);
}

static void t_as_module_reload_bytecode(void)
{
    result_int = (int)as_module_reload_bytecode(NULL, NULL, NULL, NULL);
}

static void t_as_engine_add_reload_callback(void)
{
    result_int = (int)as_engine_add_reload_callback(NULL, NULL, NULL);
}

static void t_as_engine_remove_reload_callback(void)
{
    result_int = (int)as_engine_remove_reload_callback(NULL, NULL, NULL);
}

static void t_as_module_discard(void)
{
    as_module_discard(NULL);
}

static void t_as_module_name(void)
{
    result_ptr = (const void *)as_module_name(NULL);
}

static void t_as_module_set_name(void)
{
    result_int = (int)as_module_set_name(NULL, NULL);
}

static void t_as_module_set_user_data(void)
{
    result_ptr = (const void *)as_module_set_user_data(NULL, NULL, 0);
}

static void t_as_module_get_user_data(void)
{
    result_ptr = (const void *)as_module_get_user_data(NULL, 0);
}

static void t_as_module_engine(void)
{
    result_ptr = (const void *)as_module_engine(NULL);
}

static void t_as_module_reset_globals(void)
{
    result_int = (int)as_module_reset_globals(NULL, NULL);
}

static void t_as_module_function_count(void)
{
    result_int = (int)as_module_function_count(NULL);
}

static void t_as_module_function_by_index(void)
{
    result_ptr = (const void *)as_module_function_by_index(NULL, 0);
}

static void t_as_module_function_by_decl(void)
{
    result_ptr = (const void *)as_module_function_by_decl(NULL, NULL);
}

static void t_as_module_function_by_name(void)
{
    result_ptr = (const void *)as_module_function_by_name(NULL, NULL);
}

static void t_as_module_disassemble(void)
{
    result_int = (int)as_module_disassemble(NULL, NULL);
}

static void t_as_module_global_count(void)
{
    result_int = (int)as_module_global_count(NULL);
}

static void t_as_module_global_index_by_name(void)
{
    result_int = (int)as_module_global_index_by_name(NULL, NULL);
}

static void t_as_module_global_address(void)
{
    result_ptr = (const void *)as_module_global_address(NULL, 0);
}

static void t_as_module_imported_function_count(void)
{
    result_int = (int)as_module_imported_function_count(NULL);
}

static void t_as_module_imported_function_index_by_decl(void)
{
    result_int = (int)as_module_imported_function_index_by_decl(NULL, NULL);
}

static void t_as_module_imported_function_declaration(void)
{
    result_ptr = (const void *)as_module_imported_function_declaration(NULL, 0);
}

static void t_as_module_imported_function_source(void)
{
    result_ptr = (const void *)as_module_imported_function_source(NULL, 0);
}

static void t_as_module_bind_imported_function(void)
{
    result_int = (int)as_module_bind_imported_function(NULL, 0, NULL);
}

static void t_as_module_unbind_imported_function(void)
{
    result_int = (int)as_module_unbind_imported_function(NULL, 0);
}

static void t_as_module_bind_all_imported_functions(void)
{
    result_int = (int)as_module_bind_all_imported_functions(NULL);
}

static void t_as_module_unbind_all_imported_functions(void)
{
    result_int = (int)as_module_unbind_all_imported_functions(NULL);
}

static void t_as_module_global(void)
{
    result_int = (int)as_module_global(NULL, 0, NULL, NULL, NULL, NULL);
}

static void t_as_module_global_declaration(void)
{
    result_ptr = (const void *)as_module_global_declaration(NULL, 0, false);
}

static void t_as_module_global_index_by_decl(void)
{
    result_int = (int)as_module_global_index_by_decl(NULL, NULL);
}

static void t_as_module_set_default_namespace(void)
{
    result_int = (int)as_module_set_default_namespace(NULL, NULL);
}

static void t_as_module_get_default_namespace(void)
{
    result_ptr = (const void *)as_module_get_default_namespace(NULL);
}

static void t_as_engine_object_type_count(void)
{
    result_int = (int)as_engine_object_type_count(NULL);
}

static void t_as_engine_object_type_by_index(void)
{
    result_ptr = (const void *)as_engine_object_type_by_index(NULL, 0);
}

static void t_as_engine_enum_count(void)
{
    result_int = (int)as_engine_enum_count(NULL);
}

static void t_as_engine_enum_by_index(void)
{
    result_ptr = (const void *)as_engine_enum_by_index(NULL, 0);
}

static void t_as_engine_funcdef_count(void)
{
    result_int = (int)as_engine_funcdef_count(NULL);
}

static void t_as_engine_funcdef_by_index(void)
{
    result_ptr = (const void *)as_engine_funcdef_by_index(NULL, 0);
}

static void t_as_module_object_type_count(void)
{
    result_int = (int)as_module_object_type_count(NULL);
}

static void t_as_module_object_type_by_index(void)
{
    result_ptr = (const void *)as_module_object_type_by_index(NULL, 0);
}

static void t_as_module_enum_count(void)
{
    result_int = (int)as_module_enum_count(NULL);
}

static void t_as_module_enum_by_index(void)
{
    result_ptr = (const void *)as_module_enum_by_index(NULL, 0);
}

static void t_as_object_type_id(void)
{
    result_int = (int)as_object_type_id(NULL);
}

static void t_as_object_engine(void)
{
    result_ptr = (const void *)as_object_engine(NULL);
}

static void t_as_context_var_name(void)
{
    result_ptr = (const void *)as_context_var_name(NULL, 0, 0);
}

static void t_as_context_var_type_id(void)
{
    result_int = (int)as_context_var_type_id(NULL, 0, 0);
}

static void t_as_function_script_section_name(void)
{
    result_ptr = (const void *)as_function_script_section_name(NULL);
}

static void t_as_function_is_variadic(void)
{
    result_int = (int)as_function_is_variadic(NULL);
}

static void t_as_function_engine(void)
{
    result_ptr = (const void *)as_function_engine(NULL);
}

static void t_as_module_type_count(void)
{
    result_int = (int)as_module_type_count(NULL);
}

static void t_as_module_type_by_index(void)
{
    result_ptr = (const void *)as_module_type_by_index(NULL, 0);
}

static void t_as_module_type_by_name(void)
{
    result_ptr = (const void *)as_module_type_by_name(NULL, NULL);
}

static void t_as_module_type_id_by_decl(void)
{
    result_int = (int)as_module_type_id_by_decl(NULL, NULL);
}

static void t_as_module_type_by_decl(void)
{
    result_ptr = (const void *)as_module_type_by_decl(NULL, NULL);
}

static void t_as_module_typedef_count(void)
{
    result_int = (int)as_module_typedef_count(NULL);
}

static void t_as_module_typedef(void)
{
    result_int = (int)as_module_typedef(NULL, 0, NULL, NULL, NULL);
}

static void t_as_module_save_bytecode(void)
{
    result_int = (int)as_module_save_bytecode(NULL, NULL, false);
}

static void t_as_module_load_bytecode(void)
{
    result_int = (int)as_module_load_bytecode(NULL, NULL, NULL);
}

static void t_as_module_save_bytecode_to_memory(void)
{
    result_int = (int)as_module_save_bytecode_to_memory(NULL, false, NULL, NULL);
}

static void t_as_engine_set_bytecode_key(void)
{
    result_int = (int)as_engine_set_bytecode_key(NULL, NULL, 0);
}

static void t_as_module_load_bytecode_from_memory(void)
{
    result_int = (int)as_module_load_bytecode_from_memory(NULL, NULL, 0, NULL);
}

static void t_as_function_id(void)
{
    result_int = (int)as_function_id(NULL);
}

static void t_as_function_kind(void)
{
    result_int = (int)as_function_kind(NULL);
}

static void t_as_function_subtype_count(void)
{
    result_int = (int)as_function_subtype_count(NULL);
}

static void t_as_function_subtype_id(void)
{
    result_int = (int)as_function_subtype_id(NULL, 0);
}

static void t_as_function_subtype(void)
{
    result_ptr = (const void *)as_function_subtype(NULL, 0);
}

static void t_as_function_object_type(void)
{
    result_ptr = (const void *)as_function_object_type(NULL);
}

static void t_as_function_module(void)
{
    result_ptr = (const void *)as_function_module(NULL);
}

static void t_as_function_is_private(void)
{
    result_int = (int)as_function_is_private(NULL);
}

static void t_as_function_is_read_only(void)
{
    result_int = (int)as_function_is_read_only(NULL);
}

static void t_as_function_is_final(void)
{
    result_int = (int)as_function_is_final(NULL);
}

static void t_as_function_is_override(void)
{
    result_int = (int)as_function_is_override(NULL);
}

static void t_as_function_is_shared(void)
{
    result_int = (int)as_function_is_shared(NULL);
}

static void t_as_function_is_property(void)
{
    result_int = (int)as_function_is_property(NULL);
}

static void t_as_function_is_protected(void)
{
    result_int = (int)as_function_is_protected(NULL);
}

static void t_as_function_is_explicit(void)
{
    result_int = (int)as_function_is_explicit(NULL);
}

static void t_as_function_module_name(void)
{
    result_ptr = (const void *)as_function_module_name(NULL);
}

static void t_as_function_object_name(void)
{
    result_ptr = (const void *)as_function_object_name(NULL);
}

static void t_as_function_delegate_object(void)
{
    result_ptr = (const void *)as_function_delegate_object(NULL);
}

static void t_as_function_delegate_object_type(void)
{
    result_ptr = (const void *)as_function_delegate_object_type(NULL);
}

static void t_as_function_delegate_function(void)
{
    result_ptr = (const void *)as_function_delegate_function(NULL);
}

static void t_as_function_is_compatible_with_type_id(void)
{
    result_int = (int)as_function_is_compatible_with_type_id(NULL, 0);
}

static void t_as_function_config_group(void)
{
    result_ptr = (const void *)as_function_config_group(NULL);
}

static void t_as_function_list_pattern(void)
{
    result_ptr = (const void *)as_function_list_pattern(NULL);
}

static void t_as_type_access_mask(void)
{
    result_int = (int)as_type_access_mask(NULL);
}

static void t_as_engine_typedef_access_mask(void)
{
    result_int = (int)as_engine_typedef_access_mask(NULL, 0);
}

static void t_as_engine_global_property_access_mask(void)
{
    result_int = (int)as_engine_global_property_access_mask(NULL, 0);
}

static void t_as_function_access_mask(void)
{
    result_int = (int)as_function_access_mask(NULL);
}

static void t_as_function_var_count(void)
{
    result_int = (int)as_function_var_count(NULL);
}

static void t_as_function_var(void)
{
    result_int = (int)as_function_var(NULL, 0, NULL, NULL);
}

static void t_as_function_var_declaration(void)
{
    result_ptr = (const void *)as_function_var_declaration(NULL, 0);
}

static void t_as_function_param_default(void)
{
    result_ptr = (const void *)as_function_param_default(NULL, 0);
}

static void t_as_function_type_id(void)
{
    result_int = (int)as_function_type_id(NULL);
}

static void t_as_function_find_next_line_with_code(void)
{
    result_int = (int)as_function_find_next_line_with_code(NULL, 0);
}

static void t_as_function_name(void)
{
    result_ptr = (const void *)as_function_name(NULL);
}

static void t_as_function_namespace(void)
{
    result_ptr = (const void *)as_function_namespace(NULL);
}

static void t_as_function_declaration(void)
{
    result_ptr = (const void *)as_function_declaration(NULL, false, false, false);
}

static void t_as_function_param_count(void)
{
    result_int = (int)as_function_param_count(NULL);
}

static void t_as_function_param(void)
{
    result_int = (int)as_function_param(NULL, 0, NULL, NULL, NULL);
}

static void t_as_function_return_type_id(void)
{
    result_int = (int)as_function_return_type_id(NULL, NULL);
}

static void t_as_function_declared_at(void)
{
    result_int = (int)as_function_declared_at(NULL, NULL, NULL, NULL);
}

static void t_as_function_auxiliary(void)
{
    result_ptr = (const void *)as_function_auxiliary(NULL);
}

static void t_as_engine_get_message_callback(void) { result_int = as_engine_get_message_callback(NULL, NULL, NULL); }
static void t_as_engine_get_string_factory(void) { result_ptr = (const void *)as_engine_get_string_factory(NULL, NULL); }
static void t_as_engine_set_template_error(void) { result_int = as_engine_set_template_error(NULL, NULL); }
static void t_as_type_set_size(void) { result_int = as_type_set_size(NULL, 0); }
static void t_as_type_set_refcount_offset(void) { result_int = as_type_set_refcount_offset(NULL, 0); }
static void t_as_type_set_elements(void) { result_int = as_type_set_elements(NULL, 0, 8); }
static void t_as_function_set_intrinsic(void) { result_int = as_function_set_intrinsic(NULL, AS_INTRINSIC_INDEX); }
static void t_as_function_stub_declaration(void) { result_ptr = (const void *)as_function_stub_declaration(NULL, false); }
static void t_as_function_set_deprecated(void) { result_int = as_function_set_deprecated(NULL, NULL); }
static void t_as_function_set_no_discard(void) { result_int = as_function_set_no_discard(NULL, false); }
static void t_as_function_set_subtype_inference(void) { result_int = as_function_set_subtype_inference(NULL, true); }
static void t_as_type_set_covariant(void) { result_int = as_type_set_covariant(NULL, true); }
static void t_as_type_is_covariant(void) { result_int = (int)as_type_is_covariant(NULL); }

static void t_as_function_set_user_data(void)
{
    result_ptr = (const void *)as_function_set_user_data(NULL, NULL, 0);
}

static void t_as_function_get_user_data(void)
{
    result_ptr = (const void *)as_function_get_user_data(NULL, 0);
}

static void t_as_function_addref(void)
{
    result_int = (int)as_function_addref(NULL);
}

static void t_as_function_release(void)
{
    result_int = (int)as_function_release(NULL);
}

static void t_as_engine_function_by_id(void)
{
    result_ptr = (const void *)as_engine_function_by_id(NULL, 0);
}

static void t_as_engine_function_count(void)
{
    result_int = (int)as_engine_function_count(NULL);
}

static void t_as_engine_function_by_index(void)
{
    result_ptr = (const void *)as_engine_function_by_index(NULL, 0);
}

static void t_as_engine_function_by_decl(void)
{
    result_ptr = (const void *)as_engine_function_by_decl(NULL, NULL);
}

static void t_as_engine_create_delegate(void)
{
    result_ptr = (const void *)as_engine_create_delegate(NULL, NULL, NULL);
}

static void t_as_context_create(void)
{
    result_ptr = (const void *)as_context_create(NULL);
}

static void t_as_context_destroy(void)
{
    as_context_destroy(NULL);
}

static void t_as_context_engine(void)
{
    result_ptr = (const void *)as_context_engine(NULL);
}

static void t_as_engine_request_context(void)
{
    result_ptr = (const void *)as_engine_request_context(NULL);
}

static void t_as_engine_return_context(void)
{
    as_engine_return_context(NULL, NULL);
}

static void t_as_engine_set_context_callbacks(void)
{
    result_int = (int)as_engine_set_context_callbacks(NULL, NULL, NULL, NULL);
}

static void t_as_context_prepare(void)
{
    result_int = (int)as_context_prepare(NULL, NULL);
}

static void t_as_context_unprepare(void)
{
    result_int = (int)as_context_unprepare(NULL);
}

static void t_as_context_execute(void)
{
    result_int = (int)as_context_execute(NULL);
}

static void t_as_context_state(void)
{
    result_int = (int)as_context_state(NULL);
}

static void t_as_context_abort(void)
{
    result_int = (int)as_context_abort(NULL);
}

static void t_as_context_suspend(void)
{
    result_int = (int)as_context_suspend(NULL);
}

static void t_as_context_set_budget(void)
{
    result_int = (int)as_context_set_budget(NULL, 0);
}

static void t_as_engine_set_budget(void) { result_int = as_engine_set_budget(NULL, 10); }
static void t_as_engine_budget_left(void) { result_int = as_engine_budget_left(NULL) == UINT64_MAX ? 0 : -1; }

static void t_as_context_push_state(void)
{
    result_int = (int)as_context_push_state(NULL);
}

static void t_as_context_pop_state(void)
{
    result_int = (int)as_context_pop_state(NULL);
}

static void t_as_context_is_nested(void)
{
    result_int = (int)as_context_is_nested(NULL, NULL);
}

static void t_as_context_set_user_data(void)
{
    result_ptr = (const void *)as_context_set_user_data(NULL, NULL, 0);
}

static void t_as_context_get_user_data(void)
{
    result_ptr = (const void *)as_context_get_user_data(NULL, 0);
}

static void t_as_context_set_object(void)
{
    result_int = (int)as_context_set_object(NULL, NULL);
}

static void t_as_context_set_arg_byte(void)
{
    result_int = (int)as_context_set_arg_byte(NULL, 0, 0);
}

static void t_as_context_set_arg_word(void)
{
    result_int = (int)as_context_set_arg_word(NULL, 0, 0);
}

static void t_as_context_set_arg_dword(void)
{
    result_int = (int)as_context_set_arg_dword(NULL, 0, 0);
}

static void t_as_context_set_arg_qword(void)
{
    result_int = (int)as_context_set_arg_qword(NULL, 0, 0);
}

static void t_as_context_set_arg_float(void)
{
    result_int = (int)as_context_set_arg_float(NULL, 0, 0);
}

static void t_as_context_set_arg_double(void)
{
    result_int = (int)as_context_set_arg_double(NULL, 0, 0);
}

static void t_as_context_set_arg_address(void)
{
    result_int = (int)as_context_set_arg_address(NULL, 0, NULL);
}

static void t_as_context_set_arg_object(void)
{
    result_int = (int)as_context_set_arg_object(NULL, 0, NULL);
}

static void t_as_context_set_arg_var_type(void)
{
    result_int = (int)as_context_set_arg_var_type(NULL, 0, NULL, 0);
}

static void t_as_context_address_of_arg(void)
{
    result_ptr = (const void *)as_context_address_of_arg(NULL, 0);
}

static void t_as_context_return_byte(void)
{
    result_int = (int)as_context_return_byte(NULL);
}

static void t_as_context_return_word(void)
{
    result_int = (int)as_context_return_word(NULL);
}

static void t_as_context_return_dword(void)
{
    result_int = (int)as_context_return_dword(NULL);
}

static void t_as_context_return_qword(void)
{
    result_int = (int)as_context_return_qword(NULL);
}

static void t_as_context_return_float(void)
{
    result_num = (double)as_context_return_float(NULL);
}

static void t_as_context_return_double(void)
{
    result_num = (double)as_context_return_double(NULL);
}

static void t_as_context_return_address(void)
{
    result_ptr = (const void *)as_context_return_address(NULL);
}

static void t_as_context_return_object(void)
{
    result_ptr = (const void *)as_context_return_object(NULL);
}

static void t_as_context_address_of_return_value(void)
{
    result_ptr = (const void *)as_context_address_of_return_value(NULL);
}

static void t_as_context_set_exception(void)
{
    result_int = (int)as_context_set_exception(NULL, NULL, false);
}

static void t_as_context_exception_string(void)
{
    result_ptr = (const void *)as_context_exception_string(NULL);
}

static void t_as_context_exception_function(void)
{
    result_ptr = (const void *)as_context_exception_function(NULL);
}

static void t_as_context_exception_line(void)
{
    result_int = (int)as_context_exception_line(NULL, NULL, NULL);
}

static void t_as_context_exception_frame_count(void)
{
    result_int = (int)as_context_exception_frame_count(NULL);
}

static void t_as_context_exception_frame(void)
{
    result_ptr = (const void *)as_context_exception_frame(NULL, 0, NULL, NULL, NULL);
}

static void t_as_context_set_line_callback(void)
{
    result_int = (int)as_context_set_line_callback(NULL, NULL, NULL);
}

static void t_as_context_clear_line_callback(void)
{
    as_context_clear_line_callback(NULL);
}

static void t_as_context_set_exception_callback(void)
{
    result_int = (int)as_context_set_exception_callback(NULL, NULL, NULL);
}

static void t_as_context_will_exception_be_caught(void)
{
    result_int = (int)as_context_will_exception_be_caught(NULL);
}

static void t_as_context_callstack_size(void)
{
    result_int = (int)as_context_callstack_size(NULL);
}

static void t_as_context_function(void)
{
    result_ptr = (const void *)as_context_function(NULL, 0);
}

static void t_as_context_line_number(void)
{
    result_int = (int)as_context_line_number(NULL, 0, NULL, NULL);
}

static void t_as_context_var_count(void)
{
    result_int = (int)as_context_var_count(NULL, 0);
}

static void t_as_context_var(void)
{
    result_int = (int)as_context_var(NULL, 0, 0, NULL, NULL);
}

static void t_as_context_var_declaration(void)
{
    result_ptr = (const void *)as_context_var_declaration(NULL, 0, 0);
}

static void t_as_context_is_var_in_scope(void)
{
    result_int = (int)as_context_is_var_in_scope(NULL, 0, 0);
}

static void t_as_context_address_of_var(void)
{
    result_ptr = (const void *)as_context_address_of_var(NULL, 0, 0);
}

static void t_as_context_address_of_var_ex(void)
{
    result_ptr = (const void *)as_context_address_of_var_ex(NULL, 0, 0, false, false);
}

static void t_as_context_this_pointer(void)
{
    result_ptr = (const void *)as_context_this_pointer(NULL, 0);
}

static void t_as_context_this_type_id(void)
{
    result_int = (int)as_context_this_type_id(NULL, 0);
}

static void t_as_context_find_variable(void)
{
    result_int = (int)as_context_find_variable(NULL, 0, NULL, NULL, NULL);
}

static void t_as_active_context(void)
{
    result_ptr = (const void *)as_active_context();
}

static void t_as_context_system_function(void)
{
    result_ptr = (const void *)as_context_system_function(NULL);
}

static void t_as_generic_engine(void)
{
    result_ptr = (const void *)as_generic_engine(NULL);
}

static void t_as_generic_function(void)
{
    result_ptr = (const void *)as_generic_function(NULL);
}

static void t_as_generic_auxiliary(void)
{
    result_ptr = (const void *)as_generic_auxiliary(NULL);
}

static void t_as_generic_object(void)
{
    result_ptr = (const void *)as_generic_object(NULL);
}

static void t_as_generic_object_type_id(void)
{
    result_int = (int)as_generic_object_type_id(NULL);
}

static void t_as_generic_arg_count(void)
{
    result_int = (int)as_generic_arg_count(NULL);
}

static void t_as_generic_arg_type_id(void)
{
    result_int = (int)as_generic_arg_type_id(NULL, 0, NULL);
}

static void t_as_generic_arg_byte(void)
{
    result_int = (int)as_generic_arg_byte(NULL, 0);
}

static void t_as_generic_arg_word(void)
{
    result_int = (int)as_generic_arg_word(NULL, 0);
}

static void t_as_generic_arg_dword(void)
{
    result_int = (int)as_generic_arg_dword(NULL, 0);
}

static void t_as_generic_arg_qword(void)
{
    result_int = (int)as_generic_arg_qword(NULL, 0);
}

static void t_as_generic_arg_float(void)
{
    result_num = (double)as_generic_arg_float(NULL, 0);
}

static void t_as_generic_arg_double(void)
{
    result_num = (double)as_generic_arg_double(NULL, 0);
}

static void t_as_generic_arg_address(void)
{
    result_ptr = (const void *)as_generic_arg_address(NULL, 0);
}

static void t_as_generic_arg_object(void)
{
    result_ptr = (const void *)as_generic_arg_object(NULL, 0);
}

static void t_as_generic_address_of_arg(void)
{
    result_ptr = (const void *)as_generic_address_of_arg(NULL, 0);
}

static void t_as_generic_return_type_id(void)
{
    result_int = (int)as_generic_return_type_id(NULL, NULL);
}

static void t_as_generic_set_return_byte(void)
{
    result_int = (int)as_generic_set_return_byte(NULL, 0);
}

static void t_as_generic_set_return_word(void)
{
    result_int = (int)as_generic_set_return_word(NULL, 0);
}

static void t_as_generic_set_return_dword(void)
{
    result_int = (int)as_generic_set_return_dword(NULL, 0);
}

static void t_as_generic_set_return_qword(void)
{
    result_int = (int)as_generic_set_return_qword(NULL, 0);
}

static void t_as_generic_set_return_float(void)
{
    result_int = (int)as_generic_set_return_float(NULL, 0);
}

static void t_as_generic_set_return_double(void)
{
    result_int = (int)as_generic_set_return_double(NULL, 0);
}

static void t_as_generic_set_return_address(void)
{
    result_int = (int)as_generic_set_return_address(NULL, NULL);
}

static void t_as_generic_set_return_object(void)
{
    result_int = (int)as_generic_set_return_object(NULL, NULL);
}

static void t_as_generic_return_location(void)
{
    result_ptr = (const void *)as_generic_return_location(NULL);
}

typedef struct api_case { const char *name; void (*fn)(void); char kind; } api_case;

/* kind: V void, P pointer (must be NULL), I int (negative, or 0 for counts), U other scalar, N floating */
static const api_case cases[] = {
    {"as_library_version", t_as_library_version, 'P'},
    {"as_library_options", t_as_library_options, 'P'},
    {"as_set_global_memory_functions", t_as_set_global_memory_functions, 'I'},
    {"as_reset_global_memory_functions", t_as_reset_global_memory_functions, 'I'},
    {"as_alloc_mem", t_as_alloc_mem, 'P'},
    {"as_free_mem", t_as_free_mem, 'V'},
    {"as_engine_create", t_as_engine_create, 'P'},
    {"as_engine_destroy", t_as_engine_destroy, 'V'},
    {"as_engine_addref", t_as_engine_addref, 'I'},
    {"as_engine_release", t_as_engine_release, 'I'},
    {"as_engine_set_message_callback", t_as_engine_set_message_callback, 'I'},
    {"as_engine_write_message", t_as_engine_write_message, 'I'},
    {"as_message_discard", t_as_message_discard, 'V'},
    {"as_result_text", t_as_result_text, 'P'},
    {"as_engine_set_property", t_as_engine_set_property, 'I'},
    {"as_engine_get_property", t_as_engine_get_property, 'U'},
    {"as_engine_property_name", t_as_engine_property_name, 'P'},
    {"as_engine_property_by_name", t_as_engine_property_by_name, 'I'},
    {"as_engine_parse_token", t_as_engine_parse_token, 'U'},
    {"as_engine_set_user_data", t_as_engine_set_user_data, 'P'},
    {"as_engine_get_user_data", t_as_engine_get_user_data, 'P'},
    {"as_engine_set_user_data_cleanup", t_as_engine_set_user_data_cleanup, 'I'},
    {"as_engine_set_default_namespace", t_as_engine_set_default_namespace, 'I'},
    {"as_engine_get_default_namespace", t_as_engine_get_default_namespace, 'P'},
    {"as_register_object_type", t_as_register_object_type, 'I'},
    {"as_register_object_behaviour", t_as_register_object_behaviour, 'I'},
    {"as_register_object_method", t_as_register_object_method, 'I'},
    {"as_register_object_property", t_as_register_object_property, 'I'},
    {"as_register_global_function", t_as_register_global_function, 'I'},
    {"as_register_global_property", t_as_register_global_property, 'I'},
    {"as_register_string_factory", t_as_register_string_factory, 'I'},
    {"as_register_default_array_type", t_as_register_default_array_type, 'I'},
    {"as_engine_default_array_type_id", t_as_engine_default_array_type_id, 'I'},
    {"as_register_enum", t_as_register_enum, 'I'},
    {"as_register_enum_value", t_as_register_enum_value, 'I'},
    {"as_register_funcdef", t_as_register_funcdef, 'I'},
    {"as_register_typedef", t_as_register_typedef, 'I'},
    {"as_register_interface", t_as_register_interface, 'I'},
    {"as_register_interface_method", t_as_register_interface_method, 'I'},
    {"as_engine_type_id_by_decl", t_as_engine_type_id_by_decl, 'I'},
    {"as_engine_type_declaration", t_as_engine_type_declaration, 'P'},
    {"as_engine_primitive_size", t_as_engine_primitive_size, 'I'},
    {"as_engine_type_by_id", t_as_engine_type_by_id, 'P'},
    {"as_engine_type_by_name", t_as_engine_type_by_name, 'P'},
    {"as_engine_type_by_decl", t_as_engine_type_by_decl, 'P'},
    {"as_type_name", t_as_type_name, 'P'},
    {"as_type_namespace", t_as_type_namespace, 'P'},
    {"as_type_id", t_as_type_id, 'I'},
    {"as_type_flags", t_as_type_flags, 'U'},
    {"as_type_size", t_as_type_size, 'I'},
    {"as_type_engine", t_as_type_engine, 'P'},
    {"as_engine_set_memory_limit", t_as_engine_set_memory_limit, 'I'},
    {"as_engine_memory_usage", t_as_engine_memory_usage, 'I'},
    {"as_type_addref", t_as_type_addref, 'I'},
    {"as_type_release", t_as_type_release, 'I'},
    {"as_type_subtype_count", t_as_type_subtype_count, 'I'},
    {"as_type_subtype_id", t_as_type_subtype_id, 'I'},
    {"as_type_subtype", t_as_type_subtype, 'P'},
    {"as_engine_set_default_access_mask", t_as_engine_set_default_access_mask, 'U'},
    {"as_module_set_access_mask", t_as_module_set_access_mask, 'U'},
    {"as_engine_begin_config_group", t_as_engine_begin_config_group, 'I'},
    {"as_engine_end_config_group", t_as_engine_end_config_group, 'I'},
    {"as_engine_remove_config_group", t_as_engine_remove_config_group, 'I'},
    {"as_engine_type_count", t_as_engine_type_count, 'I'},
    {"as_engine_type_by_index", t_as_engine_type_by_index, 'P'},
    {"as_engine_global_property_count", t_as_engine_global_property_count, 'I'},
    {"as_engine_global_property", t_as_engine_global_property, 'I'},
    {"as_engine_global_property_index_by_name", t_as_engine_global_property_index_by_name, 'I'},
    {"as_engine_global_property_index_by_decl", t_as_engine_global_property_index_by_decl, 'I'},
    {"as_engine_typedef_count", t_as_engine_typedef_count, 'I'},
    {"as_engine_typedef", t_as_engine_typedef, 'I'},
    {"as_type_factory_count", t_as_type_factory_count, 'I'},
    {"as_type_factory_by_index", t_as_type_factory_by_index, 'P'},
    {"as_type_base", t_as_type_base, 'P'},
    {"as_type_derives_from", t_as_type_derives_from, 'U'},
    {"as_type_interface_count", t_as_type_interface_count, 'I'},
    {"as_type_interface", t_as_type_interface, 'P'},
    {"as_type_implements", t_as_type_implements, 'U'},
    {"as_type_method_count", t_as_type_method_count, 'I'},
    {"as_type_method_by_index", t_as_type_method_by_index, 'P'},
    {"as_type_method_by_name", t_as_type_method_by_name, 'P'},
    {"as_type_method_by_decl", t_as_type_method_by_decl, 'P'},
    {"as_type_property_count", t_as_type_property_count, 'I'},
    {"as_type_property", t_as_type_property, 'I'},
    {"as_type_property_declaration", t_as_type_property_declaration, 'P'},
    {"as_type_property_traits", t_as_type_property_traits, 'I'},
    {"as_type_factory_by_decl", t_as_type_factory_by_decl, 'P'},
    {"as_type_behaviour_count", t_as_type_behaviour_count, 'I'},
    {"as_type_behaviour_by_index", t_as_type_behaviour_by_index, 'P'},
    {"as_type_module", t_as_type_module, 'P'},
    {"as_type_config_group", t_as_type_config_group, 'P'},
    {"as_type_parent_type", t_as_type_parent_type, 'P'},
    {"as_type_child_funcdef_count", t_as_type_child_funcdef_count, 'I'},
    {"as_type_child_funcdef", t_as_type_child_funcdef, 'P'},
    {"as_type_funcdef_signature", t_as_type_funcdef_signature, 'P'},
    {"as_type_enum_value_count", t_as_type_enum_value_count, 'I'},
    {"as_type_enum_value", t_as_type_enum_value, 'P'},
    {"as_type_set_user_data", t_as_type_set_user_data, 'P'},
    {"as_type_get_user_data", t_as_type_get_user_data, 'P'},
    {"as_type_set_debug_text", t_as_type_set_debug_text, 'I'},
    {"as_engine_debug_text", t_as_engine_debug_text, 'I'},
    {"as_object_type", t_as_object_type, 'P'},
    {"as_object_property_count", t_as_object_property_count, 'I'},
    {"as_object_property_name", t_as_object_property_name, 'P'},
    {"as_object_property_type_id", t_as_object_property_type_id, 'I'},
    {"as_object_property_address", t_as_object_property_address, 'P'},
    {"as_object_set_user_data", t_as_object_set_user_data, 'P'},
    {"as_object_get_user_data", t_as_object_get_user_data, 'P'},
    {"as_engine_garbage_collect", t_as_engine_garbage_collect, 'I'},
    {"as_engine_gc_statistics", t_as_engine_gc_statistics, 'V'},
    {"as_engine_notify_gc_new_object", t_as_engine_notify_gc_new_object, 'I'},
    {"as_gc_enum_reference", t_as_gc_enum_reference, 'V'},
    {"as_gc_forward_enum_references", t_as_gc_forward_enum_references, 'V'},
    {"as_gc_forward_release_references", t_as_gc_forward_release_references, 'V'},
    {"as_engine_object_in_gc", t_as_engine_object_in_gc, 'I'},
    {"as_engine_set_circular_ref_callback", t_as_engine_set_circular_ref_callback, 'I'},
    {"as_engine_create_object", t_as_engine_create_object, 'P'},
    {"as_engine_create_object_copy", t_as_engine_create_object_copy, 'P'},
    {"as_engine_create_uninitialized_object", t_as_engine_create_uninitialized_object, 'P'},
    {"as_engine_assign_object", t_as_engine_assign_object, 'I'},
    {"as_engine_release_object", t_as_engine_release_object, 'V'},
    {"as_engine_addref_object", t_as_engine_addref_object, 'V'},
    {"as_engine_ref_cast_object", t_as_engine_ref_cast_object, 'I'},
    {"as_lockable_shared_bool_create", t_as_lockable_shared_bool_create, 'P'},
    {"as_lockable_shared_bool_addref", t_as_lockable_shared_bool_addref, 'I'},
    {"as_lockable_shared_bool_release", t_as_lockable_shared_bool_release, 'I'},
    {"as_lockable_shared_bool_get", t_as_lockable_shared_bool_get, 'U'},
    {"as_lockable_shared_bool_set", t_as_lockable_shared_bool_set, 'V'},
    {"as_lockable_shared_bool_lock", t_as_lockable_shared_bool_lock, 'V'},
    {"as_lockable_shared_bool_unlock", t_as_lockable_shared_bool_unlock, 'V'},
    {"as_type_supports_weakref", t_as_type_supports_weakref, 'U'},
    {"as_engine_weakref_flag", t_as_engine_weakref_flag, 'P'},
    {"as_engine_get_module", t_as_engine_get_module, 'P'},
    {"as_engine_discard_module", t_as_engine_discard_module, 'I'},
    {"as_engine_module_count", t_as_engine_module_count, 'I'},
    {"as_engine_module_by_index", t_as_engine_module_by_index, 'P'},
    {"as_module_add_section", t_as_module_add_section, 'I'},
    {"as_module_build", t_as_module_build, 'I'},
    {"as_module_compile_function", t_as_module_compile_function, 'I'},
    {"as_module_compile_global_var", t_as_module_compile_global_var, 'I'},
    {"as_module_remove_function", t_as_module_remove_function, 'I'},
    {"as_module_remove_global_var", t_as_module_remove_global_var, 'I'},
    {"as_module_reload", t_as_module_reload, 'I'},
    {"as_module_reload_from", t_as_module_reload_from, 'I'},
    {"as_module_reload_bytecode", t_as_module_reload_bytecode, 'I'},
    {"as_engine_add_reload_callback", t_as_engine_add_reload_callback, 'I'},
    {"as_engine_remove_reload_callback", t_as_engine_remove_reload_callback, 'I'},
    {"as_module_discard", t_as_module_discard, 'V'},
    {"as_module_name", t_as_module_name, 'P'},
    {"as_module_set_name", t_as_module_set_name, 'I'},
    {"as_module_set_user_data", t_as_module_set_user_data, 'P'},
    {"as_module_get_user_data", t_as_module_get_user_data, 'P'},
    {"as_module_engine", t_as_module_engine, 'P'},
    {"as_module_reset_globals", t_as_module_reset_globals, 'I'},
    {"as_module_function_count", t_as_module_function_count, 'I'},
    {"as_module_function_by_index", t_as_module_function_by_index, 'P'},
    {"as_module_function_by_decl", t_as_module_function_by_decl, 'P'},
    {"as_module_function_by_name", t_as_module_function_by_name, 'P'},
    {"as_module_disassemble", t_as_module_disassemble, 'I'},
    {"as_module_global_count", t_as_module_global_count, 'I'},
    {"as_module_global_index_by_name", t_as_module_global_index_by_name, 'I'},
    {"as_module_global_address", t_as_module_global_address, 'P'},
    {"as_module_imported_function_count", t_as_module_imported_function_count, 'I'},
    {"as_module_imported_function_index_by_decl", t_as_module_imported_function_index_by_decl, 'I'},
    {"as_module_imported_function_declaration", t_as_module_imported_function_declaration, 'P'},
    {"as_module_imported_function_source", t_as_module_imported_function_source, 'P'},
    {"as_module_bind_imported_function", t_as_module_bind_imported_function, 'I'},
    {"as_module_unbind_imported_function", t_as_module_unbind_imported_function, 'I'},
    {"as_module_bind_all_imported_functions", t_as_module_bind_all_imported_functions, 'I'},
    {"as_module_unbind_all_imported_functions", t_as_module_unbind_all_imported_functions, 'I'},
    {"as_module_global", t_as_module_global, 'I'},
    {"as_module_global_declaration", t_as_module_global_declaration, 'P'},
    {"as_module_global_index_by_decl", t_as_module_global_index_by_decl, 'I'},
    {"as_module_set_default_namespace", t_as_module_set_default_namespace, 'I'},
    {"as_module_get_default_namespace", t_as_module_get_default_namespace, 'P'},
    {"as_engine_object_type_count", t_as_engine_object_type_count, 'I'},
    {"as_engine_object_type_by_index", t_as_engine_object_type_by_index, 'P'},
    {"as_engine_enum_count", t_as_engine_enum_count, 'I'},
    {"as_engine_enum_by_index", t_as_engine_enum_by_index, 'P'},
    {"as_engine_funcdef_count", t_as_engine_funcdef_count, 'I'},
    {"as_engine_funcdef_by_index", t_as_engine_funcdef_by_index, 'P'},
    {"as_module_object_type_count", t_as_module_object_type_count, 'I'},
    {"as_module_object_type_by_index", t_as_module_object_type_by_index, 'P'},
    {"as_module_enum_count", t_as_module_enum_count, 'I'},
    {"as_module_enum_by_index", t_as_module_enum_by_index, 'P'},
    {"as_object_type_id", t_as_object_type_id, 'I'},
    {"as_object_engine", t_as_object_engine, 'P'},
    {"as_context_var_name", t_as_context_var_name, 'P'},
    {"as_context_var_type_id", t_as_context_var_type_id, 'I'},
    {"as_function_script_section_name", t_as_function_script_section_name, 'P'},
    {"as_function_is_variadic", t_as_function_is_variadic, 'U'},
    {"as_function_engine", t_as_function_engine, 'P'},
    {"as_module_type_count", t_as_module_type_count, 'I'},
    {"as_module_type_by_index", t_as_module_type_by_index, 'P'},
    {"as_module_type_by_name", t_as_module_type_by_name, 'P'},
    {"as_module_type_id_by_decl", t_as_module_type_id_by_decl, 'I'},
    {"as_module_type_by_decl", t_as_module_type_by_decl, 'P'},
    {"as_module_typedef_count", t_as_module_typedef_count, 'I'},
    {"as_module_typedef", t_as_module_typedef, 'I'},
    {"as_module_save_bytecode", t_as_module_save_bytecode, 'I'},
    {"as_module_load_bytecode", t_as_module_load_bytecode, 'I'},
    {"as_module_save_bytecode_to_memory", t_as_module_save_bytecode_to_memory, 'I'},
    {"as_engine_set_bytecode_key", t_as_engine_set_bytecode_key, 'I'},
    {"as_module_load_bytecode_from_memory", t_as_module_load_bytecode_from_memory, 'I'},
    {"as_function_id", t_as_function_id, 'I'},
    {"as_function_kind", t_as_function_kind, 'U'},
    {"as_function_subtype_count", t_as_function_subtype_count, 'I'},
    {"as_function_subtype_id", t_as_function_subtype_id, 'I'},
    {"as_function_subtype", t_as_function_subtype, 'P'},
    {"as_function_object_type", t_as_function_object_type, 'P'},
    {"as_function_module", t_as_function_module, 'P'},
    {"as_function_is_private", t_as_function_is_private, 'U'},
    {"as_function_is_read_only", t_as_function_is_read_only, 'U'},
    {"as_function_is_final", t_as_function_is_final, 'U'},
    {"as_function_is_override", t_as_function_is_override, 'U'},
    {"as_function_is_shared", t_as_function_is_shared, 'U'},
    {"as_function_is_property", t_as_function_is_property, 'U'},
    {"as_function_is_protected", t_as_function_is_protected, 'U'},
    {"as_function_is_explicit", t_as_function_is_explicit, 'U'},
    {"as_function_module_name", t_as_function_module_name, 'P'},
    {"as_function_object_name", t_as_function_object_name, 'P'},
    {"as_function_delegate_object", t_as_function_delegate_object, 'P'},
    {"as_function_delegate_object_type", t_as_function_delegate_object_type, 'P'},
    {"as_function_delegate_function", t_as_function_delegate_function, 'P'},
    {"as_function_is_compatible_with_type_id", t_as_function_is_compatible_with_type_id, 'U'},
    {"as_function_config_group", t_as_function_config_group, 'P'},
    {"as_function_access_mask", t_as_function_access_mask, 'U'},
    {"as_type_access_mask", t_as_type_access_mask, 'U'},
    {"as_function_list_pattern", t_as_function_list_pattern, 'P'},
    {"as_engine_global_property_access_mask", t_as_engine_global_property_access_mask, 'U'},
    {"as_engine_typedef_access_mask", t_as_engine_typedef_access_mask, 'U'},
    {"as_function_var_count", t_as_function_var_count, 'I'},
    {"as_function_var", t_as_function_var, 'I'},
    {"as_function_var_declaration", t_as_function_var_declaration, 'P'},
    {"as_function_param_default", t_as_function_param_default, 'P'},
    {"as_function_type_id", t_as_function_type_id, 'I'},
    {"as_function_find_next_line_with_code", t_as_function_find_next_line_with_code, 'I'},
    {"as_function_name", t_as_function_name, 'P'},
    {"as_function_namespace", t_as_function_namespace, 'P'},
    {"as_function_declaration", t_as_function_declaration, 'P'},
    {"as_function_param_count", t_as_function_param_count, 'I'},
    {"as_function_param", t_as_function_param, 'I'},
    {"as_function_return_type_id", t_as_function_return_type_id, 'I'},
    {"as_function_declared_at", t_as_function_declared_at, 'I'},
    {"as_function_auxiliary", t_as_function_auxiliary, 'P'},
    {"as_function_set_user_data", t_as_function_set_user_data, 'P'},
    {"as_engine_get_message_callback", t_as_engine_get_message_callback, 'I'},
    {"as_engine_get_string_factory", t_as_engine_get_string_factory, 'P'},
    {"as_engine_set_template_error", t_as_engine_set_template_error, 'I'},
    {"as_type_set_size", t_as_type_set_size, 'I'},
    {"as_type_set_refcount_offset", t_as_type_set_refcount_offset, 'I'},
    {"as_type_set_elements", t_as_type_set_elements, 'I'},
    {"as_function_set_intrinsic", t_as_function_set_intrinsic, 'I'},
    {"as_function_stub_declaration", t_as_function_stub_declaration, 'P'},
    {"as_function_set_deprecated", t_as_function_set_deprecated, 'I'},
    {"as_function_set_no_discard", t_as_function_set_no_discard, 'I'},
    {"as_function_set_subtype_inference", t_as_function_set_subtype_inference, 'I'},
    {"as_type_set_covariant", t_as_type_set_covariant, 'I'},
    {"as_type_is_covariant", t_as_type_is_covariant, 'U'},
    {"as_function_get_user_data", t_as_function_get_user_data, 'P'},
    {"as_function_addref", t_as_function_addref, 'I'},
    {"as_function_release", t_as_function_release, 'I'},
    {"as_engine_function_by_id", t_as_engine_function_by_id, 'P'},
    {"as_engine_function_count", t_as_engine_function_count, 'I'},
    {"as_engine_function_by_index", t_as_engine_function_by_index, 'P'},
    {"as_engine_function_by_decl", t_as_engine_function_by_decl, 'P'},
    {"as_engine_create_delegate", t_as_engine_create_delegate, 'P'},
    {"as_context_create", t_as_context_create, 'P'},
    {"as_context_destroy", t_as_context_destroy, 'V'},
    {"as_context_engine", t_as_context_engine, 'P'},
    {"as_engine_request_context", t_as_engine_request_context, 'P'},
    {"as_engine_return_context", t_as_engine_return_context, 'V'},
    {"as_engine_set_context_callbacks", t_as_engine_set_context_callbacks, 'I'},
    {"as_context_prepare", t_as_context_prepare, 'I'},
    {"as_context_unprepare", t_as_context_unprepare, 'I'},
    {"as_context_execute", t_as_context_execute, 'I'},
    {"as_context_state", t_as_context_state, 'U'},
    {"as_context_abort", t_as_context_abort, 'I'},
    {"as_context_suspend", t_as_context_suspend, 'I'},
    {"as_context_set_budget", t_as_context_set_budget, 'I'},
    {"as_engine_set_budget", t_as_engine_set_budget, 'I'},
    {"as_engine_budget_left", t_as_engine_budget_left, 'U'},
    {"as_context_push_state", t_as_context_push_state, 'I'},
    {"as_context_pop_state", t_as_context_pop_state, 'I'},
    {"as_context_is_nested", t_as_context_is_nested, 'U'},
    {"as_context_set_user_data", t_as_context_set_user_data, 'P'},
    {"as_context_get_user_data", t_as_context_get_user_data, 'P'},
    {"as_context_set_object", t_as_context_set_object, 'I'},
    {"as_context_set_arg_byte", t_as_context_set_arg_byte, 'I'},
    {"as_context_set_arg_word", t_as_context_set_arg_word, 'I'},
    {"as_context_set_arg_dword", t_as_context_set_arg_dword, 'I'},
    {"as_context_set_arg_qword", t_as_context_set_arg_qword, 'I'},
    {"as_context_set_arg_float", t_as_context_set_arg_float, 'I'},
    {"as_context_set_arg_double", t_as_context_set_arg_double, 'I'},
    {"as_context_set_arg_address", t_as_context_set_arg_address, 'I'},
    {"as_context_set_arg_object", t_as_context_set_arg_object, 'I'},
    {"as_context_set_arg_var_type", t_as_context_set_arg_var_type, 'I'},
    {"as_context_address_of_arg", t_as_context_address_of_arg, 'P'},
    {"as_context_return_byte", t_as_context_return_byte, 'U'},
    {"as_context_return_word", t_as_context_return_word, 'U'},
    {"as_context_return_dword", t_as_context_return_dword, 'U'},
    {"as_context_return_qword", t_as_context_return_qword, 'U'},
    {"as_context_return_float", t_as_context_return_float, 'N'},
    {"as_context_return_double", t_as_context_return_double, 'N'},
    {"as_context_return_address", t_as_context_return_address, 'P'},
    {"as_context_return_object", t_as_context_return_object, 'P'},
    {"as_context_address_of_return_value", t_as_context_address_of_return_value, 'P'},
    {"as_context_set_exception", t_as_context_set_exception, 'I'},
    {"as_context_exception_string", t_as_context_exception_string, 'P'},
    {"as_context_exception_function", t_as_context_exception_function, 'P'},
    {"as_context_exception_line", t_as_context_exception_line, 'I'},
    {"as_context_exception_frame_count", t_as_context_exception_frame_count, 'I'},
    {"as_context_exception_frame", t_as_context_exception_frame, 'P'},
    {"as_context_set_line_callback", t_as_context_set_line_callback, 'I'},
    {"as_context_clear_line_callback", t_as_context_clear_line_callback, 'V'},
    {"as_context_set_exception_callback", t_as_context_set_exception_callback, 'I'},
    {"as_context_will_exception_be_caught", t_as_context_will_exception_be_caught, 'U'},
    {"as_context_callstack_size", t_as_context_callstack_size, 'U'},
    {"as_context_function", t_as_context_function, 'P'},
    {"as_context_line_number", t_as_context_line_number, 'I'},
    {"as_context_var_count", t_as_context_var_count, 'I'},
    {"as_context_var", t_as_context_var, 'I'},
    {"as_context_var_declaration", t_as_context_var_declaration, 'P'},
    {"as_context_is_var_in_scope", t_as_context_is_var_in_scope, 'U'},
    {"as_context_address_of_var", t_as_context_address_of_var, 'P'},
    {"as_context_address_of_var_ex", t_as_context_address_of_var_ex, 'P'},
    {"as_context_this_pointer", t_as_context_this_pointer, 'P'},
    {"as_context_this_type_id", t_as_context_this_type_id, 'I'},
    {"as_context_find_variable", t_as_context_find_variable, 'I'},
    {"as_active_context", t_as_active_context, 'P'},
    {"as_context_system_function", t_as_context_system_function, 'P'},
    {"as_generic_engine", t_as_generic_engine, 'P'},
    {"as_generic_function", t_as_generic_function, 'P'},
    {"as_generic_auxiliary", t_as_generic_auxiliary, 'P'},
    {"as_generic_object", t_as_generic_object, 'P'},
    {"as_generic_object_type_id", t_as_generic_object_type_id, 'I'},
    {"as_generic_arg_count", t_as_generic_arg_count, 'I'},
    {"as_generic_arg_type_id", t_as_generic_arg_type_id, 'I'},
    {"as_generic_arg_byte", t_as_generic_arg_byte, 'U'},
    {"as_generic_arg_word", t_as_generic_arg_word, 'U'},
    {"as_generic_arg_dword", t_as_generic_arg_dword, 'U'},
    {"as_generic_arg_qword", t_as_generic_arg_qword, 'U'},
    {"as_generic_arg_float", t_as_generic_arg_float, 'N'},
    {"as_generic_arg_double", t_as_generic_arg_double, 'N'},
    {"as_generic_arg_address", t_as_generic_arg_address, 'P'},
    {"as_generic_arg_object", t_as_generic_arg_object, 'P'},
    {"as_generic_address_of_arg", t_as_generic_address_of_arg, 'P'},
    {"as_generic_return_type_id", t_as_generic_return_type_id, 'I'},
    {"as_generic_set_return_byte", t_as_generic_set_return_byte, 'I'},
    {"as_generic_set_return_word", t_as_generic_set_return_word, 'I'},
    {"as_generic_set_return_dword", t_as_generic_set_return_dword, 'I'},
    {"as_generic_set_return_qword", t_as_generic_set_return_qword, 'I'},
    {"as_generic_set_return_float", t_as_generic_set_return_float, 'I'},
    {"as_generic_set_return_double", t_as_generic_set_return_double, 'I'},
    {"as_generic_set_return_address", t_as_generic_set_return_address, 'I'},
    {"as_generic_set_return_object", t_as_generic_set_return_object, 'I'},
    {"as_generic_return_location", t_as_generic_return_location, 'P'},
};
/* Pointer results a function may give without a handle. */
static bool pointer_allowed(const char *name)
{
    static const char *const names[] = {"as_library_version", "as_library_options", "as_alloc_mem", "as_engine_create",
                                        "as_lockable_shared_bool_create", "as_result_text"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i])) return true;
    return false;
}

/* Int results that count, measure or name something: 0 is their answer for no handle. */
static bool zero_allowed(const char *name)
{
    if (!strcmp(name, "as_reset_global_memory_functions")) return true;   /* takes no handle */
    static const char *const words[] = {"count", "size", "_id", "typeid", "index", "line", "column", "flags",
                                        "offset", "version", "refcount", "addref", "release", "length", "state",
                                        "slots", "nested", "gc_", "access", "kind", "traits", "behaviour", "max_portability"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strstr(name, words[i])) return true;
    return false;
}

static const api_case *current;

static void run_case(void)
{
    result_int = -1;
    result_ptr = NULL;
    current->fn();
    if (current->kind == 'P' && result_ptr && !pointer_allowed(current->name)) {
        fprintf(stderr, "  %s(NULL...) returned a pointer\n", current->name);
        failures++;
    }
    if (current->kind == 'I' && result_int > 0 && !zero_allowed(current->name)) {
        fprintf(stderr, "  %s(NULL...) returned %d\n", current->name, result_int);
        failures++;
    }
    if (current->kind == 'I' && result_int == 0 && !zero_allowed(current->name)) {
        fprintf(stderr, "  %s(NULL...) returned 0 (success)\n", current->name);
        failures++;
    }
    if (current->fn == t_as_set_global_memory_functions) as_reset_global_memory_functions();
}

/* The functions include/angelc.h declares, each in the table. */
static void all_listed(void)
{
    FILE *fp = fopen("include/angelc.h", "r");
    if (!fp) {
        fprintf(stderr, "  include/angelc.h not found (run from the source tree): not checked\n");
        return;
    }
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, fp);
    fclose(fp);
    text[n] = 0;
    /* comments and preprocessor lines out */
    for (char *p = text; *p; p++) {
        if (p[0] == '/' && p[1] == '*') {
            char *end = strstr(p + 2, "*/");
            char *stop = end ? end + 2 : p + strlen(p);
            memset(p, ' ', (size_t)(stop - p));
            p = stop - 1;
        } else if (*p == '#' && (p == text || p[-1] == '\n')) {
            while (*p && *p != '\n') *p++ = ' ';
        }
    }
    int declared = 0;
    for (char *p = strstr(text, "as_"); p; p = strstr(p + 1, "as_")) {
        if (p > text && (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= '0' && p[-1] <= '9'))) continue;
        char *q = p + 3;
        while ((*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9') || *q == '_') q++;
        if (*q != '(') continue;
        const char *b = p;
        while (b > text && b[-1] == ' ') b--;
        if (b > text && b[-1] == '*') {
            const char *c = b - 1;
            while (c > text && c[-1] == ' ') c--;
            if (c > text && c[-1] == '(') continue;   /* (*as_xxx_fn)(...): a function pointer typedef */
        }
        declared++;
        size_t len = (size_t)(q - p);
        bool found = false;
        for (size_t i = 0; i < sizeof cases / sizeof cases[0] && !found; i++)
            found = strlen(cases[i].name) == len && !strncmp(cases[i].name, p, len);
        if (!found) {
            fprintf(stderr, "  %.*s is not in tests/api/null_handles.c\n", (int)len, p);
            failures++;
        }
    }
    if (declared < (int)(sizeof cases / sizeof cases[0])) fprintf(stderr, "  %d declared, %zu tested\n", declared, sizeof cases / sizeof cases[0]);
    CHECK(declared >= (int)(sizeof cases / sizeof cases[0]));
}

int main(void)
{
    group_alarm = 10;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        current = &cases[i];
        group(cases[i].name, run_case);
    }
    group("every function listed", all_listed);
    return failures ? 1 : 0;
}
