#include "terranav/engine/render/lod_node_mask.hpp"

#include <algorithm>
#include <string>

namespace terranav::engine {

LodNodeMask::LodNodeMask(const LodQuadtree& tree, int tile_cells, int tiles_wide, int tiles_deep,
                         std::span<const std::uint8_t> marked)
    : patch_cells_(tree.patch_cells()) {
  if (tile_cells < 1 || tiles_wide < 0 || tiles_deep < 0 ||
      marked.size() !=
          static_cast<std::size_t>(tiles_wide) * static_cast<std::size_t>(tiles_deep)) {
    throw nav::Error("LodNodeMask: " + std::to_string(marked.size()) + " flags for " +
                     std::to_string(tiles_wide) + " x " + std::to_string(tiles_deep) +
                     " tiles of " + std::to_string(tile_cells) + " cells");
  }
  for (int level = 0; level < tree.levels(); ++level) {
    nodes_wide_.push_back(tree.nodes_wide(level));
    nodes_.emplace_back(static_cast<std::size_t>(tree.nodes_wide(level)) *
                            static_cast<std::size_t>(tree.nodes_deep(level)),
                        std::uint8_t{0});
  }
  // Level 0: the nodes whose closed sample range meets the tile's, i.e. node
  // n spans [n p, (n + 1) p] and the tile [t c, (t + 1) c].
  const int p = patch_cells_;
  const auto first = [p](int t, int c) { return t * c > 0 ? (t * c - 1) / p : 0; };
  const auto last = [p](int t, int c, int nodes) { return std::min((t + 1) * c / p, nodes - 1); };
  std::vector<std::uint8_t>& level0 = nodes_[0];
  const int nw = tree.nodes_wide(0);
  const int nd = tree.nodes_deep(0);
  for (int j = 0; j < tiles_deep; ++j) {
    for (int i = 0; i < tiles_wide; ++i) {
      if (marked[static_cast<std::size_t>(j) * static_cast<std::size_t>(tiles_wide) +
                 static_cast<std::size_t>(i)] == 0) {
        continue;
      }
      for (int nz = first(j, tile_cells); nz <= last(j, tile_cells, nd); ++nz) {
        for (int nx = first(i, tile_cells); nx <= last(i, tile_cells, nw); ++nx) {
          level0[static_cast<std::size_t>(nz) * static_cast<std::size_t>(nw) +
                 static_cast<std::size_t>(nx)] = 1;
        }
      }
    }
  }
  // Above: a node is marked when one of its children is.
  for (std::size_t level = 1; level < nodes_.size(); ++level) {
    const std::vector<std::uint8_t>& below = nodes_[level - 1];
    const int bw = nodes_wide_[level - 1];
    const int bd = static_cast<int>(below.size()) / std::max(bw, 1);
    const int w = nodes_wide_[level];
    std::vector<std::uint8_t>& here = nodes_[level];
    for (int z = 0; z < bd; ++z) {
      for (int x = 0; x < bw; ++x) {
        if (below[static_cast<std::size_t>(z) * static_cast<std::size_t>(bw) +
                  static_cast<std::size_t>(x)] != 0) {
          here[static_cast<std::size_t>(z / 2) * static_cast<std::size_t>(w) +
               static_cast<std::size_t>(x / 2)] = 1;
        }
      }
    }
  }
}

bool LodNodeMask::any(const LodPiece& piece) const {
  const auto level = static_cast<std::size_t>(piece.level);
  if (level >= nodes_.size()) return false;
  const int size = patch_cells_ << piece.level;
  return nodes_[level][static_cast<std::size_t>(piece.z0 / size) *
                           static_cast<std::size_t>(nodes_wide_[level]) +
                       static_cast<std::size_t>(piece.x0 / size)] != 0;
}

}  // namespace terranav::engine
