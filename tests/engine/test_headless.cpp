// End to end with EGL surfaceless (no X, no GPU): script -> picking -> A* ->
// walking -> one rendered frame, checked pixel by pixel.
#include "terranav/engine/headless.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>

#include <gtest/gtest.h>

#include "terranav/engine/egl_context.hpp"
#include "terranav/engine/path_ribbon.hpp"
#include "terranav/engine/renderer.hpp"
#include "terranav/engine/resource_paths.hpp"
#include "test_worlds.hpp"

namespace terranav::engine {
namespace {

bool near_colour(const std::array<std::uint8_t, 4>& pixel, glm::vec3 colour, int tolerance) {
  for (int c = 0; c < 3; ++c) {
    const int expected = static_cast<int>(std::lround(colour[c] * 255.0f));
    if (std::abs(pixel[static_cast<std::size_t>(c)] - expected) > tolerance) return false;
  }
  return true;
}

class HeadlessTest : public ::testing::Test {
 protected:
  HeadlessTest()
      : world(test::small_terrain(), {}), camera(default_camera(world.heightmap(), viewport)) {}

  glm::dvec2 pixel_of(nav::TileCoord tile) const {
    return project(camera, viewport, world.graph().tile_centre(world.graph().id(tile))).value();
  }

  Viewport viewport{480, 270};
  World world;
  OrbitCamera camera;
};

TEST_F(HeadlessTest, ClickedTileIsReachedAndPathIsDrawn) {
  const nav::TileCoord goal{3, 28};
  const Script script{.clicks = {pixel_of(goal)}, .frames = 100000, .until_arrived = true};
  const HeadlessRun run = run_headless(world, camera, viewport, script, shader_dir(), false);

  ASSERT_EQ(run.simulation.clicks.size(), 1u);
  EXPECT_EQ(run.simulation.clicks[0].status, ClickStatus::Found);
  ASSERT_TRUE(run.simulation.clicks[0].tile.has_value());
  EXPECT_EQ(*run.simulation.clicks[0].tile, goal);
  EXPECT_EQ(world.unit().tile(), goal);
  EXPECT_FALSE(world.unit().moving());

  ASSERT_EQ(run.image.width, viewport.width);
  ASSERT_EQ(run.image.height, viewport.height);
  int terrain_pixels = 0;
  for (int y = 0; y < run.image.height; ++y) {
    for (int x = 0; x < run.image.width; ++x) {
      terrain_pixels += near_colour(run.image.at(x, y), kClearColour, 2) ? 0 : 1;
    }
  }
  EXPECT_GT(terrain_pixels, run.image.width * run.image.height / 2);

  // The path's middle stretch (the unit marker stands at its end) shows the path colour.
  const RibbonStyle style = default_ribbon_style(world.heightmap());
  const std::vector<nav::Vec3> points = resample_path(world.unit().path(), style.step_m);
  ASSERT_GT(points.size(), 10u);
  int checked = 0;
  for (std::size_t k = points.size() / 5; k < points.size() * 7 / 10; k += 2) {
    const nav::Vec3 p{points[k].x,
                      world.heightmap().surface_height(points[k].x, points[k].z) + style.lift_m,
                      points[k].z};
    const auto pixel = project(camera, viewport, p);
    ASSERT_TRUE(pixel.has_value());
    const auto colour = run.image.at(static_cast<int>(pixel->x), static_cast<int>(pixel->y));
    EXPECT_TRUE(near_colour(colour, kPathColour, 8))
        << "path point " << k << " at pixel (" << pixel->x << ", " << pixel->y << ") is ("
        << int{colour[0]} << ", " << int{colour[1]} << ", " << int{colour[2]} << ")";
    ++checked;
  }
  EXPECT_GE(checked, 3);
}

TEST_F(HeadlessTest, OverlayDrawsTextAtTheTopOnly) {
  const Script script{.frames = 1};
  const Image without = run_headless(world, camera, viewport, script, shader_dir(), false).image;
  const Image with = run_headless(world, camera, viewport, script, shader_dir(), true).image;
  int changed_top = 0;
  int changed_bottom = 0;
  for (int y = 0; y < viewport.height; ++y) {
    for (int x = 0; x < viewport.width; ++x) {
      if (with.at(x, y) == without.at(x, y)) continue;
      (y < viewport.height / 2 ? changed_top : changed_bottom)++;
    }
  }
  EXPECT_GT(changed_top, 5000);
  EXPECT_EQ(changed_bottom, 0);
}

TEST(HeadlessErrors, MissingShaderNamesTheFile) {
  const World world(test::small_terrain(), {});
  const EglContext context;
  try {
    Renderer renderer("/nonexistent-shaders", world);
    FAIL() << "no error";
  } catch (const nav::Error& e) {
    EXPECT_STREQ(e.what(), "shader /nonexistent-shaders/terrain.vert: cannot open file");
  }
}

TEST(HeadlessErrors, CompileErrorNamesTheFileAndLine) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "terranav-bad-shaders";
  std::filesystem::create_directories(dir);
  for (const char* name : {"terrain.vert", "terrain.frag", "solid.vert", "solid.frag"}) {
    std::filesystem::copy_file(shader_dir() / name, dir / name,
                               std::filesystem::copy_options::overwrite_existing);
  }
  std::ofstream(dir / "terrain.frag") << "#version 330 core\nvoid main() { oops; }\n";
  const World world(test::small_terrain(), {});
  const EglContext context;
  try {
    Renderer renderer(dir, world);
    FAIL() << "no error";
  } catch (const nav::Error& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("shader " + (dir / "terrain.frag").string() + ": compile error: ", 0), 0u)
        << what;
    EXPECT_EQ(what.find('\n'), std::string::npos);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace terranav::engine
