// fuzz_app_options: the terranav app's command line. The input split at NUL
// bytes is argv after the program name, handed to app::parse_options, which
// only reads it: main() loads the map and opens a window or GL context
// afterwards, so nothing here touches a file or a display. UsageError is the
// expected refusal; its message must name an option of the command line, and
// main() prints it on one line (nav::printable_text), so the parser itself
// must not write bytes outside printable ASCII that the input did not hold.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/options.hpp"
#include "fuzz_support.hpp"
#include "terranav/engine/scene/brush.hpp"
#include "terranav/engine/scene/time_scale.hpp"
#include "terranav/nav/limits.hpp"

namespace {

namespace app = terranav::app;
namespace engine = terranav::engine;
namespace nav = terranav::nav;

void check_within(const nav::Limit& limit, double value) {
  FUZZ_CHECK(nav::within(limit, value));
}

void check_pixel(const glm::dvec2& pixel) {
  FUZZ_CHECK(std::isfinite(pixel.x) && std::isfinite(pixel.y));
}

/// What parse_options promises of options it returns.
void check_options(const app::Options& o) {
  const nav::TerrainRequest& t = o.terrain;
  FUZZ_CHECK(!t.procedural || (t.map.empty() && !t.height_scale_m));
  if (t.procedural) check_within(nav::kProceduralSizeLimit, t.procedural->size);
  if (t.spacing_m) check_within(nav::kSpacingLimit, *t.spacing_m);
  if (t.height_scale_m) check_within(nav::kHeightScaleLimit, *t.height_scale_m);
  if (t.tile_size) check_within(nav::kTileSizeLimit, *t.tile_size);
  check_within(nav::kMaxSlopeLimit, o.max_slope);
  check_within(nav::kSlopeWeightLimit, o.slope_weight);
  check_within(nav::kUphillWeightLimit, o.uphill_weight);
  check_within(nav::kDownhillWeightLimit, o.downhill_weight);
  check_within(nav::kWeightLimit, o.weight);
  if (o.speed_mps) check_within(nav::kSpeedLimit, *o.speed_mps);
  if (o.time_scale) check_within(engine::kTimeScaleLimit, *o.time_scale);
  check_within(engine::kUnitCountLimit, o.units);
  if (o.follow_m) check_within(app::kFollowLimit, *o.follow_m);
  check_within(app::kLodErrorLimit, o.lod_error_px);

  FUZZ_CHECK(o.size.width >= 1 && o.size.width <= 8192);
  FUZZ_CHECK(o.size.height >= 1 && o.size.height <= 8192);
  FUZZ_CHECK(!o.frames || *o.frames >= 1);
  FUZZ_CHECK(!o.bench_frames || (*o.bench_frames >= 1 && o.headless));
  if (o.left_click) check_pixel(*o.left_click);
  if (o.hover) check_pixel(*o.hover);
  if (o.box) {
    check_pixel((*o.box)[0]);
    check_pixel((*o.box)[1]);
  }
  for (const app::ScriptedClick& click : o.clicks) check_pixel(click.pixel);
  for (const app::ScriptedBlock& block : o.blocks) {
    FUZZ_CHECK(block.frame >= 0 && !block.tiles.empty());
  }
  for (const app::ScriptedBrush& stroke : o.brushes) {
    FUZZ_CHECK(stroke.frame >= 0);
    check_pixel(stroke.pixel);
    check_within(engine::kBrushRadiusLimit, stroke.brush.radius_m);
    check_within(engine::kBrushStrengthLimit, stroke.brush.strength_m);
  }
  FUZZ_CHECK(!o.screenshot || !o.screenshot->empty());
  FUZZ_CHECK(!o.report || !o.report->empty());

  const bool headless_only = o.select_all || o.left_click || o.box || o.hover ||
                             !o.clicks.empty() || !o.blocks.empty() || !o.brushes.empty() ||
                             o.frames || o.until_arrived || o.screenshot || o.report ||
                             o.follow_m || o.panel;
  FUZZ_CHECK(!headless_only || o.headless);
}

/// The refusal's message: not empty, naming an option of `args` (or the
/// unknown one), with no unprintable byte of its own.
void check_message(std::string_view message, std::string_view input,
                   std::span<const std::string_view> args) {
  FUZZ_CHECK(!message.empty());
  // "-h" names one; "-" and "--" alone would match any message.
  const auto named = [&](std::string_view arg) {
    return arg.size() > 1 && arg.starts_with('-') && arg != "--" &&
           message.find(arg) != std::string_view::npos;
  };
  const bool names_an_option =
      message.starts_with("unknown option '") || std::ranges::any_of(args, named);
  FUZZ_CHECK(names_an_option);
  for (const char c : message) {
    const auto byte = static_cast<unsigned char>(c);
    FUZZ_CHECK((byte >= 0x20 && byte < 0x7F) || input.find(c) != std::string_view::npos);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<std::string_view> args;
  if (!input.empty()) {
    for (std::size_t begin = 0; begin <= input.size();) {
      const std::size_t end = std::min(input.find('\0', begin), input.size());
      args.push_back(input.substr(begin, end - begin));
      begin = end + 1;
    }
  }
  try {
    check_options(app::parse_options(args));
  } catch (const app::UsageError& error) {
    check_message(error.what(), input, args);
  }
  return 0;
}
