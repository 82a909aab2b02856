// nav metres <-> CRS eastings/northings, without GDAL: the pixel-centre rule
// and the round trip.
#include "terranav/terrain_io/georeference.hpp"

#include <gtest/gtest.h>

namespace terranav::nav {
namespace {

// Pixels of 25 m, outer corner (300000, 5000000): sample (0, 0) is at
// (300012.5, 4999987.5), and nav x grows east, nav z south.
const Georeference kGeo{.origin_e = 300000.0,
                        .origin_n = 5000000.0,
                        .pixel_size_m = 25.0,
                        .crs_wkt = "",
                        .epsg = 32631};

TEST(Georeference, SampleZeroIsHalfAPixelInFromTheCorner) {
  const CrsPoint p = nav_to_crs(kGeo, {0.0, 0.0});
  EXPECT_EQ(p.easting, 300012.5);
  EXPECT_EQ(p.northing, 4999987.5);
}

TEST(Georeference, NavXGrowsEastAndNavZSouth) {
  const CrsPoint p = nav_to_crs(kGeo, {50.0, 75.0});  // sample (2, 3)
  EXPECT_EQ(p.easting, 300062.5);
  EXPECT_EQ(p.northing, 4999912.5);
}

TEST(Georeference, CrsToNavInvertsNavToCrs) {
  for (const NavPoint nav : {NavPoint{0.0, 0.0}, NavPoint{12.25, 1000.5}, NavPoint{-30.0, 7.0}}) {
    const NavPoint back = crs_to_nav(kGeo, nav_to_crs(kGeo, nav));
    EXPECT_EQ(back.x_m, nav.x_m);
    EXPECT_EQ(back.z_m, nav.z_m);
  }
  const NavPoint corner = crs_to_nav(kGeo, {300000.0, 5000000.0});
  EXPECT_EQ(corner.x_m, -12.5);
  EXPECT_EQ(corner.z_m, -12.5);
}

}  // namespace
}  // namespace terranav::nav
