#include "terranav/engine/gl/multisampling.hpp"

#include <string_view>

#include <glad/gl.h>

namespace terranav::engine {

bool software_renderer() {
  const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  if (name == nullptr) return false;
  const std::string_view renderer(name);
  for (const std::string_view cpu : {"llvmpipe", "softpipe", "swrast"}) {
    if (renderer.find(cpu) != std::string_view::npos) return true;
  }
  return false;
}

int choose_samples(int requested) {
  if (requested >= 0) return requested;
  return software_renderer() ? 0 : 4;
}

}  // namespace terranav::engine
