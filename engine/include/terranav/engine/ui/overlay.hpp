// On-screen text (Dear ImGui): a translucent panel in the top-left corner.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/view/camera.hpp"

struct GLFWwindow;

namespace terranav::engine {

/// Owns the ImGui context and its OpenGL 3 renderer backend (and, given a
/// window, the GLFW platform backend, whose callbacks chain to the ones the
/// window installed before). One Overlay at a time; needs a current context.
class Overlay {
 public:
  explicit Overlay(GLFWwindow* window = nullptr);
  ~Overlay();
  Overlay(const Overlay&) = delete;
  Overlay& operator=(const Overlay&) = delete;

  /// Draws `lines` over the current framebuffer of size `viewport`, and the
  /// selection box being dragged (two opposite corners, window pixels) when
  /// given; dt_s feeds ImGui's clock.
  void draw(const std::vector<std::string>& lines, Viewport viewport, double dt_s,
            const std::optional<std::array<glm::dvec2, 2>>& box = std::nullopt);

 private:
  void build_frame(const std::vector<std::string>& lines, Viewport viewport, double dt_s,
                   const std::optional<std::array<glm::dvec2, 2>>& box);

  bool with_window_;
  bool first_frame_ = true;
};

}  // namespace terranav::engine
