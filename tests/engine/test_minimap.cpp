// The minimap's geometry and picture (GL-free): the pixel <-> nav mapping,
// clicks, drags and orders, the camera's footprint and the hillshade's
// colours.
#include "terranav/engine/ui/minimap.hpp"

#include <cmath>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "test_worlds.hpp"

namespace terranav::engine {
namespace {

constexpr Viewport kViewport{1280, 720};

TEST(MinimapLayout, KeepsTheAspectRatioInTheBottomRightCorner) {
  // 4000 x 2000 m: 200 x 100 px, 10 px from the right and bottom edges.
  const MinimapLayout layout = minimap_layout(4000.0, 2000.0, kViewport);
  EXPECT_DOUBLE_EQ(layout.size.x, 200.0);
  EXPECT_DOUBLE_EQ(layout.size.y, 100.0);
  EXPECT_DOUBLE_EQ(layout.origin.x, 1280.0 - 10.0 - 200.0);
  EXPECT_DOUBLE_EQ(layout.origin.y, 720.0 - 10.0 - 100.0);
  // A tall map: the height is the longer side.
  const MinimapLayout tall = minimap_layout(500.0, 1000.0, kViewport);
  EXPECT_DOUBLE_EQ(tall.size.x, 100.0);
  EXPECT_DOUBLE_EQ(tall.size.y, 200.0);
}

TEST(MinimapLayout, ShrinksToFitATinyViewport) {
  const MinimapLayout layout = minimap_layout(1000.0, 1000.0, {100, 60});
  EXPECT_DOUBLE_EQ(layout.size.y, 40.0);  // 60 - 2 margins
  EXPECT_DOUBLE_EQ(layout.size.x, 40.0);
  EXPECT_DOUBLE_EQ(layout.origin.x, 50.0);
  EXPECT_DOUBLE_EQ(layout.origin.y, 10.0);
}

TEST(MinimapMapping, CornersAndRoundTrips) {
  const MinimapLayout layout = minimap_layout(4000.0, 2000.0, kViewport);
  const glm::dvec2 north_west = minimap_pixel(layout, 0.0, 0.0);
  EXPECT_DOUBLE_EQ(north_west.x, 1070.0);
  EXPECT_DOUBLE_EQ(north_west.y, 610.0);
  const glm::dvec2 south_east = minimap_pixel(layout, 4000.0, 2000.0);
  EXPECT_DOUBLE_EQ(south_east.x, 1270.0);
  EXPECT_DOUBLE_EQ(south_east.y, 710.0);
  // 20 m per pixel: (1000, 500) m is 50 px right of and 25 px below the corner.
  const glm::dvec2 p = minimap_pixel(layout, 1000.0, 500.0);
  EXPECT_DOUBLE_EQ(p.x, 1120.0);
  EXPECT_DOUBLE_EQ(p.y, 635.0);
  for (const glm::dvec2 m : {glm::dvec2(0.0), glm::dvec2(123.5, 1999.0), glm::dvec2(3999.0, 7.0)}) {
    const glm::dvec2 back = minimap_nav(layout, minimap_pixel(layout, m.x, m.y));
    EXPECT_NEAR(back.x, m.x, 1e-9);
    EXPECT_NEAR(back.y, m.y, 1e-9);
  }
  EXPECT_TRUE(minimap_contains(layout, {1070.0, 610.0}));
  EXPECT_TRUE(minimap_contains(layout, {1270.0, 710.0}));
  EXPECT_FALSE(minimap_contains(layout, {1069.0, 650.0}));
  EXPECT_FALSE(minimap_contains(layout, {1100.0, 711.0}));
}

/// 11 x 6 samples 100 m apart (1000 x 500 m); height = 2 * x / 100 m.
nav::Heightmap ramp() {
  std::vector<float> heights;
  for (int z = 0; z < 6; ++z) {
    for (int x = 0; x < 11; ++x) heights.push_back(static_cast<float>(2 * x));
  }
  return nav::Heightmap(11, 6, 100.0, std::move(heights));
}

TEST(MinimapClick, GivesTheSurfacePointUnderThePixel) {
  const nav::Heightmap heightmap = ramp();
  const MinimapLayout layout = minimap_layout(heightmap, kViewport);  // 5 m per pixel
  ASSERT_DOUBLE_EQ(layout.size.x, 200.0);
  const auto point = minimap_click(layout, heightmap, layout.origin + glm::dvec2(50.0, 20.0));
  ASSERT_TRUE(point);
  EXPECT_NEAR(point->x, 250.0, 1e-9);
  EXPECT_NEAR(point->z, 100.0, 1e-9);
  EXPECT_NEAR(point->y, 5.0, 1e-9);
  EXPECT_FALSE(minimap_click(layout, heightmap, layout.origin - glm::dvec2(1.0, 0.0)));
  EXPECT_FALSE(minimap_click(layout, heightmap, {640.0, 360.0}));
}

TEST(MinimapPoint, ClampsADragOffTheImageToTheMapsEdge) {
  const nav::Heightmap heightmap = ramp();
  const MinimapLayout layout = minimap_layout(heightmap, kViewport);  // 5 m per pixel
  // On the image: minimap_click's point.
  const glm::dvec2 inside = layout.origin + glm::dvec2(50.0, 20.0);
  const nav::Vec3 on = minimap_point(layout, heightmap, inside);
  EXPECT_NEAR(on.x, 250.0, 1e-9);
  EXPECT_NEAR(on.z, 100.0, 1e-9);
  EXPECT_NEAR(on.y, minimap_click(layout, heightmap, inside)->y, 1e-9);
  // Dragged past the bottom-right corner, and 30 px left of the image.
  const nav::Vec3 past = minimap_point(layout, heightmap, layout.origin + layout.size + 40.0);
  EXPECT_DOUBLE_EQ(past.x, 1000.0);
  EXPECT_DOUBLE_EQ(past.z, 500.0);
  EXPECT_NEAR(past.y, 20.0, 1e-9);
  const nav::Vec3 west = minimap_point(layout, heightmap, layout.origin + glm::dvec2(-30.0, 60.0));
  EXPECT_DOUBLE_EQ(west.x, 0.0);
  EXPECT_NEAR(west.z, 300.0, 1e-9);
  EXPECT_NEAR(west.y, 0.0, 1e-9);
}

class MinimapOrderTest : public ::testing::Test {
 protected:
  MinimapOrderTest() : world(test::small_terrain(), {}), clicks(world) {}

  // The minimap pixel over a tile's centre at kViewport.
  glm::dvec2 pixel_of(nav::TileCoord tile) const {
    const nav::Vec3 centre = world.graph().tile_centre(world.graph().id(tile));
    return minimap_pixel(minimap_layout(world.heightmap(), kViewport), centre.x, centre.z);
  }

  World world;
  ClickController clicks;
};

TEST_F(MinimapOrderTest, OrdersTheSelectionToTheMapPointUnderThePixel) {
  const nav::TileCoord goal{12, 10};
  const glm::dvec2 pixel = pixel_of(goal);
  const auto report = minimap_right_click(clicks, world, kViewport, pixel);
  ASSERT_TRUE(report);
  EXPECT_EQ(report->pixel, pixel);
  EXPECT_EQ(report->order.status, OrderStatus::Ordered);
  EXPECT_EQ(report->order.units, world.units().size());
  ASSERT_TRUE(report->order.tile);
  EXPECT_EQ(report->order.tile->i, goal.i);
  EXPECT_EQ(report->order.tile->j, goal.j);
  // The surface point the pixel stands for, as World::order saw it (the
  // marker and the overlay read this order).
  const nav::Vec3 at =
      *minimap_click(minimap_layout(world.heightmap(), kViewport), world.heightmap(), pixel);
  ASSERT_TRUE(report->order.hit);
  EXPECT_NEAR(report->order.hit->x, at.x, 1e-6);
  EXPECT_NEAR(report->order.hit->y, at.y, 1e-6);
  EXPECT_NEAR(report->order.hit->z, at.z, 1e-6);
  ASSERT_TRUE(world.last_order());
  EXPECT_EQ(world.last_order()->order, report->order.order);
  EXPECT_TRUE(world.busy());
}

TEST_F(MinimapOrderTest, RefusesAnUnwalkableTileAsATerrainClickWould) {
  // The spike's top: a vertical ray meets it at 40 m, where the terrain click
  // through the camera meets it too.
  const auto report = minimap_right_click(clicks, world, kViewport, pixel_of(test::kSpikeTile));
  ASSERT_TRUE(report);
  EXPECT_EQ(report->order.status, OrderStatus::InvalidGoal);
  ASSERT_TRUE(report->order.hit);
  EXPECT_NEAR(report->order.hit->y, 40.0, 1e-6);
  EXPECT_FALSE(world.busy());
}

TEST_F(MinimapOrderTest, TheMapsCornersHitTheTerrainAndOffTheImageOrdersNothing) {
  const MinimapLayout layout = minimap_layout(world.heightmap(), kViewport);
  for (const glm::dvec2 corner : {layout.origin, layout.origin + layout.size}) {
    const auto report = minimap_right_click(clicks, world, kViewport, corner);
    ASSERT_TRUE(report);
    EXPECT_NE(report->order.status, OrderStatus::Miss) << corner.x << ", " << corner.y;
  }
  World fresh(test::small_terrain(), {});
  EXPECT_FALSE(minimap_right_click(clicks, fresh, kViewport, layout.origin - 1.0));
  EXPECT_FALSE(minimap_right_click(clicks, fresh, kViewport, {640.0, 360.0}));
  EXPECT_FALSE(fresh.last_order());
}

/// A 2 x 2 sample patch at the origin, 1 m wide: terrain no corner ray of
/// the plane tests meets, so their footprint lies on the plane.
nav::Heightmap tiny_patch() {
  return nav::Heightmap(2, 2, 1.0, std::vector<float>(4, 0.0f));
}

TEST(CameraFootprint, PastTheTerrainTopDownIsTheRectangleUnderTheEye) {
  const nav::Heightmap patch = tiny_patch();
  const nav::TerrainQuadtree off_view(patch, 1);
  // Straight down, north up; tan(fov / 2) = 1.
  const OrbitCamera camera{.target = {500.0, 20.0, 300.0},
                           .yaw = 0.0,
                           .pitch = std::numbers::pi / 2.0 - 1e-7,
                           .distance = 400.0,
                           .fov_y = std::numbers::pi / 2.0,
                           .scene_radius = 1000.0};
  const Viewport viewport{800, 400};
  // The plane through the target lies 400 m below the eye: half the height
  // 400 m on the ground, half the width 800 m (aspect 2).
  const auto footprint = camera_footprint(camera, viewport, off_view, 20.0);
  const std::array<glm::dvec2, 4> expected = {glm::dvec2(-300.0, -100.0),
                                              glm::dvec2(1300.0, -100.0), glm::dvec2(1300.0, 700.0),
                                              glm::dvec2(-300.0, 700.0)};
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_NEAR(footprint[k].x, expected[k].x, 0.01) << "corner " << k;
    EXPECT_NEAR(footprint[k].y, expected[k].y, 0.01) << "corner " << k;
  }
  // A plane 200 m lower lies 600 m below the eye: 1.5 times as wide.
  const auto lower = camera_footprint(camera, viewport, off_view, -180.0);
  EXPECT_NEAR(lower[0].x, 500.0 - 1200.0, 0.01);
  EXPECT_NEAR(lower[0].y, 300.0 - 600.0, 0.01);
}

TEST(CameraFootprint, RaysIntoTheSkyAreClampedToTheFarReach) {
  const nav::Heightmap patch = tiny_patch();
  const nav::TerrainQuadtree off_view(patch, 1);
  // Low: the top corners look over the horizon.
  const OrbitCamera camera{.target = {5000.0, 0.0, 5000.0},
                           .yaw = 0.0,
                           .pitch = 0.1,
                           .distance = 100.0,
                           .scene_radius = 500.0};
  const Viewport viewport{640, 480};
  const auto footprint = camera_footprint(camera, viewport, off_view, 0.0);
  const nav::Ray top_left = unproject(camera, viewport, {0.0, 0.0});
  ASSERT_GE(top_left.direction.y, 0.0);
  const double reach = 100.0 + 2.0 * 500.0;
  const glm::dvec2 eye(top_left.origin.x, top_left.origin.z);
  EXPECT_NEAR(glm::length(footprint[0] - eye), reach, 1e-6);
  EXPECT_LT(footprint[0].y, eye.y);  // towards the north, where the camera looks
  // The bottom corners hit the ground in front of the eye, nearer than the reach.
  const nav::Ray bottom_left = unproject(camera, viewport, {0.0, 480.0});
  const double t = -bottom_left.origin.y / bottom_left.direction.y;
  EXPECT_NEAR(footprint[3].x, bottom_left.origin.x + t * bottom_left.direction.x, 1e-6);
  EXPECT_NEAR(footprint[3].y, bottom_left.origin.z + t * bottom_left.direction.z, 1e-6);
}

/// Hills: 65 x 65 samples 10 m apart (640 m square), up to about 90 m.
nav::Heightmap hills() {
  constexpr int kSize = 65;
  std::vector<float> heights;
  for (int z = 0; z < kSize; ++z) {
    for (int x = 0; x < kSize; ++x) {
      heights.push_back(static_cast<float>(45.0 + 30.0 * std::sin(x * 0.21) * std::cos(z * 0.17) +
                                           15.0 * std::sin((x + 2 * z) * 0.11)));
    }
  }
  return nav::Heightmap(kSize, kSize, 10.0, std::move(heights));
}

/// Where `ray` first meets the surface, found the slow way: 5 cm steps
/// against Heightmap::surface_height, then bisection. None if it ends above
/// the surface at parameter `reach`.
std::optional<glm::dvec2> march(const nav::Heightmap& heightmap, const nav::Ray& ray,
                                double reach) {
  const auto above = [&](double t) {
    const double x = ray.origin.x + t * ray.direction.x;
    const double z = ray.origin.z + t * ray.direction.z;
    return ray.origin.y + t * ray.direction.y - heightmap.surface_height(x, z);
  };
  constexpr double kStep = 0.05;
  for (double t = 0.0; t < reach; t += kStep) {
    if (above(t + kStep) > 0.0) continue;
    double lo = t;
    double hi = t + kStep;
    for (int k = 0; k < 40; ++k) (above(0.5 * (lo + hi)) > 0.0 ? lo : hi) = 0.5 * (lo + hi);
    return glm::dvec2(ray.origin.x + lo * ray.direction.x, ray.origin.z + lo * ray.direction.z);
  }
  return std::nullopt;
}

class HillsFootprint : public ::testing::Test {
 protected:
  const nav::Heightmap heightmap = hills();
  const nav::TerrainQuadtree terrain{heightmap, 1};
};

TEST_F(HillsFootprint, FollowsTheHillsWhereTheCornerRaysMeetThem) {
  const OrbitCamera camera{
      .target = {320.0, 50.0, 320.0}, .yaw = 0.6, .pitch = 1.1, .distance = 150.0};
  const Viewport viewport{640, 400};
  const double mean = 0.5 * (heightmap.min_height() + heightmap.max_height());
  const auto footprint = camera_footprint(camera, viewport, terrain, mean);
  const std::array<glm::dvec2, 4> corners = {glm::dvec2(0.0, 0.0), glm::dvec2(640.0, 0.0),
                                             glm::dvec2(640.0, 400.0), glm::dvec2(0.0, 400.0)};
  double off_plane = 0.0;  // how far the farthest corner lies from the mean plane's
  for (std::size_t k = 0; k < 4; ++k) {
    const nav::Ray ray = unproject(camera, viewport, corners[k]);
    const auto expected = march(heightmap, ray, 2000.0);
    ASSERT_TRUE(expected) << "corner " << k;
    ASSERT_GT(expected->x, 0.0);  // on the map, not past its edge
    ASSERT_LT(expected->x, heightmap.extent_x());
    ASSERT_GT(expected->y, 0.0);
    ASSERT_LT(expected->y, heightmap.extent_z());
    EXPECT_NEAR(footprint[k].x, expected->x, 0.05) << "corner " << k;
    EXPECT_NEAR(footprint[k].y, expected->y, 0.05) << "corner " << k;
    const double t = (mean - ray.origin.y) / ray.direction.y;
    off_plane = std::max(
        off_plane, glm::distance(footprint[k], glm::dvec2(ray.origin.x + t * ray.direction.x,
                                                          ray.origin.z + t * ray.direction.z)));
  }
  // The hills matter here: the plane would put a corner metres away.
  EXPECT_GT(off_plane, 10.0);
}

TEST_F(HillsFootprint, RaysPastTheMapsEdgeFallBackToThePlane) {
  // Near the south edge, looking north.
  const OrbitCamera camera{
      .target = {320.0, 50.0, 600.0}, .yaw = 0.0, .pitch = 0.9, .distance = 400.0};
  const Viewport viewport{400, 400};
  const auto footprint = camera_footprint(camera, viewport, terrain, 45.0);
  // The bottom corners look at the ground south of the map: on the plane.
  for (const std::size_t k : {std::size_t{2}, std::size_t{3}}) {
    const nav::Ray ray = unproject(camera, viewport, {k == 2 ? 400.0 : 0.0, 400.0});
    ASSERT_FALSE(terrain.pick(ray)) << "corner " << k;
    const double t = (45.0 - ray.origin.y) / ray.direction.y;
    EXPECT_NEAR(footprint[k].x, ray.origin.x + t * ray.direction.x, 1e-6) << "corner " << k;
    EXPECT_NEAR(footprint[k].y, ray.origin.z + t * ray.direction.z, 1e-6) << "corner " << k;
    EXPECT_GT(footprint[k].y, heightmap.extent_z());
  }
  // The top ones meet the hills.
  const nav::Ray top_left = unproject(camera, viewport, {0.0, 0.0});
  const auto hit = terrain.pick(top_left);
  ASSERT_TRUE(hit);
  EXPECT_NEAR(footprint[0].x, hit->point.x, 1e-9);
  EXPECT_NEAR(footprint[0].y, hit->point.z, 1e-9);
}

std::array<int, 3> rgb(const Image& image, int x, int y) {
  const auto p = image.at(x, y);
  return {p[0], p[1], p[2]};
}

TEST(MinimapImage, FlatAreasTakeTheRampColourOfTheirHeight) {
  // West half at 0 m, east half at 100 m: low green and the white peak, both
  // under the flat light 0.35 + 0.8 * 0.75 / |(-0.5, 0.75, -0.45)|.
  constexpr int kSize = 41;
  std::vector<float> heights;
  for (int z = 0; z < kSize; ++z) {
    for (int x = 0; x < kSize; ++x) heights.push_back(x < kSize / 2 ? 0.0f : 100.0f);
  }
  const nav::Heightmap heightmap(kSize, kSize, 10.0, std::move(heights));
  const Image image = minimap_image(heightmap, 40, 40, 10.0f);
  ASSERT_EQ(image.width, 40);
  ASSERT_EQ(image.height, 40);
  const double light = 0.35 + 0.8 * 0.75 / std::sqrt(0.25 + 0.5625 + 0.2025);
  const auto expect = [&](std::array<int, 3> got, double r, double g, double b) {
    EXPECT_NEAR(got[0], r * light * 255.0, 1.5);
    EXPECT_NEAR(got[1], g * light * 255.0, 1.5);
    EXPECT_NEAR(got[2], b * light * 255.0, 1.5);
  };
  expect(rgb(image, 5, 20), 0.20, 0.42, 0.18);
  expect(rgb(image, 34, 20), 0.92, 0.92, 0.90);
  EXPECT_EQ(image.at(5, 20)[3], 255);
}

TEST(MinimapImage, SlopesFacingTheNorthWestLightAreBrighter) {
  // A valley along z: heights fall to the centre column and rise again, so
  // the west flank faces east (away from the light) and the east flank west.
  constexpr int kSize = 41;
  std::vector<float> heights;
  for (int z = 0; z < kSize; ++z) {
    for (int x = 0; x < kSize; ++x) heights.push_back(static_cast<float>(5 * std::abs(x - 20)));
  }
  const nav::Heightmap heightmap(kSize, kSize, 10.0, std::move(heights));
  const Image image = minimap_image(heightmap, 40, 40, 10.0f);
  // Pixels 10 and 29 are mirror images: the same height, opposite slopes.
  const auto west_flank = rgb(image, 10, 20);
  const auto east_flank = rgb(image, 29, 20);
  for (int c = 0; c < 3; ++c) EXPECT_GT(east_flank[c], west_flank[c] + 10) << "channel " << c;
}

}  // namespace
}  // namespace terranav::engine
