// The benchmark terrains: procedural heightmaps of the seed's sizes as a
// NavTerrain (reference graph, connected sets), and a fixed set of random
// queries.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "terranav/nav/nav_terrain.hpp"

namespace terranav::bench {

namespace nav = terranav::nav;

/// Start and goal tile indices.
using Query = std::pair<std::uint32_t, std::uint32_t>;

/// A procedural terrain with the reference model's default config. The
/// references name the terrain's parts as the comparison programs (and
/// tools/ab_search, across revisions) use them.
struct BenchWorld {
  /// Builds the terrain and draws the queries (random_queries, kQuerySeed).
  BenchWorld(nav::Heightmap samples, const nav::GraphConfig& graph_config);
  nav::NavTerrain terrain;
  const nav::Heightmap& heightmap = terrain.heightmap();
  const nav::GraphConfig& config = terrain.graph().config();
  const nav::TerrainGraph& graph = terrain.graph();
  const nav::ConnectedSets& sets = terrain.sets();
  /// 1000 pairs of tiles drawn uniformly from the largest connected set.
  std::vector<Query> queries;
};

/// Fixed seeds, so every run and every implementation sees the same terrain
/// and queries.
inline constexpr std::uint32_t kTerrainSeed = 1;
inline constexpr std::uint32_t kQuerySeed = 2024;
inline constexpr std::size_t kQueryCount = 1000;

/// nav::procedural_heightmap of size x size samples (spacing 1 m, default
/// relief) at the given tile size, built on first use and kept for the
/// process. compare_bench uses (1025, 1) and (2049, 2): the seed's 1024^2 tiles.
const BenchWorld& procedural_world(int size, int tile_size);

/// `count` pairs uniform over the tiles of the largest set (start != goal
/// not enforced), from std::mt19937(seed). Empty if every tile is blocked.
std::vector<Query> random_queries(const nav::TerrainGraph& graph, const nav::ConnectedSets& sets,
                                  std::size_t count, std::uint32_t seed);

/// Fraction of in-grid neighbour pairs between unblocked tiles that have no
/// edge (too steep, or a diagonal cutting a blocked corner).
double missing_edge_fraction(const nav::TerrainGraph& graph);

}  // namespace terranav::bench
