// The context's largest 2D texture, checked before a one-texel-per-sample
// upload of a heightmap.
#pragma once

#include <string>
#include <string_view>

#include <glad/gl.h>

#include "terranav/nav/types.hpp"

namespace terranav::engine {

/// Throws nav::Error ("<what>: a W x D heightmap exceeds the GL texture limit
/// of N texels per side") when width or depth exceeds GL_MAX_TEXTURE_SIZE
/// (16384 on llvmpipe). Needs a current GL context. O(1).
inline void require_texture_size(std::string_view what, int width, int depth) {
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  if (width > max_size || depth > max_size) {
    throw nav::Error(std::string(what) + ": a " + std::to_string(width) + " x " +
                     std::to_string(depth) + " heightmap exceeds the GL texture limit of " +
                     std::to_string(max_size) + " texels per side");
  }
}

}  // namespace terranav::engine
