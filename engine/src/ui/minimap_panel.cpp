#include "terranav/engine/ui/minimap_panel.hpp"

#include <cmath>
#include <cstdint>

#include <imgui.h>

#include "terranav/engine/render/path_ribbon.hpp"
#include "terranav/engine/render/renderer.hpp"

namespace terranav::engine {
namespace {

/// Unit dots' radius. [Units: px]
constexpr float kDotRadiusPx = 2.5f;

ImU32 colour(glm::vec3 c, int alpha = 255) {
  return IM_COL32(static_cast<int>(std::lround(c.r * 255.0f)),
                  static_cast<int>(std::lround(c.g * 255.0f)),
                  static_cast<int>(std::lround(c.b * 255.0f)), alpha);
}

ImVec2 im(glm::dvec2 p) {
  return ImVec2(static_cast<float>(p.x), static_cast<float>(p.y));
}

}  // namespace

Minimap::Minimap() : texture_(make_texture()) {}

MinimapLayout Minimap::layout(const World& world, Viewport viewport) {
  return minimap_layout(world.heightmap(), viewport);
}

void Minimap::draw(const World& world, const std::vector<UnitId>& selection,
                   const OrbitCamera& camera, Viewport viewport) {
  const nav::Heightmap& heightmap = world.heightmap();
  const auto max_slope = static_cast<float>(world.graph().config().max_slope);
  if (revision_ != world.terrain().revision() || max_slope_ != max_slope) {
    // The texture at the full side whatever the window: ImGui scales it.
    const MinimapLayout full = minimap_layout(heightmap, {4096, 4096});
    width_ = static_cast<int>(std::lround(full.size.x));
    height_ = static_cast<int>(std::lround(full.size.y));
    const Image image = minimap_image(heightmap, width_, height_, max_slope);
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, image.width, image.height, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, image.rgba.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    glBindTexture(GL_TEXTURE_2D, 0);
    revision_ = world.terrain().revision();
    max_slope_ = max_slope;
  }
  const MinimapLayout map = layout(world, viewport);
  ImGui::SetNextWindowPos(im(map.origin));
  ImGui::SetNextWindowSize(im(map.size));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.0f, 0.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  constexpr ImGuiWindowFlags kFlags =
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
      ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
      ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse;
  ImGui::Begin("minimap", nullptr, kFlags);
  const ImTextureID texture =
      reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture_.id()));
  ImGui::Image(texture, im(map.size));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(im(map.origin), im(map.origin + map.size), true);
  const auto at = [&](const nav::Vec3& p) { return im(minimap_pixel(map, p.x, p.z)); };

  for (const UnitId id : selection) {
    const nav::Unit& unit = world.unit(id).unit;
    if (!unit.moving()) continue;
    const std::vector<nav::Vec3> ahead =
        remaining_path(unit.path(), unit.next_waypoint(), unit.position());
    std::vector<ImVec2> points;
    points.reserve(ahead.size());
    for (const nav::Vec3& p : ahead) points.push_back(at(p));
    if (points.size() >= 2) {
      draw->AddPolyline(points.data(), static_cast<int>(points.size()), colour(kPathColour), 0,
                        1.5f);
    }
  }

  const double mean = 0.5 * (heightmap.min_height() + heightmap.max_height());
  const auto footprint = camera_footprint(camera, viewport, world.terrain().quadtree(), mean);
  draw->AddQuad(im(minimap_pixel(map, footprint[0].x, footprint[0].y)),
                im(minimap_pixel(map, footprint[1].x, footprint[1].y)),
                im(minimap_pixel(map, footprint[2].x, footprint[2].y)),
                im(minimap_pixel(map, footprint[3].x, footprint[3].y)),
                IM_COL32(255, 255, 255, 220), 1.5f);

  std::vector<bool> selected(world.units().size(), false);
  for (const UnitId id : selection) selected[static_cast<std::size_t>(id)] = true;
  for (const SceneUnit& u : world.units()) {
    const bool on = selected[static_cast<std::size_t>(u.id)];
    draw->AddCircleFilled(at(u.unit.position()), kDotRadiusPx,
                          colour(on ? kSelectedColour : kUnitColour));
  }
  draw->PopClipRect();
  ImGui::End();
  ImGui::PopStyleVar(3);
}

}  // namespace terranav::engine
