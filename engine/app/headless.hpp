// The headless mode: run a script on the world, then draw only the final
// frame into an EGL surfaceless FBO and read it back.
#pragma once

#include <filesystem>
#include <optional>

#include "terranav/engine/gl/image.hpp"
#include "terranav/engine/render/debug_overlay.hpp"
#include "terranav/engine/scene/simulation.hpp"
#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/view/camera.hpp"

namespace terranav::app {

struct HeadlessRun {
  engine::SimulationResult simulation;
  engine::Image image;
  /// Context creation, upload, drawing and read-back, milliseconds.
  double render_ms = 0.0;
};

/// simulate(world, camera, viewport, script), then renders the last frame
/// (with the text overlay when `overlay` is true, the terrain tinted or drawn
/// over with `debug_overlay`) at `viewport` using shaders from
/// shader_dir: through `camera`, or with `follow_m` looking at the unit from
/// that many display metres (looking_at). Throws nav::Error for EGL, shader
/// or framebuffer failures.
HeadlessRun run_headless(engine::World& world, const engine::OrbitCamera& camera,
                         engine::Viewport viewport, const engine::Script& script,
                         const std::filesystem::path& shader_dir, bool overlay = true,
                         std::optional<double> follow_m = std::nullopt,
                         engine::DebugOverlay debug_overlay = engine::DebugOverlay::Walkability);

}  // namespace terranav::app
