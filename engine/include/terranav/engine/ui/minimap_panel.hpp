// The minimap drawn with Dear ImGui (ui/minimap.hpp gives its geometry): the
// hillshade as a texture in the bottom-right corner, the units as dots, the
// selection's paths still ahead and the camera's footprint over it.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "terranav/engine/gl/gl_object.hpp"
#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/ui/minimap.hpp"
#include "terranav/engine/view/camera.hpp"

namespace terranav::engine {

/// Owns the minimap's texture. Needs a current GL 3.3 context to construct
/// and draw; draw() must be called between ImGui::NewFrame and ImGui::Render
/// (Overlay::set_panel).
class Minimap {
 public:
  Minimap();

  /// Adds the minimap window to the current ImGui frame: the hillshade
  /// (minimap_image, made again when the terrain's revision or max slope changed:
  /// O(side_px^2)), the paths ahead of the `selection`'s units (kPathColour
  /// polylines), every unit as a dot (kSelectedColour when selected, else
  /// kUnitColour), and the `camera`'s footprint at `viewport` on the terrain
  /// (camera_footprint; past the map's edge on the plane at its mean height:
  /// a white quadrilateral, clipped to the map). O(units + path vertices +
  /// 4 picks) besides.
  void draw(const World& world, const std::vector<UnitId>& selection, const OrbitCamera& camera,
            Viewport viewport);

  /// Where the map lies at `viewport` (minimap_layout). O(1).
  static MinimapLayout layout(const World& world, Viewport viewport);

 private:
  Texture texture_;
  std::optional<std::uint64_t> revision_;  ///< the terrain's revision the texture shows
  float max_slope_ = 0.0f;                 ///< and the max slope its rock shows
  int width_ = 0;
  int height_ = 0;
};

}  // namespace terranav::engine
