// Moving AI grid benchmark files (N. Sturtevant, "Benchmarks for Grid-Based
// Pathfinding", IEEE TCIAIG 4(2), 2012; movingai.com): .map and .scen.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace terranav::nav {

/// A Moving AI `.map`: width x height cells, row-major, (0, 0) upper left.
struct GridMap {
  int width = 0;
  int height = 0;
  /// 1 where the cell is passable ('.' or 'G'), 0 otherwise.
  std::vector<std::uint8_t> passable;
};

/// Parses `type octile / height H / width W / map` and H rows of W characters.
/// Throws Error naming the file and line for: missing file, bad header,
/// dimensions outside the Heightmap limits, short or long rows, missing rows.
GridMap load_movingai_map(const std::filesystem::path& file);

/// One `.scen` row; positions in tile coordinates (x = column, y = row).
struct ScenarioRow {
  int bucket = 0;
  std::string map;
  int map_width = 0;
  int map_height = 0;
  int start_x = 0;
  int start_y = 0;
  int goal_x = 0;
  int goal_y = 0;
  double optimal = 0.0;
};

/// Parses `version 1` and its tab-separated rows.
/// Throws Error naming the file and line for a missing file, a missing or
/// unknown version line, or a row without 9 well-formed fields.
std::vector<ScenarioRow> load_movingai_scen(const std::filesystem::path& file);

/// The reference model's cost tolerance: |cost - optimal| <= 1e-6 * max(1, optimal).
bool cost_matches(double cost, double optimal) noexcept;

}  // namespace terranav::nav
