// The Boost Graph Library baseline: a compressed_sparse_row_graph holding
// exactly the edges of a nav::TerrainGraph with their reference costs, and
// boost::astar_search with the octile heuristic, optionally plus nav's climb
// bound. Benchmark-only; Boost stays
// out of this header so callers need not include it.
#pragma once

#include <cstddef>
#include <memory>

#include "baseline.hpp"

namespace terranav::bench {

/// A* through the Boost Graph Library (BGL 1.74, Siek, Lee & Lumsdaine,
/// "The Boost Graph Library", 2002) on the same work as nav::AStar.
///
/// Build: one CSR edge per graph.has_edge(t, dir), cost reference_cost (double),
/// then connected sets with boost::incremental_components (union-find over the
/// edges). Query: boost::astar_search (4-ary indirect heap; it initialises
/// colour, distance, rank and predecessor of every vertex, as BGL's A* does)
/// with property maps over vectors allocated once here and reused; the search
/// stops at the goal by a visitor throwing from examine_vertex (BGL's idiom).
class BoostBaseline {
 public:
  /// Keeps no reference to graph. O(tiles + edges).
  BoostBaseline(const nav::TerrainGraph& graph, double slope_weight);
  ~BoostBaseline();
  BoostBaseline(const BoostBaseline&) = delete;
  BoostBaseline& operator=(const BoostBaseline&) = delete;

  /// Optimal path between tile indices; not found when they are in different
  /// connected sets (nothing searched) or the goal is never reached. With
  /// climb_bound the heuristic adds slope_weight * |H(v) - H(goal)| (metres),
  /// as nav::AStar's default does. O(V) initialisation + O((V + E) log V).
  BaselineResult find_path(std::uint32_t start, std::uint32_t goal, bool climb_bound = false);

  /// Bytes of the CSR graph, the component ids, the tile heights and the
  /// per-vertex search maps (with the heap index map astar_search allocates
  /// on each query).
  std::size_t memory_bytes() const noexcept;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace terranav::bench
