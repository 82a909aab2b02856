#include "app/headless.hpp"

#include <chrono>

#include "terranav/engine/gl/offscreen_target.hpp"
#include "terranav/engine/platform/egl_context.hpp"
#include "terranav/engine/render/renderer.hpp"
#include "terranav/engine/ui/minimap_panel.hpp"
#include "terranav/engine/ui/overlay.hpp"
#include "terranav/engine/ui/overlay_text.hpp"

namespace terranav::app {

HeadlessRun run_headless(engine::World& world, const engine::OrbitCamera& camera,
                         engine::Viewport viewport, const Script& script,
                         const std::filesystem::path& shader_dir, bool overlay,
                         std::optional<double> follow_m, bool lod, double lod_error_px,
                         engine::DebugOverlay debug_overlay, bool minimap, bool paths) {
  HeadlessRun run;
  engine::ClickController controller(world);
  run.simulation = simulate(world, controller, camera, viewport, script);
  run.selection = controller.selection();
  const auto start = std::chrono::steady_clock::now();
  const engine::EglContext context;
  const engine::OffscreenTarget target(viewport);
  engine::Renderer renderer(shader_dir, world, lod);
  renderer.set_lod_error_px(lod_error_px);
  renderer.set_overlay(debug_overlay);
  renderer.set_paths(paths);
  const engine::UnitId primary = run.selection.empty() ? engine::UnitId{0} : run.selection.front();
  const engine::OrbitCamera view =
      follow_m ? looking_at(camera, world.unit(primary).unit.position(), *follow_m) : camera;
  renderer.draw(world, run.selection, view, viewport);
  if (overlay) {
    engine::Overlay text;
    std::optional<engine::Minimap> map;
    if (minimap) {
      map.emplace();
      text.set_panel([&] { map->draw(world, run.selection, view, viewport); });
    }
    const std::string last = run.simulation.log.empty() ? "" : run.simulation.log.back();
    text.draw(engine::overlay_lines(world, run.selection, last,
                                    "Headless: frame " + std::to_string(run.simulation.frames) +
                                        " at a fixed 60 Hz step",
                                    script.time_scale),
              viewport, engine::kFixedStep,
              {"Overlay: " + std::string(engine::to_string(debug_overlay)), renderer.legend()});
  }
  run.image = target.read();
  run.render_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return run;
}

}  // namespace terranav::app
