// The headless mode: run a script on the world, then draw only the final
// frame into an EGL surfaceless FBO and read it back.
#pragma once

#include <filesystem>
#include <optional>

#include "terranav/engine/camera.hpp"
#include "terranav/engine/image.hpp"
#include "terranav/engine/simulation.hpp"
#include "terranav/engine/world.hpp"

namespace terranav::engine {

struct HeadlessRun {
  SimulationResult simulation;
  Image image;
  /// Context creation, upload, drawing and read-back, milliseconds.
  double render_ms = 0.0;
};

/// simulate(world, camera, viewport, script), then renders the last frame
/// (with the overlay when `overlay` is true) at `viewport` using shaders from
/// shader_dir: through `camera`, or with `follow_m` looking at the unit from
/// that many display metres (looking_at). Throws nav::Error for EGL, shader
/// or framebuffer failures.
HeadlessRun run_headless(World& world, const OrbitCamera& camera, Viewport viewport,
                         const Script& script, const std::filesystem::path& shader_dir,
                         bool overlay = true, std::optional<double> follow_m = std::nullopt);

}  // namespace terranav::engine
