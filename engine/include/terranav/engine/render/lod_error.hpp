// Screen-space geometric error of a rendered terrain against the
// full-resolution surface: how far, in pixels, each drawn ground point would
// move on screen if its height were the true one (the measure of CDLOD's
// error bound, Strugar 2009).
#pragma once

#include <span>
#include <vector>

#include "terranav/engine/view/camera.hpp"
#include "terranav/nav/heightmap.hpp"

namespace terranav::engine {

class Renderer;
class World;

struct LodError {
  double max_px = 0.0;  ///< largest displacement, pixels
  double p99_px = 0.0;  ///< 99th percentile over the covered pixels
  int pixels = 0;       ///< pixels covered by terrain
};

/// `depth`: viewport.width x viewport.height window depths in [0, 1], GL
/// order (bottom row first), 1 = nothing drawn. For each covered pixel: P =
/// the nav point at its centre and depth (unprojected through
/// nav_to_clip(camera, viewport)), Q = P with y = heightmap.surface_height(P.x,
/// P.z); the displacement is |project(Q) - project(P)|. O(pixels).
LodError lod_error(const nav::Heightmap& heightmap, const OrbitCamera& camera, Viewport viewport,
                   std::span<const float> depth);

/// Draws the world's terrain alone (Renderer::draw_terrain) into a
/// single-sample 32-bit float depth buffer at `viewport` and reads the depths
/// back (bottom row first); the previous framebuffer binding is restored.
/// Needs a current GL context. O(pixels).
std::vector<float> terrain_depth(Renderer& renderer, const World& world, const OrbitCamera& camera,
                                 Viewport viewport);

}  // namespace terranav::engine
