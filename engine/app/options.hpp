// Command-line options of the terranav app.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/render/debug_overlay.hpp"
#include "terranav/engine/scene/simulation.hpp"
#include "terranav/engine/view/camera.hpp"
#include "terranav/nav/limits.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace terranav::app {

/// Bad command line (exit code 2); the message names the option.
class UsageError : public std::runtime_error {
 public:
  explicit UsageError(const std::string& what) : std::runtime_error(what) {}
};

/// --follow-unit's range, in the form of nav's limits table.
inline constexpr nav::Limit kFollowLimit{
    "follow_m", "--follow-unit", 1.0, 1e8, "m", "headless picture: eye distance from the unit"};

/// Sample spacing of `--procedural` terrain unless --spacing is given: the
/// scale of a 1" SRTM tile, so a 1025 map spans about 30 km. [Units: metres]
inline constexpr double kProceduralSpacingM = 30.0;

struct Options {
  /// Map and loader overrides; `terrain.map` empty and no
  /// `terrain.procedural` = the default map.
  nav::TerrainRequest terrain;
  double max_slope = 0.6;
  double slope_weight = 1.0;
  std::optional<nav::TileCoord> start;
  std::optional<double> speed_mps;
  /// --grid-paths: paths through tile centres instead of any-angle ones.
  bool grid_paths = false;
  /// --time-scale: simulated seconds per real second (per frame second
  /// headless). [Limits: kTimeScaleLimit]
  std::optional<double> time_scale;
  /// --overlay: what the terrain is tinted with (walkability unless given).
  engine::DebugOverlay overlay = engine::DebugOverlay::Walkability;
  bool help = false;
  bool version = false;  ///< --version: print "terranav X.Y.Z (commit C)", exit 0
  // Headless mode only.
  bool headless = false;
  engine::Viewport size;
  std::vector<glm::dvec2> clicks;
  /// --block-at FRAME:X0,Y0,X1,Y1 (tile corners, inclusive).
  std::vector<engine::ScriptedBlock> blocks;
  std::optional<int> frames;
  bool until_arrived = false;
  std::optional<std::filesystem::path> screenshot;
  std::optional<std::filesystem::path> report;
  /// --follow-unit M: the picture looks at the unit from M display metres.
  /// [Limits: kFollowLimit]
  std::optional<double> follow_m;
};

/// Parses the arguments after the program name. Throws UsageError for an
/// unknown option, a missing or malformed value (naming the option and the
/// value; --overlay's also the names it takes), headless-only options without --headless,
/// --procedural together with --map or --height-scale, and --seed without --procedural.
Options parse_options(std::span<const std::string_view> args);

/// The usage text (several lines).
std::string usage();

}  // namespace terranav::app
