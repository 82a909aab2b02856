#include "terranav/engine/options.hpp"

#include <charconv>
#include <cstdint>
#include <optional>

namespace terranav::engine {
namespace {

template <typename T>
T parse_number(std::string_view option, std::string_view text) {
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    throw UsageError(std::string(option) + ": '" + std::string(text) + "' is not a number");
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
  return {parse_number<T>(option, text.substr(0, cut)),
          parse_number<T>(option, text.substr(cut + 1))};
}

}  // namespace

std::string usage() {
  return "usage: terranav [--map FILE --spacing S --height-scale Z --tile-size T\n"
         "                 --max-slope M --slope-weight K] [--start X,Y] [--speed MPS]\n"
         "       terranav --procedural SIZE [--seed N] [--spacing S --tile-size T ...]\n"
         "       terranav --headless [map options] [--size WxH] [--right-click PX,PY]...\n"
         "                 [--frames N] [--until-arrived] [--screenshot out.png]\n"
         "                 [--report out.json]\n"
         "       terranav --help | --version\n"
         "--procedural: a SIZE x SIZE fractal-noise terrain instead of --map (seed 1 and\n"
         "30 m spacing unless given), relief 0.13 x its extent.\n"
         "Window: right-click moves the unit, left-drag orbits, middle-drag or WASD pans,\n"
         "the wheel zooms, Esc quits. Without a display it runs headless with a demo click.\n";
}

Options parse_options(std::span<const std::string_view> args) {
  Options o;
  bool headless_only = false;
  std::optional<std::uint32_t> seed;
  for (std::size_t k = 0; k < args.size(); ++k) {
    const std::string_view arg = args[k];
    const auto value = [&]() -> std::string_view {
      if (k + 1 >= args.size()) throw UsageError(std::string(arg) + ": missing value");
      return args[++k];
    };
    if (arg == "--help" || arg == "-h") {
      o.help = true;
    } else if (arg == "--version") {
      o.version = true;
    } else if (arg == "--map") {
      o.terrain.map = std::string(value());
    } else if (arg == "--procedural") {
      o.terrain.procedural = nav::ProceduralConfig{.size = parse_number<int>(arg, value()),
                                                   .spacing_m = kProceduralSpacingM};
    } else if (arg == "--seed") {
      seed = parse_number<std::uint32_t>(arg, value());
    } else if (arg == "--spacing") {
      o.terrain.spacing_m = parse_number<double>(arg, value());
    } else if (arg == "--height-scale") {
      o.terrain.height_scale_m = parse_number<double>(arg, value());
    } else if (arg == "--tile-size") {
      o.terrain.tile_size = parse_number<int>(arg, value());
    } else if (arg == "--max-slope") {
      o.max_slope = parse_number<double>(arg, value());
    } else if (arg == "--slope-weight") {
      o.slope_weight = parse_number<double>(arg, value());
    } else if (arg == "--start") {
      const auto [i, j] = parse_pair<int>(arg, value(), ',');
      o.start = nav::TileCoord{i, j};
    } else if (arg == "--speed") {
      o.speed_mps = parse_number<double>(arg, value());
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
    } else if (arg == "--right-click") {
      const auto [x, y] = parse_pair<double>(arg, value(), ',');
      o.clicks.emplace_back(x, y);
      headless_only = true;
    } else if (arg == "--frames") {
      o.frames = parse_number<int>(arg, value());
      if (*o.frames < 1) throw UsageError("--frames: must be >= 1");
      headless_only = true;
    } else if (arg == "--until-arrived") {
      o.until_arrived = true;
      headless_only = true;
    } else if (arg == "--screenshot") {
      o.screenshot = std::string(value());
      headless_only = true;
    } else if (arg == "--report") {
      o.report = std::string(value());
      headless_only = true;
    } else {
      throw UsageError("unknown option '" + std::string(arg) + "'");
    }
  }
  if (o.terrain.procedural) {
    if (!o.terrain.map.empty()) throw UsageError("--procedural and --map exclude each other");
    if (o.terrain.height_scale_m) {
      throw UsageError("--height-scale does not apply to --procedural terrain");
    }
    if (seed) o.terrain.procedural->seed = *seed;
  } else if (seed) {
    throw UsageError("--seed needs --procedural");
  }
  if (headless_only && !o.headless) {
    throw UsageError(
        "--size, --right-click, --frames, --until-arrived, --screenshot and "
        "--report need --headless");
  }
  return o;
}

}  // namespace terranav::engine
