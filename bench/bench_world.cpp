#include "bench_world.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <random>

#include "terranav/terrain_io/procedural.hpp"

namespace terranav::bench {

namespace {

nav::Heightmap heightmap_of(int size) {
  nav::ProceduralConfig config;
  config.size = size;
  config.seed = kTerrainSeed;
  return nav::procedural_heightmap(config);
}

}  // namespace

const BenchWorld& procedural_world(int size, int tile_size) {
  static std::mutex mutex;
  static std::map<std::pair<int, int>, std::unique_ptr<BenchWorld>> worlds;
  const std::lock_guard lock(mutex);
  std::unique_ptr<BenchWorld>& world = worlds[{size, tile_size}];
  if (!world) {
    world =
        std::make_unique<BenchWorld>(heightmap_of(size), nav::GraphConfig{.tile_size = tile_size});
  }
  return *world;
}

BenchWorld::BenchWorld(nav::Heightmap samples, const nav::GraphConfig& graph_config)
    : terrain(std::move(samples), {.graph = graph_config}),
      queries(random_queries(graph, sets, kQueryCount, kQuerySeed)) {}

std::vector<Query> random_queries(const nav::TerrainGraph& graph, const nav::ConnectedSets& sets,
                                  std::size_t count, std::uint32_t seed) {
  const nav::SetId largest = sets.largest();
  std::vector<std::uint32_t> members;
  if (largest == nav::kNoSet) return {};
  for (std::uint32_t t = 0; t < graph.tile_count(); ++t) {
    if (sets.set_of(nav::TileId{t}) == largest) members.push_back(t);
  }
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::size_t> pick(0, members.size() - 1);
  std::vector<Query> queries(count);
  for (Query& q : queries) {
    q.first = members[pick(rng)];
    q.second = members[pick(rng)];
  }
  return queries;
}

double missing_edge_fraction(const nav::TerrainGraph& graph) {
  std::size_t pairs = 0;
  std::size_t edges = 0;
  for (int j = 0; j < graph.tiles_deep(); ++j) {
    for (int i = 0; i < graph.tiles_wide(); ++i) {
      const nav::TileId t = graph.id({i, j});
      if (graph.blocked(t)) continue;
      for (int dir = 0; dir < nav::kDirections; ++dir) {
        const nav::TileCoord c{i + nav::kDirDx[static_cast<std::size_t>(dir)],
                               j + nav::kDirDz[static_cast<std::size_t>(dir)]};
        if (!graph.contains(c) || graph.blocked(graph.id(c))) continue;
        ++pairs;
        edges += graph.has_edge(t, dir) ? 1 : 0;
      }
    }
  }
  return pairs == 0 ? 0.0 : 1.0 - static_cast<double>(edges) / static_cast<double>(pairs);
}

}  // namespace terranav::bench
