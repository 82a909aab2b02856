#include "app/options.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <type_traits>

#include "terranav/engine/scene/brush.hpp"
#include "terranav/engine/scene/time_scale.hpp"
#include "terranav/nav/limits.hpp"

namespace terranav::app {
namespace {

// Headless runs: about 4.6 hours of simulated time at 60 frames per second.
constexpr int kMaxFrames = 1'000'000;

// The script's lists, in order; any other option given twice is refused, as
// navcli does, rather than the first value silently dropped.
constexpr std::array<std::string_view, 5> kRepeatable = {"--right-click", "--minimap-right-click",
                                                         "--block-at", "--brush", "--brush-at"};

template <typename T>
T parse_number(std::string_view option, std::string_view text) {
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (end != text.data() + text.size() || error == std::errc::invalid_argument) {
    throw UsageError(std::string(option) + ": '" + std::string(text) + "' is not a number");
  }
  // A number, but too large (or too small) for T: saying so beats "not a number".
  if (error != std::errc()) {
    throw UsageError(std::string(option) + ": '" + std::string(text) + "' is out of range");
  }
  return value;
}

/// A number within its nav limit; the error names the option:
/// "--spacing: must be in [0.001, 1e+06] m, got 1e+300".
template <typename T>
T parse_bounded(std::string_view option, std::string_view text, const nav::Limit& limit) {
  const T value = parse_number<T>(option, text);
  if (!nav::within(limit, static_cast<double>(value))) {
    throw UsageError(std::string(option) + ": " +
                     nav::limit_problem(limit, static_cast<double>(value)));
  }
  return value;
}

/// "A<sep>B" -> (A, B).
template <typename T>
std::pair<T, T> parse_pair(std::string_view option, std::string_view text, char separator) {
  const auto cut = text.find(separator);
  if (cut == std::string_view::npos) {
    throw UsageError(std::string(option) + ": '" + std::string(text) + "' is not of the form A" +
                     separator + "B");
  }
  if constexpr (std::is_same_v<T, std::string_view>) {
    return {text.substr(0, cut), text.substr(cut + 1)};
  } else {
    return {parse_number<T>(option, text.substr(0, cut)),
            parse_number<T>(option, text.substr(cut + 1))};
  }
}

/// "X0,Y0,X1,Y1", each corner's coordinates not above the other's.
std::array<int, 4> parse_rect(std::string_view option, std::string_view text) {
  const auto [a, rest] = parse_pair<std::string_view>(option, text, ',');
  const auto [b, rest2] = parse_pair<std::string_view>(option, rest, ',');
  const auto [c, d] = parse_pair<int>(option, rest2, ',');
  const std::array<int, 4> r = {parse_number<int>(option, a), parse_number<int>(option, b), c, d};
  if (r[0] > r[2] || r[1] > r[3]) {
    throw UsageError(std::string(option) + ": '" + std::string(text) +
                     "' is not X0,Y0,X1,Y1 with X0 <= X1 and Y0 <= Y1");
  }
  return r;
}

/// A file name: an empty one is refused here, not when the run reads or writes it.
std::string parse_file_name(std::string_view option, std::string_view text) {
  if (text.empty()) throw UsageError(std::string(option) + ": the file name is empty");
  return std::string(text);
}

/// A name nav parses (a cost model, a heuristic); its error names the option.
template <typename Parse>
auto parse_named(std::string_view option, std::string_view text, Parse parse) {
  try {
    return parse(text);
  } catch (const nav::Error& error) {
    throw UsageError(std::string(option) + ": " + error.what());
  }
}

/// "PX,PY", finite.
glm::dvec2 parse_pixel(std::string_view option, std::string_view text) {
  const auto [x, y] = parse_pair<double>(option, text, ',');
  if (!std::isfinite(x) || !std::isfinite(y)) {
    throw UsageError(std::string(option) + ": the pixel " + std::string(text) + " is not finite");
  }
  return {x, y};
}

/// "MODE,PX,PY,RADIUS[,STRENGTH]" at `frame`; STRENGTH (raise, lower)
/// kBrushStrengthPerRadius x RADIUS unless given.
ScriptedBrush parse_brush(std::string_view option, std::string_view text, int frame) {
  const auto [mode_text, rest] = parse_pair<std::string_view>(option, text, ',');
  const auto [px, rest2] = parse_pair<std::string_view>(option, rest, ',');
  const auto [py, rest3] = parse_pair<std::string_view>(option, rest2, ',');
  const auto cut = rest3.find(',');
  const std::string_view radius = rest3.substr(0, cut);
  ScriptedBrush stroke{.frame = frame, .brush = {}, .pixel = {}};
  try {
    stroke.brush.mode = engine::parse_brush_mode(mode_text);
  } catch (const nav::Error& e) {
    throw UsageError(std::string(option) + ": " + e.what());
  }
  stroke.pixel = parse_pixel(option, std::string(px) + "," + std::string(py));
  stroke.brush.radius_m = parse_bounded<double>(option, radius, engine::kBrushRadiusLimit);
  stroke.brush.strength_m = engine::kBrushStrengthPerRadius * stroke.brush.radius_m;
  if (cut != std::string_view::npos) {
    stroke.brush.strength_m =
        parse_bounded<double>(option, rest3.substr(cut + 1), engine::kBrushStrengthLimit);
  }
  if (frame < 0) throw UsageError(std::string(option) + ": the frame must be >= 0");
  return stroke;
}

}  // namespace

std::string usage() {
  return "usage: terranav [--map FILE --spacing S --height-scale Z --tile-size T\n"
         "                 --max-slope M --slope-weight K] [--start X,Y] [--speed MPS]\n"
         "                 [--time-scale X] [--grid-paths] [--units N]\n"
         "                 [--overlay walkability|sets|search|contours|none]\n"
         "       terranav --procedural SIZE [--seed N] [--spacing S --tile-size T ...]\n"
         "       terranav --headless [map options] [--size WxH] [--select-all]\n"
         "                 [--left-click PX,PY] [--box-select X0,Y0,X1,Y1] [--right-click "
         "PX,PY]...\n"
         "                 [--minimap-right-click PX,PY]...\n"
         "                 [--frames N] [--until-arrived] [--screenshot out.png]\n"
         "                 [--report out.json] [--block-at FRAME:X0,Y0,X1,Y1]...\n"
         "                 [--brush MODE,PX,PY,RADIUS[,STRENGTH]]...\n"
         "                 [--brush-at FRAME:MODE,PX,PY,RADIUS[,STRENGTH]]...\n"
         "                 [--follow-unit M] [--bench-frames N] [--msaa auto|0|2|4|8]\n"
         "       terranav ... [--minimap on|off] [--paths on|off] [--capture FRAME:FILE]\n"
         "       terranav --help | --version\n"
         "--map: .png, .hgt, .raw/.r16, .map or any GDAL raster (GeoTIFF .tif, .asc, .img,\n"
         "...; its own spacing and metres). --nodata error|fill|block: its nodata samples\n"
         "(.hgt voids) refused, filled from their neighbours, or filled with every tile\n"
         "touching one blocked. --resample square: non-square GDAL pixels resampled\n"
         "(bilinear) to square ones of the smaller size.\n"
         "--procedural: a SIZE x SIZE fractal-noise terrain instead of --map (seed 1 and\n"
         "30 m spacing unless given), relief 0.13 x its extent.\n"
         "Paths are any-angle (docs/continuous-model.md): the unit glides from where it\n"
         "stands to the clicked point; --grid-paths: through tile centres instead.\n"
         "--speed: the unit's top speed (5 m/s unless given); --time-scale: simulated\n"
         "seconds per real second (1 unless given; headless, per second of 60 Hz frames).\n"
         "--units: units standing around the start (5 unless given), all selected at first.\n"
         "--cost-model reference|tobler|uphill-downhill|seed [--uphill-weight K\n"
         "--downhill-weight K], --heuristic NAME, --weight W: the units' searches (the\n"
         "window's settings panel changes them live; --panel draws it headless).\n"
         "Window: left-click selects a unit, left-drag selects the units in a box, right-click\n"
         "moves the selection there in formation, middle-drag orbits, WASD pans, the wheel\n"
         "zooms, [ and ] halve and double the time scale, Esc quits. Without a display it\n"
         "runs headless with a demo click at time scale 64 unless given.\n"
         "--select-all, --left-click, --box-select: headless selection (pixels) before the\n"
         "right-clicks; each right-click waits until every unit has stopped.\n"
         "--hover PX,PY: headless, the picture shows the first selected unit's path to\n"
         "that pixel (the window plans it when the cursor rests), in white.\n"
         "--block-at: headless, blocks the tiles X0..X1 x Y0..Y1 (a building) at frame FRAME;\n"
         "a unit whose path crosses them replans from where it stands.\n"
         "--brush: headless, the terrain brush (raise, lower, flatten, block) where pixel\n"
         "PX,PY picks the terrain, RADIUS metres, at frame 0 before the first click;\n"
         "--brush-at: at frame FRAME (a walking unit replans). STRENGTH: raise and lower's\n"
         "height change in metres at the centre (0.2 x RADIUS unless given).\n"
         "--follow-unit: headless, the picture looks at the unit from M metres.\n"
         "--lod on|off: terrain level of detail (on unless given) or the full mesh;\n"
         "--lod-error PX: its bound on the on-screen height error (1 pixel unless given).\n"
         "--capture FRAME:FILE: the window writes frame FRAME to FILE (PNG), prints the\n"
         "median frame time so far and quits (to see and time the real window, e.g. under\n"
         "xvfb-run).\n"
         "--msaa auto|0|2|4|8: anti-aliasing samples per pixel in the window and the\n"
         "--bench-frames frames (auto unless given: 4 on a GPU, off on a software renderer\n"
         "such as llvmpipe, where 4x costs 2.5x the frame time); pictures are always 4x.\n"
         "--bench-frames: headless, N timed frames along an orbit and a low pass; the\n"
         "report's \"render\" gives median triangles and ms, and the LOD's pixel error.\n"
         "--minimap on|off: the minimap in the bottom-right corner (on unless given):\n"
         "the terrain, units, the selection's paths and the camera's footprint; in the\n"
         "window a left-click or drag on it moves the camera there, a right-click orders\n"
         "the selection there. --minimap-right-click PX,PY: headless, that right-click\n"
         "(window pixels on the minimap), in order with the --right-clicks.\n"
         "--paths on|off: draw the selection's paths (on unless given; P toggles).\n"
         "--overlay: tints the terrain with walkability (the default: tiles with no\n"
         "edges, and tiles missing some), the connected sets, the last search's open and\n"
         "closed tiles, or draws contour lines; none for the bare terrain.\n"
         "Limits (a value outside is refused, naming its option or sidecar key):\n" +
         nav::limits_table() +
         nav::limits_table(std::array{engine::kTimeScaleLimit, engine::kUnitCountLimit,
                                      kFollowLimit, engine::kBrushRadiusLimit,
                                      engine::kBrushStrengthLimit});
}

Options parse_options(std::span<const std::string_view> args) {
  Options o;
  bool headless_only = false;
  std::optional<std::uint32_t> seed;
  std::vector<std::string_view> given;
  for (std::size_t k = 0; k < args.size(); ++k) {
    const std::string_view arg = args[k];
    if (std::ranges::find(given, arg) != given.end() &&
        std::ranges::find(kRepeatable, arg) == kRepeatable.end()) {
      throw UsageError(std::string(arg) + ": given twice");
    }
    given.push_back(arg);
    const auto value = [&]() -> std::string_view {
      if (k + 1 >= args.size()) throw UsageError(std::string(arg) + ": missing value");
      return args[++k];
    };
    if (arg == "--help" || arg == "-h") {
      o.help = true;
    } else if (arg == "--version") {
      o.version = true;
    } else if (arg == "--map") {
      o.terrain.map = parse_file_name(arg, value());
    } else if (arg == "--procedural") {
      o.terrain.procedural =
          nav::ProceduralConfig{.size = parse_bounded<int>(arg, value(), nav::kProceduralSizeLimit),
                                .spacing_m = kProceduralSpacingM};
    } else if (arg == "--seed") {
      seed = parse_number<std::uint32_t>(arg, value());
    } else if (arg == "--spacing") {
      o.terrain.spacing_m = parse_bounded<double>(arg, value(), nav::kSpacingLimit);
    } else if (arg == "--height-scale") {
      o.terrain.height_scale_m = parse_bounded<double>(arg, value(), nav::kHeightScaleLimit);
    } else if (arg == "--tile-size") {
      o.terrain.tile_size = parse_bounded<int>(arg, value(), nav::kTileSizeLimit);
    } else if (arg == "--nodata") {
      o.terrain.nodata = parse_named(arg, value(), nav::parse_nodata_policy);
    } else if (arg == "--resample") {
      o.terrain.resample_square = parse_named(arg, value(), nav::parse_resample);
    } else if (arg == "--max-slope") {
      o.max_slope = parse_bounded<double>(arg, value(), nav::kMaxSlopeLimit);
    } else if (arg == "--slope-weight") {
      o.slope_weight = parse_bounded<double>(arg, value(), nav::kSlopeWeightLimit);
    } else if (arg == "--start") {
      const auto [i, j] = parse_pair<int>(arg, value(), ',');
      o.start = nav::TileCoord{i, j};
    } else if (arg == "--grid-paths") {
      o.grid_paths = true;
    } else if (arg == "--speed") {
      o.speed_mps = parse_bounded<double>(arg, value(), nav::kSpeedLimit);
    } else if (arg == "--time-scale") {
      o.time_scale = parse_bounded<double>(arg, value(), engine::kTimeScaleLimit);
    } else if (arg == "--overlay") {
      const std::string_view name = value();
      const auto overlay = engine::parse_debug_overlay(name);
      if (!overlay) {
        throw UsageError("--overlay: '" + std::string(name) +
                         "' is not one of walkability, sets, search, contours, none");
      }
      o.overlay = *overlay;
    } else if (arg == "--headless") {
      o.headless = true;
    } else if (arg == "--size") {
      const auto [w, h] = parse_pair<int>(arg, value(), 'x');
      if (w < 1 || h < 1 || w > 8192 || h > 8192) {
        throw UsageError("--size: " + std::to_string(w) + "x" + std::to_string(h) +
                         " is outside 1..8192 pixels per side");
      }
      o.size = {w, h};
      headless_only = true;
    } else if (arg == "--cost-model") {
      o.cost_model = parse_named(arg, value(), nav::parse_cost_model);
    } else if (arg == "--uphill-weight") {
      o.uphill_weight = parse_bounded<double>(arg, value(), nav::kUphillWeightLimit);
    } else if (arg == "--downhill-weight") {
      o.downhill_weight = parse_bounded<double>(arg, value(), nav::kDownhillWeightLimit);
    } else if (arg == "--heuristic") {
      o.heuristic = parse_named(arg, value(), nav::parse_heuristic);
    } else if (arg == "--weight") {
      o.weight = parse_bounded<double>(arg, value(), nav::kWeightLimit);
    } else if (arg == "--panel") {
      o.panel = true;
      headless_only = true;
    } else if (arg == "--units") {
      o.units = parse_bounded<int>(arg, value(), engine::kUnitCountLimit);
    } else if (arg == "--right-click") {
      o.clicks.push_back({parse_pixel(arg, value()), false});
      headless_only = true;
    } else if (arg == "--minimap-right-click") {
      o.clicks.push_back({parse_pixel(arg, value()), true});
      headless_only = true;
    } else if (arg == "--hover") {
      o.hover = parse_pixel(arg, value());
      headless_only = true;
    } else if (arg == "--select-all") {
      o.select_all = true;
      headless_only = true;
    } else if (arg == "--left-click") {
      o.left_click = parse_pixel(arg, value());
      headless_only = true;
    } else if (arg == "--box-select") {
      const auto [a, rest] = parse_pair<std::string_view>(arg, value(), ',');
      const auto [b, corner] = parse_pair<std::string_view>(arg, rest, ',');
      o.box = {parse_pixel(arg, std::string(a) + "," + std::string(b)), parse_pixel(arg, corner)};
      headless_only = true;
    } else if (arg == "--block-at") {
      const auto [frame, corners] = parse_pair<std::string_view>(arg, value(), ':');
      const auto [x0, y0, x1, y1] = parse_rect(arg, corners);
      // The tiles' rectangle ends at X1 + 1 and Y1 + 1, which must be ints.
      if (std::max(x1, y1) == std::numeric_limits<int>::max()) {
        throw UsageError("--block-at: X1 and Y1 must be below " +
                         std::to_string(std::numeric_limits<int>::max()));
      }
      o.blocks.push_back({parse_number<int>(arg, frame), {x0, y0, x1 + 1, y1 + 1}});
      if (o.blocks.back().frame < 0) throw UsageError("--block-at: the frame must be >= 0");
      headless_only = true;
    } else if (arg == "--brush") {
      o.brushes.push_back(parse_brush(arg, value(), 0));
      headless_only = true;
    } else if (arg == "--brush-at") {
      const auto [frame, stroke] = parse_pair<std::string_view>(arg, value(), ':');
      o.brushes.push_back(parse_brush(arg, stroke, parse_number<int>(arg, frame)));
      headless_only = true;
    } else if (arg == "--frames") {
      o.frames = parse_number<int>(arg, value());
      if (*o.frames < 1 || *o.frames > kMaxFrames) {
        throw UsageError("--frames: must be in [1, " + std::to_string(kMaxFrames) + "], got " +
                         std::to_string(*o.frames));
      }
      headless_only = true;
    } else if (arg == "--until-arrived") {
      o.until_arrived = true;
      headless_only = true;
    } else if (arg == "--capture") {
      const std::string_view v = value();
      const std::size_t colon = v.find(':');
      if (colon == std::string_view::npos || colon + 1 == v.size()) {
        throw UsageError("--capture: '" + std::string(v) + "' is not FRAME:FILE");
      }
      const int frame = parse_number<int>(arg, v.substr(0, colon));
      if (frame < 1 || frame > kMaxFrames) {
        throw UsageError("--capture: the frame must be in [1, " + std::to_string(kMaxFrames) +
                         "], got " + std::to_string(frame));
      }
      o.capture = WindowCapture{frame, std::string(v.substr(colon + 1))};
    } else if (arg == "--screenshot") {
      o.screenshot = parse_file_name(arg, value());
      headless_only = true;
    } else if (arg == "--report") {
      o.report = parse_file_name(arg, value());
      headless_only = true;
    } else if (arg == "--follow-unit") {
      o.follow_m = parse_bounded<double>(arg, value(), kFollowLimit);
      headless_only = true;
    } else if (arg == "--lod") {
      const std::string_view v = value();
      if (v != "on" && v != "off") {
        throw UsageError("--lod: '" + std::string(v) + "' is not on or off");
      }
      o.lod = v == "on";
    } else if (arg == "--msaa") {
      const std::string_view v = value();
      if (v == "auto") {
        o.msaa = engine::kAutoSamples;
      } else if (v == "0" || v == "2" || v == "4" || v == "8") {
        o.msaa = v[0] - '0';
      } else {
        throw UsageError("--msaa: '" + std::string(v) + "' is not auto, 0, 2, 4 or 8");
      }
    } else if (arg == "--minimap" || arg == "--paths") {
      const std::string_view v = value();
      if (v != "on" && v != "off") {
        throw UsageError(std::string(arg) + ": '" + std::string(v) + "' is not on or off");
      }
      (arg == "--minimap" ? o.minimap : o.paths) = v == "on";
    } else if (arg == "--lod-error") {
      o.lod_error_px = parse_bounded<double>(arg, value(), kLodErrorLimit);
    } else if (arg == "--bench-frames") {
      o.bench_frames = parse_number<int>(arg, value());
      if (*o.bench_frames < 1 || *o.bench_frames > kMaxFrames) {
        throw UsageError("--bench-frames: must be in [1, " + std::to_string(kMaxFrames) +
                         "], got " + std::to_string(*o.bench_frames));
      }
    } else {
      throw UsageError("unknown option '" + std::string(arg) + "'");
    }
  }
  if (o.terrain.procedural) {
    if (!o.terrain.map.empty()) throw UsageError("--procedural and --map exclude each other");
    if (o.terrain.nodata || o.terrain.resample_square) {
      throw UsageError(std::string(o.terrain.nodata ? "--nodata" : "--resample") + " needs --map");
    }
    if (o.terrain.height_scale_m) {
      throw UsageError("--height-scale does not apply to --procedural terrain");
    }
    if (seed) o.terrain.procedural->seed = *seed;
  } else if (seed) {
    throw UsageError("--seed needs --procedural");
  }
  if (o.bench_frames && !o.headless) throw UsageError("--bench-frames needs --headless");
  if (o.capture && o.headless) {
    throw UsageError("--capture is for the window (headless pictures: --screenshot)");
  }
  if (headless_only && !o.headless) {
    throw UsageError(
        "--size, --right-click, --minimap-right-click, --select-all, --left-click, --box-select, "
        "--block-at, --brush, --brush-at, --frames, --until-arrived, --screenshot, --report, "
        "--follow-unit, --panel and --hover need --headless");
  }
  return o;
}

}  // namespace terranav::app
