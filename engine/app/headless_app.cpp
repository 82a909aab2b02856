#include <fstream>
#include <iostream>

#include "app/demo_click.hpp"
#include "app/headless.hpp"
#include "app/report_json.hpp"
#include "app/resource_paths.hpp"
#include "app/run.hpp"

namespace terranav::app {
namespace {

/// Frame cap for --until-arrived (and the demo's half way) without --frames:
/// an hour of 60 Hz frames.
constexpr int kUntilArrivedFrames = 60 * 3600;

void write_text(const std::filesystem::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  out << text;
  if (!out.flush()) throw nav::Error("report " + file.string() + ": cannot write the file");
}

}  // namespace

int run_headless_app(const Options& options, LoadedWorld& loaded, bool fallback) {
  engine::World& world = *loaded.world;
  const engine::Viewport viewport = options.size;
  const engine::OrbitCamera camera = engine::default_camera(world.heightmap(), viewport);
  engine::Script script;
  script.clicks = options.clicks;
  script.blocks = options.blocks;
  if (fallback && script.clicks.empty()) {
    if (const auto pixel = demo_click(world, camera, viewport)) {
      script.clicks.push_back(*pixel);
    }
  }
  script.until_arrived = options.until_arrived;
  // The demo's picture: the unit half way, the path ahead of it.
  if (fallback) script.until_walked = 0.5;
  script.time_scale = options.time_scale.value_or(fallback ? kDemoTimeScale : 1.0);
  script.frames = options.frames.value_or(
      script.until_arrived || script.until_walked ? kUntilArrivedFrames : 1);

  const HeadlessRun run = run_headless(world, camera, viewport, script, shader_dir(), true,
                                       options.follow_m, options.overlay);
  for (const engine::ClickReport& click : run.simulation.clicks) {
    std::cerr << "terranav: click (" << click.pixel.x << ", " << click.pixel.y
              << "): " << click.message << '\n';
  }
  const auto screenshot =
      fallback ? options.screenshot.value_or("terranav-screenshot.png") : options.screenshot;
  const auto report_file =
      fallback ? options.report.value_or("terranav-report.json") : options.report;
  if (screenshot) {
    engine::write_png(*screenshot, run.image);
    std::cout << "screenshot: " << screenshot->string() << '\n';
  }
  if (report_file) {
    const nav::Unit& unit = world.unit();
    RunReport report{.clicks = run.simulation.clicks,
                     .unit_tile = unit.tile(),
                     .unit_position = unit.position(),
                     .frames = run.simulation.frames,
                     .map = loaded.map,
                     .camera = camera,
                     .viewport = viewport,
                     .load_ms = loaded.load_ms,
                     .graph_ms = loaded.graph_ms,
                     .render_ms = run.render_ms};
    write_text(*report_file, to_json(report));
    std::cout << "report: " << report_file->string() << '\n';
  }
  return 0;
}

}  // namespace terranav::app
