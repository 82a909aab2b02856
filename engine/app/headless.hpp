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

/// How the headless frame is drawn.
struct HeadlessView {
  /// The text overlay (and the legend) over the picture.
  bool overlay = true;
  /// Look at the primary selected unit from this many display metres
  /// (looking_at) instead of through the camera.
  std::optional<double> follow_m{};
  /// Terrain level of detail on or off, and its error bound (Renderer).
  bool lod = true;
  double lod_error_px = 1.0;
  /// What the terrain shows.
  engine::DebugOverlay debug_overlay = engine::DebugOverlay::Walkability;
  /// The settings panel, as the window shows it.
  bool panel = false;
  /// The minimap in the bottom-right corner (with `overlay`; engine::Minimap).
  bool minimap = true;
  /// The selection's paths ahead.
  bool paths = true;
  /// The hover preview for the cursor resting at this pixel (World::preview
  /// of the primary selected unit, through the camera).
  std::optional<glm::dvec2> hover{};
};

/// simulate(world, a ClickController, camera, viewport, script), then
/// renders the last frame at `viewport` as `view` says, using shaders from
/// shader_dir. Throws nav::Error for EGL, shader or framebuffer failures.
HeadlessRun run_headless(engine::World& world, const engine::OrbitCamera& camera,
                         engine::Viewport viewport, const Script& script,
                         const std::filesystem::path& shader_dir, const HeadlessView& view = {});

}  // namespace terranav::app
