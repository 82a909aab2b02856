// Connected-sets overlay: a distinct colour per set.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "terranav/nav/debug_draw.hpp"

namespace terranav::nav {
namespace {

constexpr int kLegendSets = 5;

std::uint8_t channel(double value) noexcept {
  return static_cast<std::uint8_t>(std::lround(255.0 * std::clamp(value, 0.0, 1.0)));
}

}  // namespace

Rgba set_colour(SetId s) noexcept {
  constexpr double kGolden = 0.6180339887498949;
  const double hue = std::fmod(index(s) * kGolden, 1.0) * 6.0;  // sextant units
  constexpr double kSaturation = 0.8;
  const double value = 1.0 - 0.2 * (index(s) % 3);
  // HSV to RGB: each channel's distance from its hue in sextants.
  const auto f = [&](double n) {
    const double k = std::fmod(n + hue, 6.0);
    return value - value * kSaturation * std::clamp(std::min(k, 4.0 - k), 0.0, 1.0);
  };
  return {channel(f(5.0)), channel(f(3.0)), channel(f(1.0)), kSetAlpha};
}

std::vector<LegendEntry> draw_connected_sets(DebugDraw& draw, const TerrainGraph& graph,
                                             const ConnectedSets& sets) {
  const SetId largest = sets.largest();
  const auto colour = [largest](SetId s) {
    Rgba c = set_colour(s);
    if (s == largest) c.a = kLargestSetAlpha;
    return c;
  };
  std::vector<Rgba> field(graph.tile_count(), Rgba{});
  for (std::uint32_t k = 0; k < graph.tile_count(); ++k) {
    const SetId s = sets.set_of(TileId{k});
    if (s != kNoSet) field[k] = colour(s);
  }
  draw.tile_field(graph.tiles_wide(), graph.tiles_deep(), field);

  std::vector<std::uint32_t> ids(sets.set_id_bound());
  std::iota(ids.begin(), ids.end(), 0u);
  const auto size = [&](std::uint32_t id) { return sets.set_size(SetId{id}); };
  const auto shown = std::min<std::size_t>(ids.size(), kLegendSets);
  std::partial_sort(ids.begin(), ids.begin() + static_cast<std::ptrdiff_t>(shown), ids.end(),
                    [&](std::uint32_t a, std::uint32_t b) {
                      return size(a) != size(b) ? size(a) > size(b) : a < b;
                    });
  std::vector<LegendEntry> legend;
  for (std::size_t n = 0; n < shown && size(ids[n]) > 0; ++n) {
    const SetId s{ids[n]};
    legend.push_back({colour(s), "set " + std::to_string(ids[n]) + ": " +
                                     std::to_string(size(ids[n])) + " tiles" +
                                     (s == largest ? " (largest)" : "")});
  }
  const std::size_t count = sets.set_count();
  legend.push_back(
      {Rgba{}, std::to_string(count) + (count == 1 ? " set" : " sets") + "; blocked: in none"});
  return legend;
}

}  // namespace terranav::nav
