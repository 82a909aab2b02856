// nav::DebugDraw in OpenGL 3.3: primitives buffered and drawn with
// shaders/debug.{vert,frag}, the tile field kept in an RGBA8 texture that
// the terrain shader drapes over the ground.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/gl/gl_object.hpp"
#include "terranav/engine/gl/shader_program.hpp"
#include "terranav/nav/debug_draw.hpp"

namespace terranav::engine {

/// Collects what nav's draw_* functions draw, for drawing every frame until
/// clear(). Needs a current GL 3.3 core context from construction to
/// destruction.
class GlDebugDraw final : public nav::DebugDraw {
 public:
  /// Loads debug.vert and debug.frag from shader_dir. Throws nav::Error for
  /// a missing file or a compile or link error (naming the file).
  explicit GlDebugDraw(const std::filesystem::path& shader_dir);

  /// Buffers the primitives on the CPU; uploaded at the next
  /// draw_primitives(). Lines wider than 1 pixel are drawn at most as wide
  /// as the context allows (1 pixel in a forward-compatible context).
  void begin(nav::Primitive primitive, float size = 1.0f) override;
  void vertex(const nav::Vec3& position, nav::Rgba colour) override;
  void end() override;
  /// Uploads the field into tile_texture() (tiles_wide x tiles_deep RGBA8,
  /// texel (i, j) = tile (i, j), nearest filtering) at once, and keeps which
  /// tiles it tints (tinted_tiles()). Throws
  /// nav::Error when colours.size() != tiles_wide * tiles_deep or a side is
  /// below 1. O(tiles).
  void tile_field(int tiles_wide, int tiles_deep, std::span<const nav::Rgba> colours) override;

  /// Forgets the primitives and the tile field (tile_field_size() becomes
  /// (0, 0)). O(1).
  void clear() noexcept;

  /// Size of the tile field in tiles, (0, 0) when there is none.
  glm::ivec2 tile_field_size() const noexcept { return field_size_; }
  /// The tile field's texture (meaningless while tile_field_size() is 0).
  const Texture& tile_texture() const noexcept { return field_; }
  /// Per tile of the field, row-major: 1 where its alpha is above 0 (the
  /// tile is tinted), else 0; empty when there is no field.
  const std::vector<std::uint8_t>& tinted_tiles() const noexcept { return tinted_; }
  /// Number of vertices buffered (all primitives).
  std::size_t vertex_count() const noexcept { return vertices_.size(); }

  /// Draws the buffered primitives through nav_to_clip (nav metres to clip
  /// space): alpha-blended, depth-tested against what is drawn but not
  /// writing depth, pulled slightly towards the eye so lines on the ground
  /// win against it. Leaves blending off and depth writes on. O(vertices),
  /// plus the upload after a change.
  void draw_primitives(const glm::mat4& nav_to_clip);

 private:
  struct Vertex {
    float x, y, z;
    nav::Rgba colour;
  };
  struct Batch {
    nav::Primitive primitive;
    float size;
    GLint first;
    GLsizei count;
  };

  ShaderProgram program_;
  VertexArray vao_;
  Buffer buffer_;
  Texture field_;
  glm::ivec2 field_size_{0, 0};
  std::vector<std::uint8_t> tinted_;
  std::vector<Vertex> vertices_;
  std::vector<Batch> batches_;
  bool open_ = false;
  bool uploaded_ = true;
};

}  // namespace terranav::engine
