// The debug-draw overlays, through a DebugDraw that records every call:
// walkability against hand-counted edges, connected sets against their ids,
// search sets against AStar's node states, contours against the surface.
#include "terranav/nav/debug_draw.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <vector>

#include "random_terrain.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

struct Batch {
  Primitive primitive = Primitive::Points;
  float size = 0.0f;
  std::vector<Vec3> positions;
  std::vector<Rgba> colours;
};

/// Records what is drawn; fails the test on calls out of order.
class RecordingDraw final : public DebugDraw {
 public:
  void begin(Primitive primitive, float size) override {
    EXPECT_FALSE(open_) << "begin() inside begin()/end()";
    open_ = true;
    batches.push_back({primitive, size, {}, {}});
  }
  void vertex(const Vec3& position, Rgba colour) override {
    ASSERT_TRUE(open_) << "vertex() outside begin()/end()";
    batches.back().positions.push_back(position);
    batches.back().colours.push_back(colour);
  }
  void end() override {
    EXPECT_TRUE(open_) << "end() without begin()";
    open_ = false;
  }
  void tile_field(int tiles_wide, int tiles_deep, std::span<const Rgba> colours) override {
    EXPECT_FALSE(open_);
    ASSERT_EQ(colours.size(), static_cast<std::size_t>(tiles_wide * tiles_deep));
    wide = tiles_wide;
    deep = tiles_deep;
    field.assign(colours.begin(), colours.end());
  }

  Rgba at(TileCoord c) const { return field.at(static_cast<std::size_t>(c.j * wide + c.i)); }

  std::vector<Batch> batches;
  int wide = 0;
  int deep = 0;
  std::vector<Rgba> field;

 private:
  bool open_ = false;
};

Heightmap flat(int samples) {
  return Heightmap(samples, samples, 10.0,
                   std::vector<float>(static_cast<std::size_t>(samples * samples), 0.0f));
}

std::vector<std::uint8_t> blocked_tiles(int tiles, const std::vector<TileCoord>& which) {
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(tiles * tiles), 0);
  for (const TileCoord c : which) mask[static_cast<std::size_t>(c.j * tiles + c.i)] = 1;
  return mask;
}

// The partial tint for `missing` of `possible` edges, as the header's formula.
std::uint8_t partial(int missing, int possible) {
  return static_cast<std::uint8_t>(
      std::lround(kPartialMinAlpha +
                  (kPartialMaxAlpha - kPartialMinAlpha) * static_cast<double>(missing) / possible));
}

// Hand-counted, 6 x 6 flat tiles with (2, 2) blocked, corner cutting never:
// its 4 cardinal neighbours lose the edge to it and both diagonals past it,
// its 4 diagonal neighbours only the diagonal to it.
TEST(DebugDrawWalkability, BlockedTileHandCounted) {
  const TerrainGraph graph(flat(7), {}, blocked_tiles(6, {{2, 2}}));
  RecordingDraw draw;
  const std::vector<LegendEntry> legend = draw_walkability(draw, graph);
  ASSERT_EQ(draw.wide, 6);
  ASSERT_EQ(draw.deep, 6);
  EXPECT_TRUE(draw.batches.empty());
  EXPECT_EQ(draw.at({2, 2}), kNoEdgesColour);
  EXPECT_EQ(draw.at({0, 0}).a, 0);  // 3 possible (the rest leave the map), 3 edges
  EXPECT_EQ(draw.at({2, 0}).a, 0);  // 5 possible, 5 edges
  EXPECT_EQ(draw.at({4, 4}).a, 0);
  for (const TileCoord c : {TileCoord{1, 1}, {3, 1}, {1, 3}, {3, 3}}) {
    EXPECT_EQ(draw.at(c).a, partial(1, 8)) << c.i << "," << c.j;
    Rgba expected = kPartialEdgesColour;
    expected.a = partial(1, 8);
    EXPECT_EQ(draw.at(c), expected);
  }
  for (const TileCoord c : {TileCoord{2, 1}, {1, 2}, {3, 2}, {2, 3}}) {
    EXPECT_EQ(draw.at(c).a, partial(3, 8)) << c.i << "," << c.j;
  }
  EXPECT_EQ(partial(1, 8), 105);  // 90 + 120 / 8
  EXPECT_EQ(partial(3, 8), 135);  // 90 + 120 * 3 / 8
  ASSERT_EQ(legend.size(), 4u);
  EXPECT_EQ(legend[0].colour, kNoEdgesColour);
  EXPECT_EQ(legend[1].colour.a, kPartialMinAlpha);
  EXPECT_EQ(legend[2].colour.a, kPartialMaxAlpha);
}

// A wall (blocked column 3): the tiles beside it miss the 3 edges towards
// it, or 2 of 5 on the map's edge; the wall has none. Knight16 counts the
// knight's moves too: (1, 2) can have 8 + 6 (two knight's moves leave the
// map) and loses the two that land on the wall.
TEST(DebugDrawWalkability, WallOctileAndKnight) {
  std::vector<TileCoord> wall;
  for (int j = 0; j < 6; ++j) wall.push_back({3, j});
  {
    const TerrainGraph graph(flat(7), {}, blocked_tiles(6, wall));
    RecordingDraw draw;
    draw_walkability(draw, graph);
    for (int j = 0; j < 6; ++j) EXPECT_EQ(draw.at({3, j}), kNoEdgesColour);
    EXPECT_EQ(draw.at({2, 0}).a, partial(2, 5));
    EXPECT_EQ(draw.at({2, 3}).a, partial(3, 8));
    EXPECT_EQ(draw.at({4, 3}).a, partial(3, 8));
    EXPECT_EQ(draw.at({1, 3}).a, 0);
  }
  {
    const TerrainGraph graph(flat(7), {.topology = Topology::Knight16}, blocked_tiles(6, wall));
    ASSERT_EQ(graph.directions(), 16);
    EXPECT_EQ(possible_edges(graph, graph.id({1, 2})), 14);
    EXPECT_EQ(possible_edges(graph, graph.id({0, 0})), 5);  // 3 octile + (2, 1), (1, 2)
    RecordingDraw draw;
    draw_walkability(draw, graph);
    EXPECT_EQ(draw.at({1, 2}).a, partial(2, 14));
    EXPECT_EQ(draw.at({0, 0}).a, 0);
  }
}

// A 40 m spike under tile (2, 2) (spacing 10 m): its centre is 40 m, its
// cardinal neighbours' 20 m, diagonal ones' 10 m; every slope from it is
// over 0.6, so it has no edges though not blocked. Its west neighbour (1, 2)
// at 20 m keeps only the two level diagonals to (2, 1) and (2, 3): 6 of 8
// missing.
TEST(DebugDrawWalkability, SpikeTileHasNoEdges) {
  std::vector<float> heights(49, 0.0f);
  for (int z = 2; z <= 3; ++z) {
    for (int x = 2; x <= 3; ++x) heights[static_cast<std::size_t>(z * 7 + x)] = 40.0f;
  }
  const TerrainGraph graph(Heightmap(7, 7, 10.0, heights), {});
  ASSERT_FALSE(graph.blocked(graph.id({2, 2})));
  RecordingDraw draw;
  draw_walkability(draw, graph);
  EXPECT_EQ(draw.at({2, 2}), kNoEdgesColour);
  EXPECT_EQ(draw.at({1, 2}).a, partial(6, 8));
  EXPECT_EQ(draw.at({5, 5}).a, 0);
}

// Every tile of random terrain, every topology, against a count made here
// from the offsets themselves (not the direction tables).
TEST(DebugDrawWalkability, MatchesAnIndependentEdgeCount) {
  const Heightmap hm = test::random_heightmap(23, 19, 1.0, 6.0, 0.4, 11);
  const std::vector<std::uint8_t> blocked = [] {
    std::vector<std::uint8_t> b(22 * 18, 0);
    for (std::size_t k = 0; k < b.size(); k += 7) b[k] = 1;
    return b;
  }();
  for (const Topology topology :
       {Topology::Octile8, Topology::Cardinal4, Topology::Hex6, Topology::Knight16}) {
    const TerrainGraph graph(hm, {.topology = topology}, blocked);
    RecordingDraw draw;
    draw_walkability(draw, graph);
    int partial_tiles = 0;
    for (int j = 0; j < graph.tiles_deep(); ++j) {
      for (int i = 0; i < graph.tiles_wide(); ++i) {
        int possible = 0;
        int edges = 0;
        for (int dj = -2; dj <= 2; ++dj) {
          for (int di = -2; di <= 2; ++di) {
            const int cheb = std::max(std::abs(di), std::abs(dj));
            const bool knight = std::abs(di) + std::abs(dj) == 3 && cheb == 2;
            bool in_topology = false;
            switch (topology) {
              case Topology::Octile8:
                in_topology = cheb == 1;
                break;
              case Topology::Cardinal4:
                in_topology = std::abs(di) + std::abs(dj) == 1;
                break;
              case Topology::Hex6:
                in_topology = std::abs(di) + std::abs(dj) == 1 || (di == 1 && dj == -1) ||
                              (di == -1 && dj == 1);
                break;
              case Topology::Knight16:
                in_topology = cheb == 1 || knight;
                break;
            }
            if (!in_topology || !graph.contains({i + di, j + dj})) continue;
            ++possible;
            for (int dir = 0; dir < graph.directions(); ++dir) {
              if (kDirDx[static_cast<std::size_t>(dir)] == di &&
                  kDirDz[static_cast<std::size_t>(dir)] == dj) {
                edges += graph.has_edge(graph.id({i, j}), dir);
              }
            }
          }
        }
        const Rgba got = draw.at({i, j});
        if (edges == 0) {
          EXPECT_EQ(got, kNoEdgesColour) << to_string(topology) << " " << i << "," << j;
        } else if (edges == possible) {
          EXPECT_EQ(got.a, 0) << to_string(topology) << " " << i << "," << j;
        } else {
          ++partial_tiles;
          EXPECT_EQ(got.a, partial(possible - edges, possible))
              << to_string(topology) << " " << i << "," << j;
        }
      }
    }
    EXPECT_GT(partial_tiles, 20) << to_string(topology);  // the map is rough enough to test
  }
}

// Four sets cut by a blocked column and row: one colour per set, different
// across the walls, blocked tiles clear.
TEST(DebugDrawSets, SameSetSameColourNeighboursDiffer) {
  std::vector<TileCoord> walls;
  for (int k = 0; k < 8; ++k) {
    walls.push_back({2, k});
    walls.push_back({k, 5});
  }
  const TerrainGraph graph(flat(9), {}, blocked_tiles(8, walls));
  const ConnectedSets sets(graph);
  ASSERT_EQ(sets.set_count(), 4u);
  RecordingDraw draw;
  const std::vector<LegendEntry> legend = draw_connected_sets(draw, graph, sets);
  for (int j = 0; j < 8; ++j) {
    for (int i = 0; i < 8; ++i) {
      const TileId t = graph.id({i, j});
      if (sets.set_of(t) == kNoSet) {
        EXPECT_EQ(draw.at({i, j}).a, 0);
        continue;
      }
      Rgba expected = set_colour(sets.set_of(t));
      expected.a = sets.set_of(t) == sets.largest() ? kLargestSetAlpha : kSetAlpha;
      EXPECT_EQ(draw.at({i, j}), expected);
    }
  }
  const std::vector<TileCoord> corners = {{0, 0}, {7, 0}, {0, 7}, {7, 7}};
  for (const TileCoord a : corners) {
    for (const TileCoord b : corners) {
      if (a == b) continue;
      EXPECT_NE(draw.at(a), draw.at(b)) << a.i << "," << a.j << " vs " << b.i << "," << b.j;
    }
  }
  // Largest first: 5 x 5 (east, north), 5 x 2 (east, south), 2 x 5, 2 x 2.
  ASSERT_EQ(legend.size(), 5u);
  EXPECT_EQ(legend[0].colour, draw.at({7, 0}));
  EXPECT_EQ(legend[0].label,
            "set " + std::to_string(index(sets.set_of(graph.id({7, 0})))) + ": 25 tiles (largest)");
  EXPECT_EQ(draw.at({7, 0}).a, kLargestSetAlpha);
  EXPECT_NE(legend[3].label.find("4 tiles"), std::string::npos) << legend[3].label;
  EXPECT_EQ(legend[4].label, "4 sets; blocked: in none");
}

// Randomly blocked tiles (45%: many small sets): any two tiles within 2
// tiles of each other in different sets differ in colour.
TEST(DebugDrawSets, NearbySetsDifferOnRandomBlocks) {
  std::mt19937 rng(5);
  std::bernoulli_distribution block(0.45);
  std::vector<std::uint8_t> blocked(64 * 64);
  for (std::uint8_t& b : blocked) b = block(rng) ? 1 : 0;
  const TerrainGraph graph(flat(65), {}, blocked);
  const ConnectedSets sets(graph);
  ASSERT_GT(sets.set_count(), 30u);
  RecordingDraw draw;
  draw_connected_sets(draw, graph, sets);
  int pairs = 0;
  for (int j = 0; j < graph.tiles_deep(); ++j) {
    for (int i = 0; i < graph.tiles_wide(); ++i) {
      for (int dj = 0; dj <= 2; ++dj) {
        for (int di = -2; di <= 2; ++di) {
          if (!graph.contains({i + di, j + dj}) || (dj == 0 && di <= 0)) continue;
          const SetId a = sets.set_of(graph.id({i, j}));
          const SetId b = sets.set_of(graph.id({i + di, j + dj}));
          if (a == kNoSet || b == kNoSet || a == b) continue;
          ++pairs;
          EXPECT_NE(draw.at({i, j}), draw.at({i + di, j + dj}))
              << "sets " << index(a) << " and " << index(b);
        }
      }
    }
  }
  EXPECT_GT(pairs, 100);
}

// After a query round a wall, the field is AStar's node states; the open
// and closed tiles together are exactly those the search generated.
TEST(DebugDrawSearch, MatchesNodeStates) {
  std::vector<TileCoord> wall;
  for (int j = 0; j < 14; ++j) wall.push_back({8, j});
  const TerrainGraph graph(flat(17), {}, blocked_tiles(16, wall));
  const ConnectedSets sets(graph);
  AStar search(graph, sets);
  {
    RecordingDraw before;
    draw_search_sets(before, graph, search);
    for (const Rgba c : before.field) EXPECT_EQ(c.a, 0);
  }
  EXPECT_EQ(search.queries(), 0u);
  const PathResult result = search.find_path({2, 3}, {13, 3});
  EXPECT_EQ(search.queries(), 1u);
  ASSERT_EQ(result.status, SearchStatus::Found);
  RecordingDraw draw;
  const std::vector<LegendEntry> legend = draw_search_sets(draw, graph, search);
  std::uint32_t open = 0;
  std::uint32_t closed = 0;
  for (std::uint32_t k = 0; k < graph.tile_count(); ++k) {
    const Rgba c = draw.field[k];
    switch (search.state(TileId{k})) {
      case NodeState::Open:
        EXPECT_EQ(c, kOpenColour);
        ++open;
        break;
      case NodeState::Closed:
        EXPECT_EQ(c, kClosedColour);
        ++closed;
        break;
      case NodeState::Unvisited:
        EXPECT_EQ(c.a, 0);
        break;
    }
  }
  EXPECT_EQ(open + closed, result.generated);
  EXPECT_GE(closed, result.expanded);
  EXPECT_GT(open, 0u);
  EXPECT_EQ(draw.at({2, 3}), kClosedColour);  // the start
  EXPECT_EQ(draw.at({8, 3}).a, 0);            // the wall
  ASSERT_EQ(legend.size(), 2u);
  EXPECT_EQ(legend[0].label, "closed (expanded): " + std::to_string(closed) + " tiles");
  EXPECT_EQ(legend[1].label, "open (frontier): " + std::to_string(open) + " tiles");
}

// Contour segments as (level index, endpoints).
struct Segment {
  Vec3 a;
  Vec3 b;
  Rgba colour;
};
std::vector<Segment> segments_of(const RecordingDraw& draw) {
  std::vector<Segment> out;
  for (const Batch& batch : draw.batches) {
    EXPECT_EQ(batch.primitive, Primitive::Lines);
    EXPECT_EQ(batch.positions.size() % 2, 0u);
    for (std::size_t k = 0; k + 1 < batch.positions.size(); k += 2) {
      EXPECT_EQ(batch.colours[k], batch.colours[k + 1]);
      out.push_back({batch.positions[k], batch.positions[k + 1], batch.colours[k]});
    }
  }
  return out;
}

// Every endpoint lies on a triangle edge of the heightmap's triangulation
// (a cell side or its (x, z)-(x+1, z+1) diagonal) at the linear
// interpolation of the edge's samples, and that height is a level; the
// segment's midpoint lies on the surface at that level too (the surface is
// planar per triangle). Brute force the other way: every triangle edge
// whose samples straddle a level carries an endpoint at the crossing.
TEST(DebugDrawContours, EndpointsOnEdgesAndEveryCrossingDrawn) {
  const double s = 2.5;
  const double interval = 0.7;
  const Heightmap hm = test::random_heightmap(21, 17, s, 8.0, 0.5, 3);
  RecordingDraw draw;
  const std::vector<LegendEntry> legend = draw_contours(draw, hm, interval);
  EXPECT_TRUE(draw.field.empty());
  const std::vector<Segment> segments = segments_of(draw);
  ASSERT_GT(segments.size(), 100u);

  // Endpoints keyed by position rounded to 1e-6 m.
  std::map<std::array<long long, 3>, int> endpoints;
  const auto key = [](const Vec3& p) {
    return std::array<long long, 3>{std::llround(p.x * 1e6), std::llround(p.y * 1e6),
                                    std::llround(p.z * 1e6)};
  };
  const auto check_endpoint = [&](const Vec3& p) {
    const double level_index = p.y / interval;
    EXPECT_NEAR(level_index, std::round(level_index), 1e-9) << p.y;
    const double fx = p.x / s;
    const double fz = p.z / s;
    const int x = std::min(static_cast<int>(std::floor(fx)), hm.width() - 2);
    const int z = std::min(static_cast<int>(std::floor(fz)), hm.depth() - 2);
    const double u = fx - x;
    const double v = fz - z;
    const auto h = [&](int cx, int cz) { return static_cast<double>(hm.at(cx, cz)); };
    // Which triangle edge: a cell side (u or v is 0 or 1) or the diagonal.
    double expected = 0.0;
    if (std::abs(v) < 1e-9) {
      expected = h(x, z) + u * (h(x + 1, z) - h(x, z));
    } else if (std::abs(v - 1.0) < 1e-9) {
      expected = h(x, z + 1) + u * (h(x + 1, z + 1) - h(x, z + 1));
    } else if (std::abs(u) < 1e-9) {
      expected = h(x, z) + v * (h(x, z + 1) - h(x, z));
    } else if (std::abs(u - 1.0) < 1e-9) {
      expected = h(x + 1, z) + v * (h(x + 1, z + 1) - h(x + 1, z));
    } else {
      ASSERT_NEAR(u, v, 1e-9) << "not on a triangle edge: " << p.x << "," << p.z;
      expected = h(x, z) + u * (h(x + 1, z + 1) - h(x, z));
    }
    EXPECT_NEAR(p.y, expected, 1e-9) << p.x << "," << p.z;
    EXPECT_NEAR(hm.surface_height(p.x, p.z), p.y, 1e-5);
    ++endpoints[key(p)];
  };
  int index_segments = 0;
  for (const Segment& seg : segments) {
    check_endpoint(seg.a);
    check_endpoint(seg.b);
    EXPECT_EQ(seg.a.y, seg.b.y);
    EXPECT_NEAR(hm.surface_height((seg.a.x + seg.b.x) / 2, (seg.a.z + seg.b.z) / 2), seg.a.y, 1e-5);
    const long long k = std::llround(seg.a.y / interval);
    EXPECT_EQ(seg.colour, k % 5 == 0 ? kIndexContourColour : kContourColour) << seg.a.y;
    index_segments += k % 5 == 0;
  }
  EXPECT_GT(index_segments, 0);

  int crossings = 0;
  const auto check_edge = [&](int x0, int z0, int x1, int z1) {
    const double a = hm.at(x0, z0);
    const double b = hm.at(x1, z1);
    for (long long k = -100; k <= 100; ++k) {
      const double level = static_cast<double>(k) * interval;
      if ((a < level) == (b < level)) continue;
      ++crossings;
      const double t = (level - a) / (b - a);
      const Vec3 p{(x0 + t * (x1 - x0)) * s, level, (z0 + t * (z1 - z0)) * s};
      EXPECT_TRUE(endpoints.contains(key(p)))
          << "edge (" << x0 << "," << z0 << ")-(" << x1 << "," << z1 << ") level " << level;
    }
  };
  for (int z = 0; z < hm.depth(); ++z) {
    for (int x = 0; x < hm.width(); ++x) {
      if (x + 1 < hm.width()) check_edge(x, z, x + 1, z);
      if (z + 1 < hm.depth()) check_edge(x, z, x, z + 1);
      if (x + 1 < hm.width() && z + 1 < hm.depth()) check_edge(x, z, x + 1, z + 1);
    }
  }
  EXPECT_GT(crossings, 100);
  ASSERT_EQ(legend.size(), 2u);
  EXPECT_EQ(legend[0].label, "contour every 0.7 m");
  EXPECT_EQ(legend[1].label, "index contour every 3.5 m");
}

// A plane rising 0.25 m per metre east, 20 x 10 m: each level from 0.7 to
// 4.9 m is a north-south line 10 m long, drawn in pieces.
TEST(DebugDrawContours, PlaneGivesStraightLinesOfTheMapsDepth) {
  std::vector<float> heights;
  for (int z = 0; z < 6; ++z) {
    for (int x = 0; x < 11; ++x) heights.push_back(0.25f * 2.0f * static_cast<float>(x));
  }
  RecordingDraw draw;
  draw_contours(draw, Heightmap(11, 6, 2.0, heights), 0.7);
  std::map<long long, double> length_by_level;
  for (const Segment& seg : segments_of(draw)) {
    EXPECT_NEAR(seg.a.x, seg.a.y / 0.25, 1e-9);
    EXPECT_NEAR(seg.b.x, seg.b.y / 0.25, 1e-9);
    length_by_level[std::llround(seg.a.y / 0.7)] +=
        std::hypot(seg.b.x - seg.a.x, seg.b.z - seg.a.z);
  }
  ASSERT_EQ(length_by_level.size(), 7u);
  for (const auto& [k, length] : length_by_level) {
    EXPECT_GE(k, 1);
    EXPECT_LE(k, 7);
    EXPECT_NEAR(length, 10.0, 1e-9) << "level " << k;
  }
}

TEST(DebugDrawContours, FlatGroundAtALevelDrawsNothing) {
  RecordingDraw draw;
  draw_contours(draw, flat(9), 1.0);
  EXPECT_TRUE(draw.batches.empty());
}

TEST(DebugDrawContours, BadIntervalIsRefused) {
  RecordingDraw draw;
  const Heightmap hm = test::random_heightmap(9, 9, 1.0, 5.0, 0.0, 1);
  EXPECT_EQ(test::error_of([&] { draw_contours(draw, hm, 0.0); }),
            "contours: the interval must be finite and > 0 m, got 0");
  EXPECT_EQ(test::error_of([&] { draw_contours(draw, hm, NAN); }),
            "contours: the interval must be finite and > 0 m, got nan");
  EXPECT_NE(test::error_of([&] { draw_contours(draw, hm, 1e-6); }).find("levels, more than 10000"),
            std::string::npos);
  EXPECT_TRUE(draw.batches.empty());
}

}  // namespace
}  // namespace terranav::nav
