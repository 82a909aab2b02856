#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>

#include "app/median.hpp"
#include "app/resource_paths.hpp"
#include "app/run.hpp"
#include "terranav/engine/gl/image.hpp"
#include "terranav/engine/platform/glfw_window.hpp"
#include "terranav/engine/render/renderer.hpp"
#include "terranav/engine/scene/fixed_step.hpp"
#include "terranav/engine/scene/time_scale.hpp"
#include "terranav/engine/ui/messages.hpp"
#include "terranav/engine/ui/minimap_panel.hpp"
#include "terranav/engine/ui/overlay.hpp"
#include "terranav/engine/ui/overlay_text.hpp"
#include "terranav/engine/ui/settings_panel.hpp"
#include "terranav/engine/view/brush_controller.hpp"
#include "terranav/engine/view/camera_controls.hpp"
#include "terranav/engine/view/camera_limits.hpp"
#include "terranav/engine/view/click_controller.hpp"

namespace terranav::app {
namespace {

/// A left press that moves less than this is a click, not a box. [Units: px]
constexpr double kDragThresholdPx = 4.0;
/// Path answers logged one by one up to this many per frame; beyond, a count.
constexpr std::size_t kLoggedAnswers = 8;
/// The cursor rests this long before the hover preview is planned. [Units: s]
constexpr double kHoverDelayS = 0.25;

bool display_available() {
  for (const char* variable : {"DISPLAY", "WAYLAND_DISPLAY"}) {
    if (const char* value = std::getenv(variable); value != nullptr && *value != '\0') return true;
  }
  return false;
}

std::string fps_text(double fps) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f fps", fps);
  return text;
}

/// --capture: writes the back buffer (the frame just drawn) and reports the
/// frame times so far.
void capture(const WindowCapture& to, engine::Viewport framebuffer,
             const std::vector<double>& frame_ms) {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  engine::write_png(to.file, engine::read_framebuffer(framebuffer));
  std::cout << "capture: " << to.file.string() << " (frame " << to.frame << ")";
  if (!frame_ms.empty()) {
    std::cout << "; median frame " << median(frame_ms) << " ms over " << frame_ms.size()
              << " frames";
  }
  std::cout << '\n';
}

/// While the brush paints: applies it under the cursor (at most
/// kBrushRateHz times a second) and uploads the samples it changed.
void paint_brush(engine::BrushController& brush, engine::World& world, engine::Renderer& renderer,
                 const engine::OrbitCamera& camera, engine::Viewport size, glm::dvec2 cursor,
                 double now_s) {
  try {
    const auto result = brush.paint(world, camera, size, cursor, now_s);
    if (result && !result->edit.dirty.empty()) renderer.terrain_changed(world, result->samples);
  } catch (const nav::Error& error) {
    std::cerr << "terranav: brush: " << error.what() << '\n';
    brush.release();
  }
}

}  // namespace

bool run_window_app(LoadedWorld& loaded, const Options& options) {
  double time_scale = options.time_scale.value_or(1.0);
  engine::DebugOverlay debug_overlay = options.overlay;
  bool minimap_on = options.minimap;
  if (!display_available()) {
    std::cerr << "terranav: no display (DISPLAY/WAYLAND_DISPLAY unset); running headless\n";
    return false;
  }
  std::unique_ptr<engine::GlfwWindow> window;
  try {
    window =
        std::make_unique<engine::GlfwWindow>(engine::Viewport{1280, 720}, "terranav", options.msaa);
  } catch (const nav::Error& error) {
    std::cerr << "terranav: " << error.what() << "; running headless\n";
    return false;
  }
  engine::World& world = *loaded.world;
  engine::Viewport size = window->size();
  engine::OrbitCamera camera = engine::default_camera(world.heightmap(), size);
  engine::CameraControls controls(
      {.min_distance = camera.distance * 0.002, .max_distance = camera.distance * 4.0});
  engine::ClickController clicks(world);
  engine::BrushController brush(world.heightmap());
  engine::FixedStepLoop loop;
  engine::Renderer renderer(shader_dir(), world, options.lod);
  renderer.set_overlay(debug_overlay);
  renderer.set_paths(options.paths);
  engine::Overlay overlay(window->handle());
  double last = window->time();
  double fps_since = last;  // frames are counted over half-second windows
  int fps_frames = 0;
  std::string timing = "measuring fps";
  std::string message;
  bool follow = false;              // F: the camera looks at the primary selected unit
  std::optional<glm::dvec2> press;  // where the left button went down
  bool minimap_drag = false;        // the left button went down on the minimap
  glm::dvec2 cursor{0.0};
  engine::Settings settings = engine::current_settings(world, time_scale);
  std::optional<engine::Settings> edited;  // committed in the panel, applied after the frame
  engine::PanelStats stats;
  double cursor_since = last;  // when the cursor last moved
  bool hovered = false;        // the preview for the resting cursor is planned
  engine::Minimap minimap;
  // The camera looks at the map point under `pixel` (clamped to the map).
  const auto look_at_minimap = [&](glm::dvec2 pixel) {
    const nav::Vec3 at =
        engine::minimap_point(engine::Minimap::layout(world, size), world.heightmap(), pixel);
    camera.target = {at.x, at.y, at.z};
    follow = false;
  };
  // The minimap is laid out in window pixels, as clicks and ImGui are.
  overlay.set_panel([&] {
    if (minimap_on) minimap.draw(world, clicks.selection(), camera, size);
    engine::Settings shown = settings;
    if (engine::draw_settings_panel(shown, stats)) edited = shown;
  });
  int frame = 0;
  std::vector<double> frame_ms;  // wall time between frames, for --capture's report
  while (!window->should_close()) {
    for (const engine::Event& event : window->poll()) {
      if (event.type == engine::EventType::MouseMove) {
        cursor = {event.x, event.y};
        cursor_since = window->time();
        if (minimap_drag) look_at_minimap(cursor);
        if (hovered) renderer.set_preview({});
        hovered = false;
      }
      const bool mouse =
          event.type == engine::EventType::MouseDown || event.type == engine::EventType::Scroll;
      const bool on_minimap =
          minimap_on &&
          engine::minimap_contains(engine::Minimap::layout(world, size), {event.x, event.y});
      if (mouse && !on_minimap && overlay.wants_mouse()) continue;  // the settings panel's
      if (event.type == engine::EventType::KeyDown && event.key == engine::Key::Escape) {
        window->close();
      } else if (event.type == engine::EventType::KeyDown && event.key == engine::Key::F) {
        follow = !follow;
      } else if (event.type == engine::EventType::KeyDown && event.key == engine::Key::P) {
        renderer.set_paths(!renderer.paths());
      } else if (event.type == engine::EventType::KeyDown && event.key == engine::Key::M) {
        minimap_on = !minimap_on;
      } else if (event.type == engine::EventType::MouseDown &&
                 event.button == engine::MouseButton::Left && on_minimap) {
        // On the minimap: the camera goes there and follows the drag; no
        // selection box (`press` stays unset).
        minimap_drag = true;
        look_at_minimap({event.x, event.y});
      } else if (event.type == engine::EventType::MouseUp &&
                 event.button == engine::MouseButton::Left && minimap_drag) {
        minimap_drag = false;
      } else if (event.type == engine::EventType::KeyDown && event.key == engine::Key::O) {
        debug_overlay = engine::next_debug_overlay(debug_overlay);
        renderer.set_overlay(debug_overlay);
      } else if (event.type == engine::EventType::KeyDown && brush.handle_key(event.key)) {
        message = brush.status();
      } else if (event.type == engine::EventType::KeyDown) {
        time_scale = engine::next_time_scale(time_scale, event.key);
      } else if (event.type == engine::EventType::MouseDown &&
                 event.button == engine::MouseButton::Left && brush.mode()) {
        brush.press();
      } else if (event.type == engine::EventType::MouseUp &&
                 event.button == engine::MouseButton::Left && brush.painting()) {
        brush.release();
      } else if (event.type == engine::EventType::MouseDown &&
                 event.button == engine::MouseButton::Left) {
        press = glm::dvec2(event.x, event.y);
      } else if (event.type == engine::EventType::MouseUp &&
                 event.button == engine::MouseButton::Left && press) {
        const glm::dvec2 release(event.x, event.y);
        if (glm::distance(*press, release) < kDragThresholdPx) {
          clicks.left_click(world, camera, size, release);
        } else {
          clicks.box_select(world, camera, size, *press, release);
        }
        press.reset();
      } else if (event.type == engine::EventType::MouseDown &&
                 event.button == engine::MouseButton::Right) {
        // On the minimap: an order to the map point under the cursor.
        const std::optional<engine::ClickReport> report =
            on_minimap ? engine::minimap_right_click(clicks, world, size, {event.x, event.y})
                       : clicks.right_click(world, camera, size, {event.x, event.y});
        if (report) {
          message = engine::describe(*report, world);
          std::cerr << "terranav: " << message << '\n';
        }
      } else if (event.type == engine::EventType::Resize) {
        size = {event.width, event.height};
      }
      std::optional<nav::Vec3> under_cursor;
      if (event.type == engine::EventType::Scroll) {
        if (const auto hit = world.pick(engine::unproject(camera, size, {event.x, event.y}))) {
          under_cursor = hit->point;
        }
      }
      controls.handle(event, camera, under_cursor);
    }
    const double now = window->time();
    stats.frame_ms = (now - last) * 1000.0;
    if (frame > 0) frame_ms.push_back(stats.frame_ms);
    const double dt = std::clamp(now - last, 0.0, 0.25);  // no jump after a stall
    last = now;
    if (++fps_frames; now - fps_since >= 0.5) {
      timing = fps_text(fps_frames / (now - fps_since));
      fps_since = now;
      fps_frames = 0;
    }
    controls.update(dt, camera);
    const std::vector<engine::UnitId>& selection = clicks.selection();
    if (follow && !selection.empty()) {
      const nav::Vec3 at = world.unit(selection.front()).unit.position();
      camera.target = {at.x, at.y, at.z};
    }
    // Above the ground by more than the near plane (distance / 100), so the
    // terrain is never clipped open.
    engine::keep_over_terrain(camera, world.heightmap(),
                              camera.distance / 50.0 / camera.vertical_exaggeration);
    const std::size_t seen = world.events().size();
    paint_brush(brush, world, renderer, camera, size, cursor, now);
    loop.frame(world, dt, time_scale);
    const auto answers = world.events().subspan(std::min(seen, world.events().size()));
    for (std::size_t k = 0; k < answers.size() && k < kLoggedAnswers; ++k) {
      std::cerr << "terranav: " << engine::describe(answers[k]) << '\n';
    }
    if (answers.size() > kLoggedAnswers) {
      std::cerr << "terranav: ... and " << answers.size() - kLoggedAnswers << " more answers\n";
    }
    if (!answers.empty()) message = engine::describe(answers.front());
    // Hover preview: the primary selected unit's path to the resting cursor.
    if (!hovered && now - cursor_since >= kHoverDelayS && !press && !brush.mode() &&
        !selection.empty() && !overlay.wants_mouse()) {
      renderer.set_preview(
          world.preview(selection.front(), engine::unproject(camera, size, cursor)));
      hovered = true;
    }
    const engine::Viewport framebuffer = window->framebuffer_size();
    renderer.set_clock(now);
    stats.triangles = renderer.draw(world, selection, camera, framebuffer);
    stats.search_us = world.last_serve_us();
    stats.pending = world.pending_requests();
    for (const engine::PathEvent& e : answers) {
      if (e.kind == engine::PathEventKind::Answer) stats.last_answer = e;  // a search's
    }
    settings.time_scale = time_scale;
    std::optional<std::array<glm::dvec2, 2>> box;
    if (press && glm::distance(*press, cursor) >= kDragThresholdPx) box = {{*press, cursor}};
    overlay.set_ring(brush.ring(world, camera, size, cursor));
    overlay.draw(engine::overlay_lines(world, selection, message, timing, time_scale,
                                       brush.mode() ? brush.status() : std::string()),
                 framebuffer, dt,
                 {"Overlay: " + std::string(engine::to_string(debug_overlay)), renderer.legend()},
                 box);
    if (edited) {
      try {
        engine::apply_settings(world, settings, *edited);
        settings = *edited;
        time_scale = settings.time_scale;
      } catch (const nav::Error& error) {
        message = error.what();
      }
      edited.reset();
    }
    if (++frame; options.capture && frame == options.capture->frame) {
      capture(*options.capture, framebuffer, frame_ms);
      window->close();
    }
    window->swap_buffers();
  }
  return true;
}

}  // namespace terranav::app
