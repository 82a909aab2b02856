#include "terranav/nav/surface_cost.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <vector>

#include "random_terrain.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using ::testing::HasSubstr;

constexpr double kSqrt2 = std::numbers::sqrt2;

CostModel model_of(CostModelKind kind) {
  CostModel m;
  m.kind = kind;
  return m;
}

double tobler(double l, double slope) {
  return l / (6.0 * std::exp(-3.5 * std::abs(slope + 0.05)) / 3.6);
}

// A heightmap from a function of the sample (x, z).
template <class F>
Heightmap map_of(int width, int depth, double spacing, F height) {
  std::vector<float> h;
  for (int z = 0; z < depth; ++z) {
    for (int x = 0; x < width; ++x) h.push_back(static_cast<float>(height(x, z)));
  }
  return Heightmap(width, depth, spacing, std::move(h));
}

GraphConfig steep_ok(int tile_size = 1) {
  GraphConfig c;
  c.tile_size = tile_size;
  c.max_slope = 5.0;
  return c;
}

// On a plane every piece has the same slope: the segment costs as one edge.
TEST(SurfaceCost, PlaneCostsAsOneEdgeForEveryModel) {
  // h = 0.25 x - 0.125 z metres per sample (exact in float), s = 2 m:
  // slopes 0.125 and -0.0625.
  const Heightmap hm = map_of(9, 7, 2.0, [](int x, int z) { return 0.25 * x - 0.125 * z; });
  const TerrainGraph graph(hm, steep_ok());
  const Vec3 a{1.3, 0, 2.7};
  const Vec3 b{13.9, 0, 9.1};
  const double l = std::hypot(b.x - a.x, b.z - a.z);
  const double dh = 0.125 * (b.x - a.x) - 0.0625 * (b.z - a.z);
  ASSERT_GT(dh, 0.0);

  CostModel reference = model_of(CostModelKind::Reference);
  reference.slope_weight = 3.0;
  const SurfaceMeasure m = SurfaceCost(hm, graph, reference).polyline(std::vector{a, b});
  EXPECT_TRUE(m.feasible());
  EXPECT_NEAR(m.cost, l + 3.0 * dh, 1e-9);
  EXPECT_NEAR(m.length_m, l, 1e-9);
  EXPECT_NEAR(m.ascent_m, dh, 1e-9);
  EXPECT_NEAR(m.descent_m, 0.0, 1e-12);
  EXPECT_NEAR(m.steepest, dh / l, 1e-9);

  CostModel updown = model_of(CostModelKind::UphillDownhill);
  updown.uphill_weight = 4.0;
  updown.downhill_weight = 0.5;
  const SurfaceCost ud(hm, graph, updown);
  EXPECT_NEAR(ud.segment_cost(a, b), l + 4.0 * dh, 1e-9);
  EXPECT_NEAR(ud.segment_cost(b, a), l + 0.5 * dh, 1e-9);

  const SurfaceCost tob(hm, graph, model_of(CostModelKind::Tobler));
  EXPECT_NEAR(tob.segment_cost(a, b), tobler(l, dh / l), 1e-9);
  EXPECT_NEAR(tob.segment_cost(b, a), tobler(l, -dh / l), 1e-9);
  EXPECT_GT(tob.segment_cost(a, b), tob.segment_cost(b, a));  // uphill is slower
}

// One bent cell: only sample (1, 1) is raised, so triangle A (fx >= fz) is
// the plane h = fz and triangle B is h = fx (s = 1 m).
class BentCell : public ::testing::Test {
 protected:
  Heightmap hm = map_of(2, 2, 1.0, [](int x, int z) { return x == 1 && z == 1 ? 1.0 : 0.0; });
  TerrainGraph graph{hm, steep_ok()};
};

TEST_F(BentCell, SegmentAcrossTheDiagonalHasTwoPieces) {
  // (0, 0.5) -> (1, 0.5): in B up to fx = 0.5 (rising 0.5 m over 0.5 m),
  // then in A at constant height fz = 0.5.
  const Vec3 a{0.0, 0, 0.5};
  const Vec3 b{1.0, 0, 0.5};
  const SurfaceMeasure m =
      SurfaceCost(hm, graph, model_of(CostModelKind::Reference)).polyline(std::vector{a, b});
  EXPECT_NEAR(m.cost, 1.0 + 0.5, 1e-12);
  EXPECT_NEAR(m.ascent_m, 0.5, 1e-12);
  EXPECT_NEAR(m.steepest, 1.0, 1e-12);

  CostModel updown = model_of(CostModelKind::UphillDownhill);
  updown.uphill_weight = 2.0;
  updown.downhill_weight = 0.5;
  const SurfaceCost ud(hm, graph, updown);
  EXPECT_NEAR(ud.segment_cost(a, b), 1.0 + 2.0 * 0.5, 1e-12);
  EXPECT_NEAR(ud.segment_cost(b, a), 1.0 + 0.5 * 0.5, 1e-12);

  const SurfaceCost tob(hm, graph, model_of(CostModelKind::Tobler));
  EXPECT_NEAR(tob.segment_cost(a, b), tobler(0.5, 1.0) + tobler(0.5, 0.0), 1e-9);
  EXPECT_NEAR(tob.segment_cost(b, a), tobler(0.5, 0.0) + tobler(0.5, -1.0), 1e-9);
}

TEST_F(BentCell, SegmentAlongTheDiagonalRisesStraight) {
  // (0, 0) -> (1, 1) runs on the shared edge: 1 m up over sqrt2 m.
  const SurfaceCost ref(hm, graph, model_of(CostModelKind::Reference));
  EXPECT_NEAR(ref.segment_cost({0, 0, 0}, {1, 0, 1}), kSqrt2 + 1.0, 1e-12);
  // (1, 0) -> (0, 1) crosses it at the centre: in A, h = fz rises 0.5 over
  // sqrt2 / 2; in B, h = fx falls 0.5 over sqrt2 / 2.
  const SurfaceMeasure m = ref.polyline(std::vector<Vec3>{{1, 0, 0}, {0, 0, 1}});
  EXPECT_NEAR(m.ascent_m, 0.5, 1e-12);
  EXPECT_NEAR(m.descent_m, 0.5, 1e-12);
  EXPECT_NEAR(m.cost, kSqrt2 + 1.0, 1e-12);
}

TEST_F(BentCell, MaxSlopeIsAlongTheDirectionWalked) {
  GraphConfig c;
  c.max_slope = 0.6;
  const TerrainGraph graph06(hm, c);
  const SurfaceCost ref(hm, graph06, model_of(CostModelKind::Reference));
  // Across A along z the slope is 1: too steep. Along x in A it is 0.
  EXPECT_EQ(ref.polyline(std::vector<Vec3>{{0.9, 0, 0.1}, {0.9, 0, 0.8}}).fault,
            SurfaceFault::TooSteep);
  EXPECT_TRUE(ref.polyline(std::vector<Vec3>{{0.3, 0, 0.1}, {1.0, 0, 0.1}}).feasible());
  EXPECT_EQ(ref.segment_cost({0.9, 0, 0.1}, {0.9, 0, 0.8}),
            std::numeric_limits<double>::infinity());
}

// Segments through the vertices of a grid: the pieces on both sides of a
// vertex, nothing lost or counted twice.
TEST(SurfaceCost, SegmentThroughVerticesSumsItsCells) {
  // h = x * z: bilinear, so each triangle is a different plane.
  const Heightmap hm = map_of(5, 5, 1.0, [](int x, int z) { return 0.25 * x * z; });
  const TerrainGraph graph(hm, steep_ok());
  const SurfaceCost ref(hm, graph, model_of(CostModelKind::Reference));
  // (0, 0) -> (4, 4) along the diagonals: h rises from 0 to 4.
  EXPECT_NEAR(ref.segment_cost({0, 0, 0}, {4, 0, 4}), 4 * kSqrt2 + 4.0, 1e-12);
  // (0, 4) -> (4, 0) crosses vertices (1, 3), (2, 2), (3, 1); heights 0, .75,
  // 1, .75, 0; inside each cell it crosses the diagonal, where the surface
  // height is the average of the diagonal's ends.
  double expected = 4 * kSqrt2;
  const double vertex[] = {0.0, 0.75, 1.0, 0.75, 0.0};
  for (int k = 0; k < 4; ++k) {
    const int x = k;
    const int z = 3 - k;  // the cell (x, z) crossed from (x, z + 1) to (x + 1, z)
    const double mid = 0.5 * (0.25 * x * z + 0.25 * (x + 1) * (z + 1));
    expected += std::abs(mid - vertex[k]) + std::abs(vertex[k + 1] - mid);
  }
  EXPECT_NEAR(ref.segment_cost({0, 0, 4}, {4, 0, 0}), expected, 1e-12);
}

// The kernel against a brute force: the segment cut into many short steps,
// each priced from the surface heights at its ends (exact inside a triangle,
// slightly off in the few steps that straddle a cut: about 1e-5 relative).
TEST(SurfaceCost, MatchesAFineSubdivisionOnRandomTerrain) {
  const Heightmap hm = test::random_heightmap(33, 29, 7.0, 40.0, 1.0, 11);
  GraphConfig c;
  c.max_slope = 100.0;
  const TerrainGraph graph(hm, c);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> x(0.0, hm.extent_x());
  std::uniform_real_distribution<double> z(0.0, hm.extent_z());
  CostModel updown = model_of(CostModelKind::UphillDownhill);
  updown.uphill_weight = 3.0;
  updown.downhill_weight = 0.25;
  for (const CostModel& model :
       {model_of(CostModelKind::Reference), model_of(CostModelKind::Tobler), updown,
        model_of(CostModelKind::WalkingTime)}) {
    const SurfaceCost ruler(hm, graph, model);
    for (int q = 0; q < 40; ++q) {
      const Vec3 a{x(rng), 0, z(rng)};
      const Vec3 b{x(rng), 0, z(rng)};
      const int steps = 100000;
      double brute = 0.0;
      double length = 0.0;
      for (int k = 0; k < steps; ++k) {
        const double u0 = static_cast<double>(k) / steps;
        const double u1 = static_cast<double>(k + 1) / steps;
        const Vec3 p{a.x + (b.x - a.x) * u0, 0, a.z + (b.z - a.z) * u0};
        const Vec3 r{a.x + (b.x - a.x) * u1, 0, a.z + (b.z - a.z) * u1};
        const double l = std::hypot(r.x - p.x, r.z - p.z);
        const double dh = hm.surface_height(r.x, r.z) - hm.surface_height(p.x, p.z);
        brute += base_edge_cost(model, l, dh, c.max_slope);
        length += l;
      }
      const SurfaceMeasure m = ruler.polyline(std::vector{a, b});
      EXPECT_TRUE(m.feasible());
      EXPECT_NEAR(m.length_m, length, 1e-9 * length);
      EXPECT_NEAR(m.cost, brute, 1e-4 * brute) << to_string(model.kind) << " query " << q;
      EXPECT_NEAR(ruler.segment_cost(a, b), m.cost, 1e-12 * m.cost);
      EXPECT_NEAR(m.ascent_m - m.descent_m,
                  hm.surface_height(b.x, b.z) - hm.surface_height(a.x, a.z), 1e-9);
    }
  }
}

TEST(SurfaceCost, MultiplierOfTheTileAtEachPieceMidpoint) {
  const Heightmap hm = map_of(5, 3, 1.0, [](int, int) { return 0.0; });
  const TerrainGraph graph(hm, steep_ok(2));  // tiles of 2 x 2 cells: 2 x 1 tiles
  const MultiplierLayer layer(2, 1, {1.0f, 3.0f});
  CostModel m = model_of(CostModelKind::Reference);
  m.tile_multipliers = &layer;
  const SurfaceCost ruler(hm, graph, m);
  // 1.5 m in tile 0, 1.5 m in tile 1: 1.5 + 3 * 1.5.
  EXPECT_NEAR(ruler.segment_cost({0.5, 0, 1}, {3.5, 0, 1}), 6.0, 1e-12);
}

TEST(SurfaceCost, BlockedTilesTheUntiledStripAndSqueezesAreInfeasible) {
  // 5 x 5 tiles of one cell.
  const Heightmap hm = map_of(6, 6, 1.0, [](int, int) { return 0.0; });
  std::vector<std::uint8_t> blocked(25, 0);
  blocked[1 * 5 + 1] = 1;  // (1, 1)
  blocked[2 * 5 + 2] = 1;  // (2, 2): diagonal to (1, 1), meeting at corner (2, 2)
  const TerrainGraph graph(hm, steep_ok(), blocked);
  const SurfaceCost ruler(hm, graph, model_of(CostModelKind::Reference));
  EXPECT_EQ(ruler.polyline(std::vector<Vec3>{{0.5, 0, 1.5}, {3.5, 0, 1.5}}).fault,
            SurfaceFault::Blocked);
  // Through the corner (2, 2) from tile (2, 1) to tile (1, 2): a squeeze.
  EXPECT_EQ(ruler.polyline(std::vector<Vec3>{{2.5, 0, 1.5}, {1.5, 0, 2.5}}).fault,
            SurfaceFault::Squeeze);
  // Past the corner (3, 3) of the single blocked tile (2, 2): fine.
  EXPECT_TRUE(ruler.polyline(std::vector<Vec3>{{2.5, 0, 3.5}, {3.5, 0, 2.5}}).feasible())
      << to_string(ruler.polyline(std::vector<Vec3>{{2.5, 0, 3.5}, {3.5, 0, 2.5}}).fault);

  // t = 2 over 6 samples: 2 tiles, cells [4, 5] untiled.
  const TerrainGraph coarse(hm, steep_ok(2));
  const SurfaceCost strip(hm, coarse, model_of(CostModelKind::Reference));
  EXPECT_EQ(strip.polyline(std::vector<Vec3>{{1, 0, 1}, {4.5, 0, 1}}).fault,
            SurfaceFault::OutsideTiles);
  EXPECT_TRUE(strip.polyline(std::vector<Vec3>{{1, 0, 1}, {3.9, 0, 3.9}}).feasible());
  // Off the heightmap altogether.
  EXPECT_EQ(strip.polyline(std::vector<Vec3>{{1, 0, 1}, {6, 0, 1}}).fault,
            SurfaceFault::OutsideTiles);
  EXPECT_EQ(strip.segment_cost({-1, 0, 1}, {1, 0, 1}), std::numeric_limits<double>::infinity());
}

TEST(SurfaceCost, GridPathOnFlatGroundCostsItsOctileLength) {
  const Heightmap hm = map_of(8, 8, 3.0, [](int, int) { return 5.0; });
  const TerrainGraph graph(hm, steep_ok());
  const SurfaceCost ruler(hm, graph, model_of(CostModelKind::Tobler));
  std::vector<Vec3> centres;
  for (const TileCoord t : {TileCoord{0, 0}, {1, 1}, {2, 2}, {3, 2}, {4, 2}})
    centres.push_back(graph.tile_centre(graph.id(t)));
  const double metres = 3.0 * (2 * kSqrt2 + 2);
  EXPECT_NEAR(ruler.polyline(centres).cost, tobler(metres, 0.0), 1e-9);
  EXPECT_NEAR(ruler.polyline(centres).length_m, metres, 1e-12);
}

// The graph's surface masks (closed form for tiles of one cell) against the
// kernel walking every edge's segment, with blocked tiles, in every corner
// mode and tile size.
TEST(SurfaceCost, GraphSurfaceMasksAreTheFeasibleEdges) {
  const Heightmap hm = test::random_heightmap(31, 27, 10.0, 60.0, 3.0, 3);
  std::mt19937 rng(4);
  std::bernoulli_distribution wall(0.2);
  int feasible = 0;
  int infeasible = 0;
  for (const int t : {1, 2, 3}) {
    for (const CornerCutting corner :
         {CornerCutting::Never, CornerCutting::Always, CornerCutting::AtLeastOneFree}) {
      for (const Topology topology : {Topology::Octile8, Topology::Hex6, Topology::Knight16}) {
        GraphConfig c;
        c.tile_size = t;
        c.max_slope = 0.5;
        c.corner_cutting = corner;
        c.topology = topology;
        const Tiling tiling(hm, t);
        std::vector<std::uint8_t> blocked(tiling.tile_count());
        for (auto& b : blocked) b = wall(rng) ? 1 : 0;
        const TerrainGraph graph(hm, c, blocked);
        const SurfaceCost ruler(hm, graph, CostModel{});
        for (std::uint32_t k = 0; k < graph.tile_count(); ++k) {
          const TileId a{k};
          for (int d = 0; d < graph.directions(); ++d) {
            const bool surface = d < kDirections
                                     ? (graph.surface_mask(a) >> d) & 1u
                                     : (graph.knight_surface_mask(a) >> (d - kDirections)) & 1u;
            if (!graph.has_edge(a, d)) {
              EXPECT_FALSE(surface);
              continue;
            }
            const bool walked =
                ruler.feasible(graph.tile_centre(a), graph.tile_centre(graph.neighbour(a, d)));
            EXPECT_EQ(surface, walked) << "t " << t << " tile " << k << " dir " << d;
            (walked ? feasible : infeasible) += 1;
          }
        }
      }
    }
  }
  EXPECT_GT(feasible, 1000);
  EXPECT_GT(infeasible, 1000);
}

TEST(SurfaceCost, RefusesTheSeedModel) {
  const Heightmap hm = map_of(3, 3, 1.0, [](int, int) { return 0.0; });
  const TerrainGraph graph(hm, GraphConfig{});
  EXPECT_THAT(test::error_of([&] { SurfaceCost(hm, graph, model_of(CostModelKind::Seed)); }),
              HasSubstr("seed model"));
}

TEST(SurfaceCost, FaultNames) {
  EXPECT_EQ(to_string(SurfaceFault::TooSteep), "too_steep");
  EXPECT_EQ(to_string(SurfaceFault::Squeeze), "squeeze");
}

}  // namespace
}  // namespace terranav::nav
