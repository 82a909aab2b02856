// Draws the world (terrain, path ribbon, unit) into whatever GL context and
// framebuffer are current: a GLFW window or an EGL surfaceless FBO alike.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/gl/gl_object.hpp"
#include "terranav/engine/gl/shader_program.hpp"
#include "terranav/engine/render/debug_overlay.hpp"
#include "terranav/engine/render/gl_debug_draw.hpp"
#include "terranav/engine/render/path_ribbon.hpp"
#include "terranav/engine/render/terrain_colour.hpp"
#include "terranav/engine/render/terrain_lod.hpp"
#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/view/camera.hpp"

namespace terranav::engine {

/// Colours (linear 0..1, written to an 8-bit framebuffer as is).
inline constexpr glm::vec3 kClearColour{0.55f, 0.70f, 0.86f};
/// The path is drawn unlit in exactly this colour, so screenshots can be checked.
inline constexpr glm::vec3 kPathColour{1.0f, 0.0f, 1.0f};
/// Selected units are drawn in kSelectedColour, the others in kUnitColour.
inline constexpr glm::vec3 kSelectedColour{1.0f, 0.82f, 0.0f};
inline constexpr glm::vec3 kUnitColour{0.15f, 0.45f, 0.95f};
/// The last order's marker on the surface, unlit: a ring where an order went
/// (OrderStatus::Ordered), a cross where one was refused (the overlay's first
/// line says why).
inline constexpr glm::vec3 kTargetColour{0.0f, 1.0f, 1.0f};
/// The hover preview's path, unlit.
inline constexpr glm::vec3 kPreviewColour{1.0f, 1.0f, 1.0f};
inline constexpr glm::vec3 kRefusedColour{1.0f, 0.0f, 0.0f};
/// A marker is shown this long after the renderer first draws its order
/// (set_clock), shrinking away over its last second; its radius on screen.
/// [Units: s, px]
inline constexpr double kMarkerShowS = 3.0;
inline constexpr double kMarkerRadiusPx = 14.0;

/// Owns the GPU copies of the world's static data and the programs.
class Renderer {
 public:
  /// Loads terrain/solid/debug shaders from shader_dir, uploads the terrain
  /// (with `lod`: the height texture and patch of TerrainLod; without: the
  /// full mesh, one vertex per sample); the overlay is
  /// DebugOverlay::Walkability. Throws nav::Error for shader problems. Needs a current GL 3.3 core
  /// context; `world` must outlive nothing here (its data is copied to the GPU).
  Renderer(const std::filesystem::path& shader_dir, const World& world, bool lod = true);

  /// Clears and draws one frame at `viewport` (glViewport set here): the
  /// terrain, the paths still ahead of the `selection`'s units (unless
  /// paths() is off), the last order's marker (World::last_order: a
  /// kTargetColour ring at the hit when Ordered, a kRefusedColour cross at
  /// the hit when refused; none on a miss, nor kMarkerShowS after the clock
  /// first saw that order), every unit.
  /// Returns the triangles drawn.
  std::int64_t draw(const World& world, const std::vector<UnitId>& selection,
                    const OrbitCamera& camera, Viewport viewport);
  /// Clears and draws the terrain alone (with the overlay: nav's
  /// draw_overlay through a GlDebugDraw, drawn again after the terrain's
  /// revision changes, or for DebugOverlay::SearchSets after a new query);
  /// returns its triangles.
  std::int64_t draw_terrain(const World& world, const OrbitCamera& camera, Viewport viewport);

  /// After an edit of the samples in `rect` (NavTerrain::set_heights, a
  /// brush): with LOD on, uploads only those texels and updates the quadtree
  /// over them (TerrainLod::update, O(rect + nodes touched)); with it off,
  /// the vertices of rect's rows, O(W x rows); and the colours of rect and
  /// the ring around it (TerrainColour::shade). The overlay is drawn again (O(tiles)). The
  /// world's revision counts as drawn, so draw() uploads nothing more; an
  /// edit draw() sees without this call uploads everything.
  void terrain_changed(const World& world, nav::SampleRect rect);

  /// Level of detail on (TerrainLod) or off (the full-resolution mesh, for
  /// comparison); switching uploads what the other way needs.
  bool lod() const noexcept { return lod_; }
  void set_lod(bool lod, const World& world);
  /// The LOD's bound on the projected height error, pixels (> 0; 1 unless
  /// set): LodQuadtree::select's max_error_px.
  double lod_error_px() const noexcept { return lod_error_px_; }
  void set_lod_error_px(double pixels) noexcept { lod_error_px_ = pixels; }
  /// The LOD terrain; null with LOD off.
  const TerrainLod* terrain_lod() const noexcept { return terrain_lod_.get(); }

  /// The hover preview (World::preview) draw() shows as a kPreviewColour
  /// ribbon; empty for none. O(1) (copied).
  void set_preview(std::vector<nav::Vec3> path) { preview_path_ = std::move(path); }

  /// Whether draw() draws the selection's paths (on unless set). O(1).
  bool paths() const noexcept { return paths_; }
  void set_paths(bool on) noexcept { paths_ = on; }
  /// The time now, seconds on any steady clock (the window's; 0 unless set,
  /// so a headless frame shows the marker fresh): markers age by it. O(1).
  void set_clock(double now_s) noexcept { clock_s_ = now_s; }

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
  /// The ribbons of the selection's paths still ahead, for this camera.
  void update_paths(const World& world, const std::vector<UnitId>& selection,
                    const OrbitCamera& camera, Viewport viewport);

  /// One terrain vertex shader with terrain.frag plain and with the tile
  /// overlay's tint (TILE_OVERLAY), used only where a tile is tinted.
  struct TerrainPrograms {
    ShaderProgram plain;
    ShaderProgram tinted;
  };
  /// Sets the uniforms of `program` (one of the terrain programs) that do
  /// not depend on the LOD, and makes it current.
  void prepare_terrain_program(const ShaderProgram& program, const World& world,
                               const OrbitCamera& camera, Viewport viewport) const;

  TerrainPrograms terrain_programs_;
  TerrainPrograms terrain_lod_programs_;
  ShaderProgram solid_program_;
  bool lod_ = true;
  double lod_error_px_ = 1.0;
  Mesh terrain_;  ///< empty with LOD on
  std::unique_ptr<TerrainLod> terrain_lod_;
  TerrainColour colour_;
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
  /// The LOD's nodes under a tinted tile of the overlay (none with LOD off).
  LodNodeMask tinted_nodes_;
  std::vector<nav::LegendEntry> legend_;
  /// Draws the last order's marker (solid program in use). Returns triangles.
  std::int64_t draw_order_marker(const World& world, const OrbitCamera& camera, Viewport viewport);

  Mesh path_;
  Mesh preview_;
  std::vector<nav::Vec3> preview_path_;
  Mesh unit_;
  Mesh marker_;
  bool paths_ = true;
  double clock_s_ = 0.0;
  /// The order whose marker is shown (status, order number, hit), and the
  /// clock when draw() first saw it.
  struct MarkerKey {
    OrderStatus status;
    std::uint64_t order;
    double x, z;
    friend bool operator==(const MarkerKey&, const MarkerKey&) = default;
  };
  std::optional<MarkerKey> marker_key_;
  double marker_since_s_ = 0.0;
  RibbonStyle ribbon_style_;
};

}  // namespace terranav::engine
