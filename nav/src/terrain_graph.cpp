#include "terranav/nav/terrain_graph.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "name_table.hpp"

namespace terranav::nav {

namespace {

constexpr std::array<detail::Named<Topology>, 3> kTopologies = {{
    {"octile8", Topology::Octile8},
    {"cardinal4", Topology::Cardinal4},
    {"hex6", Topology::Hex6},
}};

constexpr std::array<detail::Named<CornerCutting>, 3> kCornerModes = {{
    {"never", CornerCutting::Never},
    {"always", CornerCutting::Always},
    {"at-least-one-free", CornerCutting::AtLeastOneFree},
}};

void validate(const GraphConfig& config) {
  if (!std::isfinite(config.max_slope) || config.max_slope < 0.0) {
    throw Error("terrain graph: max_slope " + std::to_string(config.max_slope) +
                " must be finite and >= 0");
  }
}

}  // namespace

std::string_view to_string(Topology topology) noexcept {
  return detail::name_of<Topology>(kTopologies, topology);
}

Topology parse_topology(std::string_view text) {
  return detail::parse_named<Topology>(kTopologies, text, "topology");
}

std::string_view to_string(CornerCutting mode) noexcept {
  return detail::name_of<CornerCutting>(kCornerModes, mode);
}

CornerCutting parse_corner_cutting(std::string_view text) {
  return detail::parse_named<CornerCutting>(kCornerModes, text, "corner cutting mode");
}

TerrainGraph::TerrainGraph(const Heightmap& heightmap, const GraphConfig& config,
                           std::span<const std::uint8_t> blocked)
    : config_(config), tiling_(heightmap, config.tile_size) {
  validate(config);
  const double tile_metres = tiling_.tile_metres();
  step_length_ = {static_cast<float>(tile_metres),
                  static_cast<float>(tile_metres * std::numbers::sqrt2)};
  const auto tw = static_cast<std::size_t>(tiling_.tiles_wide());
  const auto td = static_cast<std::size_t>(tiling_.tiles_deep());
  const std::size_t n = tiling_.tile_count();
  if (!blocked.empty() && blocked.size() != n) {
    throw Error("terrain graph: blocked mask has " + std::to_string(blocked.size()) +
                " flags, expected " + std::to_string(n) + " (" + std::to_string(tw) + "x" +
                std::to_string(td) + " tiles)");
  }
  // Bilinear heights stay within the sample range: centring on it halves
  // the largest stored magnitude, so float keeps the most precision.
  height_base_ = 0.5 * (static_cast<double>(heightmap.min_height()) + heightmap.max_height());
  heights_.resize(n);
  edge_mask_.assign(n, 0);
  blocked_.assign((n + 63) / 64, 0);
  for (std::size_t k = 0; k < blocked.size(); ++k) {
    if (blocked[k] != 0) blocked_[k / 64] |= std::uint64_t{1} << (k % 64);
  }

  const auto is_blocked = [this](std::size_t k) {
    return this->blocked(TileId{static_cast<std::uint32_t>(k)});
  };
  const auto row_heights = [&](std::size_t j, std::vector<double>& row) {
    const double sz = tiling_.centre_sample(static_cast<int>(j));
    for (std::size_t i = 0; i < tw; ++i) {
      row[i] = heightmap.bilinear(tiling_.centre_sample(static_cast<int>(i)), sz);
    }
  };
  // Which of the directions E, SE, S, SW (0..3) each tile owns: every edge
  // is computed once, from its northern or western end, and written to both.
  const bool octile = config.topology == Topology::Octile8;
  const bool south_east = octile;
  const bool south_west = octile || config.topology == Topology::Hex6;
  const CornerCutting corner = octile ? config.corner_cutting : CornerCutting::Always;
  const auto corner_ok = [corner](bool open_a, bool open_b) {
    switch (corner) {
      case CornerCutting::Never:
        return open_a && open_b;
      case CornerCutting::AtLeastOneFree:
        return open_a || open_b;
      case CornerCutting::Always:
        break;
    }
    return true;
  };

  // Slopes use double heights and exact lengths, as the model says; two rows
  // of them at a time.
  const double d_cardinal = tile_metres;
  const double d_diagonal = tile_metres * std::numbers::sqrt2;
  const double max_slope = config.max_slope;
  std::vector<double> row(tw);
  std::vector<double> next(tw);
  const auto try_edge = [&](std::size_t a, double ha, std::size_t b, double hb, int dir, double d) {
    if (!(std::abs(hb - ha) / d <= max_slope)) return;
    edge_mask_[a] = static_cast<std::uint8_t>(edge_mask_[a] | (1u << dir));
    edge_mask_[b] = static_cast<std::uint8_t>(edge_mask_[b] | (1u << ((dir + 4) % kDirections)));
  };
  if (td > 0) row_heights(0, row);
  for (std::size_t j = 0; j < td; ++j) {
    const bool has_south = j + 1 < td;
    if (has_south) row_heights(j + 1, next);
    for (std::size_t i = 0; i < tw; ++i) {
      const std::size_t a = j * tw + i;
      heights_[a] = static_cast<float>(row[i] - height_base_);
      if (is_blocked(a)) continue;
      const bool east_open = i + 1 < tw && !is_blocked(a + 1);
      const bool south_open = has_south && !is_blocked(a + tw);
      const bool west_open = i > 0 && !is_blocked(a - 1);
      if (east_open) try_edge(a, row[i], a + 1, row[i + 1], 0, d_cardinal);
      if (south_open) try_edge(a, row[i], a + tw, next[i], 2, d_cardinal);
      if (south_east && has_south && i + 1 < tw && !is_blocked(a + tw + 1) &&
          corner_ok(east_open, south_open)) {
        try_edge(a, row[i], a + tw + 1, next[i + 1], 1, d_diagonal);
      }
      if (south_west && has_south && i > 0 && !is_blocked(a + tw - 1) &&
          corner_ok(west_open, south_open)) {
        try_edge(a, row[i], a + tw - 1, next[i - 1], 3, d_diagonal);
      }
    }
    std::swap(row, next);
  }
}

Vec3 TerrainGraph::tile_centre(TileId t) const noexcept {
  const TileCoord c = coord(t);
  return {tiling_.centre_metres(c.i), tile_height(t), tiling_.centre_metres(c.j)};
}

double TerrainGraph::edge_cost(TileId t, int dir, const CostModel& model) const noexcept {
  if (!has_edge(t, dir)) return std::numeric_limits<double>::infinity();
  const std::uint32_t from = index(t);
  const std::uint32_t to = index(neighbour(t, dir));
  const double dh = static_cast<double>(heights_[to]) - static_cast<double>(heights_[from]);
  const double base = base_edge_cost(model, step_length(dir), dh, config_.max_slope);
  if (model.tile_multipliers.empty()) return base;
  return base * ((static_cast<double>(model.tile_multipliers[from]) +
                  static_cast<double>(model.tile_multipliers[to])) /
                 2.0);
}

std::size_t TerrainGraph::memory_bytes() const noexcept {
  return sizeof(*this) + heights_.capacity() * sizeof(float) + edge_mask_.capacity() +
         blocked_.capacity() * sizeof(std::uint64_t);
}

}  // namespace terranav::nav
