#include "terranav/engine/headless.hpp"

#include <chrono>

#include "terranav/engine/egl_context.hpp"
#include "terranav/engine/offscreen_target.hpp"
#include "terranav/engine/overlay.hpp"
#include "terranav/engine/overlay_text.hpp"
#include "terranav/engine/renderer.hpp"

namespace terranav::engine {

HeadlessRun run_headless(World& world, const OrbitCamera& camera, Viewport viewport,
                         const Script& script, const std::filesystem::path& shader_dir,
                         bool overlay, std::optional<double> follow_m) {
  HeadlessRun run;
  run.simulation = simulate(world, camera, viewport, script);
  const auto start = std::chrono::steady_clock::now();
  const EglContext context;
  const OffscreenTarget target(viewport);
  Renderer renderer(shader_dir, world);
  renderer.draw(world, follow_m ? looking_at(camera, world.unit().position(), *follow_m) : camera,
                viewport);
  if (overlay) {
    Overlay text;
    text.draw(overlay_lines(world,
                            "Headless: frame " + std::to_string(run.simulation.frames) +
                                " at a fixed 60 Hz step",
                            script.time_scale),
              viewport, kFixedStep);
  }
  run.image = target.read();
  run.render_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return run;
}

}  // namespace terranav::engine
