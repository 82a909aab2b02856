// Embedding terranav from its installed package: a terrain file in (its
// .terrain sidecar honoured), one query sliced into 1 ms steps, one JSON
// object out.
//   embed_nav --map FILE [--spacing S] [--height-scale Z] --from X,Y --to X,Y
// Tiles are X = column, Y = row. Prints {"status": "found" | "unreachable" |
// "invalid_start" | "invalid_goal", "cost": number or null, "tiles": N,
// "expanded": N, "steps": N}. Errors: one `embed_nav: ...` line on stderr, exit 2 for a
// bad command line, 1 for a terrain that does not load.
#include <charconv>
#include <cstdio>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "terranav/nav/nav_terrain.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace nav = terranav::nav;

namespace {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <typename T>
T parse_number(std::string_view flag, std::string_view text) {
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    throw UsageError(std::string(flag) + ": '" + std::string(text) + "' is not a number");
  }
  return value;
}

// "X,Y" -> tile (column X, row Y).
nav::TileCoord parse_tile(std::string_view flag, std::string_view text) {
  const auto comma = text.find(',');
  if (comma == std::string_view::npos) {
    throw UsageError(std::string(flag) + ": expected X,Y, got '" + std::string(text) + "'");
  }
  return {parse_number<int>(flag, text.substr(0, comma)),
          parse_number<int>(flag, text.substr(comma + 1))};
}

struct Query {
  nav::TerrainRequest terrain;
  nav::TileCoord from;
  nav::TileCoord to;
};

Query parse_args(int argc, char** argv) {
  Query query;
  std::optional<nav::TileCoord> from;
  std::optional<nav::TileCoord> to;
  for (int k = 1; k < argc; k += 2) {
    const std::string_view flag = argv[k];
    if (flag != "--map" && flag != "--spacing" && flag != "--height-scale" && flag != "--from" &&
        flag != "--to") {
      throw UsageError("unknown option '" + std::string(flag) + "'");
    }
    if (k + 1 >= argc) throw UsageError(std::string(flag) + ": missing value");
    const std::string_view value = argv[k + 1];
    if (flag == "--map") query.terrain.map = std::string(value);
    if (flag == "--spacing") query.terrain.spacing_m = parse_number<double>(flag, value);
    if (flag == "--height-scale") query.terrain.height_scale_m = parse_number<double>(flag, value);
    if (flag == "--from") from = parse_tile(flag, value);
    if (flag == "--to") to = parse_tile(flag, value);
  }
  if (query.terrain.map.empty()) throw UsageError("--map FILE is required");
  if (!from) throw UsageError("--from X,Y is required");
  if (!to) throw UsageError("--to X,Y is required");
  query.from = *from;
  query.to = *to;
  return query;
}

// Shortest text that reads back as the same double (JSON has no NaN or
// infinity, but a found path's cost is finite).
std::string json_number(double value) {
  char text[32];
  const auto [end, error] = std::to_chars(text, text + sizeof text, value);
  return error == std::errc() ? std::string(text, end) : "null";
}

}  // namespace

int main(int argc, char** argv) {
  Query query;
  try {
    query = parse_args(argc, argv);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "embed_nav: %s\n", e.what());
    return 2;
  }
  try {
    // One owner for the nav data; a search (one per thread) keeps references.
    nav::Terrain file = nav::load_terrain(query.terrain);
    const nav::NavTerrain terrain(
        std::move(file.heightmap),
        {.graph = {.tile_size = file.tile_size}, .blocked = std::move(file.blocked)});
    nav::AStar astar(terrain.graph(), terrain.sets());

    // Sliced as a game loop runs it: at most 1 ms of search a frame.
    int steps = 0;
    astar.start(query.from, query.to);
    for (; astar.status() == nav::SearchStatus::InProgress; ++steps) {
      astar.step({.max_microseconds = 1000.0});
    }
    nav::PathResult path;
    astar.result(path);
    const bool found = path.status == nav::SearchStatus::Found;
    std::printf(
        "{\"status\": \"%s\", \"cost\": %s, \"tiles\": %zu, \"expanded\": %lu, \"steps\": %d}\n",
        std::string(nav::to_string(path.status)).c_str(),
        found ? json_number(path.cost).c_str() : "null", path.tiles.size(),
        static_cast<unsigned long>(path.expanded), steps);
    return 0;
  } catch (const std::exception& e) {  // nav::Error names the file and the problem
    std::fprintf(stderr, "embed_nav: %s\n", e.what());
    return 1;
  }
}
