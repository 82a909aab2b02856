// Which nodes of a LodQuadtree touch a marked tile (GL-free): the terrain
// draws the pieces over tiles the overlay tints with the tinting shader and
// every other piece with the plain one, since on a software renderer the
// tint's texture fetch costs a fifth of the frame wherever it runs.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "terranav/engine/render/lod_selection.hpp"

namespace terranav::engine {

class LodNodeMask {
 public:
  /// No tile marked: any() is false everywhere.
  LodNodeMask() = default;
  /// `marked`: tiles_wide x tiles_deep flags, row-major, nonzero = marked;
  /// tile (i, j) spans samples [i, i + 1] x [j, j + 1] times tile_cells, as
  /// nav::Tiling. A node is marked when its samples (edges included) meet a
  /// marked tile's (edges included), so a piece drawn plain has no point of
  /// a marked tile. Throws nav::Error when marked.size() != tiles_wide x
  /// tiles_deep or tile_cells < 1. O(tiles + nodes + nodes touched by marked
  /// tiles).
  LodNodeMask(const LodQuadtree& tree, int tile_cells, int tiles_wide, int tiles_deep,
              std::span<const std::uint8_t> marked);

  /// Whether the node `piece` names (a node of the tree this was built for)
  /// touches a marked tile. O(1).
  bool any(const LodPiece& piece) const;

 private:
  int patch_cells_ = 0;
  std::vector<int> nodes_wide_;                   ///< per level
  std::vector<std::vector<std::uint8_t>> nodes_;  ///< per level, row-major
};

}  // namespace terranav::engine
