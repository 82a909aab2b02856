// An offscreen framebuffer to render into without a window: colour + depth,
// multisampled unless asked not to, resolved into a plain colour buffer for
// reading back.
#pragma once

#include "terranav/engine/gl/gl_object.hpp"
#include "terranav/engine/gl/image.hpp"
#include "terranav/engine/view/camera.hpp"

namespace terranav::engine {

class OffscreenTarget {
 public:
  /// Creates the framebuffers with min(samples, GL_MAX_SAMPLES) samples per
  /// pixel (0: a plain framebuffer, nothing to resolve). Throws nav::Error if
  /// a framebuffer is incomplete. Needs a current context.
  explicit OffscreenTarget(Viewport size, int samples = 4);

  /// Makes this the draw framebuffer.
  void bind() const;
  /// Resolves the multisampled image and reads it back, top row first.
  Image read() const;
  /// Samples per pixel (0 when not multisampled).
  int samples() const noexcept { return samples_; }

 private:
  Viewport size_;
  int samples_;
  Framebuffer multisampled_;  ///< drawn into; plain when samples_ is 0
  Renderbuffer colour_;
  Renderbuffer depth_;
  Framebuffer resolved_;
  Renderbuffer resolved_colour_;
};

}  // namespace terranav::engine
