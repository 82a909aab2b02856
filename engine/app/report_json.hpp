// The headless run's JSON report.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/view/camera.hpp"
#include "terranav/engine/view/click_controller.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::app {

/// --bench-frames: the timed frames (bench.hpp).
struct RenderReport {
  std::string gl_renderer;  ///< GL_RENDERER: llvmpipe, a GPU, ...
  int frames = 0;
  bool lod = true;
  double lod_error_bound_px = 1.0;    ///< the selection's bound (--lod-error)
  int msaa_samples = 0;               ///< per pixel, 0 = no multisampling
  std::int64_t triangles_median = 0;  ///< per frame, terrain + path + unit
  double frame_ms_median = 0.0;       ///< draw() then glFinish()
  /// frame_ms_median of the orbit's frames alone (the default camera's
  /// height), and of the low pass's (none with one frame).
  double orbit_frame_ms_median = 0.0;
  std::optional<double> low_pass_frame_ms_median{};
  /// The same frames' CPU time, every thread of the process (the renderer's
  /// own on a software one such as llvmpipe): steadier than frame_ms on a
  /// busy machine.
  double frame_cpu_ms_median = 0.0;
  double lod_error_px_max = 0.0;  ///< lod_error() over the frames measured
  double lod_error_px_p99 = 0.0;  ///< the largest 99th percentile of those frames
};

/// One unit as the report lists it.
struct UnitReport {
  engine::UnitId id{};
  nav::TileCoord tile;
  nav::Vec3 position;  ///< nav metres
  double radius_m = 0.0;
  bool moving = false;
};

struct RunReport {
  std::vector<engine::ClickReport> clicks;
  /// describe() of each click, same order.
  std::vector<std::string> click_messages;
  /// Every path answer delivered, with describe() of each.
  std::vector<engine::PathEvent> paths;
  std::vector<std::string> path_messages;
  std::vector<UnitReport> units;
  std::vector<engine::UnitId> selection;
  int frames = 0;
  std::string map;
  engine::OrbitCamera camera;
  engine::Viewport viewport;
  double load_ms = 0.0;                ///< loading the terrain file
  double graph_ms = 0.0;               ///< graph, sets, quadtree, units
  double render_ms = 0.0;              ///< context, upload, drawing and reading back the frame
  std::optional<RenderReport> render;  ///< with --bench-frames
};

/// The units of `world` as the report lists them. O(units).
std::vector<UnitReport> unit_reports(const engine::World& world);

/// {"clicks": [{"pixel": [px, py], "hit": [x, y, z] | null, "tile": [i, j] | null,
///   "status": "ordered|no_units|invalid_goal|miss", "units": n, "order": k,
///   "message": "..."}],
///  "paths": [{"unit": id, "order": k, "replan": b, "status": "found|...",
///   "from_tile": [i, j], "goal_tile": [i, j], "end_tile": [i, j] | null,
///   "goal_adjusted": b, "tiles": n, "cost": c, "message": "..."}],
///  "units": [{"id": id, "tile": [i, j], "position": [x, y, z], "radius_m": r,
///   "moving": b}], "selection": [id, ...], "frames": n, "map": "...",
///  "viewport": [w, h], "camera": {...}, "load_ms": .., "graph_ms": .., "render_ms": ..,
///  "render": {"frames": n, "lod": b, "lod_error_bound_px": .., "triangles_median": n,
///   "frame_ms_median": .., "orbit_frame_ms_median": .., "low_pass_frame_ms_median": ..
///   (null with one frame), "lod_error_px_max": .., "lod_error_px_p99": ..}}
///  (render only with --bench-frames).
/// Written by nlohmann::json, indented by 2, ending in '\n': numbers in
/// shortest round-trip form (non-finite ones as null), strings escaped, bytes
/// that are not UTF-8 replaced by U+FFFD. O(clicks + paths + units).
std::string to_json(const RunReport& report);

}  // namespace terranav::app
