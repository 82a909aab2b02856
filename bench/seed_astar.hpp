// A "seed-style" A*: the way the seed codebase searches, kept as a straw man
// that is faithful to its data layout but uses the reference costs, so its
// answers can be checked against nav::AStar.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "baseline.hpp"
#include "terranav/nav/heightmap.hpp"

namespace terranav::bench {

/// The seed's layout: one object per tile (F, G, H, parent pointer, open and
/// closed flags, connected-set id, its own heap-allocated neighbour list with
/// costs), built straight from the heightmap; connected sets by a breadth-first
/// flood with std::queue. Each query first resets F, G, parent and flags of
/// every tile, then runs A* with std::priority_queue and lazy deletion (a
/// tile is pushed again when its G improves; stale entries are skipped when
/// popped). Octile heuristic, reference costs in double.
class SeedAStar {
 public:
  /// Tiles, edges and costs per docs/reference-model.md: tile heights by
  /// heightmap.bilinear at tile centres, edge iff neither end blocked, slope
  /// <= max_slope and, for a diagonal, both cardinal tiles it passes between
  /// unblocked; cost d * (1 + k * slope). `blocked`: empty or one flag per
  /// tile. The caller validates what nav::TerrainGraph would. O(tiles).
  SeedAStar(const nav::Heightmap& heightmap, int tile_size, double max_slope, double slope_weight,
            std::span<const std::uint8_t> blocked = {});

  /// Optimal path between tile indices; not found when they are in different
  /// sets. O(tiles) reset + O((V + E) log E).
  BaselineResult find_path(std::uint32_t start, std::uint32_t goal);

  std::size_t tile_count() const noexcept { return tiles_.size(); }
  /// Bytes of the tile objects and their neighbour lists, plus the largest
  /// open list a query has held so far (its peak footprint).
  std::size_t memory_bytes() const noexcept;

 private:
  struct Tile;
  struct Neighbour {
    Tile* tile;
    double cost;
  };
  struct Tile {
    int i = 0;
    int j = 0;
    float height = 0.0f;
    bool blocked = false;
    bool open = false;
    bool closed = false;
    int set = -1;
    double f = 0.0;
    double g = 0.0;
    double h = 0.0;
    Tile* parent = nullptr;
    std::vector<Neighbour> neighbours;
  };
  struct OpenEntry {
    double f;
    Tile* tile;
  };

  std::vector<Tile> tiles_;
  int tiles_wide_ = 0;
  double tile_metres_ = 0.0;
  std::size_t peak_open_ = 0;
};

}  // namespace terranav::bench
