#include "gdal_api.hpp"

#include <dlfcn.h>

#include <string>

#include "terranav/nav/printable_text.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav::gdal {
namespace {

// The library's soname, from the build (CMake reads it off libgdal).
constexpr const char* kLibrary = TERRANAV_GDAL_SONAME;

std::string dl_reason() {
  const char* reason = dlerror();
  return printable_text(reason != nullptr ? reason : "no reason given");
}

// Loads the library and every function, or says why not. Never unloaded:
// GDAL keeps drivers and caches for the process's life.
Api load(std::string& problem) {
  Api api;
  void* library = dlopen(kLibrary, RTLD_LAZY | RTLD_LOCAL);
  if (library == nullptr) {
    problem = dl_reason();
    return api;
  }
#define TERRANAV_GDAL_RESOLVE(name)                                      \
  api.name = reinterpret_cast<decltype(&::name)>(dlsym(library, #name)); \
  if (api.name == nullptr) {                                             \
    problem = "no function " #name " in it (" + dl_reason() + ")";       \
    return api;                                                          \
  }
  TERRANAV_GDAL_FUNCTIONS(TERRANAV_GDAL_RESOLVE)
#undef TERRANAV_GDAL_RESOLVE
  return api;
}

}  // namespace

const Api& api() {
  static std::string problem;
  static const Api loaded = load(problem);
  if (!problem.empty()) {
    throw Error(std::string("GDAL: cannot load ") + kLibrary + " (" + problem +
                "); GeoTIFF and other GDAL rasters need it (Debian: libgdal32)");
  }
  return loaded;
}

QuietErrors::QuietErrors() {
  api().CPLPushErrorHandler(api().CPLQuietErrorHandler);
  api().CPLErrorReset();
}

QuietErrors::~QuietErrors() {
  api().CPLPopErrorHandler();
}

std::string QuietErrors::message(std::string_view fallback) {
  const char* text = api().CPLGetLastErrorMsg();
  return printable_text(text != nullptr && *text != '\0' ? std::string_view(text) : fallback);
}

}  // namespace terranav::nav::gdal
