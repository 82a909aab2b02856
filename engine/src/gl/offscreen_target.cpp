#include "terranav/engine/gl/offscreen_target.hpp"

#include <algorithm>
#include <string>

#include "terranav/nav/types.hpp"

namespace terranav::engine {
namespace {

void check_complete(GLenum target, const char* which) {
  const GLenum status = glCheckFramebufferStatus(target);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    throw nav::Error(std::string("offscreen ") + which + " framebuffer incomplete (status " +
                     std::to_string(status) + ")");
  }
}

}  // namespace

OffscreenTarget::OffscreenTarget(Viewport size, int samples)
    : size_(size),
      samples_(samples),
      multisampled_(make_framebuffer()),
      colour_(make_renderbuffer()),
      depth_(make_renderbuffer()),
      resolved_(make_framebuffer()),
      resolved_colour_(make_renderbuffer()) {
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  samples_ = std::clamp(samples, 0, static_cast<int>(max_samples));
  // Storage with 0 samples is a plain renderbuffer (GL 3.3, 4.4.2.1).
  glBindRenderbuffer(GL_RENDERBUFFER, colour_.id());
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples_, GL_RGBA8, size.width, size.height);
  glBindRenderbuffer(GL_RENDERBUFFER, depth_.id());
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples_, GL_DEPTH_COMPONENT24, size.width,
                                   size.height);
  glBindFramebuffer(GL_FRAMEBUFFER, multisampled_.id());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_.id());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_.id());
  check_complete(GL_FRAMEBUFFER, "multisampled");

  glBindRenderbuffer(GL_RENDERBUFFER, resolved_colour_.id());
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, size.width, size.height);
  glBindFramebuffer(GL_FRAMEBUFFER, resolved_.id());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                            resolved_colour_.id());
  check_complete(GL_FRAMEBUFFER, "resolve");
  bind();
}

void OffscreenTarget::bind() const {
  glBindFramebuffer(GL_FRAMEBUFFER, multisampled_.id());
}

Image OffscreenTarget::read() const {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, multisampled_.id());
  if (samples_ == 0) return read_framebuffer(size_);  // nothing to resolve
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved_.id());
  glBlitFramebuffer(0, 0, size_.width, size_.height, 0, 0, size_.width, size_.height,
                    GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolved_.id());
  Image image = read_framebuffer(size_);
  bind();
  return image;
}

}  // namespace terranav::engine
