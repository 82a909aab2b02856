// Command-line options of the terranav app.
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "app/script.hpp"
#include "terranav/engine/gl/multisampling.hpp"
#include "terranav/engine/render/debug_overlay.hpp"
#include "terranav/engine/view/camera.hpp"
#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/limits.hpp"
#include "terranav/nav/search.hpp"
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

/// --lod-error's range.
inline constexpr nav::Limit kLodErrorLimit{
    "lod_error_px", "--lod-error", 0.01,
    1000.0,         "px",          "terrain LOD: bound on the on-screen height error"};

/// Sample spacing of `--procedural` terrain unless --spacing is given: the
/// scale of a 1" SRTM tile, so a 1025 map spans about 30 km. [Units: metres]
inline constexpr double kProceduralSpacingM = 30.0;

/// Units unless --units is given: a handful.
inline constexpr int kDefaultUnits = 5;

/// --capture's frame and file.
struct WindowCapture {
  int frame = 1;
  std::filesystem::path file;
};

struct Options {
  /// Map and loader overrides; `terrain.map` empty and no
  /// `terrain.procedural` = the default map.
  nav::TerrainRequest terrain;
  double max_slope = 0.6;
  double slope_weight = 1.0;
  std::optional<nav::TileCoord> start;
  std::optional<double> speed_mps;
  /// --cost-model, --uphill-weight, --downhill-weight, --heuristic,
  /// --weight: the path requests' search options (the panel's settings).
  nav::CostModelKind cost_model = nav::CostModelKind::Reference;
  double uphill_weight = 1.0;
  double downhill_weight = 1.0;
  nav::Heuristic heuristic = nav::Heuristic::Octile;
  double weight = 1.0;
  /// --panel: headless, draw the settings panel into the picture.
  bool panel = false;
  /// --units: how many units stand around the start. [Limits: kUnitCountLimit]
  int units = kDefaultUnits;
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
  /// Selection before the clicks: --select-all, --left-click PX,PY,
  /// --box-select X0,Y0,X1,Y1 (pixels).
  bool select_all = false;
  std::optional<glm::dvec2> left_click;
  std::optional<std::array<glm::dvec2, 2>> box;
  /// --hover PX,PY: the picture shows the hover preview for that pixel.
  std::optional<glm::dvec2> hover;
  /// --right-click PX,PY and --minimap-right-click PX,PY (window pixels on
  /// the minimap), in command-line order.
  std::vector<ScriptedClick> clicks;
  /// --block-at FRAME:X0,Y0,X1,Y1 (tile corners, inclusive).
  std::vector<ScriptedBlock> blocks;
  /// --brush MODE,PX,PY,RADIUS[,STRENGTH] (frame 0) and --brush-at
  /// FRAME:MODE,PX,PY,RADIUS[,STRENGTH], in order.
  std::vector<ScriptedBrush> brushes;
  std::optional<int> frames;
  bool until_arrived = false;
  std::optional<std::filesystem::path> screenshot;
  std::optional<std::filesystem::path> report;
  /// --follow-unit M: the picture looks at the unit from M display metres.
  /// [Limits: kFollowLimit]
  std::optional<double> follow_m;
  /// --lod on|off: terrain level of detail (CDLOD) or the full-resolution
  /// mesh. On unless given.
  bool lod = true;
  /// --lod-error PX: the LOD's bound on the projected height error, pixels.
  /// [Limits: kLodErrorLimit]
  double lod_error_px = 1.0;
  /// --msaa auto|0|2|4|8: samples per pixel for the window and
  /// --bench-frames (engine::kAutoSamples: 4 on a GPU, off on a software
  /// renderer); headless pictures are always 4x.
  int msaa = engine::kAutoSamples;
  /// --capture FRAME:FILE: the window writes frame FRAME (>= 1) to FILE and
  /// quits. [Limits: frames as --frames]
  std::optional<WindowCapture> capture;
  /// --bench-frames N: headless, also renders N timed frames along a fixed
  /// camera path (bench.hpp) and reports them in the JSON's "render".
  std::optional<int> bench_frames;
  /// --minimap on|off: the minimap in the bottom-right corner (window and
  /// headless picture). On unless given.
  bool minimap = true;
  /// --paths on|off: the selection's paths drawn on the terrain (P toggles
  /// them in the window). On unless given.
  bool paths = true;
};

/// Parses the arguments after the program name. Throws UsageError for an
/// unknown option, a missing or malformed value (naming the option and the
/// value; --overlay's also the names it takes), an option given twice (but
/// --right-click, --minimap-right-click, --block-at, --brush and --brush-at,
/// which add to a list),
/// headless-only options without --headless, --procedural together with
/// --map or --height-scale, and --seed without --procedural.
Options parse_options(std::span<const std::string_view> args);

/// The usage text (several lines).
std::string usage();

}  // namespace terranav::app
