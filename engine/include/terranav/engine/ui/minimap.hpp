// The minimap's geometry and picture, GL-free: where the map lies on screen
// (a panel in the bottom-right corner keeping the map's aspect ratio), the
// mapping between its pixels and nav metres (for camera drags and orders),
// a hillshade image of the heightmap and the camera's footprint on the
// ground. North (-z) is up, east (+x) right, as seen by a camera of yaw 0.
#pragma once

#include <array>
#include <optional>

#include <glm/glm.hpp>

#include "terranav/engine/gl/image.hpp"
#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/view/camera.hpp"
#include "terranav/engine/view/click_controller.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/picking.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::engine {

/// The map's longer side on screen, and its gap to the window's right and
/// bottom edges. [Units: px]
inline constexpr double kMinimapSidePx = 200.0;
inline constexpr double kMinimapMarginPx = 10.0;

/// Where the map image lies in the window: nav (0, 0) at `origin`, nav
/// (extent_x, extent_z) at origin + size.
struct MinimapLayout {
  glm::dvec2 origin{0.0};   ///< top-left corner, window pixels (origin top-left, y down)
  glm::dvec2 size{0.0};     ///< width, height, pixels (> 0)
  double extent_x_m = 0.0;  ///< nav metres the width spans (> 0)
  double extent_z_m = 0.0;  ///< nav metres the height spans (> 0)
};

/// The layout for a map of extent_x x extent_z nav metres in `viewport`: the
/// longer side `side_px` pixels (never more than the viewport less two
/// margins, never less than 1 px), the other keeping the aspect ratio, the
/// image `margin_px` from the right and bottom edges. Degenerate extents
/// (<= 0) count as 1 m. O(1).
MinimapLayout minimap_layout(double extent_x_m, double extent_z_m, Viewport viewport,
                             double side_px = kMinimapSidePx, double margin_px = kMinimapMarginPx);
/// minimap_layout() for the heightmap's extent. O(1).
MinimapLayout minimap_layout(const nav::Heightmap& heightmap, Viewport viewport,
                             double side_px = kMinimapSidePx, double margin_px = kMinimapMarginPx);

/// Window pixel of nav (x, z), metres (continuous, not clamped: points off
/// the map land outside the rectangle). O(1).
glm::dvec2 minimap_pixel(const MinimapLayout& layout, double x_m, double z_m);
/// Nav (x, z), metres, under window pixel `pixel` (the inverse of
/// minimap_pixel, not clamped). O(1).
glm::dvec2 minimap_nav(const MinimapLayout& layout, glm::dvec2 pixel);
/// Whether `pixel` lies on the map image: [origin, origin + size]. O(1).
bool minimap_contains(const MinimapLayout& layout, glm::dvec2 pixel);

/// The surface point (Heightmap::surface_height) under window pixel `pixel`
/// on the minimap, `pixel` first clamped to the map image: a drag that
/// leaves the image keeps to the map's edge. Nav metres. O(1).
nav::Vec3 minimap_point(const MinimapLayout& layout, const nav::Heightmap& heightmap,
                        glm::dvec2 pixel);

/// The nav point (on the surface: Heightmap::surface_height) a click at
/// window pixel `pixel` on the minimap stands for; none off the image. O(1).
std::optional<nav::Vec3> minimap_click(const MinimapLayout& layout, const nav::Heightmap& heightmap,
                                       glm::dvec2 pixel);

/// A right-click at window pixel `pixel` on the minimap at `viewport`:
/// orders `clicks`' selection to the minimap_click point through
/// World::order, with a vertical ray down onto it, so the order, its
/// refusals and its marker are a terrain right-click's. None, ordering
/// nothing, when `pixel` is off the image. O(World::order).
std::optional<ClickReport> minimap_right_click(const ClickController& clicks, World& world,
                                               Viewport viewport, glm::dvec2 pixel);

/// A width x height RGBA hillshade of the heightmap (row 0 north): the main
/// view's terrain_shade (height ramp: low green, olive, brown, white peaks;
/// rock towards max_slope) lit from the north-west on the unexaggerated
/// surface, each pixel the bilinear height at its centre. A flat map is
/// uniformly the ramp's lowest colour under the flat light. width, height >=
/// 1 (else clamped to 1). O(width * height).
Image minimap_image(const nav::Heightmap& heightmap, int width, int height, float max_slope);

/// The camera's footprint: where the rays through the viewport's four
/// corners (top-left, top-right, bottom-right, bottom-left, pixel
/// coordinates 0 and width/height) first meet the terrain (`terrain`'s
/// pick, as clicks do), nav (x, z) metres. A ray that misses the terrain
/// within the far plane's reach (distance + 2 scene_radius from the eye),
/// past the map's edge, meets the horizontal plane y = ground_m instead; one
/// that does not go down to the plane either (the sky) is followed
/// horizontally to that reach. O(4 quadtree picks).
std::array<glm::dvec2, 4> camera_footprint(const OrbitCamera& camera, Viewport viewport,
                                           const nav::TerrainQuadtree& terrain, double ground_m);

}  // namespace terranav::engine
