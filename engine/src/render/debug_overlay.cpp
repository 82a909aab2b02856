#include "terranav/engine/render/debug_overlay.hpp"

#include <array>
#include <cmath>
#include <utility>

namespace terranav::engine {
namespace {

constexpr std::array<std::pair<DebugOverlay, std::string_view>, 5> kNames = {{
    {DebugOverlay::None, "none"},
    {DebugOverlay::Walkability, "walkability"},
    {DebugOverlay::ConnectedSets, "sets"},
    {DebugOverlay::SearchSets, "search"},
    {DebugOverlay::Contours, "contours"},
}};

}  // namespace

std::string_view to_string(DebugOverlay overlay) noexcept {
  for (const auto& [value, name] : kNames) {
    if (value == overlay) return name;
  }
  return "none";
}

std::optional<DebugOverlay> parse_debug_overlay(std::string_view text) noexcept {
  for (const auto& [value, name] : kNames) {
    if (name == text) return value;
  }
  return std::nullopt;
}

DebugOverlay next_debug_overlay(DebugOverlay overlay) noexcept {
  switch (overlay) {
    case DebugOverlay::Walkability:
      return DebugOverlay::ConnectedSets;
    case DebugOverlay::ConnectedSets:
      return DebugOverlay::SearchSets;
    case DebugOverlay::SearchSets:
      return DebugOverlay::Contours;
    case DebugOverlay::Contours:
      return DebugOverlay::None;
    case DebugOverlay::None:
      break;
  }
  return DebugOverlay::Walkability;
}

double contour_interval(double relief_m) noexcept {
  if (!(relief_m > 0.0)) return 1.0;
  const double rough = relief_m / 20.0;
  const double decade = std::pow(10.0, std::floor(std::log10(rough)));
  for (const double step : {1.0, 2.0, 5.0}) {
    if (step * decade >= rough) return step * decade;
  }
  return 10.0 * decade;
}

std::vector<nav::LegendEntry> draw_overlay(nav::DebugDraw& draw, DebugOverlay overlay,
                                           const World& world) {
  switch (overlay) {
    case DebugOverlay::None:
      break;
    case DebugOverlay::Walkability:
      return nav::draw_walkability(draw, world.graph());
    case DebugOverlay::ConnectedSets:
      return nav::draw_connected_sets(draw, world.graph(), world.sets());
    case DebugOverlay::SearchSets:
      return nav::draw_search_sets(draw, world.graph(), world.search());
    case DebugOverlay::Contours: {
      const nav::Heightmap& heightmap = world.heightmap();
      return nav::draw_contours(draw, heightmap,
                                contour_interval(heightmap.max_height() - heightmap.min_height()));
    }
  }
  return {};
}

}  // namespace terranav::engine
