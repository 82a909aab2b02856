#include "app/headless.hpp"

#include <chrono>

#include "terranav/engine/gl/offscreen_target.hpp"
#include "terranav/engine/platform/egl_context.hpp"
#include "terranav/engine/render/renderer.hpp"
#include "terranav/engine/ui/overlay.hpp"
#include "terranav/engine/ui/overlay_text.hpp"

namespace terranav::app {

HeadlessRun run_headless(engine::World& world, const engine::OrbitCamera& camera,
                         engine::Viewport viewport, const engine::Script& script,
                         const std::filesystem::path& shader_dir, bool overlay,
                         std::optional<double> follow_m, engine::DebugOverlay debug_overlay) {
  HeadlessRun run;
  run.simulation = engine::simulate(world, camera, viewport, script);
  const auto start = std::chrono::steady_clock::now();
  const engine::EglContext context;
  const engine::OffscreenTarget target(viewport);
  engine::Renderer renderer(shader_dir, world);
  renderer.set_overlay(debug_overlay);
  renderer.draw(world,
                follow_m ? engine::looking_at(camera, world.unit().position(), *follow_m) : camera,
                viewport);
  if (overlay) {
    engine::Overlay text;
    text.draw(engine::overlay_lines(world,
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
