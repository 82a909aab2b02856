# terranav_warnings(target): the project's warning set, applied per target so
# third-party code (glad, ImGui) keeps its own flags.
function(terranav_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion)
  if(TERRANAV_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
