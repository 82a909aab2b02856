#include "terranav/nav/search.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <numbers>
#include <span>

namespace terranav::nav {

namespace {

/// heap_pos_ of a tile taken from the open set in the current generation.
constexpr std::uint32_t kClosed = 0xFFFFFFFFu;
/// Octile distance with the cheapest cardinal and diagonal step costs the
/// graph can store. Edge costs are floats: float(t s sqrt2) is below t s sqrt2,
/// so the exact octile distance would overestimate by a relative 2^-24 and
/// break consistency. With float steps, g and h on a straight flat line add
/// up exactly in double, so ties on f are exact and the g tie-break works.
struct StepHeuristic {
  double cardinal;
  double diagonal_extra;  // diagonal step - cardinal step

  explicit StepHeuristic(const TerrainGraph& graph) noexcept
      : cardinal(static_cast<float>(graph.tile_metres()) * graph.min_cost_per_metre()),
        diagonal_extra(static_cast<float>(graph.tile_metres() * std::numbers::sqrt2) *
                           graph.min_cost_per_metre() -
                       cardinal) {}

  double operator()(int di, int dj) const noexcept {
    const int a = std::abs(di);
    const int b = std::abs(dj);
    return cardinal * std::max(a, b) + diagonal_extra * std::min(a, b);
  }
};

}  // namespace

std::string_view to_string(SearchStatus status) noexcept {
  switch (status) {
    case SearchStatus::Found:
      return "found";
    case SearchStatus::Unreachable:
      return "unreachable";
    case SearchStatus::InvalidStart:
      return "invalid_start";
    case SearchStatus::InvalidGoal:
      return "invalid_goal";
  }
  return "unknown";
}

double octile_distance(TileCoord a, TileCoord b, double tile_metres) noexcept {
  const int di = std::abs(a.i - b.i);
  const int dj = std::abs(a.j - b.j);
  return tile_metres * (std::max(di, dj) + (std::numbers::sqrt2 - 1.0) * std::min(di, dj));
}

AStar::AStar(const TerrainGraph& graph, const ConnectedSets& sets)
    : graph_(graph),
      sets_(sets),
      g_(graph.tile_count()),
      parent_(graph.tile_count()),
      heap_pos_(graph.tile_count()),
      generation_(graph.tile_count(), 0),
      heap_(graph.tile_count()),
      heap_keys_(2 * graph.tile_count()) {}

PathResult AStar::find_path(TileCoord start, TileCoord goal) {
  PathResult result;
  const auto unusable = [&](TileCoord c) {
    return !graph_.contains(c) || graph_.blocked(graph_.id(c));
  };
  if (unusable(start)) {
    result.status = SearchStatus::InvalidStart;
    return result;
  }
  if (unusable(goal)) {
    result.status = SearchStatus::InvalidGoal;
    return result;
  }
  const TileId start_id = graph_.id(start);
  const TileId goal_id = graph_.id(goal);
  if (start_id == goal_id) {
    result.status = SearchStatus::Found;
    result.tiles = {start};
    result.waypoints = {graph_.tile_centre(start_id)};
    return result;
  }
  if (graph_.edge_mask(start_id) == 0) {
    result.status = SearchStatus::InvalidStart;
    return result;
  }
  if (graph_.edge_mask(goal_id) == 0) {
    result.status = SearchStatus::InvalidGoal;
    return result;
  }
  if (!sets_.connected(start_id, goal_id)) {
    result.status = SearchStatus::Unreachable;
    return result;
  }

  // Lazy reset: a tile's g/parent/heap_pos are valid only when its generation
  // matches. On wraparound every stamp is cleared once.
  if (++current_generation_ == 0) {
    std::fill(generation_.begin(), generation_.end(), 0u);
    current_generation_ = 1;
  }
  const std::uint32_t gen = current_generation_;
  double* const g = g_.data();
  std::uint32_t* const parent = parent_.data();
  std::uint32_t* const pos = heap_pos_.data();
  std::uint32_t* const stamp = generation_.data();
  std::uint32_t* const heap = heap_.data();
  double* const key = heap_keys_.data();  // key[2k] = f, key[2k+1] = g of heap[k]
  std::uint32_t size = 0;

  // Indexed binary min-heap on (f, -g): ties on f prefer the larger g.
  // Comparisons are branch-free: their outcome defeats a branch predictor.
  const auto before = [key](double fa, double ga, std::uint32_t b) {
    return (fa < key[2 * b]) | ((fa == key[2 * b]) & (ga > key[2 * b + 1]));
  };
  const auto place = [&](std::uint32_t at, std::uint32_t v, double f, double gv) {
    heap[at] = v;
    key[2 * at] = f;
    key[2 * at + 1] = gv;
    pos[v] = at;
  };
  const auto sift_up = [&](std::uint32_t at, std::uint32_t v, double f, double gv) {
    while (at > 0) {
      const std::uint32_t up = (at - 1) / 2;
      if (!before(f, gv, up)) break;
      place(at, heap[up], key[2 * up], key[2 * up + 1]);
      at = up;
    }
    place(at, v, f, gv);
  };
  // Floyd's bottom-up deletion: the hole left by the top sinks to a leaf
  // along the better children (one comparison per level), then the last
  // element, usually a large key, rises from there.
  const auto pop = [&]() {
    const std::uint32_t top = heap[0];
    --size;
    std::uint32_t at = 0;
    for (std::uint32_t child = 1; child < size; child = 2 * at + 1) {
      child += (child + 1 < size) & before(key[2 * child + 2], key[2 * child + 3], child);
      place(at, heap[child], key[2 * child], key[2 * child + 1]);
      at = child;
    }
    if (at != size) sift_up(at, heap[size], key[2 * size], key[2 * size + 1]);
    return top;
  };

  const auto tw = static_cast<std::int64_t>(graph_.tiles_wide());
  std::array<std::int64_t, kDirections> offset{};
  for (std::size_t d = 0; d < offset.size(); ++d) offset[d] = kDirDz[d] * tw + kDirDx[d];
  const StepHeuristic heuristic(graph_);
  const std::uint32_t s = index(start_id);
  const std::uint32_t target = index(goal_id);

  stamp[s] = gen;
  g[s] = 0.0;
  parent[s] = s;
  sift_up(size++, s, heuristic(start.i - goal.i, start.j - goal.j), 0.0);

  std::uint32_t expanded = 0;
  bool found = false;
  while (size > 0) {
    const std::uint32_t u = pop();
    pos[u] = kClosed;
    if (u == target) {
      found = true;
      break;
    }
    // The next top is most likely expanded next: start loading its cost row
    // (the main cache miss on large maps) while this tile is processed.
    if (size > 0) __builtin_prefetch(graph_.edge_costs(TileId{heap[0]}).data());
    ++expanded;
    const double gu = g[u];
    const int ui = static_cast<int>(u % static_cast<std::uint32_t>(tw)) - goal.i;
    const int uj = static_cast<int>(u / static_cast<std::uint32_t>(tw)) - goal.j;
    const TileId uid{u};
    const std::span<const float, kDirections> costs = graph_.edge_costs(uid);
    for (unsigned mask = graph_.edge_mask(uid); mask != 0; mask &= mask - 1) {
      const auto d = static_cast<std::size_t>(std::countr_zero(mask));
      const auto v = static_cast<std::uint32_t>(u + offset[d]);
      const double gv = gu + costs[d];
      if (stamp[v] != gen) {
        stamp[v] = gen;
        g[v] = gv;
        parent[v] = u;
        sift_up(size++, v, gv + heuristic(ui + kDirDx[d], uj + kDirDz[d]), gv);
      } else if (pos[v] != kClosed && gv < g[v]) {
        g[v] = gv;
        parent[v] = u;
        sift_up(pos[v], v, gv + heuristic(ui + kDirDx[d], uj + kDirDz[d]), gv);
      }
    }
  }
  result.expanded = expanded;
  if (!found) {  // only if sets_ was built from another graph
    result.status = SearchStatus::Unreachable;
    return result;
  }

  std::size_t length = 1;
  for (std::uint32_t v = target; v != s; v = parent[v]) ++length;
  result.tiles.resize(length);
  result.waypoints.resize(length);
  std::uint32_t v = target;
  for (std::size_t k = length; k-- > 0; v = parent[v]) {
    result.tiles[k] = graph_.coord(TileId{v});
    result.waypoints[k] = graph_.tile_centre(TileId{v});
  }
  result.status = SearchStatus::Found;
  result.cost = g[target];
  return result;
}

}  // namespace terranav::nav
