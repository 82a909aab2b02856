// An offscreen framebuffer to render into without a window: 4x multisampled
// colour + depth, resolved into a plain colour buffer for reading back.
#pragma once

#include "terranav/engine/gl/gl_object.hpp"
#include "terranav/engine/gl/image.hpp"
#include "terranav/engine/view/camera.hpp"

namespace terranav::engine {

class OffscreenTarget {
 public:
  /// Creates the framebuffers (samples = min(4, GL_MAX_SAMPLES)). Throws
  /// nav::Error if the framebuffer is incomplete. Needs a current context.
  explicit OffscreenTarget(Viewport size);

  /// Makes this the draw framebuffer.
  void bind() const;
  /// Resolves the multisampled image and reads it back, top row first.
  Image read() const;

 private:
  Viewport size_;
  Framebuffer multisampled_;
  Renderbuffer colour_;
  Renderbuffer depth_;
  Framebuffer resolved_;
  Renderbuffer resolved_colour_;
};

}  // namespace terranav::engine
