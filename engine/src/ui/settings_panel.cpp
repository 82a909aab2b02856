#include "terranav/engine/ui/settings_panel.hpp"

#include <imgui.h>

#include <array>
#include <string>

namespace terranav::engine {
namespace {

constexpr std::array kCostModels = {nav::CostModelKind::Reference, nav::CostModelKind::Tobler,
                                    nav::CostModelKind::UphillDownhill, nav::CostModelKind::Seed};
constexpr std::array kHeuristics = {nav::Heuristic::Octile,    nav::Heuristic::Euclidean,
                                    nav::Heuristic::Chebyshev, nav::Heuristic::Manhattan,
                                    nav::Heuristic::Knight,    nav::Heuristic::Zero};

template <typename T, std::size_t N>
bool combo(const char* label, T& value, const std::array<T, N>& choices) {
  bool changed = false;
  const std::string shown(to_string(value));
  if (ImGui::BeginCombo(label, shown.c_str())) {
    for (const T choice : choices) {
      const std::string name(to_string(choice));
      if (ImGui::Selectable(name.c_str(), choice == value)) {
        changed = choice != value;
        value = choice;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

/// A slider committed on release; `log` for wide ranges.
bool slider(const char* label, double& value, double lo, double hi, bool log = false) {
  ImGui::SliderScalar(label, ImGuiDataType_Double, &value, &lo, &hi, "%.3g",
                      log ? ImGuiSliderFlags_Logarithmic : ImGuiSliderFlags_None);
  return ImGui::IsItemDeactivatedAfterEdit();
}

}  // namespace

bool draw_settings_panel(Settings& settings, const PanelStats& stats) {
  // Bottom left: the text box above grows with its lines, the minimap holds
  // the bottom right.
  ImGui::SetNextWindowPos(ImVec2(10.0f, ImGui::GetIO().DisplaySize.y - 10.0f),
                          ImGuiCond_FirstUseEver, ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.75f);
  ImGui::SetNextWindowSize(ImVec2(330.0f, 0.0f), ImGuiCond_FirstUseEver);
  bool changed = false;
  if (ImGui::Begin("Settings", nullptr, ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::PushItemWidth(170.0f);
    changed |= combo("cost model", settings.cost_model, kCostModels);
    if (settings.cost_model == nav::CostModelKind::Reference) {
      changed |= slider("slope weight", settings.slope_weight, 0.0, 20.0);
    } else if (settings.cost_model == nav::CostModelKind::UphillDownhill) {
      changed |= slider("uphill weight", settings.uphill_weight, 0.0, 20.0);
      changed |= slider("downhill weight", settings.downhill_weight, 0.0, 20.0);
    }
    changed |= combo("heuristic", settings.heuristic, kHeuristics);
    changed |= slider("weight", settings.weight, 1.0, 10.0);
    changed |= slider("max slope", settings.max_slope, 0.05, 3.0);
    int mode = settings.path_mode == nav::PathMode::AnyAngle ? 1 : 0;
    bool picked = ImGui::RadioButton("grid paths", &mode, 0);
    ImGui::SameLine();
    picked |= ImGui::RadioButton("any-angle", &mode, 1);
    if (picked) {
      settings.path_mode = mode == 1 ? nav::PathMode::AnyAngle : nav::PathMode::Grid;
      changed = true;
    }
    changed |= slider("speed m/s", settings.speed_mps, 0.5, 100.0, true);
    changed |= slider("time scale", settings.time_scale, 0.25, 1024.0, true);
    ImGui::PopItemWidth();
    ImGui::Separator();
    ImGui::Text("frame %.1f ms, %lld triangles", stats.frame_ms,
                static_cast<long long>(stats.triangles));
    ImGui::Text("search %.2f ms this frame, %zu requests waiting", stats.search_us / 1000.0,
                stats.pending);
    if (stats.last_answer) {
      ImGui::Text("last query: %u expanded, cost %.1f", stats.last_answer->expanded,
                  stats.last_answer->cost);
    } else {
      ImGui::TextUnformatted("last query: none yet");
    }
  }
  ImGui::End();
  return changed;
}

}  // namespace terranav::engine
