#include "terranav/engine/ui/overlay.hpp"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

namespace terranav::engine {

Overlay::Overlay(GLFWwindow* window) : with_window_(window != nullptr) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini in the user's directory
  ImGui::StyleColorsDark();
  if (with_window_) ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
}

Overlay::~Overlay() {
  ImGui_ImplOpenGL3_Shutdown();
  if (with_window_) ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
}

void Overlay::draw(const std::vector<std::string>& lines, Viewport viewport, double dt_s,
                   const Legend& legend, const std::optional<std::array<glm::dvec2, 2>>& box) {
  // An auto-sized window is measured in its first frame and shown from the
  // second: lay out an extra frame first, so a single (headless) frame shows text.
  if (first_frame_) {
    first_frame_ = false;
    build_frame(lines, viewport, dt_s, legend, box);
    ImGui::EndFrame();
  }
  build_frame(lines, viewport, dt_s, legend, box);
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void Overlay::build_frame(const std::vector<std::string>& lines, Viewport viewport, double dt_s,
                          const Legend& legend,
                          const std::optional<std::array<glm::dvec2, 2>>& box) {
  ImGuiIO& io = ImGui::GetIO();
  ImGui_ImplOpenGL3_NewFrame();
  if (with_window_) {
    ImGui_ImplGlfw_NewFrame();
  } else {
    io.DisplaySize =
        ImVec2(static_cast<float>(viewport.width), static_cast<float>(viewport.height));
    io.DeltaTime = dt_s > 0.0 ? static_cast<float>(dt_s) : 1.0f / 60.0f;
  }
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(10.0f, 10.0f));
  ImGui::SetNextWindowBgAlpha(0.6f);
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                      ImGuiWindowFlags_AlwaysAutoResize |
                                      ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  ImGui::Begin("terranav", nullptr, kFlags);
  for (const std::string& line : lines) ImGui::TextUnformatted(line.c_str());
  ImGui::End();
  if (!legend.entries.empty()) {
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - 10.0f, 10.0f), ImGuiCond_Always,
                            ImVec2(1.0f, 0.0f));
    ImGui::SetNextWindowBgAlpha(0.6f);
    ImGui::Begin("legend", nullptr, kFlags);
    ImGui::TextUnformatted(legend.title.c_str());
    int id = 0;
    for (const nav::LegendEntry& entry : legend.entries) {
      if (entry.colour.a > 0) {
        ImGui::PushID(id++);
        const ImVec4 colour(entry.colour.r / 255.0f, entry.colour.g / 255.0f,
                            entry.colour.b / 255.0f, entry.colour.a / 255.0f);
        const float side = ImGui::GetTextLineHeight();
        ImGui::ColorButton("##swatch", colour,
                           ImGuiColorEditFlags_AlphaPreview | ImGuiColorEditFlags_NoTooltip |
                               ImGuiColorEditFlags_NoDragDrop,
                           ImVec2(side, side));
        ImGui::PopID();
        ImGui::SameLine();
      }
      ImGui::TextUnformatted(entry.label.c_str());
    }
    ImGui::End();
  }
  if (panel_) panel_();
  if (box) {
    const glm::dvec2 lo = glm::min((*box)[0], (*box)[1]);
    const glm::dvec2 hi = glm::max((*box)[0], (*box)[1]);
    const ImVec2 a(static_cast<float>(lo.x), static_cast<float>(lo.y));
    const ImVec2 b(static_cast<float>(hi.x), static_cast<float>(hi.y));
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(a, b, IM_COL32(255, 210, 0, 40));
    draw->AddRect(a, b, IM_COL32(255, 210, 0, 220), 0.0f, 0, 1.5f);
  }
  if (ring_.size() >= 2) {
    std::vector<ImVec2> points;
    points.reserve(ring_.size());
    for (const glm::dvec2& p : ring_) {
      points.emplace_back(static_cast<float>(p.x), static_cast<float>(p.y));
    }
    ImGui::GetForegroundDrawList()->AddPolyline(points.data(), static_cast<int>(points.size()),
                                                IM_COL32(255, 255, 255, 200), ImDrawFlags_Closed,
                                                1.5f);
  }
}

bool Overlay::wants_mouse() const {
  return ImGui::GetIO().WantCaptureMouse;
}

}  // namespace terranav::engine
