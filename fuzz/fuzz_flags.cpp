// fuzz_flags: navcli's command line. The input split at NUL bytes is argv
// after the program name: the command, then its flags. Each command's flags
// go through its parse_<command>_options (tools/navcli/command_options.hpp),
// which the command itself calls before loading anything, so nothing heavy
// runs here. UsageError and nav::Error are the expected refusals.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "command_options.hpp"
#include "flags.hpp"
#include "fuzz_support.hpp"
#include "terrain_options.hpp"
#include "terranav/nav/types.hpp"

namespace {

namespace navcli = terranav::navcli;
namespace nav = terranav::nav;

// What every command shares, checked on a successful parse.
void check_terrain(const navcli::TerrainOptions& terrain) {
  FUZZ_CHECK(terrain.request.map.empty() != !terrain.request.procedural.has_value());
}

void check_search(const nav::SearchOptions& search) {
  FUZZ_CHECK(std::isfinite(search.weight) && search.weight >= 1.0);
}

void check_cost(const navcli::CostOptions& cost) {
  FUZZ_CHECK(cost.class_table.size() <= 256);
  FUZZ_CHECK(cost.class_bands.empty() || cost.class_bands.size() + 1 == cost.class_table.size());
  FUZZ_CHECK(cost.class_table.empty() || !cost.class_bands.empty() || !cost.class_image.empty());
}

// --compat r.walk: a DEM and coefficients that make every step positive.
void check_rwalk(const navcli::RwalkSurfaceOptions& o) {
  FUZZ_CHECK(!o.map.empty());
  FUZZ_CHECK(o.walk.walk.walk.a > 0.0 && o.walk.walk.lambda >= 0.0);
}

void parse(std::string_view command, navcli::Flags& flags) {
  if (command == "path") {
    const navcli::PathOptions o = navcli::parse_path_options(flags);
    if (o.rwalk) {
      check_rwalk(*o.rwalk);
      FUZZ_CHECK(!o.png && !o.from_surface && !o.show_sets);
      return;
    }
    check_terrain(o.terrain);
    check_cost(o.cost);
    check_search(o.search);
    FUZZ_CHECK(!o.png_scale || *o.png_scale >= 1);
  } else if (command == "bench") {
    const navcli::BenchOptions o = navcli::parse_bench_options(flags);
    check_terrain(o.terrain);
    check_cost(o.cost);
    check_search(o.search);
    FUZZ_CHECK(!o.budget_us || (*o.budget_us > 0.0 && std::isfinite(*o.budget_us)));
  } else if (command == "scen") {
    const navcli::ScenOptions o = navcli::parse_scen_options(flags);
    check_terrain(o.terrain);
    check_cost(o.cost);
    FUZZ_CHECK(o.queries >= 1);
  } else if (command == "sweep") {
    const navcli::SweepOptions o = navcli::parse_sweep_options(flags);
    check_terrain(o.terrain);
    check_cost(o.cost);
    check_search(o.base_search);
    const navcli::SweepGrid& g = o.grid;
    FUZZ_CHECK(!g.max_slopes.empty() && !g.slope_weights.empty() && !g.costs.empty() &&
               !g.heuristics.empty() && !g.climb_bounds.empty() && !g.weights.empty());
  } else if (command == "requests") {
    const navcli::RequestsOptions o = navcli::parse_requests_options(flags);
    check_terrain(o.terrain);
    check_cost(o.cost);
    check_search(o.search);
    FUZZ_CHECK(o.count >= 1 && o.threads >= 0 && o.threads <= 64 && o.radius >= 0);
    FUZZ_CHECK(std::isfinite(o.budget_us) && o.budget_us > 0.0);
    FUZZ_CHECK(std::isfinite(o.frame_ms) && o.frame_ms > 0.0);
  } else if (command == "edits") {
    const navcli::EditsOptions o = navcli::parse_edits_options(flags);
    check_terrain(o.terrain);
    check_cost(o.cost);
    FUZZ_CHECK(o.count >= 1 && o.radius >= 1);
  } else if (command == "cost-surface") {
    const navcli::CostSurfaceOptions o = navcli::parse_cost_surface_options(flags);
    if (o.rwalk) {
      check_rwalk(*o.rwalk);
      FUZZ_CHECK(!o.rwalk->walk.walk.starts.empty());
    } else {
      check_terrain(o.terrain);
      check_cost(o.cost);
      FUZZ_CHECK(!o.sources.empty());
    }
  } else if (command == "batch") {
    const navcli::BatchOptions o = navcli::parse_batch_options(flags);
    FUZZ_CHECK(!o.threads || (*o.threads >= 1 && *o.threads <= 256));
    if (o.rwalk) {
      check_rwalk(*o.rwalk);
      FUZZ_CHECK(o.also_price.empty());
      return;
    }
    check_terrain(o.terrain);
    check_cost(o.cost);
    check_search(o.search);
    FUZZ_CHECK(o.also_price.size() <= 4);
  } else {
    // An unknown command: main() refuses it before reading flags. Parse the
    // shared option groups on their own so the fuzzer still reaches them
    // with any flag set.
    const navcli::TerrainOptions terrain = navcli::take_terrain_options(flags);
    (void)navcli::take_cost_options(flags);
    (void)navcli::take_search_options(flags, terrain.config.topology);
    flags.check_all_taken();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<std::string_view> args;
  for (std::size_t begin = 0; begin <= input.size();) {
    const std::size_t end = std::min(input.find('\0', begin), input.size());
    args.push_back(input.substr(begin, end - begin));
    begin = end + 1;
  }
  // main(): --help and --version anywhere win; otherwise args[0] names the
  // command and the rest are its flags.
  if (std::find(args.begin(), args.end(), "--help") != args.end() ||
      std::find(args.begin(), args.end(), "--version") != args.end()) {
    return 0;
  }
  try {
    navcli::Flags flags(std::span<const std::string_view>(args).subspan(1));
    parse(args[0], flags);
  } catch (const navcli::UsageError&) {
  } catch (const nav::Error&) {
  }
  return 0;
}
