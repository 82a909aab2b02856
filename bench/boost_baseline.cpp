#include "boost_baseline.hpp"

#include <boost/graph/astar_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/incremental_components.hpp>
#include <boost/pending/disjoint_sets.hpp>
#include <boost/property_map/property_map.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace terranav::bench {

namespace {

struct EdgeCost {
  double cost;
};
// 32-bit vertex and edge indices: the most compact CSR BGL offers.
using Graph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, EdgeCost,
                                                 boost::no_property, std::uint32_t, std::uint32_t>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

// Octile distance plus, with the climb bound, k * |H(v) - H(goal)| (what
// nav::AStar adds under the reference model); k = 0 without it.
class OctileHeuristic : public boost::astar_heuristic<Graph, double> {
 public:
  OctileHeuristic(Vertex goal, std::uint32_t tiles_wide, double tile_metres, const double* height,
                  double climb_weight)
      : goal_i_(static_cast<int>(goal % tiles_wide)),
        goal_j_(static_cast<int>(goal / tiles_wide)),
        tiles_wide_(tiles_wide),
        tile_metres_(tile_metres),
        height_(height),
        goal_height_(height[goal]),
        climb_weight_(climb_weight) {}
  double operator()(Vertex v) const {
    return octile_metres(static_cast<int>(v % tiles_wide_) - goal_i_,
                         static_cast<int>(v / tiles_wide_) - goal_j_, tile_metres_) +
           climb_weight_ * std::abs(height_[v] - goal_height_);
  }

 private:
  int goal_i_;
  int goal_j_;
  std::uint32_t tiles_wide_;
  double tile_metres_;
  const double* height_;
  double goal_height_;
  double climb_weight_;
};

struct FoundGoal {};

// Visitors are copied by value inside BGL: the counter lives outside.
class GoalVisitor : public boost::default_astar_visitor {
 public:
  GoalVisitor(Vertex goal, std::uint32_t* expanded) : goal_(goal), expanded_(expanded) {}
  void examine_vertex(Vertex u, const Graph&) const {
    if (u == goal_) throw FoundGoal{};
    ++*expanded_;
  }

 private:
  Vertex goal_;
  std::uint32_t* expanded_;
};

Graph build_csr(const nav::TerrainGraph& graph, double slope_weight) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  std::vector<EdgeCost> costs;
  const auto n = static_cast<std::uint32_t>(graph.tile_count());
  for (std::uint32_t u = 0; u < n; ++u) {
    for (int dir = 0; dir < nav::kDirections; ++dir) {
      if (!graph.has_edge(nav::TileId{u}, dir)) continue;
      edges.emplace_back(u, nav::index(graph.neighbour(nav::TileId{u}, dir)));
      costs.push_back({reference_cost(graph, nav::TileId{u}, dir, slope_weight)});
    }
  }
  // Tiles in index order: the edge list is already sorted by source.
  return Graph(boost::edges_are_sorted, edges.begin(), edges.end(), costs.begin(), n);
}

}  // namespace

struct BoostBaseline::Impl {
  Graph csr;
  std::uint32_t tiles_wide;
  double tile_metres;
  double climb_weight;             // k of the climb bound: the slope weight
  std::vector<double> height;      // tile heights, for the climb bound
  std::vector<std::uint32_t> set;  // representative of each vertex's component
  std::vector<Vertex> predecessor;
  std::vector<double> distance;
  std::vector<double> rank;  // f = g + h, BGL's "cost" map
  std::vector<boost::default_color_type> color;

  Impl(const nav::TerrainGraph& graph, double slope_weight)
      : csr(build_csr(graph, slope_weight)),
        tiles_wide(static_cast<std::uint32_t>(graph.tiles_wide())),
        tile_metres(graph.tile_metres()),
        climb_weight(slope_weight),
        height(graph.tile_count()),
        set(graph.tile_count()),
        predecessor(graph.tile_count()),
        distance(graph.tile_count()),
        rank(graph.tile_count()),
        color(graph.tile_count()) {
    std::vector<std::uint32_t> ds_rank(graph.tile_count());
    const auto index = boost::get(boost::vertex_index, csr);
    const auto rank_map = boost::make_iterator_property_map(ds_rank.begin(), index);
    const auto parent_map = boost::make_iterator_property_map(set.begin(), index);
    boost::disjoint_sets<decltype(rank_map), decltype(parent_map)> ds(rank_map, parent_map);
    boost::initialize_incremental_components(csr, ds);
    boost::incremental_components(csr, ds);
    ds.compress_sets(boost::vertices(csr).first, boost::vertices(csr).second);
    for (std::uint32_t t = 0; t < height.size(); ++t) height[t] = graph.tile_height(nav::TileId{t});
  }
};

BoostBaseline::BoostBaseline(const nav::TerrainGraph& graph, double slope_weight)
    : impl_(std::make_unique<Impl>(graph, slope_weight)) {}

BoostBaseline::~BoostBaseline() = default;

BaselineResult BoostBaseline::find_path(std::uint32_t start, std::uint32_t goal, bool climb_bound) {
  Impl& m = *impl_;
  BaselineResult result;
  if (m.set[start] != m.set[goal]) return result;
  const auto index = boost::get(boost::vertex_index, m.csr);
  try {
    boost::astar_search(m.csr, start,
                        OctileHeuristic(goal, m.tiles_wide, m.tile_metres, m.height.data(),
                                        climb_bound ? m.climb_weight : 0.0),
                        GoalVisitor(goal, &result.expanded),
                        boost::make_iterator_property_map(m.predecessor.begin(), index),
                        boost::make_iterator_property_map(m.rank.begin(), index),
                        boost::make_iterator_property_map(m.distance.begin(), index),
                        boost::get(&EdgeCost::cost, m.csr), index,
                        boost::make_iterator_property_map(m.color.begin(), index),
                        std::less<double>(), boost::closed_plus<double>(),
                        std::numeric_limits<double>::infinity(), 0.0);
  } catch (const FoundGoal&) {
    result.found = true;
  }
  if (!result.found) return result;
  result.cost = m.distance[goal];
  for (Vertex v = goal; v != start; v = m.predecessor[v]) result.path.push_back(v);
  result.path.push_back(start);
  std::reverse(result.path.begin(), result.path.end());
  return result;
}

std::size_t BoostBaseline::memory_bytes() const noexcept {
  const Impl& m = *impl_;
  const std::size_t v = m.set.size();
  const std::size_t e = boost::num_edges(m.csr);
  const std::size_t csr = (v + 1) * sizeof(std::uint32_t) + e * (sizeof(Vertex) + sizeof(EdgeCost));
  const std::size_t maps = v * (sizeof(std::uint32_t) + sizeof(Vertex) + 3 * sizeof(double) +
                                sizeof(boost::default_color_type));
  // astar_search allocates a size_t heap index per vertex on each query.
  return csr + maps + v * sizeof(std::size_t);
}

}  // namespace terranav::bench
