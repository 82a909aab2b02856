// The live settings panel (Dear ImGui): edits Settings and shows the frame's
// figures. Call inside an ImGui frame (Overlay::draw's `panels`).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "terranav/engine/scene/order.hpp"
#include "terranav/engine/ui/settings.hpp"

namespace terranav::engine {

/// What the panel reports live.
struct PanelStats {
  double frame_ms = 0.0;       ///< the last frame, wall clock
  std::int64_t triangles = 0;  ///< drawn in the last frame
  double search_us = 0.0;      ///< path search in the last frame (World::last_serve_us)
  std::size_t pending = 0;     ///< path requests waiting
  std::optional<PathEvent> last_answer;
};

/// Draws the settings window at the left below the text panel, editing
/// `settings`. Returns true when a change is committed (a choice made, a
/// slider or field released), so the caller applies it once, not on every
/// drag step. O(1).
bool draw_settings_panel(Settings& settings, const PanelStats& stats);

}  // namespace terranav::engine
