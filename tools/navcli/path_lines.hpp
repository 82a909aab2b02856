// bench --paths: one JSON line per query with its path in metres, so any
// tool can re-price or draw the paths.
#pragma once

#include <cstddef>
#include <fstream>
#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string>

#include "terranav/nav/search.hpp"

namespace terranav::navcli {

/// [[x, z], ...]: a polyline in nav metres (y dropped), each coordinate
/// rounded to a micrometre.
nlohmann::ordered_json metres_array(std::span<const nav::Vec3> points);

/// Writes {"query": n, "status": ..., "cost": c or null, "path": [[x, z],
/// ...]} lines to a file.
class PathLines {
 public:
  /// Opens (truncates) `file`; throws std::runtime_error naming it when it
  /// cannot be written.
  explicit PathLines(const std::string& file);
  /// One line for `result` (its waypoints: tile centres or the any-angle
  /// polyline). Throws std::runtime_error when the write fails.
  void write(std::size_t query, const nav::PathResult& result);

 private:
  std::string file_;
  std::ofstream out_;
};

}  // namespace terranav::navcli
