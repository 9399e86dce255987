# angelc-bindgen (tools/bindgen): reads C headers with libclang's C API and writes binding-toolkit
# code (docs/bindgen.md). Built only where libclang is found (Debian: libclang-dev), so a machine
# without it still builds everything else. With the tests, it generates the binds of zlib, cJSON
# and SQLite from their installed headers at build time and links each into a custom command line
# (build/bindgen/bindgen_<lib>: angelc_cli_main and the binds, run by tests/cli/bindgen.sh).
option(ANGELC_BINDGEN "Build angelc-bindgen when libclang is found" ${ANGELC_TOP_LEVEL})
if(NOT ANGELC_BINDGEN)
  return()
endif()

file(GLOB ANGELC_LLVM_DIRS LIST_DIRECTORIES true /usr/lib/llvm-*)
list(SORT ANGELC_LLVM_DIRS COMPARE NATURAL ORDER DESCENDING)   # the newest first
set(ANGELC_LLVM_INCLUDES)
set(ANGELC_LLVM_LIBS)
foreach(d ${ANGELC_LLVM_DIRS})
  list(APPEND ANGELC_LLVM_INCLUDES ${d}/include)
  list(APPEND ANGELC_LLVM_LIBS ${d}/lib)
endforeach()
find_path(ANGELC_CLANG_INCLUDE_DIR clang-c/Index.h PATHS ${ANGELC_LLVM_INCLUDES})
find_library(ANGELC_LIBCLANG NAMES clang libclang PATHS ${ANGELC_LLVM_LIBS})
if(NOT ANGELC_CLANG_INCLUDE_DIR OR NOT ANGELC_LIBCLANG)
  message(STATUS "angelc-bindgen: libclang not found (install libclang-dev): not built")
  return()
endif()
message(STATUS "angelc-bindgen: libclang ${ANGELC_LIBCLANG}")

file(GLOB ANGELC_BINDGEN_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tools/bindgen/*.c)
add_executable(angelc-bindgen ${ANGELC_BINDGEN_SOURCES})
target_include_directories(angelc-bindgen PRIVATE ${ANGELC_CLANG_INCLUDE_DIR})
# angelc_static: the toolkit's C-to-script scalar map (as_bind_scalar_by_c_name)
target_link_libraries(angelc-bindgen PRIVATE ${ANGELC_LIBCLANG} angelc_static)
if(ANGELC_INSTALL)
  # installed beside angelc with its man page; libclang stays where it was found (llvm-N/lib)
  set_target_properties(angelc-bindgen PROPERTIES INSTALL_RPATH_USE_LINK_PATH TRUE)
  install(TARGETS angelc-bindgen RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT bindgen)
  configure_file(${CMAKE_CURRENT_SOURCE_DIR}/docs/angelc-bindgen.1 ${CMAKE_CURRENT_BINARY_DIR}/angelc-bindgen.1 @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/angelc-bindgen.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT bindgen)
endif()

if(NOT ANGELC_BUILD_TESTS OR NOT TARGET angelc_cli)
  return()   # the test programs are custom command lines (angelc_cli)
endif()

# tests/bindgen/<dir>/<dir>.cfg binds <header>, linked with <library> (each found or skipped)
function(angelc_bindgen_test dir header library)
  find_path(ANGELC_BG_${dir}_INCLUDE ${header})
  find_library(ANGELC_BG_${dir}_LIB ${library})
  if(NOT ANGELC_BG_${dir}_INCLUDE OR NOT ANGELC_BG_${dir}_LIB)
    message(STATUS "angelc-bindgen: ${header} or lib${library} not found: bindgen_${dir} not built")
    return()
  endif()
  set(cfg ${CMAKE_CURRENT_SOURCE_DIR}/tests/bindgen/${dir}/${dir}.cfg)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/bindgen/${dir}_binds.c)
  # the generator's own leaks are libclang's business: only the hosts are checked for leaks
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/bindgen
    COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0 $<TARGET_FILE:angelc-bindgen> -q -c ${cfg}
            -o ${out} ${ANGELC_BG_${dir}_INCLUDE}/${header}
    DEPENDS angelc-bindgen ${cfg}
    COMMENT "angelc-bindgen ${header}")
  add_executable(bindgen_${dir} ${CMAKE_CURRENT_SOURCE_DIR}/tests/bindgen/host.c ${out})
  target_link_libraries(bindgen_${dir} PRIVATE angelc_cli ${ANGELC_BG_${dir}_LIB})
  set_target_properties(bindgen_${dir} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/bindgen)
endfunction()
angelc_bindgen_test(zlib zlib.h z)
angelc_bindgen_test(cjson cjson/cJSON.h cjson)
angelc_bindgen_test(sqlite3 sqlite3.h sqlite3)

# tests/bindgen/mini: a small library of our own for what the three do not show (enums, value
# structs, callbacks), compiled into its host
set(ANGELC_BG_MINI ${CMAKE_CURRENT_SOURCE_DIR}/tests/bindgen/mini)
add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/bindgen/mini_binds.c
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/bindgen
  COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0 $<TARGET_FILE:angelc-bindgen> -q -c ${ANGELC_BG_MINI}/mini.cfg
          -o ${CMAKE_CURRENT_BINARY_DIR}/bindgen/mini_binds.c ${ANGELC_BG_MINI}/mini.h
  DEPENDS angelc-bindgen ${ANGELC_BG_MINI}/mini.cfg ${ANGELC_BG_MINI}/mini.h
  COMMENT "angelc-bindgen mini.h")
add_executable(bindgen_mini ${CMAKE_CURRENT_SOURCE_DIR}/tests/bindgen/host.c ${ANGELC_BG_MINI}/mini.c
               ${CMAKE_CURRENT_BINARY_DIR}/bindgen/mini_binds.c)
target_include_directories(bindgen_mini PRIVATE ${ANGELC_BG_MINI})
target_link_libraries(bindgen_mini PRIVATE angelc_cli)
set_target_properties(bindgen_mini PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/bindgen)
