// Move-only RAII owners of OpenGL object names. They must be created and
// destroyed with the owning context current.
#pragma once

#include <utility>

#include <glad/gl.h>

namespace terranav::engine {

/// Owns one GL name; Deleter frees it. 0 = owns nothing.
template <typename Deleter>
class GlObject {
 public:
  GlObject() = default;
  explicit GlObject(GLuint id) noexcept : id_(id) {}
  ~GlObject() { reset(); }
  GlObject(GlObject&& other) noexcept : id_(std::exchange(other.id_, 0)) {}
  GlObject& operator=(GlObject&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, 0);
    }
    return *this;
  }
  GlObject(const GlObject&) = delete;
  GlObject& operator=(const GlObject&) = delete;

  GLuint id() const noexcept { return id_; }
  void reset() noexcept {
    if (id_ != 0) Deleter{}(id_);
    id_ = 0;
  }

 private:
  GLuint id_ = 0;
};

struct BufferDeleter {
  void operator()(GLuint id) const noexcept { glDeleteBuffers(1, &id); }
};
struct VertexArrayDeleter {
  void operator()(GLuint id) const noexcept { glDeleteVertexArrays(1, &id); }
};
struct TextureDeleter {
  void operator()(GLuint id) const noexcept { glDeleteTextures(1, &id); }
};
struct FramebufferDeleter {
  void operator()(GLuint id) const noexcept { glDeleteFramebuffers(1, &id); }
};
struct RenderbufferDeleter {
  void operator()(GLuint id) const noexcept { glDeleteRenderbuffers(1, &id); }
};
struct ShaderDeleter {
  void operator()(GLuint id) const noexcept { glDeleteShader(id); }
};
struct ProgramDeleter {
  void operator()(GLuint id) const noexcept { glDeleteProgram(id); }
};

using Buffer = GlObject<BufferDeleter>;
using VertexArray = GlObject<VertexArrayDeleter>;
using Texture = GlObject<TextureDeleter>;
using Framebuffer = GlObject<FramebufferDeleter>;
using Renderbuffer = GlObject<RenderbufferDeleter>;
using Shader = GlObject<ShaderDeleter>;
using Program = GlObject<ProgramDeleter>;

/// One new GL name from a glGen* function, owned.
template <typename Owner>
Owner generate(void (*gen)(GLsizei, GLuint*)) {
  GLuint id = 0;
  gen(1, &id);
  return Owner(id);
}
inline Buffer make_buffer() {
  return generate<Buffer>(glGenBuffers);
}
inline VertexArray make_vertex_array() {
  return generate<VertexArray>(glGenVertexArrays);
}
inline Texture make_texture() {
  return generate<Texture>(glGenTextures);
}
inline Framebuffer make_framebuffer() {
  return generate<Framebuffer>(glGenFramebuffers);
}
inline Renderbuffer make_renderbuffer() {
  return generate<Renderbuffer>(glGenRenderbuffers);
}

}  // namespace terranav::engine
