// Terrain classes: a class per tile (from height bands here; from an image
// in terrain_io's class_image.hpp) with a cost multiplier per class and
// impassable classes (seed 001's grass, snow, road, wall).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "terranav/nav/heightmap.hpp"

namespace terranav::nav {

struct TerrainClass {
  std::string name;
  /// Cost multiplier. [Limits: kClassMultiplierLimit, 1e-3..1e3] Ignored
  /// when impassable.
  double multiplier = 1.0;
  bool impassable = false;
};

/// A class index per tile (TW * TD, row-major like TileId) and the table.
struct ClassMap {
  std::vector<TerrainClass> classes;
  std::vector<std::uint8_t> tile_class;

  /// Blocked flags for TerrainGraph: 1 where the tile's class is impassable.
  /// Throws Error naming the tile when its class index is outside the table.
  /// O(tiles).
  std::vector<std::uint8_t> blocked_mask() const;
  /// Per-tile multipliers for CostModel::tile_multipliers (1 where impassable).
  /// Throws Error naming the tile when its class index is outside the table.
  /// O(tiles).
  std::vector<float> multipliers() const;
  /// The multiplier of class c: 1 when impassable (c must be in the table).
  float multiplier(std::uint8_t c) const noexcept {
    return classes[c].impassable ? 1.0f : static_cast<float>(classes[c].multiplier);
  }
};

/// Height band: tiles whose centre height (bilinear, as TerrainGraph) is
/// strictly below `below_m` metres (and not in an earlier band) get class
/// `class_index`.
struct HeightBand {
  double below_m;
  std::uint8_t class_index;
};

/// Classes from tile-centre heights and ascending bands; tiles at or above
/// the last band get `top_class`. The tiles are Tiling(heightmap, tile_size),
/// as the graph's. Throws Error for an empty table, tile_size outside
/// 1..min(W, D)-1, a class index (band's or top_class) outside the table,
/// bands not strictly ascending or NaN, a passable class whose multiplier is
/// outside kClassMultiplierLimit. O(tiles * bands).
ClassMap classes_from_height_bands(const Heightmap& heightmap, int tile_size,
                                   std::vector<TerrainClass> classes,
                                   std::span<const HeightBand> bands, std::uint8_t top_class);

}  // namespace terranav::nav
