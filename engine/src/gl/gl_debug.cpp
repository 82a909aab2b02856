#include "terranav/engine/gl/gl_debug.hpp"

#include <cstring>
#include <iostream>

namespace terranav::engine {

#if defined(TERRANAV_GL_DEBUG)
namespace {

// KHR_debug names, absent from the core 3.3 glad header.
constexpr GLenum kDebugOutput = 0x92E0;
constexpr GLenum kDebugOutputSynchronous = 0x8242;
using DebugProc = void (*)(GLenum, GLenum, GLuint, GLenum, GLsizei, const GLchar*, const void*);
using DebugMessageCallback = void (*)(DebugProc, const void*);

void print_message(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                   const GLchar* message, const void*) {
  std::cerr << "GL debug (source 0x" << std::hex << source << ", type 0x" << type << ", severity 0x"
            << severity << std::dec << ", id " << id
            << "): " << std::string(message, static_cast<std::size_t>(length)) << '\n';
}

bool has_khr_debug() {
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  for (GLint k = 0; k < count; ++k) {
    const auto* name =
        reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(k)));
    if (name != nullptr && std::strcmp(name, "GL_KHR_debug") == 0) return true;
  }
  return false;
}

}  // namespace

bool enable_gl_debug_output(GLADloadfunc load) {
  if (!has_khr_debug()) return false;
  const auto callback = reinterpret_cast<DebugMessageCallback>(load("glDebugMessageCallback"));
  if (callback == nullptr) return false;
  glEnable(kDebugOutput);
  glEnable(kDebugOutputSynchronous);
  callback(print_message, nullptr);
  return true;
}
#else
bool enable_gl_debug_output(GLADloadfunc) {
  return false;
}
#endif

}  // namespace terranav::engine
