// The headless mode: run a script on the world, then draw only the final
// frame into an EGL surfaceless FBO and read it back.
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include "app/script.hpp"
#include "terranav/engine/gl/image.hpp"
#include "terranav/engine/render/debug_overlay.hpp"
#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/view/camera.hpp"

namespace terranav::app {

struct HeadlessRun {
  SimulationResult simulation;
  /// The selection after the script.
  std::vector<engine::UnitId> selection;
  engine::Image image;
  /// Context creation, upload, drawing and read-back, milliseconds.
  double render_ms = 0.0;
};

/// simulate(world, a ClickController, camera, viewport, script), then
/// renders the last frame (with the text overlay when `overlay` is true, the
/// terrain tinted or drawn over with `debug_overlay`) at `viewport` using
/// shaders from shader_dir: through `camera`, or with `follow_m` looking at
/// the primary selected unit from that many display metres (looking_at);
/// `lod`: terrain level of detail on or off, `lod_error_px` its error bound
/// (Renderer); with `minimap` (and `overlay`) the minimap in the bottom-right
/// corner (engine::Minimap); the selection's paths unless `paths` is false.
/// Throws nav::Error for EGL, shader
/// or framebuffer failures.
HeadlessRun run_headless(engine::World& world, const engine::OrbitCamera& camera,
                         engine::Viewport viewport, const Script& script,
                         const std::filesystem::path& shader_dir, bool overlay = true,
                         std::optional<double> follow_m = std::nullopt, bool lod = true,
                         double lod_error_px = 1.0,
                         engine::DebugOverlay debug_overlay = engine::DebugOverlay::Walkability,
                         bool minimap = true, bool paths = true);

}  // namespace terranav::app
