// The headless run's JSON report.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "terranav/engine/scene/click_report.hpp"
#include "terranav/engine/view/camera.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::app {

/// --bench-frames: the timed frames (bench.hpp).
struct RenderReport {
  int frames = 0;
  bool lod = true;
  double lod_error_bound_px = 1.0;    ///< the selection's bound (--lod-error)
  std::int64_t triangles_median = 0;  ///< per frame, terrain + path + unit
  double frame_ms_median = 0.0;       ///< draw() then glFinish()
  double lod_error_px_max = 0.0;      ///< lod_error() over the frames measured
  double lod_error_px_p99 = 0.0;      ///< the largest 99th percentile of those frames
};

struct RunReport {
  std::vector<engine::ClickReport> clicks;
  nav::TileCoord unit_tile;
  nav::Vec3 unit_position;  ///< nav metres
  int frames = 0;
  std::string map;
  engine::OrbitCamera camera;
  engine::Viewport viewport;
  double load_ms = 0.0;                ///< loading the terrain file
  double graph_ms = 0.0;               ///< graph, sets, quadtree, unit
  double render_ms = 0.0;              ///< context, upload, drawing and reading back the frame
  std::optional<RenderReport> render;  ///< with --bench-frames
};

/// {"clicks": [{"pixel": [px, py], "hit": [x, y, z] | null, "tile": [i, j] | null,
///   "from_tile": [i, j], "status": "...", "cost": c, "tiles": n, "message": "..."}],
///  "unit": {"tile": [i, j], "position": [x, y, z]}, "frames": n, "map": "...",
///  "viewport": [w, h], "camera": {...}, "load_ms": .., "graph_ms": .., "render_ms": ..,
///  "render": {"frames": n, "lod": b, "lod_error_bound_px": .., "triangles_median": n,
///  "frame_ms_median": ..,
///             "lod_error_px_max": .., "lod_error_px_p99": ..}}  (render only with a bench)
/// Written by nlohmann::json, indented by 2, ending in '\n': numbers in
/// shortest round-trip form (non-finite ones as null), strings escaped, bytes
/// that are not UTF-8 replaced by U+FFFD. O(clicks).
std::string to_json(const RunReport& report);

}  // namespace terranav::app
