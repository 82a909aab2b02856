// Walkability overlay: tiles with no edges, and tiles missing some of the
// edges they could have.
#include <cmath>

#include "terranav/nav/debug_draw.hpp"

namespace terranav::nav {
namespace {

// Whether the graph's topology has direction dir at all.
bool topology_has(Topology topology, int dir) noexcept {
  switch (topology) {
    case Topology::Octile8:
      return dir < kDirections;
    case Topology::Cardinal4:
      return dir < kDirections && dir % 2 == 0;
    case Topology::Hex6:  // E, S, SW, W, N, NE
      return dir < kDirections && dir != 1 && dir != 5;
    case Topology::Knight16:
      return true;
  }
  return false;
}

std::uint8_t partial_alpha(int missing, int possible) noexcept {
  const double share = static_cast<double>(missing) / possible;
  return static_cast<std::uint8_t>(
      std::lround(kPartialMinAlpha + (kPartialMaxAlpha - kPartialMinAlpha) * share));
}

}  // namespace

int possible_edges(const TerrainGraph& graph, TileId t) noexcept {
  const TileCoord c = graph.coord(t);
  int possible = 0;
  for (int dir = 0; dir < graph.directions(); ++dir) {
    const auto d = static_cast<std::size_t>(dir);
    possible += topology_has(graph.config().topology, dir) &&
                graph.contains({c.i + kDirDx[d], c.j + kDirDz[d]});
  }
  return possible;
}

std::vector<LegendEntry> draw_walkability(DebugDraw& draw, const TerrainGraph& graph) {
  std::vector<Rgba> field(graph.tile_count(), Rgba{});
  for (std::uint32_t k = 0; k < graph.tile_count(); ++k) {
    const TileId t{k};
    int edges = 0;
    for (int dir = 0; dir < graph.directions(); ++dir) edges += graph.has_edge(t, dir);
    const int possible = possible_edges(graph, t);
    if (edges == 0) {
      field[k] = kNoEdgesColour;
    } else if (edges < possible) {
      field[k] = kPartialEdgesColour;
      field[k].a = partial_alpha(possible - edges, possible);
    }
  }
  draw.tile_field(graph.tiles_wide(), graph.tiles_deep(), field);
  Rgba lightest = kPartialEdgesColour;
  lightest.a = kPartialMinAlpha;
  Rgba strongest = kPartialEdgesColour;
  strongest.a = kPartialMaxAlpha;
  return {{kNoEdgesColour, "no edges: blocked or too steep"},
          {lightest, "some edges missing"},
          {strongest, "most edges missing"},
          {Rgba{}, "(edges off the map don't count)"}};
}

}  // namespace terranav::nav
