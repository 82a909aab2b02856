// Draws the world (terrain, path ribbon, unit) into whatever GL context and
// framebuffer are current: a GLFW window or an EGL surfaceless FBO alike.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/gl/gl_object.hpp"
#include "terranav/engine/gl/shader_program.hpp"
#include "terranav/engine/render/debug_overlay.hpp"
#include "terranav/engine/render/gl_debug_draw.hpp"
#include "terranav/engine/render/path_ribbon.hpp"
#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/view/camera.hpp"

namespace terranav::engine {

/// Colours (linear 0..1, written to an 8-bit framebuffer as is).
inline constexpr glm::vec3 kClearColour{0.55f, 0.70f, 0.86f};
/// The path is drawn unlit in exactly this colour, so screenshots can be checked.
inline constexpr glm::vec3 kPathColour{1.0f, 0.0f, 1.0f};
inline constexpr glm::vec3 kUnitColour{1.0f, 0.82f, 0.0f};

/// Owns the GPU copies of the world's static data and the programs.
class Renderer {
 public:
  /// Loads terrain/solid/debug shaders from shader_dir, uploads the terrain
  /// mesh; the overlay is DebugOverlay::Walkability. Throws nav::Error for
  /// shader problems.
  /// Needs a current GL 3.3 core context; `world` must outlive nothing here
  /// (its data is copied to the GPU).
  Renderer(const std::filesystem::path& shader_dir, const World& world);

  /// Clears and draws one frame at `viewport` (glViewport set here).
  /// The overlay is drawn (nav's draw_overlay through a GlDebugDraw) when
  /// first needed and again after the terrain's revision changes, or for
  /// DebugOverlay::SearchSets after a new query (AStar::queries()).
  void draw(const World& world, const OrbitCamera& camera, Viewport viewport);

  /// Chooses the overlay: its tile field tints the terrain, its primitives
  /// are drawn over it. O(1); the overlay is drawn at the next draw().
  void set_overlay(DebugOverlay overlay) noexcept { overlay_ = overlay; }
  DebugOverlay overlay() const noexcept { return overlay_; }
  /// The legend of the overlay as last drawn (empty before the first draw
  /// and for DebugOverlay::None).
  const std::vector<nav::LegendEntry>& legend() const noexcept { return legend_; }

 private:
  struct Mesh {
    VertexArray vao;
    Buffer vertices;
    Buffer indices;
    GLsizei count = 0;
  };
  /// The terrain's vertices, as of its revision.
  void upload_terrain(const World& world);
  /// Draws the overlay into debug_draw_ again if it is stale.
  void update_overlay(const World& world);
  /// The ribbon of the path still ahead, for this camera.
  void update_path(const World& world, const OrbitCamera& camera, Viewport viewport);

  ShaderProgram terrain_program_;
  ShaderProgram solid_program_;
  Mesh terrain_;
  std::uint64_t terrain_revision_ = 0;
  GlDebugDraw debug_draw_;
  DebugOverlay overlay_ = DebugOverlay::Walkability;
  /// What debug_draw_ holds was drawn from: overlay, terrain revision and
  /// search queries; none before the first draw.
  struct OverlayKey {
    DebugOverlay overlay;
    std::uint64_t terrain_revision;
    std::uint64_t queries;
    friend bool operator==(const OverlayKey&, const OverlayKey&) = default;
  };
  std::optional<OverlayKey> overlay_key_;
  std::vector<nav::LegendEntry> legend_;
  Mesh path_;
  Mesh unit_;
  RibbonStyle ribbon_style_;
};

}  // namespace terranav::engine
