#include "app/resource_paths.hpp"

#include <cstdlib>

namespace terranav::app {
namespace {

std::filesystem::path from_env_or(const char* variable, const char* subdirectory) {
  if (const char* value = std::getenv(variable); value != nullptr && *value != '\0') return value;
  return executable_dir() / subdirectory;
}

}  // namespace

std::filesystem::path executable_dir() {
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::filesystem::current_path() : exe.parent_path();
}

std::filesystem::path shader_dir() {
  return from_env_or("TERRANAV_SHADER_DIR", "shaders");
}

std::filesystem::path data_dir() {
  return from_env_or("TERRANAV_DATA_DIR", "data");
}

}  // namespace terranav::app
