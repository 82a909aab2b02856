#include "terranav/engine/render/lod_error.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "terranav/engine/gl/gl_object.hpp"
#include "terranav/engine/render/renderer.hpp"

namespace terranav::engine {

LodError lod_error(const nav::Heightmap& heightmap, const OrbitCamera& camera, Viewport viewport,
                   std::span<const float> depth) {
  const glm::dmat4 to_clip = nav_to_clip(camera, viewport);
  const glm::dmat4 from_clip = glm::inverse(to_clip);
  const auto pixel_of = [&](const glm::dvec3& p) {
    const glm::dvec4 c = to_clip * glm::dvec4(p, 1.0);
    return glm::dvec2(c.x / c.w * 0.5 * viewport.width, c.y / c.w * 0.5 * viewport.height);
  };
  std::vector<double> errors;
  for (int row = 0; row < viewport.height; ++row) {
    for (int col = 0; col < viewport.width; ++col) {
      const float d =
          depth[static_cast<std::size_t>(row) * static_cast<std::size_t>(viewport.width) +
                static_cast<std::size_t>(col)];
      if (d >= 1.0f) continue;
      const glm::dvec4 ndc(2.0 * (col + 0.5) / viewport.width - 1.0,
                           2.0 * (row + 0.5) / viewport.height - 1.0, 2.0 * d - 1.0, 1.0);
      glm::dvec4 p = from_clip * ndc;
      const glm::dvec3 on_lod = glm::dvec3(p) / p.w;
      const glm::dvec3 on_full(on_lod.x, heightmap.surface_height(on_lod.x, on_lod.z), on_lod.z);
      errors.push_back(glm::length(pixel_of(on_full) - pixel_of(on_lod)));
    }
  }
  LodError out;
  out.pixels = static_cast<int>(errors.size());
  if (errors.empty()) return out;
  const auto p99 = errors.begin() + static_cast<std::ptrdiff_t>(errors.size() * 99 / 100);
  std::nth_element(errors.begin(), p99, errors.end());
  out.p99_px = *p99;
  out.max_px = *std::max_element(errors.begin(), errors.end());
  return out;
}

std::vector<float> terrain_depth(Renderer& renderer, const World& world, const OrbitCamera& camera,
                                 Viewport viewport) {
  GLint previous = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous);
  const Framebuffer framebuffer = make_framebuffer();
  const Renderbuffer colour = make_renderbuffer();
  const Renderbuffer depth = make_renderbuffer();
  glBindRenderbuffer(GL_RENDERBUFFER, colour.id());
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, viewport.width, viewport.height);
  glBindRenderbuffer(GL_RENDERBUFFER, depth.id());
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT32F, viewport.width, viewport.height);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.id());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour.id());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth.id());
  renderer.draw_terrain(world, camera, viewport);
  std::vector<float> out(static_cast<std::size_t>(viewport.width) *
                         static_cast<std::size_t>(viewport.height));
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadPixels(0, 0, viewport.width, viewport.height, GL_DEPTH_COMPONENT, GL_FLOAT, out.data());
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous));
  return out;
}

}  // namespace terranav::engine
