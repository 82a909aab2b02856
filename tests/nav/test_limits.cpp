// The limits table (limits.hpp): its bound on path costs checked with the
// cost functions themselves at the extremes, and every corner of the bounds
// sampled on a small map, where each query must end with a finite cost.
#include "terranav/nav/limits.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/multiplier_layer.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/terrain_graph.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using test::error_of;
using ::testing::HasSubstr;

constexpr std::array kKinds = {CostModelKind::Reference, CostModelKind::Seed, CostModelKind::Tobler,
                               CostModelKind::UphillDownhill, CostModelKind::WalkingTime};

TEST(Limits, MessageNamesTheRangeAndTheValueInFull) {
  EXPECT_EQ(limit_problem(kSpacingLimit, 1e300), "must be in [0.001, 1e+06] m, got 1e+300");
  EXPECT_EQ(limit_problem(kSmoothingLimit, 2e9), "must be in [0, 1000] passes, got 2000000000");
  EXPECT_EQ(limit_problem(kWeightLimit, 0.5), "must be in [1, 1e+06], got 0.5");
  EXPECT_EQ(limit_problem(kMaxSlopeLimit, std::nan("")), "must be in [0, 100] rise/run, got nan");
  EXPECT_THAT(error_of([] { check_limit(kSpacingLimit, -1.0, "--spacing"); }),
              HasSubstr("--spacing: must be in [0.001, 1e+06] m, got -1"));
  EXPECT_EQ(error_of([] { check_limit(kSpacingLimit, 1e6); }), "no error");  // bounds included
  EXPECT_EQ(error_of([] { check_limit(kSpacingLimit, 1e-3); }), "no error");
}

TEST(Limits, TableListsEveryLimitOnceWithAnOrderedRange) {
  const std::string table = limits_table();
  for (const Limit& limit : all_limits()) {
    EXPECT_LT(limit.min, limit.max) << limit.name;
    EXPECT_THAT(table, HasSubstr(std::string(limit.meaning))) << limit.name;
  }
  EXPECT_EQ(static_cast<std::size_t>(std::count(table.begin(), table.end(), '\n')),
            all_limits().size());
}

// The header's derivation, with the code's own cost functions: the dearest
// edge anywhere within the limits, times the largest multiplier and the most
// edges a path can have, times the largest heuristic weight, stays < 1e300.
TEST(Limits, WorstCasePathCostStaysFarBelow1e300) {
  const double max_slope = kMaxSlopeLimit.max;
  const double d = std::numbers::sqrt2 * kTileSizeLimit.max * kSpacingLimit.max;
  const double steepest = max_slope * (1.0 - 1e-12);  // Seed drops slope == max
  for (const CostModelKind kind : kKinds) {
    const CostModel model{.kind = kind,
                          .slope_weight = kSlopeWeightLimit.max,
                          .uphill_weight = kUphillWeightLimit.max,
                          .downhill_weight = kDownhillWeightLimit.max,
                          .walk = {.a = kWalkFlatLimit.max,
                                   .b = kWalkUphillLimit.max,
                                   .c = kWalkModerateDownLimit.min,
                                   .d = kWalkSteepDownLimit.min,
                                   .slope_factor = kWalkSlopeFactorLimit.min}};
    double dearest = 0.0;
    for (const double slope : {-steepest, 0.0, steepest}) {
      dearest = std::max(dearest, base_edge_cost(model, d, slope * d, max_slope));
    }
    const double path = dearest * kTileMultiplierLimit.max *
                        static_cast<double>(kMaxHeightmapSamples) * kWeightLimit.max;
    EXPECT_LT(path, 1e300) << to_string(kind);
    const ClimbCost climb = min_climb_cost(model, d);
    EXPECT_TRUE(std::isfinite(climb.up) && std::isfinite(climb.down)) << to_string(kind);
    EXPECT_LT(climb.up * 2.0 * kHeightLimit.max * kWeightLimit.max, 1e300) << to_string(kind);
  }
}

// A 9 x 9 ramp climbing along x at half the max slope, raised to either end
// of the height range.
Heightmap ramp(double spacing, double max_slope, double base) {
  std::vector<float> heights(81);
  for (int z = 0; z < 9; ++z) {
    for (int x = 0; x < 9; ++x) {
      const double h = base + 0.5 * max_slope * spacing * x;
      heights[static_cast<std::size_t>(z * 9 + x)] =
          static_cast<float>(std::clamp(h, kHeightLimit.min, kHeightLimit.max));
    }
  }
  return Heightmap(9, 9, spacing, std::move(heights));
}

// Every corner of spacing, height, tile size, max slope, cost-model weights,
// tile multipliers and heuristic weight, for each cost model: the corner-to-
// corner query is found with a finite, positive cost.
TEST(Limits, EveryCornerOfTheBoundsGivesAFiniteCost) {
  int queries = 0;
  for (const double spacing : {kSpacingLimit.min, kSpacingLimit.max}) {
    for (const double base : {kHeightLimit.min, kHeightLimit.max}) {
      for (const double max_slope : {kMaxSlopeLimit.min, kMaxSlopeLimit.max}) {
        const Heightmap heights = ramp(spacing, max_slope, base);
        for (const int tile_size : {1, 4}) {
          const TerrainGraph graph(heights, {.tile_size = tile_size, .max_slope = max_slope});
          const ConnectedSets sets(graph);
          AStar astar(graph, sets);
          const TileCoord goal{graph.tiles_wide() - 1, graph.tiles_deep() - 1};
          for (const float m : {static_cast<float>(kTileMultiplierLimit.min),
                                static_cast<float>(kTileMultiplierLimit.max)}) {
            const MultiplierLayer layer(graph.tiles_wide(), graph.tiles_deep(),
                                        std::vector<float>(graph.tile_count(), m));
            for (const double k : {kSlopeWeightLimit.min, kSlopeWeightLimit.max}) {
              for (const CostModelKind kind : kKinds) {
                for (const double w : {kWeightLimit.min, kWeightLimit.max}) {
                  const SearchOptions options{.weight = w,
                                              .cost = {.kind = kind,
                                                       .slope_weight = k,
                                                       .uphill_weight = k,
                                                       .downhill_weight = k,
                                                       .tile_multipliers = &layer}};
                  const PathResult r = astar.find_path({0, 0}, goal, options);
                  const std::string where =
                      "s " + std::to_string(spacing) + ", base " + std::to_string(base) +
                      ", max slope " + std::to_string(max_slope) + ", t " +
                      std::to_string(tile_size) + ", m " + std::to_string(m) + ", k " +
                      std::to_string(k) + ", " + std::string(to_string(kind)) + ", w " +
                      std::to_string(w);
                  ++queries;
                  if (kind == CostModelKind::Seed && max_slope == 0.0) {
                    // Seed drops every edge with slope >= max_slope: none left.
                    EXPECT_EQ(r.status, SearchStatus::Unreachable) << where;
                    continue;
                  }
                  ASSERT_EQ(r.status, SearchStatus::Found) << where;
                  EXPECT_TRUE(std::isfinite(r.cost) && r.cost > 0.0) << where << ": " << r.cost;
                }
              }
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(queries, 2 * 2 * 2 * 2 * 2 * 2 * static_cast<int>(kKinds.size()) * 2);
}

}  // namespace
}  // namespace terranav::nav
