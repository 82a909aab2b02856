// Writing Moving AI .scen files (the inverse of nav::load_movingai_scen).
#pragma once

#include <filesystem>
#include <span>

#include "terranav/terrain_io/movingai.hpp"

namespace terranav::navcli {

/// Writes `version 1` and one tab-separated row per entry: bucket, map,
/// width, height, start x, start y, goal x, goal y, optimal with 8 decimals.
/// Throws std::runtime_error naming the file when it cannot be written.
void write_movingai_scen(const std::filesystem::path& file, std::span<const nav::ScenarioRow> rows);

}  // namespace terranav::navcli
