// The bench path: the orbit's frames first (the default camera's height and
// distance, yawing round), then the low pass; the report's two medians
// split the frames the same way.
#include <gtest/gtest.h>

#include <vector>

#include "app/bench.hpp"

namespace terranav::engine {
namespace {

constexpr Viewport kViewport{1280, 720};

TEST(BenchCameras, OrbitFramesFirstThenTheLowPass) {
  const nav::Heightmap flat(65, 65, 10.0, std::vector<float>(65 * 65, 5.0f));
  const OrbitCamera start = default_camera(flat, kViewport);
  for (const int frames : {1, 2, 3, 16}) {
    SCOPED_TRACE(frames);
    const std::vector<OrbitCamera> path = app::bench_cameras(flat, kViewport, frames);
    ASSERT_EQ(path.size(), static_cast<std::size_t>(frames));
    const int orbit = app::bench_orbit_frames(frames);
    EXPECT_EQ(orbit, (frames + 1) / 2);
    for (int f = 0; f < frames; ++f) {
      const OrbitCamera& c = path[static_cast<std::size_t>(f)];
      if (f < orbit) {
        EXPECT_EQ(c.pitch, start.pitch) << f;
        EXPECT_EQ(c.distance, start.distance) << f;
      } else {
        EXPECT_EQ(c.pitch, 0.25) << f;
        EXPECT_DOUBLE_EQ(c.distance, 0.25 * start.distance) << f;
      }
    }
  }
}

}  // namespace
}  // namespace terranav::engine
