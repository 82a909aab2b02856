#include "terranav/nav/terrain_classes.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace terranav::nav {
namespace {

using test::error_of;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// Seed 001's kinds of ground: grass 1, snow 3, road x 0.5, wall impassable.
std::vector<TerrainClass> seed_classes() {
  return {{"grass", 1.0, false}, {"snow", 3.0, false}, {"road", 0.5, false}, {"wall", 0.0, true}};
}

// 4 x 2 samples rising 2 m per column, t = 1: three tiles whose centres
// (bilinear at x = 0.5, 1.5, 2.5) are 1, 3 and 5 m high.
Heightmap ramp() {
  return Heightmap(4, 2, 1.0, {0.0f, 2.0f, 4.0f, 6.0f, 0.0f, 2.0f, 4.0f, 6.0f});
}

TEST(ClassesFromHeightBands, TileCentreHeightPicksTheFirstBandBelow) {
  const std::vector<HeightBand> bands = {{2.0, 2}, {4.0, 1}};
  const ClassMap map = classes_from_height_bands(ramp(), 1, seed_classes(), bands, 3);
  EXPECT_THAT(map.tile_class, ElementsAre(2, 1, 3));  // 1 m road, 3 m snow, 5 m wall
  EXPECT_EQ(map.classes.size(), 4u);
  EXPECT_THAT(map.blocked_mask(), ElementsAre(0, 0, 1));
  EXPECT_THAT(map.multipliers(), ElementsAre(0.5f, 3.0f, 1.0f));
}

TEST(ClassesFromHeightBands, HeightOnABoundaryBelongsToTheNextBand) {
  // The 3 m tile is not below 3: it falls through to the top class.
  const std::vector<HeightBand> bands = {{1.5, 0}, {3.0, 1}};
  const ClassMap map = classes_from_height_bands(ramp(), 1, seed_classes(), bands, 2);
  EXPECT_THAT(map.tile_class, ElementsAre(0, 2, 2));
}

TEST(ClassesFromHeightBands, TilesOfTwoCellsSampleTheirCentre) {
  // 5 x 3 samples, t = 2: TW = 2, TD = 1, centres exactly on samples (1, 1)
  // and (3, 1); the other samples are far off to show they are not used.
  const Heightmap h(5, 3, 1.0,
                    {9.0f, 9.0f, 9.0f, 9.0f, 9.0f,  //
                     9.0f, 0.0f, 9.0f, 5.0f, 9.0f,  //
                     9.0f, 9.0f, 9.0f, 9.0f, 9.0f});
  const std::vector<HeightBand> bands = {{1.0, 0}};
  EXPECT_THAT(classes_from_height_bands(h, 2, seed_classes(), bands, 1).tile_class,
              ElementsAre(0, 1));
}

TEST(ClassesFromHeightBands, NoBandsMeansTopClassEverywhere) {
  EXPECT_THAT(classes_from_height_bands(ramp(), 1, seed_classes(), {}, 1).tile_class,
              ElementsAre(1, 1, 1));
}

TEST(ClassesFromHeightBands, RejectsBadInputNamingIt) {
  const std::vector<HeightBand> ok = {{2.0, 0}};
  EXPECT_THAT(error_of([&] { classes_from_height_bands(ramp(), 1, {}, ok, 0); }),
              HasSubstr("class table is empty"));
  EXPECT_THAT(
      error_of([&] { classes_from_height_bands(ramp(), 1, seed_classes(), ok, 4); }),
      AllOf(HasSubstr("top class"), HasSubstr("class index 4"), HasSubstr("table of 4 classes")));
  const std::vector<HeightBand> bad_index = {{2.0, 0}, {3.0, 9}};
  EXPECT_THAT(error_of([&] { classes_from_height_bands(ramp(), 1, seed_classes(), bad_index, 0); }),
              AllOf(HasSubstr("band 1"), HasSubstr("class index 9")));
  const std::vector<HeightBand> descending = {{3.0, 0}, {3.0, 1}};
  EXPECT_THAT(
      error_of([&] { classes_from_height_bands(ramp(), 1, seed_classes(), descending, 0); }),
      AllOf(HasSubstr("band 1 below 3"), HasSubstr("ascending")));
  const std::vector<HeightBand> nan = {{std::numeric_limits<double>::quiet_NaN(), 0}};
  EXPECT_THAT(error_of([&] { classes_from_height_bands(ramp(), 1, seed_classes(), nan, 0); }),
              HasSubstr("band 0 below nan"));
  EXPECT_THAT(error_of([&] { classes_from_height_bands(ramp(), 0, seed_classes(), ok, 0); }),
              HasSubstr("tile_size 0 outside 1..1"));
  EXPECT_THAT(error_of([&] { classes_from_height_bands(ramp(), 2, seed_classes(), ok, 0); }),
              HasSubstr("tile_size 2 outside 1..1"));
}

TEST(ClassesFromHeightBands, RejectsBadMultiplierUnlessImpassable) {
  std::vector<TerrainClass> classes = seed_classes();
  classes[1].multiplier = 0.0;
  EXPECT_THAT(error_of([&] { classes_from_height_bands(ramp(), 1, classes, {}, 0); }),
              HasSubstr("class 1 ('snow') multiplier: must be in [0.001, 1000], got 0"));
  classes[1].multiplier = std::numeric_limits<double>::infinity();
  EXPECT_THAT(error_of([&] { classes_from_height_bands(ramp(), 1, classes, {}, 0); }),
              HasSubstr("multiplier: must be in [0.001, 1000], got inf"));
  classes[1].impassable = true;  // the wall's multiplier is never used
  EXPECT_EQ(error_of([&] { classes_from_height_bands(ramp(), 1, classes, {}, 0); }), "no error");
}

TEST(ClassMap, RejectsTileClassOutsideTheTable) {
  const ClassMap map{seed_classes(), {0, 1, 7}};
  EXPECT_THAT(error_of([&] { (void)map.blocked_mask(); }),
              AllOf(HasSubstr("tile 2"), HasSubstr("class index 7")));
  EXPECT_THAT(error_of([&] { (void)map.multipliers(); }), HasSubstr("tile 2"));
}

}  // namespace
}  // namespace terranav::nav
