// One side of an A/B comparison: a revision's nav search on a benchmark
// world, behind plain C names. Compiled once per side with
// -Dterranav=terranav<SIDE> -DSIDE=<SIDE>, so two revisions of the same
// code link into one program without clashing.
#include "bench_world.hpp"
#include "terranav/nav/search.hpp"

#define TERRANAV_AB_CAT2(a, b) a##b
#define TERRANAV_AB_CAT(a, b) TERRANAV_AB_CAT2(a, b)

namespace {
struct Side {
  const terranav::bench::BenchWorld* world;
  terranav::nav::AStar search;
};
}  // namespace

extern "C" void* TERRANAV_AB_CAT(make_, SIDE)(int size, int tile_size) {
  const auto& w = terranav::bench::procedural_world(size, tile_size);
  return new Side{&w, terranav::nav::AStar(w.graph, w.sets)};
}

extern "C" int TERRANAV_AB_CAT(query_count_, SIDE)(void* side) {
  return static_cast<int>(static_cast<Side*>(side)->world->queries.size());
}

/// The cost of query q (the default options); adds its expansions.
extern "C" double TERRANAV_AB_CAT(query_, SIDE)(void* side, int q, unsigned long long* expanded) {
  auto* s = static_cast<Side*>(side);
  const auto& [start, goal] = s->world->queries[static_cast<std::size_t>(q)];
  const auto& g = s->world->graph;
  const auto r = s->search.find_path(g.coord(terranav::nav::TileId{start}),
                                     g.coord(terranav::nav::TileId{goal}));
  *expanded += r.expanded;
  return r.cost;
}
