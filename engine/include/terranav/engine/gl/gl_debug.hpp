// GL debug output (KHR_debug / GL 4.3) in debug builds.
#pragma once

#include <glad/gl.h>

namespace terranav::engine {

/// In builds with TERRANAV_GL_DEBUG (CMake Debug), when the current context
/// offers glDebugMessageCallback (looked up through `load`, since the glad
/// loader is core 3.3 only), prints every debug message to stderr,
/// synchronously. Returns true when enabled; a no-op returning false
/// otherwise.
bool enable_gl_debug_output(GLADloadfunc load);

}  // namespace terranav::engine
