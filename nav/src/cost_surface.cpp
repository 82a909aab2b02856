#include "terranav/nav/cost_surface.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <string>

namespace terranav::nav {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
/// How far a traced step may miss the surface value, relative to it: a
/// Float64 round trip is exact, so this only absorbs another summation order.
constexpr double kTraceTolerance = 1e-9;

std::string tile_text(TileCoord c) {
  return "(" + std::to_string(c.i) + ", " + std::to_string(c.j) + ")";
}

/// Open-set entry. Lazy deletion: a tile is pushed again when its cost
/// drops, and an entry above the tile's current cost is skipped when popped,
/// cheaper than an indexed heap's decrease-key here, where every tile is
/// settled anyway.
struct Entry {
  double cost;
  std::uint32_t tile;
  bool operator>(const Entry& other) const noexcept { return cost > other.cost; }
};

/// Calls visit(dir) for every edge direction of tile t.
template <class Visit>
void for_each_edge(const TerrainGraph& graph, TileId t, Visit visit) {
  for (unsigned mask = graph.edge_mask(t); mask != 0; mask &= mask - 1) {
    visit(std::countr_zero(mask));
  }
  for (unsigned mask = graph.knight_mask(t); mask != 0; mask &= mask - 1) {
    visit(kDirections + std::countr_zero(mask));
  }
}

}  // namespace

CostSurface cost_surface(const TerrainGraph& graph, const CostModel& model,
                         std::span<const TileCoord> sources) {
  validate(model, graph.tile_count());
  if (sources.empty()) throw Error("cost_surface: no source tiles");
  for (const TileCoord s : sources) {
    if (!graph.contains(s)) {
      throw Error("cost_surface: source " + tile_text(s) + " outside the " +
                  std::to_string(graph.tiles_wide()) + "x" + std::to_string(graph.tiles_deep()) +
                  " tile grid");
    }
    if (!graph.walkable(graph.id(s))) {
      throw Error("cost_surface: source " + tile_text(s) +
                  " is not walkable (blocked or without edges)");
    }
  }
  CostSurface surface{std::vector<double>(graph.tile_count(), kInf),
                      std::vector<std::uint8_t>(graph.tile_count(), kNoBacklink)};
  std::vector<Entry> storage;
  storage.reserve(graph.tile_count());
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open(std::greater<>{},
                                                                      std::move(storage));
  for (const TileCoord s : sources) {
    const std::uint32_t t = index(graph.id(s));
    if (surface.cost[t] == 0.0) continue;
    surface.cost[t] = 0.0;
    open.push({0.0, t});
  }
  while (!open.empty()) {
    const Entry top = open.top();
    open.pop();
    if (top.cost > surface.cost[top.tile]) continue;  // a stale entry
    const TileId u{top.tile};
    for_each_edge(graph, u, [&](int dir) {
      const double c = top.cost + graph.edge_cost(u, dir, model);
      const std::uint32_t v = index(graph.neighbour(u, dir));
      if (c < surface.cost[v]) {
        surface.cost[v] = c;
        surface.backlink[v] = static_cast<std::uint8_t>(dir ^ 4);
        open.push({c, v});
      }
    });
  }
  return surface;
}

std::vector<TileCoord> follow_backlinks(const TerrainGraph& graph, const CostSurface& surface,
                                        TileCoord goal) {
  if (!graph.contains(goal) || !std::isfinite(surface.cost[index(graph.id(goal))])) return {};
  std::vector<TileCoord> tiles{goal};
  for (TileId t = graph.id(goal); surface.backlink[index(t)] != kNoBacklink;) {
    t = graph.neighbour(t, surface.backlink[index(t)]);
    tiles.push_back(graph.coord(t));
  }
  std::reverse(tiles.begin(), tiles.end());
  return tiles;
}

PathResult trace_cost_surface(const TerrainGraph& graph, const CostModel& model,
                              std::span<const double> cost, TileCoord goal, std::string_view name) {
  validate(model, graph.tile_count());
  if (cost.size() != graph.tile_count()) {
    throw Error(std::string(name) + " has " + std::to_string(cost.size()) +
                " values, not the graph's " + std::to_string(graph.tile_count()) + " tiles");
  }
  PathResult result;
  if (!graph.contains(goal) || graph.blocked(graph.id(goal))) {
    result.status = SearchStatus::InvalidGoal;
    return result;
  }
  const auto value = [&](TileId t) { return cost[index(t)]; };
  if (!std::isfinite(value(graph.id(goal)))) {
    result.status = SearchStatus::Unreachable;
    return result;
  }
  const auto mismatch = [&](TileId t) {
    return Error(std::string(name) + " does not match this terrain and cost model at tile " +
                 tile_text(graph.coord(t)));
  };
  TileId v = graph.id(goal);
  std::vector<TileCoord> tiles{goal};
  while (value(v) != 0.0) {
    // Each step lowers the cost by an edge's (positive) cost: a longer
    // trace means values that no Dijkstra wrote.
    if (value(v) < 0.0 || tiles.size() > graph.tile_count()) throw mismatch(v);
    double best = kInf;
    TileId best_u = v;
    // Edges are symmetric: u -> v exists iff v -> u does, in the opposite direction.
    for_each_edge(graph, v, [&](int dir) {
      const TileId u = graph.neighbour(v, dir);
      const double through = value(u) + graph.edge_cost(u, dir ^ 4, model);
      if (through < best) {
        best = through;
        best_u = u;
      }
    });
    if (!(std::abs(best - value(v)) <= kTraceTolerance * value(v))) throw mismatch(v);
    v = best_u;
    tiles.push_back(graph.coord(v));
  }
  std::reverse(tiles.begin(), tiles.end());
  result.status = SearchStatus::Found;
  result.cost = value(graph.id(goal));
  for (const TileCoord c : tiles) result.waypoints.push_back(graph.tile_centre(graph.id(c)));
  result.tiles = std::move(tiles);
  return result;
}

}  // namespace terranav::nav
