#include "terranav/nav/terrain_graph.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

namespace terranav::nav {

namespace {

void validate(const Heightmap& heightmap, const GraphConfig& config) {
  const int max_tile = std::min(heightmap.width(), heightmap.depth()) - 1;
  if (config.tile_size < 1 || config.tile_size > max_tile) {
    throw Error("terrain graph: tile_size " + std::to_string(config.tile_size) + " outside 1.." +
                std::to_string(max_tile) + " for a " + std::to_string(heightmap.width()) + "x" +
                std::to_string(heightmap.depth()) + " heightmap");
  }
  if (!std::isfinite(config.max_slope) || config.max_slope < 0.0) {
    throw Error("terrain graph: max_slope " + std::to_string(config.max_slope) +
                " must be finite and >= 0");
  }
  if (!std::isfinite(config.slope_weight) || config.slope_weight < 0.0) {
    throw Error("terrain graph: slope_weight " + std::to_string(config.slope_weight) +
                " must be finite and >= 0");
  }
}

}  // namespace

TerrainGraph::TerrainGraph(const Heightmap& heightmap, const GraphConfig& config,
                           std::span<const std::uint8_t> blocked)
    : config_(config) {
  validate(heightmap, config);
  const int t = config.tile_size;
  tiles_wide_ = (heightmap.width() - 1) / t;
  tiles_deep_ = (heightmap.depth() - 1) / t;
  tile_metres_ = t * heightmap.spacing();
  const auto tw = static_cast<std::size_t>(tiles_wide_);
  const auto td = static_cast<std::size_t>(tiles_deep_);
  const std::size_t n = tw * td;
  if (!blocked.empty() && blocked.size() != n) {
    throw Error("terrain graph: blocked mask has " + std::to_string(blocked.size()) +
                " flags, expected " + std::to_string(n) + " (" + std::to_string(tiles_wide_) + "x" +
                std::to_string(tiles_deep_) + " tiles)");
  }

  // Slopes use the double heights; heights_ keeps them as float for queries.
  std::vector<double> h(n);
  for (std::size_t j = 0; j < td; ++j) {
    const double sz = (static_cast<double>(j) + 0.5) * t;
    for (std::size_t i = 0; i < tw; ++i) {
      h[j * tw + i] = heightmap.bilinear((static_cast<double>(i) + 0.5) * t, sz);
    }
  }
  heights_.assign(h.begin(), h.end());
  blocked_.resize(n);
  for (std::size_t k = 0; k < blocked.size(); ++k) blocked_[k] = blocked[k] != 0 ? 1 : 0;
  edge_mask_.assign(n, 0);
  costs_.assign(n * kDirections, std::numeric_limits<float>::infinity());

  // One pass over tiles: each tile owns its edges towards E, SE, S and SW
  // (directions 0..3) and writes both ends, so every edge is computed once.
  const double d_cardinal = tile_metres_;
  const double d_diagonal = tile_metres_ * std::numbers::sqrt2;
  const double max_slope = config.max_slope;
  const double k = config.slope_weight;
  const auto try_edge = [&](std::size_t a, std::size_t b, int dir, double d) {
    const double slope = std::abs(h[b] - h[a]) / d;
    if (!(slope <= max_slope)) return;
    const float cost = static_cast<float>(d * (1.0 + k * slope));
    const int back = (dir + 4) % kDirections;
    costs_[a * kDirections + static_cast<std::size_t>(dir)] = cost;
    costs_[b * kDirections + static_cast<std::size_t>(back)] = cost;
    edge_mask_[a] = static_cast<std::uint8_t>(edge_mask_[a] | (1u << dir));
    edge_mask_[b] = static_cast<std::uint8_t>(edge_mask_[b] | (1u << back));
  };
  for (std::size_t j = 0; j < td; ++j) {
    const bool has_south = j + 1 < td;
    for (std::size_t i = 0; i < tw; ++i) {
      const std::size_t a = j * tw + i;
      if (blocked_[a]) continue;
      const bool has_east = i + 1 < tw;
      const bool has_west = i > 0;
      const bool east_open = has_east && !blocked_[a + 1];
      const bool south_open = has_south && !blocked_[a + tw];
      if (east_open) try_edge(a, a + 1, 0, d_cardinal);
      if (south_open) try_edge(a, a + tw, 2, d_cardinal);
      // Diagonals also need both cardinal tiles they pass between.
      if (east_open && south_open && !blocked_[a + tw + 1]) try_edge(a, a + tw + 1, 1, d_diagonal);
      if (has_west && south_open && !blocked_[a - 1] && !blocked_[a + tw - 1]) {
        try_edge(a, a + tw - 1, 3, d_diagonal);
      }
    }
  }
}

Vec3 TerrainGraph::tile_centre(TileId t) const noexcept {
  const TileCoord c = coord(t);
  return {(c.i + 0.5) * tile_metres_, tile_height(t), (c.j + 0.5) * tile_metres_};
}

std::optional<TileCoord> TerrainGraph::tile_at(double x_m, double z_m) const noexcept {
  // The negated comparison also rejects NaN.
  if (!(x_m >= 0.0 && x_m < tiles_wide_ * tile_metres_ && z_m >= 0.0 &&
        z_m < tiles_deep_ * tile_metres_)) {
    return std::nullopt;
  }
  // The division may round up to TW (or TD) just below the far edge.
  return TileCoord{std::min(static_cast<std::int32_t>(x_m / tile_metres_), tiles_wide_ - 1),
                   std::min(static_cast<std::int32_t>(z_m / tile_metres_), tiles_deep_ - 1)};
}

}  // namespace terranav::nav
