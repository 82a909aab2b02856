#include "terranav/engine/render/gl_debug_draw.hpp"

#include <algorithm>
#include <cstddef>
#include <string>

namespace terranav::engine {
namespace {

// Clip-space z pulled towards the eye, times w: enough for lines lying on
// the terrain's triangles to pass the depth test against them.
constexpr float kDepthBias = 5e-5f;

GLenum mode_of(nav::Primitive primitive) noexcept {
  switch (primitive) {
    case nav::Primitive::Points:
      return GL_POINTS;
    case nav::Primitive::Lines:
      return GL_LINES;
    case nav::Primitive::Triangles:
      return GL_TRIANGLES;
  }
  return GL_POINTS;
}

GLsizei per_primitive(nav::Primitive primitive) noexcept {
  return primitive == nav::Primitive::Lines ? 2 : primitive == nav::Primitive::Triangles ? 3 : 1;
}

// The widest line this context draws: 1 in a forward-compatible context
// (wider is an error there), else the driver's aliased range.
float max_line_width() {
  GLint flags = 0;
  glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
  if ((flags & GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT) != 0) return 1.0f;
  GLfloat range[2] = {1.0f, 1.0f};
  glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, range);
  return std::max(1.0f, range[1]);
}

}  // namespace

GlDebugDraw::GlDebugDraw(const std::filesystem::path& shader_dir)
    : program_(shader_dir / "debug.vert", shader_dir / "debug.frag"),
      vao_(make_vertex_array()),
      buffer_(make_buffer()),
      field_(make_texture()) {
  glBindVertexArray(vao_.id());
  glBindBuffer(GL_ARRAY_BUFFER, buffer_.id());
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(Vertex),
                        reinterpret_cast<const void*>(offsetof(Vertex, colour)));
  glBindVertexArray(0);
}

void GlDebugDraw::begin(nav::Primitive primitive, float size) {
  if (open_) end();
  open_ = true;
  batches_.push_back({primitive, size, static_cast<GLint>(vertices_.size()), 0});
}

void GlDebugDraw::vertex(const nav::Vec3& position, nav::Rgba colour) {
  if (!open_) return;
  vertices_.push_back({static_cast<float>(position.x), static_cast<float>(position.y),
                       static_cast<float>(position.z), colour});
}

void GlDebugDraw::end() {
  if (!open_) return;
  open_ = false;
  Batch& batch = batches_.back();
  const auto added = static_cast<GLsizei>(vertices_.size()) - batch.first;
  batch.count = added - added % per_primitive(batch.primitive);  // drop a partial primitive
  vertices_.resize(static_cast<std::size_t>(batch.first + batch.count));
  if (batch.count == 0) batches_.pop_back();
  uploaded_ = false;
}

void GlDebugDraw::tile_field(int tiles_wide, int tiles_deep, std::span<const nav::Rgba> colours) {
  if (tiles_wide < 1 || tiles_deep < 1 ||
      colours.size() !=
          static_cast<std::size_t>(tiles_wide) * static_cast<std::size_t>(tiles_deep)) {
    throw nav::Error("debug draw: a tile field of " + std::to_string(tiles_wide) + " x " +
                     std::to_string(tiles_deep) + " tiles got " + std::to_string(colours.size()) +
                     " colours");
  }
  static_assert(sizeof(nav::Rgba) == 4);
  glBindTexture(GL_TEXTURE_2D, field_.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, tiles_wide, tiles_deep, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               colours.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
  field_size_ = {tiles_wide, tiles_deep};
  tinted_.resize(colours.size());
  std::transform(colours.begin(), colours.end(), tinted_.begin(),
                 [](const nav::Rgba& c) { return static_cast<std::uint8_t>(c.a > 0 ? 1 : 0); });
}

void GlDebugDraw::clear() noexcept {
  vertices_.clear();
  batches_.clear();
  open_ = false;
  uploaded_ = false;
  field_size_ = {0, 0};
  tinted_.clear();
}

void GlDebugDraw::draw_primitives(const glm::mat4& nav_to_clip) {
  if (!uploaded_) {
    glBindBuffer(GL_ARRAY_BUFFER, buffer_.id());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices_.size() * sizeof(Vertex)),
                 vertices_.data(), GL_STATIC_DRAW);
    uploaded_ = true;
  }
  if (batches_.empty()) return;
  program_.use();
  program_.set("u_nav_to_clip", nav_to_clip);
  program_.set("u_depth_bias", kDepthBias);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  glEnable(GL_PROGRAM_POINT_SIZE);
  const float widest = max_line_width();
  glBindVertexArray(vao_.id());
  for (const Batch& batch : batches_) {
    program_.set("u_point_size", std::max(1.0f, batch.size));
    if (batch.primitive == nav::Primitive::Lines) {
      glLineWidth(std::clamp(batch.size, 1.0f, widest));
    }
    glDrawArrays(mode_of(batch.primitive), batch.first, batch.count);
  }
  glLineWidth(1.0f);
  glBindVertexArray(0);
  glDisable(GL_PROGRAM_POINT_SIZE);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

}  // namespace terranav::engine
