// The README's embedding example, verbatim (tests/docs checks that they
// agree): a terrain file in, a sliced query, an edit. Run from the
// repository root, where data/ is.
#include <cstdio>
#include <utility>

#include <terranav/nav/nav_terrain.hpp>
#include <terranav/nav/search.hpp>
#include <terranav/terrain_io/terrain_source.hpp>

namespace nav = terranav::nav;

int main() {
  // One owner: heightmap, graph, connected sets, picking quadtree. Without a
  // file: nav::NavTerrain terrain(nav::Heightmap(w, d, spacing_m, heights));
  nav::Terrain file = nav::load_terrain({.map = "data/lothian_borders_utm30n_90m_1025.png"});
  nav::NavTerrain terrain(std::move(file.heightmap), {.graph = {.tile_size = file.tile_size}});
  nav::AStar astar(terrain.graph(), terrain.sets());  // one per thread: its search memory

  // From one point (metres) to another, at most 500 us a frame; a goal on a
  // cliff moves to the nearest tile the start can reach.
  astar.start_at({9000, 0, 9000}, {81000, 0, 81000}, {.nearest_reachable_goal = true});
  while (astar.step({.max_microseconds = 500}) == nav::SearchStatus::InProgress) {
    // ... draw a frame ...
  }
  nav::PathResult path;  // reused: a warmed-up query allocates nothing
  astar.result(path);

  // A building: the graph and connected sets change for its footprint
  // only. A path crossing edit.dirty may be stale: plan it again.
  const nav::EditResult edit = terrain.set_blocked({400, 400, 410, 412}, true);
  std::printf("%s, cost %.0f m, edit dirty %d x %d tiles\n", nav::to_string(path.status).data(),
              path.cost, edit.dirty.i1 - edit.dirty.i0, edit.dirty.j1 - edit.dirty.j0);
}
