#include "app/bench.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <numbers>

#include "app/median.hpp"
#include "terranav/engine/gl/multisampling.hpp"
#include "terranav/engine/gl/offscreen_target.hpp"
#include "terranav/engine/platform/egl_context.hpp"
#include "terranav/engine/render/lod_error.hpp"
#include "terranav/engine/render/renderer.hpp"

namespace terranav::app {
namespace {

// Frames whose pixel error is measured (a CPU pass over every pixel each).
constexpr int kErrorFrames = 8;

/// CPU time of every thread of the process so far. [Units: ms]
double process_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

}  // namespace

std::vector<engine::OrbitCamera> bench_cameras(const nav::Heightmap& heightmap,
                                               engine::Viewport viewport, int frames) {
  const engine::OrbitCamera start = engine::default_camera(heightmap, viewport);
  std::vector<engine::OrbitCamera> path;
  const int orbit = bench_orbit_frames(frames);
  for (int f = 0; f < orbit; ++f) {
    engine::OrbitCamera c = start;
    c.yaw = 2.0 * std::numbers::pi * f / orbit;
    path.push_back(c);
  }
  const int pass = frames - orbit;
  for (int f = 0; f < pass; ++f) {
    const double t = pass > 1 ? static_cast<double>(f) / (pass - 1) : 0.5;
    const double x = heightmap.extent_x() * (0.25 + 0.5 * t);
    const double z = heightmap.extent_z() * (0.75 - 0.5 * t);
    engine::OrbitCamera c =
        engine::looking_at(start, {x, heightmap.surface_height(x, z), z}, 0.25 * start.distance);
    c.pitch = 0.25;
    c.yaw = 0.6;
    path.push_back(c);
  }
  return path;
}

int bench_orbit_frames(int frames) {
  return std::max(frames / 2 + frames % 2, 1);
}

RenderReport run_bench(const engine::World& world, engine::Viewport viewport,
                       const std::filesystem::path& shader_dir, bool lod, double lod_error_px,
                       int frames, int msaa) {
  using Clock = std::chrono::steady_clock;
  const engine::EglContext context;
  const engine::OffscreenTarget target(viewport, engine::choose_samples(msaa));
  engine::Renderer renderer(shader_dir, world, lod);
  renderer.set_lod_error_px(lod_error_px);
  const std::vector<engine::OrbitCamera> path = bench_cameras(world.heightmap(), viewport, frames);
  const std::vector<engine::UnitId> selection = world.all_units();  // every path drawn
  std::vector<std::int64_t> triangles;
  std::vector<double> ms;
  std::vector<double> cpu_ms;
  RenderReport report{.gl_renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
                      .frames = frames,
                      .lod = lod,
                      .lod_error_bound_px = lod_error_px,
                      .msaa_samples = target.samples()};
  const int every = std::max(frames / kErrorFrames, 1);
  for (int f = 0; f < frames; ++f) {
    const engine::OrbitCamera& camera = path[static_cast<std::size_t>(f)];
    target.bind();
    const auto t0 = Clock::now();
    const double cpu0 = process_cpu_ms();
    triangles.push_back(renderer.draw(world, selection, camera, viewport));
    glFinish();
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    cpu_ms.push_back(process_cpu_ms() - cpu0);
    if (f % every == 0) {
      const engine::LodError error =
          engine::lod_error(world.heightmap(), camera, viewport,
                            engine::terrain_depth(renderer, world, camera, viewport));
      report.lod_error_px_max = std::max(report.lod_error_px_max, error.max_px);
      report.lod_error_px_p99 = std::max(report.lod_error_px_p99, error.p99_px);
    }
  }
  report.triangles_median = median(triangles);
  report.frame_ms_median = median(ms);
  const auto orbit = ms.begin() + bench_orbit_frames(frames);  // ms has one per frame
  report.orbit_frame_ms_median = median(std::vector<double>(ms.begin(), orbit));
  if (orbit != ms.end())
    report.low_pass_frame_ms_median = median(std::vector<double>(orbit, ms.end()));
  report.frame_cpu_ms_median = median(cpu_ms);
  return report;
}

}  // namespace terranav::app
