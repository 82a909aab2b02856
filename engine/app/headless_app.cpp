#include <fstream>
#include <iostream>
#include <sstream>

#include "app/bench.hpp"
#include "app/demo_click.hpp"
#include "app/headless.hpp"
#include "app/report_json.hpp"
#include "app/resource_paths.hpp"
#include "app/run.hpp"
#include "terranav/engine/ui/messages.hpp"
#include "terranav/engine/ui/minimap.hpp"

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

/// Throws UsageError naming --minimap-right-click for a pixel off the
/// minimap at `viewport` (or any, without the minimap).
void check_minimap_clicks(const Options& options, const nav::Heightmap& heightmap,
                          engine::Viewport viewport) {
  const engine::MinimapLayout map = engine::minimap_layout(heightmap, viewport);
  for (const auto& [pixel, on_minimap] : options.clicks) {
    if (!on_minimap) continue;
    if (!options.minimap) {
      throw UsageError("--minimap-right-click: there is no minimap (--minimap off)");
    }
    if (engine::minimap_contains(map, pixel)) continue;
    std::ostringstream problem;
    problem << "--minimap-right-click: pixel " << pixel.x << "," << pixel.y
            << " is off the minimap, which spans " << map.origin.x << ".."
            << map.origin.x + map.size.x << " x " << map.origin.y << ".."
            << map.origin.y + map.size.y << " at --size " << viewport.width << "x"
            << viewport.height;
    throw UsageError(problem.str());
  }
}

}  // namespace

int run_headless_app(const Options& options, LoadedWorld& loaded, bool fallback) {
  engine::World& world = *loaded.world;
  const engine::Viewport viewport = options.size;
  const engine::OrbitCamera camera = engine::default_camera(world.heightmap(), viewport);
  Script script;
  script.select_all = options.select_all;
  script.left_click = options.left_click;
  script.box = options.box;
  check_minimap_clicks(options, world.heightmap(), viewport);
  script.clicks = options.clicks;
  script.blocks = options.blocks;
  script.brushes = options.brushes;
  if (fallback && script.clicks.empty()) {
    if (const auto pixel = demo_click(world, camera, viewport)) {
      script.clicks.push_back({*pixel, false});
    }
  }
  script.until_arrived = options.until_arrived;
  // The demo's picture: the unit half way, the path ahead of it.
  if (fallback) script.until_walked = 0.5;
  script.time_scale = options.time_scale.value_or(fallback ? kDemoTimeScale : 1.0);
  script.frames = options.frames.value_or(
      script.until_arrived || script.until_walked ? kUntilArrivedFrames : 1);

  const HeadlessRun run = run_headless(world, camera, viewport, script, shader_dir(),
                                       {.overlay = true,
                                        .follow_m = options.follow_m,
                                        .lod = options.lod,
                                        .lod_error_px = options.lod_error_px,
                                        .debug_overlay = options.overlay,
                                        .panel = options.panel,
                                        .minimap = options.minimap,
                                        .paths = options.paths,
                                        .hover = options.hover});
  for (const std::string& line : run.simulation.log) std::cerr << "terranav: " << line << '\n';
  const auto screenshot =
      fallback ? options.screenshot.value_or("terranav-screenshot.png") : options.screenshot;
  const auto report_file =
      fallback ? options.report.value_or("terranav-report.json") : options.report;
  if (screenshot) {
    engine::write_png(*screenshot, run.image);
    std::cout << "screenshot: " << screenshot->string() << '\n';
  }
  std::optional<RenderReport> bench;
  if (options.bench_frames) {
    bench = run_bench(world, viewport, shader_dir(), options.lod, options.lod_error_px,
                      *options.bench_frames, options.msaa);
    std::cout << "bench: " << bench->frames << " frames, median " << bench->triangles_median
              << " triangles, " << bench->frame_ms_median << " ms; LOD error max "
              << bench->lod_error_px_max << " px; " << bench->msaa_samples << "x MSAA\n";
  }
  if (report_file) {
    RunReport report{.clicks = run.simulation.clicks,
                     .click_messages = run.simulation.click_messages,
                     .paths = {world.events().begin(), world.events().end()},
                     .path_messages = {},
                     .units = unit_reports(world),
                     .selection = run.selection,
                     .frames = run.simulation.frames,
                     .map = loaded.map,
                     .camera = camera,
                     .viewport = viewport,
                     .load_ms = loaded.load_ms,
                     .graph_ms = loaded.graph_ms,
                     .render_ms = run.render_ms,
                     .render = bench};
    for (const engine::PathEvent& event : report.paths) {
      report.path_messages.push_back(engine::describe(event));
    }
    write_text(*report_file, to_json(report));
    std::cout << "report: " << report_file->string() << '\n';
  }
  return 0;
}

}  // namespace terranav::app
