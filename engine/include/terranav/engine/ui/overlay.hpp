// On-screen text (Dear ImGui): a translucent panel in the top-left corner.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/view/camera.hpp"
#include "terranav/nav/debug_draw.hpp"

struct GLFWwindow;

namespace terranav::engine {

/// What the colours of the terrain overlay mean: a title ("Overlay: sets")
/// and nav's legend entries, each a swatch (its alpha over a checkerboard)
/// and its label; an entry with alpha 0 is a line of text.
struct Legend {
  std::string title;
  std::vector<nav::LegendEntry> entries;
};

/// Owns the ImGui context and its OpenGL 3 renderer backend (and, given a
/// window, the GLFW platform backend, whose callbacks chain to the ones the
/// window installed before). One Overlay at a time; needs a current context.
class Overlay {
 public:
  explicit Overlay(GLFWwindow* window = nullptr);
  ~Overlay();
  Overlay(const Overlay&) = delete;
  Overlay& operator=(const Overlay&) = delete;

  /// Draws `lines` over the current framebuffer of size `viewport`,
  /// `legend` (unless it has no entries) in a panel in the top-right corner,
  /// and the selection box being dragged (two opposite corners, window
  /// pixels) when given; dt_s feeds ImGui's clock.
  void draw(const std::vector<std::string>& lines, Viewport viewport, double dt_s,
            const Legend& legend = {},
            const std::optional<std::array<glm::dvec2, 2>>& box = std::nullopt);

  /// Whether the cursor is over an ImGui window (a panel), so the game
  /// leaves the mouse to it. As of the last frame.
  bool wants_mouse() const;

  /// A closed outline (window pixels) drawn over the next draw()s, e.g. the
  /// terrain brush's circle; none when empty.
  void set_ring(std::vector<glm::dvec2> pixels) { ring_ = std::move(pixels); }

  /// Adds `panel` to every frame draw() builds, after the text and legend
  /// panels: it is called between ImGui::NewFrame and ImGui::Render (twice in
  /// the first frame, which is laid out twice), so it may add ImGui windows
  /// (the minimap). An empty function removes it. O(1).
  void set_panel(std::function<void()> panel) { panel_ = std::move(panel); }

 private:
  void build_frame(const std::vector<std::string>& lines, Viewport viewport, double dt_s,
                   const Legend& legend, const std::optional<std::array<glm::dvec2, 2>>& box);

  bool with_window_;
  bool first_frame_ = true;
  std::vector<glm::dvec2> ring_;
  std::function<void()> panel_;
};

}  // namespace terranav::engine
