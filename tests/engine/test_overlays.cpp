// The overlays on screen (EGL surfaceless): tile tints where nav's tile
// field says, composed as mix(ground, colour, alpha) under the ground's
// light; contour lines only where the ground has relief.
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "app/resource_paths.hpp"
#include "terranav/engine/gl/offscreen_target.hpp"
#include "terranav/engine/platform/egl_context.hpp"
#include "terranav/engine/render/renderer.hpp"
#include "terranav/engine/scene/fixed_step.hpp"
#include "terranav/engine/ui/overlay.hpp"
#include "terranav/engine/view/click_controller.hpp"
#include "test_worlds.hpp"

namespace terranav::engine {
namespace {

// The light factor f of flat ground (pixel = colour * f * 255), from a tile
// tinted `tint` at alpha a over `plain`: over = (1 - a) plain + a f tint.
double light_factor(std::uint8_t over, std::uint8_t plain, std::uint8_t tint, std::uint8_t a) {
  const double alpha = a / 255.0;
  return (over - (1.0 - alpha) * plain) / (alpha * tint);
}

class OverlayTest : public ::testing::Test {
 protected:
  OverlayTest()
      : world(test::small_terrain(), {}),
        camera(default_camera(world.heightmap(), viewport)),
        target(viewport),
        renderer(app::shader_dir(), world) {}

  Image render(DebugOverlay overlay) {
    renderer.set_overlay(overlay);
    renderer.draw(world, world.all_units(), camera, viewport);
    return target.read();
  }
  glm::ivec2 pixel_of(nav::TileCoord tile) const {
    const glm::dvec2 p =
        project(camera, viewport, world.graph().tile_centre(world.graph().id(tile))).value();
    return {static_cast<int>(p.x), static_cast<int>(p.y)};
  }
  // The light factor of flat ground, from the wall's tint.
  double flat_light() {
    const nav::TileCoord wall{test::kWallColumn, 4};
    const auto plain = at(render(DebugOverlay::None), wall);
    const auto walk = at(render(DebugOverlay::Walkability), wall);
    return light_factor(walk[0], plain[0], nav::kNoEdgesColour.r, nav::kNoEdgesColour.a);
  }
  std::array<std::uint8_t, 4> at(const Image& image, nav::TileCoord tile) const {
    const glm::ivec2 p = pixel_of(tile);
    return image.at(p.x, p.y);
  }

  Viewport viewport{480, 270};
  World world;
  OrbitCamera camera;
  EglContext context;
  OffscreenTarget target;
  Renderer renderer;
};

// Each channel of `over` is the plain ground mixed with the lit tint.
void expect_tinted(const std::array<std::uint8_t, 4>& over,
                   const std::array<std::uint8_t, 4>& plain, nav::Rgba tint, double f,
                   const char* what) {
  const double alpha = tint.a / 255.0;
  const std::array<std::uint8_t, 3> rgb = {tint.r, tint.g, tint.b};
  for (std::size_t c = 0; c < 3; ++c) {
    const double expected = (1.0 - alpha) * plain[c] + alpha * f * rgb[c];
    EXPECT_NEAR(over[c], expected, 3.0) << what << " channel " << c;
  }
}

TEST_F(OverlayTest, WalkabilityIsTheDefaultAndTintsByTheTileField) {
  EXPECT_EQ(renderer.overlay(), DebugOverlay::Walkability);
  renderer.draw(world, world.all_units(), camera, viewport);
  const Image by_default = target.read();
  const Image plain = render(DebugOverlay::None);
  EXPECT_TRUE(renderer.legend().empty());
  const Image walk = render(DebugOverlay::Walkability);
  EXPECT_EQ(by_default.rgba, walk.rgba);
  ASSERT_EQ(renderer.legend().size(), 4u);

  const nav::TileCoord wall{test::kWallColumn, 4};
  const double f = light_factor(at(walk, wall)[0], at(plain, wall)[0], nav::kNoEdgesColour.r,
                                nav::kNoEdgesColour.a);
  EXPECT_GT(f, 0.35);  // ambient 0.35 plus some sun on flat ground
  EXPECT_LT(f, 1.15);
  expect_tinted(at(walk, wall), at(plain, wall), nav::kNoEdgesColour, f, "wall");
  expect_tinted(at(walk, {test::kWallColumn, 8}), at(plain, {test::kWallColumn, 8}),
                nav::kNoEdgesColour, f, "wall further north");
  nav::Rgba partial = nav::kPartialEdgesColour;
  partial.a = 135;  // 3 of 8 edges missing beside the wall: 90 + 120 * 3 / 8
  expect_tinted(at(walk, {23, 4}), at(plain, {23, 4}), partial, f, "west of the wall");
  expect_tinted(at(walk, {25, 4}), at(plain, {25, 4}), partial, f, "east of the wall");
  EXPECT_EQ(at(walk, {4, 4}), at(plain, {4, 4}));  // every edge: no tint
  EXPECT_NE(at(walk, test::kSpikeTile), at(plain, test::kSpikeTile));
}

TEST_F(OverlayTest, ConnectedSetsInTheirColours) {
  const double f = flat_light();
  const Image plain = render(DebugOverlay::None);
  const nav::TileCoord wall{test::kWallColumn, 4};
  const Image sets = render(DebugOverlay::ConnectedSets);
  for (const nav::TileCoord tile : {nav::TileCoord{4, 4}, {28, 4}, {20, 6}}) {
    const nav::SetId s = world.sets().set_of(world.graph().id(tile));
    nav::Rgba colour = nav::set_colour(s);
    colour.a = s == world.sets().largest() ? nav::kLargestSetAlpha : nav::kSetAlpha;
    expect_tinted(at(sets, tile), at(plain, tile), colour, f, "set");
  }
  EXPECT_NE(at(sets, {22, 4}), at(sets, {26, 4}));  // two sides of the wall
  EXPECT_EQ(at(sets, wall), at(plain, wall));       // blocked: no set
}

// After a click, tiles the search closed or left open show their colours,
// away from the unit and the path ribbon; the overlay follows a new query.
TEST_F(OverlayTest, SearchSetsFollowTheLastQuery) {
  const Image before = render(DebugOverlay::SearchSets);
  const Image plain_before = render(DebugOverlay::None);
  EXPECT_EQ(before.rgba, plain_before.rgba);  // no query yet: nothing tinted

  const glm::ivec2 goal = pixel_of({3, 28});
  ASSERT_EQ(ClickController(world).right_click(world, camera, viewport, goal).order.status,
            OrderStatus::Ordered);
  // Walked to the end, so no ribbon hides the tiles along the path.
  FixedStepLoop loop;
  for (int frame = 0; frame < 100000 && world.busy(); ++frame) loop.frame(world, kFixedStep, 1.0);
  ASSERT_FALSE(world.busy());
  const double f = flat_light();
  const Image plain = render(DebugOverlay::None);
  const Image search = render(DebugOverlay::SearchSets);
  const nav::AStar& astar = world.search();
  // Tiles on screen, on flat ground, away from the unit (30 px).
  const glm::dvec2 unit = project(camera, viewport, world.unit(UnitId{0}).unit.position()).value();
  const auto clear = [&](glm::ivec2 pixel) {
    return glm::length(glm::dvec2(pixel) - unit) >= 30.0;
  };
  int closed = 0;
  int open = 0;
  int unvisited = 0;
  for (std::uint32_t k = 0; k < world.graph().tile_count(); ++k) {
    const nav::TileCoord tile = world.graph().coord(nav::TileId{k});
    const glm::ivec2 pixel = pixel_of(tile);
    const bool on_screen =
        pixel.x >= 0 && pixel.y >= 0 && pixel.x < viewport.width && pixel.y < viewport.height;
    const bool near_spike = std::abs(tile.i - test::kSpikeTile.i) <= 2 &&
                            std::abs(tile.j - test::kSpikeTile.j) <= 2;  // not flat there
    if (!on_screen || near_spike || !clear(pixel)) continue;
    switch (astar.state(nav::TileId{k})) {
      case nav::NodeState::Closed:
        ++closed;
        expect_tinted(at(search, tile), at(plain, tile), nav::kClosedColour, f, "closed");
        break;
      case nav::NodeState::Open:
        ++open;
        expect_tinted(at(search, tile), at(plain, tile), nav::kOpenColour, f, "open");
        break;
      case nav::NodeState::Unvisited:
        ++unvisited;
        EXPECT_EQ(at(search, tile), at(plain, tile));
        break;
    }
  }
  EXPECT_GT(closed, 3);
  EXPECT_GT(open, 3);
  EXPECT_GT(unvisited, 100);
}

// The ground is flat but for the spike: contour lines (2 m apart) appear
// around it and nowhere else.
TEST_F(OverlayTest, ContoursOnlyWhereTheGroundRises) {
  const Image plain = render(DebugOverlay::None);
  const Image contours = render(DebugOverlay::Contours);
  ASSERT_EQ(renderer.legend().size(), 2u);
  EXPECT_EQ(renderer.legend()[0].label, "contour every 2 m");
  // The raised samples (8..9, 20..21) and the cells around them: x in
  // [70, 100] m, z in [190, 220] m; their box on screen, a few pixels wider.
  glm::dvec2 lo(1e9);
  glm::dvec2 hi(-1e9);
  for (const double x : {70.0, 100.0}) {
    for (const double z : {190.0, 220.0}) {
      for (const double y : {0.0, 40.0}) {
        const glm::dvec2 p = project(camera, viewport, {x, y, z}).value();
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
      }
    }
  }
  int inside = 0;
  int darker = 0;
  int outside = 0;
  for (int y = 0; y < viewport.height; ++y) {
    for (int x = 0; x < viewport.width; ++x) {
      const auto a = plain.at(x, y);
      const auto b = contours.at(x, y);
      if (a == b) continue;
      const bool in = x >= lo.x - 3 && x <= hi.x + 3 && y >= lo.y - 3 && y <= hi.y + 3;
      (in ? inside : outside)++;
      darker += in && b[0] + b[1] + b[2] < a[0] + a[1] + a[2];
    }
  }
  EXPECT_EQ(outside, 0);
  EXPECT_GT(inside, 30);
  EXPECT_GT(darker, inside / 2);
}

// The legend panel sits in the top-right corner: the frame with it differs
// from the frame without it only there.
TEST_F(OverlayTest, LegendPanelInTheTopRightCorner) {
  const std::vector<std::string> lines = {"a line of text"};
  render(DebugOverlay::Walkability);
  {
    Overlay text;
    text.draw(lines, viewport, kFixedStep);
  }
  const Image bare = target.read();
  render(DebugOverlay::Walkability);
  {
    Overlay text;
    text.draw(lines, viewport, kFixedStep, {"Overlay: walkability", renderer.legend()});
  }
  const Image with = target.read();
  // At 480 px the panel (about 350 px) is wider than half the frame: it
  // reaches the right edge, not the left 100 px, and stays in the top half.
  int top_right = 0;
  int elsewhere = 0;
  int rightmost = 0;
  for (int y = 0; y < viewport.height; ++y) {
    for (int x = 0; x < viewport.width; ++x) {
      if (with.at(x, y) == bare.at(x, y)) continue;
      (x >= 100 && y < viewport.height / 2 ? top_right : elsewhere)++;
      rightmost = std::max(rightmost, x);
    }
  }
  EXPECT_GT(top_right, 1000);
  EXPECT_EQ(elsewhere, 0);
  EXPECT_GE(rightmost, viewport.width - 20);
}

}  // namespace
}  // namespace terranav::engine
