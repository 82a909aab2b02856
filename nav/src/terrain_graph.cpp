#include "terranav/nav/terrain_graph.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "name_table.hpp"
#include "surface_edges.hpp"
#include "terranav/nav/limits.hpp"

namespace terranav::nav {

namespace {

constexpr std::array<detail::Named<Topology>, 4> kTopologies = {{
    {"octile8", Topology::Octile8},
    {"cardinal4", Topology::Cardinal4},
    {"hex6", Topology::Hex6},
    {"knight16", Topology::Knight16},
}};

constexpr std::array<detail::Named<CornerCutting>, 3> kCornerModes = {{
    {"never", CornerCutting::Never},
    {"always", CornerCutting::Always},
    {"at-least-one-free", CornerCutting::AtLeastOneFree},
}};

// Mask bits a tile of a recomputed area keeps: the directions whose
// neighbour lies outside the area, indexed by the sides on which the tile
// has area neighbours (bit 0 west, 1 east, 2 north, 3 south).
constexpr std::array<std::uint8_t, 16> kKeepOutside = [] {
  std::array<std::uint8_t, 16> keep{};
  for (unsigned sides = 0; sides < keep.size(); ++sides) {
    for (std::size_t d = 0; d < kDirections; ++d) {
      const bool x_inside = kDirDx[d] == 0 || ((sides >> (kDirDx[d] < 0 ? 0 : 1)) & 1u) != 0;
      const bool z_inside = kDirDz[d] == 0 || ((sides >> (kDirDz[d] < 0 ? 2 : 3)) & 1u) != 0;
      if (!(x_inside && z_inside)) keep[sides] = static_cast<std::uint8_t>(keep[sides] | (1u << d));
    }
  }
  return keep;
}();

void validate(const GraphConfig& config) {
  check_limit(kMaxSlopeLimit, config.max_slope, "terrain graph: max_slope");
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
  check_mask(blocked);
  const double tile_metres = tiling_.tile_metres();
  step_length_ = {static_cast<float>(tile_metres),
                  static_cast<float>(tile_metres * std::numbers::sqrt2),
                  static_cast<float>(tile_metres * std::sqrt(5.0))};
  // Bilinear heights stay within the sample range: centring on it halves
  // the largest stored magnitude, so float keeps the most precision.
  height_base_ = 0.5 * (static_cast<double>(heightmap.min_height()) + heightmap.max_height());
  const std::size_t n = tiling_.tile_count();
  heights_.resize(n);
  edge_mask_.assign(n, 0);
  surface_mask_.assign(n, 0);
  if (config.topology == Topology::Knight16) {
    knight_mask_.assign(n, 0);
    knight_surface_mask_.assign(n, 0);
  }
  blocked_.assign((n + 63) / 64, 0);
  for (std::size_t k = 0; k < blocked.size(); ++k) {
    if (blocked[k] != 0) blocked_[k / 64] |= std::uint64_t{1} << (k % 64);
  }
  compute(heightmap, tiling_.bounds());
}

TileRect TerrainGraph::update(const Heightmap& heightmap, std::span<const std::uint8_t> blocked,
                              TileRect tiles) {
  if (Tiling(heightmap, tiling_.tile_size()) != tiling_) {
    throw Error("terrain graph: update with a " + std::to_string(heightmap.width()) + "x" +
                std::to_string(heightmap.depth()) + " heightmap of spacing " +
                std::to_string(heightmap.spacing()) + " m, which does not give the graph's " +
                std::to_string(tiles_wide()) + "x" + std::to_string(tiles_deep()) + " tiles of " +
                std::to_string(tile_metres()) + " m");
  }
  check_mask(blocked);
  ++revision_;
  const TileRect inner = tiling_.clip(tiles);
  if (inner.empty()) return {};
  // A diagonal's corner rule reads its two cardinal neighbours' blocked bits,
  // so edges change only between tiles within one tile of `inner`; a
  // knight's move reaches two tiles.
  const std::int32_t reach = config_.topology == Topology::Knight16 ? 2 : 1;
  const TileRect area =
      tiling_.clip({inner.i0 - reach, inner.j0 - reach, inner.i1 + reach, inner.j1 + reach});
  const auto tw = static_cast<std::size_t>(tiles_wide());
  const auto width = static_cast<std::size_t>(area.i1 - area.i0);
  const auto row_start = [tw](std::int32_t i, std::int32_t j) {
    return static_cast<std::size_t>(j) * tw + static_cast<std::size_t>(i);
  };
  // Each tile's edge mask and knight mask as one number.
  const auto masks = [this](std::size_t k) {
    return edge_mask_[k] | (knight_mask_.empty() ? 0u : unsigned{knight_mask_[k]} << 8);
  };
  std::vector<unsigned> before;
  before.reserve(width * static_cast<std::size_t>(area.j1 - area.j0));
  for (std::int32_t j = area.j0; j < area.j1; ++j) {
    for (std::int32_t i = area.i0; i < area.i1; ++i) before.push_back(masks(row_start(i, j)));
  }

  TileRect changed{};
  const auto mark = [&changed](std::int32_t i, std::int32_t j) {
    changed = changed.empty() ? TileRect{i, j, i + 1, j + 1}
                              : TileRect{std::min(changed.i0, i), std::min(changed.j0, j),
                                         std::max(changed.i1, i + 1), std::max(changed.j1, j + 1)};
  };
  for (std::int32_t j = inner.j0; j < inner.j1; ++j) {
    for (std::int32_t i = inner.i0; i < inner.i1; ++i) {
      const std::size_t k = row_start(i, j);
      const bool now = !blocked.empty() && blocked[k] != 0;
      if (now == this->blocked(TileId{static_cast<std::uint32_t>(k)})) continue;
      blocked_[k / 64] ^= std::uint64_t{1} << (k % 64);
      mark(i, j);
    }
  }
  compute(heightmap, area);
  auto old = before.begin();
  for (std::int32_t j = area.j0; j < area.j1; ++j) {
    for (std::int32_t i = area.i0; i < area.i1; ++i, ++old) {
      if (masks(row_start(i, j)) != *old) mark(i, j);
    }
  }
  return changed;
}

void TerrainGraph::check_mask(std::span<const std::uint8_t> blocked) const {
  if (!blocked.empty() && blocked.size() != tiling_.tile_count()) {
    throw Error("terrain graph: blocked mask has " + std::to_string(blocked.size()) +
                " flags, expected " + std::to_string(tiling_.tile_count()) + " (" +
                std::to_string(tiles_wide()) + "x" + std::to_string(tiles_deep()) + " tiles)");
  }
}

void TerrainGraph::compute(const Heightmap& heightmap, TileRect area) {
  if (area.empty()) return;
  const auto tw = static_cast<std::size_t>(tiles_wide());
  const auto width = static_cast<std::size_t>(area.i1 - area.i0);
  const auto is_blocked = [this](std::size_t k) {
    return this->blocked(TileId{static_cast<std::uint32_t>(k)});
  };
  const bool knight = config_.topology == Topology::Knight16;
  // Row j of the area: heights in double for the slopes (and stored), and
  // the mask bits towards tiles of the area cleared, before any edge of the
  // row is set.
  const auto load_row = [&](std::int32_t j, std::vector<double>& row) {
    const double sz = tiling_.centre_sample(j);
    const unsigned north_south = (j > area.j0 ? 4u : 0u) | (j + 1 < area.j1 ? 8u : 0u);
    std::size_t a = static_cast<std::size_t>(j) * tw + static_cast<std::size_t>(area.i0);
    for (std::size_t x = 0; x < width; ++x, ++a) {
      const auto i = area.i0 + static_cast<std::int32_t>(x);
      row[x] = heightmap.bilinear(tiling_.centre_sample(i), sz);
      heights_[a] = static_cast<float>(row[x] - height_base_);
      const unsigned sides = north_south | (x > 0 ? 1u : 0u) | (x + 1 < width ? 2u : 0u);
      edge_mask_[a] &= kKeepOutside[sides];
      surface_mask_[a] &= kKeepOutside[sides];
      if (!knight) continue;
      for (std::size_t d = kDirections; d < kKnightDirections; ++d) {
        if (!area.contains({i + kDirDx[d], j + kDirDz[d]})) continue;
        const auto clear = static_cast<std::uint8_t>(~(1u << (d - kDirections)));
        knight_mask_[a] &= clear;
        knight_surface_mask_[a] &= clear;
      }
    }
  };
  // Which of the directions E, SE, S, SW (0..3) each tile owns: every edge
  // is computed once, from its northern or western end, and written to both;
  // so are the knight's moves 8..11, which all go south.
  const bool octile = config_.topology == Topology::Octile8 || knight;
  const bool south_east = octile;
  const bool south_west = octile || config_.topology == Topology::Hex6;
  const CornerCutting corner = octile ? config_.corner_cutting : CornerCutting::Always;
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

  // Slopes use double heights and exact lengths, as the model says; rows j
  // to j + 2 (a knight's move reaches two rows) at a time.
  const double d_cardinal = tiling_.tile_metres();
  const double d_diagonal = d_cardinal * std::numbers::sqrt2;
  const double d_knight = d_cardinal * std::sqrt(5.0);
  const double max_slope = config_.max_slope;
  std::array<std::vector<double>, 3> rows;
  for (std::vector<double>& r : rows) r.resize(width);
  const auto row_of = [&](std::int32_t j) -> std::vector<double>& {
    return rows[static_cast<std::size_t>(j - area.j0) % rows.size()];
  };
  const detail::SurfaceEdges surface(heightmap, *this);
  // Sets bit dir % 8 of the octile or the knight masks, at both ends.
  const auto try_edge = [&](std::size_t a, double ha, std::size_t b, double hb, int dir, double d) {
    if (!(std::abs(hb - ha) / d <= max_slope)) return;
    const bool knight_move = dir >= kDirections;
    std::vector<std::uint8_t>& edges = knight_move ? knight_mask_ : edge_mask_;
    std::vector<std::uint8_t>& surfaces = knight_move ? knight_surface_mask_ : surface_mask_;
    const auto bit = static_cast<std::uint8_t>(1u << (dir & 7));
    const auto back = static_cast<std::uint8_t>(1u << ((dir ^ 4) & 7));
    edges[a] |= bit;
    edges[b] |= back;
    if (surface.feasible(static_cast<int>(a % tw), static_cast<int>(a / tw), dir)) {
      surfaces[a] |= bit;
      surfaces[b] |= back;
    }
  };
  // Tile index a + offset (unsigned wrap-around for negative offsets).
  const auto at = [tw](std::size_t a, TileCoord offset) {
    return a +
           static_cast<std::size_t>(
               static_cast<std::ptrdiff_t>(offset.j) * static_cast<std::ptrdiff_t>(tw) + offset.i);
  };
  // Within the area, a tile's east (south) neighbour is in it iff x + 1 <
  // width (has_south); a diagonal's corner tiles are then in it too, as are
  // the two tiles a knight's move passes.
  const std::int32_t lookahead = knight ? 2 : 1;
  std::int32_t loaded = area.j0;  // rows [area.j0, loaded) are loaded
  for (std::int32_t j = area.j0; j < area.j1; ++j) {
    for (; loaded < std::min(j + lookahead + 1, area.j1); ++loaded)
      load_row(loaded, row_of(loaded));
    const std::vector<double>& row = row_of(j);
    const bool has_south = j + 1 < area.j1;
    const std::vector<double>& next = row_of(has_south ? j + 1 : j);
    std::size_t a = static_cast<std::size_t>(j) * tw + static_cast<std::size_t>(area.i0);
    for (std::size_t x = 0; x < width; ++x, ++a) {
      if (is_blocked(a)) continue;
      const bool east_open = x + 1 < width && !is_blocked(a + 1);
      const bool south_open = has_south && !is_blocked(a + tw);
      const bool west_open = x > 0 && !is_blocked(a - 1);
      if (east_open) try_edge(a, row[x], a + 1, row[x + 1], 0, d_cardinal);
      if (south_open) try_edge(a, row[x], a + tw, next[x], 2, d_cardinal);
      if (south_east && has_south && x + 1 < width && !is_blocked(a + tw + 1) &&
          corner_ok(east_open, south_open)) {
        try_edge(a, row[x], a + tw + 1, next[x + 1], 1, d_diagonal);
      }
      if (south_west && has_south && x > 0 && !is_blocked(a + tw - 1) &&
          corner_ok(west_open, south_open)) {
        try_edge(a, row[x], a + tw - 1, next[x - 1], 3, d_diagonal);
      }
      if (!knight) continue;
      for (int dir = kDirections; dir < kDirections + 4; ++dir) {
        const auto d = static_cast<std::size_t>(dir);
        const auto bx = static_cast<std::ptrdiff_t>(x) + kDirDx[d];
        if (bx < 0 || bx >= static_cast<std::ptrdiff_t>(width) || j + kDirDz[d] >= area.j1)
          continue;
        const std::size_t b = at(a, {kDirDx[d], kDirDz[d]});
        const auto [p1, p2] = knight_passes(dir);
        if (is_blocked(b) || !corner_ok(!is_blocked(at(a, p1)), !is_blocked(at(a, p2)))) continue;
        try_edge(a, row[x], b, row_of(j + kDirDz[d])[static_cast<std::size_t>(bx)], dir, d_knight);
      }
    }
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
  if (!model.tile_multipliers) return base;
  const std::span<const float> m = model.tile_multipliers->values();
  return base * ((static_cast<double>(m[from]) + static_cast<double>(m[to])) / 2.0);
}

std::size_t TerrainGraph::memory_bytes() const noexcept {
  return sizeof(*this) + heights_.capacity() * sizeof(float) + edge_mask_.capacity() +
         surface_mask_.capacity() + knight_mask_.capacity() + knight_surface_mask_.capacity() +
         blocked_.capacity() * sizeof(std::uint64_t);
}

}  // namespace terranav::nav
