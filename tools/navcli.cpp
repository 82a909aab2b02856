// navcli: the nav module from the command line, one subcommand per kind of
// run, each printing JSON on stdout. Errors: one `navcli: ...` line on stderr,
// exit status 2 for a bad command line, 1 for a failed load or build.
#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/terrain_graph.hpp"
#include "terranav/nav/terrain_source.hpp"

namespace nav = terranav::nav;

namespace {

constexpr const char* kUsage =
    "usage:\n"
    "  navcli path --map FILE [--spacing S] [--height-scale Z] [--tile-size T]\n"
    "              [--max-slope M] [--slope-weight K] --from X,Y --to X,Y\n"
    "      Loads FILE (.png, .hgt, .raw/.r16 or Moving AI .map; settings not given\n"
    "      come from FILE's .terrain sidecar), builds the terrain graph and runs one\n"
    "      A* query between tiles (X = column, Y = row). Prints one JSON object:\n"
    "      {\"status\": \"found\"|\"unreachable\"|\"invalid_start\"|\"invalid_goal\",\n"
    "       \"cost\": metres or null, \"expanded\": nodes, \"time_us\": query time,\n"
    "       \"build_ms\": graph + connected sets build time, \"path\": [[X, Y], ...]}\n"
    "  navcli --help\n"
    "Exit status: 0 answered (whatever the status), 1 load or build error,\n"
    "2 bad command line.\n";

/// A bad command line (exit status 2).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// `--name value` pairs; each flag at most once, each taken by a command.
class Flags {
 public:
  explicit Flags(std::span<const std::string_view> args) {
    for (std::size_t k = 0; k < args.size(); k += 2) {
      const std::string_view name = args[k];
      if (!name.starts_with("--")) {
        throw UsageError("unexpected argument '" + std::string(name) + "'");
      }
      if (k + 1 == args.size()) {
        throw UsageError(std::string(name) + ": missing value");
      }
      if (find(name) != pairs_.end()) {
        throw UsageError(std::string(name) + ": given twice");
      }
      pairs_.emplace_back(name, args[k + 1]);
    }
  }

  std::optional<std::string_view> take(std::string_view name) {
    const auto it = find(name);
    if (it == pairs_.end()) {
      return std::nullopt;
    }
    const std::string_view value = it->second;
    pairs_.erase(it);
    return value;
  }

  std::string_view require(std::string_view name) {
    const auto value = take(name);
    if (!value) {
      throw UsageError(std::string(name) + " is required");
    }
    return *value;
  }

  /// Every flag must have been taken: the rest are unknown to the command.
  void check_all_taken() const {
    if (!pairs_.empty()) {
      throw UsageError("unknown option " + std::string(pairs_.front().first));
    }
  }

 private:
  using Pairs = std::vector<std::pair<std::string_view, std::string_view>>;
  Pairs::iterator find(std::string_view name) {
    return std::find_if(pairs_.begin(), pairs_.end(),
                        [name](const auto& p) { return p.first == name; });
  }
  Pairs pairs_;
};

template <typename T>
T parse_number(std::string_view flag, std::string_view text) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) {
    throw UsageError(std::string(flag) + ": expected a number, got '" + std::string(text) + "'");
  }
  return value;
}

template <typename T>
std::optional<T> optional_number(Flags& flags, std::string_view flag) {
  const auto text = flags.take(flag);
  return text ? std::optional<T>(parse_number<T>(flag, *text)) : std::nullopt;
}

nav::TileCoord parse_tile(std::string_view flag, std::string_view text) {
  const auto comma = text.find(',');
  if (comma == std::string_view::npos) {
    throw UsageError(std::string(flag) + ": expected X,Y, got '" + std::string(text) + "'");
  }
  return {parse_number<std::int32_t>(flag, text.substr(0, comma)),
          parse_number<std::int32_t>(flag, text.substr(comma + 1))};
}

/// Shortest text that reads back as the same double.
std::string json_number(double value) {
  std::array<char, 32> buffer{};
  const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  return std::string(buffer.data(), end);
}

double elapsed_us(std::chrono::steady_clock::time_point from,
                  std::chrono::steady_clock::time_point to) {
  return std::chrono::duration<double, std::micro>(to - from).count();
}

std::string path_json(const nav::PathResult& result, double time_us, double build_ms) {
  const bool found = result.status == nav::SearchStatus::Found;
  std::string out = "{\"status\": \"" + std::string(nav::to_string(result.status)) + "\"";
  out += ", \"cost\": " + (found ? json_number(result.cost) : std::string("null"));
  out += ", \"expanded\": " + std::to_string(result.expanded);
  out += ", \"time_us\": " + json_number(std::round(time_us * 1000.0) / 1000.0);
  out += ", \"build_ms\": " + json_number(std::round(build_ms * 1000.0) / 1000.0);
  out += ", \"path\": [";
  for (std::size_t k = 0; k < result.tiles.size(); ++k) {
    out += (k == 0 ? "[" : ", [") + std::to_string(result.tiles[k].i) + ", " +
           std::to_string(result.tiles[k].j) + "]";
  }
  return out + "]}\n";
}

int run_path(Flags& flags) {
  nav::TerrainRequest request;
  request.map = std::string(flags.require("--map"));
  request.spacing_m = optional_number<double>(flags, "--spacing");
  request.height_scale_m = optional_number<double>(flags, "--height-scale");
  request.tile_size = optional_number<int>(flags, "--tile-size");
  nav::GraphConfig config;
  config.max_slope = optional_number<double>(flags, "--max-slope").value_or(config.max_slope);
  config.slope_weight =
      optional_number<double>(flags, "--slope-weight").value_or(config.slope_weight);
  const nav::TileCoord from = parse_tile("--from", flags.require("--from"));
  const nav::TileCoord to = parse_tile("--to", flags.require("--to"));
  flags.check_all_taken();

  const nav::Terrain terrain = nav::load_terrain(request);
  config.tile_size = terrain.tile_size;
  using Clock = std::chrono::steady_clock;
  const auto build_start = Clock::now();
  const nav::TerrainGraph graph(terrain.heightmap, config, terrain.blocked);
  const nav::ConnectedSets sets(graph);
  const auto build_end = Clock::now();

  nav::AStar astar(graph, sets);
  const auto query_start = Clock::now();
  const nav::PathResult result = astar.find_path(from, to);
  const auto query_end = Clock::now();

  std::fputs(path_json(result, elapsed_us(query_start, query_end),
                       elapsed_us(build_start, build_end) / 1000.0)
                 .c_str(),
             stdout);
  return 0;
}

struct Command {
  std::string_view name;
  int (*run)(Flags&);
};

constexpr std::array kCommands = {Command{"path", run_path}};

int dispatch(std::span<const std::string_view> args) {
  if (std::find(args.begin(), args.end(), "--help") != args.end()) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (args.empty()) {
    throw UsageError("missing command (see navcli --help)");
  }
  const auto command = std::find_if(kCommands.begin(), kCommands.end(),
                                    [&](const Command& c) { return c.name == args[0]; });
  if (command == kCommands.end()) {
    throw UsageError("unknown command '" + std::string(args[0]) + "' (see navcli --help)");
  }
  Flags flags(args.subspan(1));
  return command->run(flags);
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  try {
    return dispatch(args);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "navcli: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {  // nav::Error from loading or building, bad_alloc
    std::fprintf(stderr, "navcli: %s\n", e.what());
    return 1;
  }
}
