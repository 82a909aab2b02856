#include "app/headless.hpp"

#include <chrono>

#include "terranav/engine/gl/offscreen_target.hpp"
#include "terranav/engine/platform/egl_context.hpp"
#include "terranav/engine/render/renderer.hpp"
#include "terranav/engine/ui/minimap_panel.hpp"
#include "terranav/engine/ui/overlay.hpp"
#include "terranav/engine/ui/overlay_text.hpp"
#include "terranav/engine/ui/settings_panel.hpp"

namespace terranav::app {

HeadlessRun run_headless(engine::World& world, const engine::OrbitCamera& camera,
                         engine::Viewport viewport, const Script& script,
                         const std::filesystem::path& shader_dir, const HeadlessView& view) {
  HeadlessRun run;
  engine::ClickController controller(world);
  run.simulation = simulate(world, controller, camera, viewport, script);
  run.selection = controller.selection();
  const auto start = std::chrono::steady_clock::now();
  const engine::EglContext context;
  const engine::OffscreenTarget target(viewport);
  engine::Renderer renderer(shader_dir, world, view.lod);
  renderer.set_lod_error_px(view.lod_error_px);
  renderer.set_overlay(view.debug_overlay);
  renderer.set_paths(view.paths);
  const engine::UnitId primary = run.selection.empty() ? engine::UnitId{0} : run.selection.front();
  const engine::OrbitCamera seen =
      view.follow_m ? looking_at(camera, world.unit(primary).unit.position(), *view.follow_m)
                    : camera;
  if (view.hover && !run.selection.empty()) {
    renderer.set_preview(
        world.preview(run.selection.front(), engine::unproject(camera, viewport, *view.hover)));
  }
  const std::int64_t triangles = renderer.draw(world, run.selection, seen, viewport);
  if (view.overlay) {
    engine::Overlay text;
    std::optional<engine::Minimap> map;
    if (view.minimap) map.emplace();
    text.set_panel([&] {
      if (map) map->draw(world, run.selection, seen, viewport);
      if (!view.panel) return;
      engine::Settings shown = engine::current_settings(world, script.time_scale);
      const engine::PanelStats stats{
          .frame_ms = 0.0,
          .triangles = triangles,
          .search_us = world.last_serve_us(),
          .pending = world.pending_requests(),
          .last_answer = world.events().empty()
                             ? std::nullopt
                             : std::optional<engine::PathEvent>(world.events().back())};
      engine::draw_settings_panel(shown, stats);
    });
    const std::string last = run.simulation.log.empty() ? "" : run.simulation.log.back();
    text.draw(
        engine::overlay_lines(
            world, run.selection, last,
            "Headless: frame " + std::to_string(run.simulation.frames) + " at a fixed 60 Hz step",
            script.time_scale),
        viewport, engine::kFixedStep,
        {"Overlay: " + std::string(engine::to_string(view.debug_overlay)), renderer.legend()});
  }
  run.image = target.read();
  run.render_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return run;
}

}  // namespace terranav::app
