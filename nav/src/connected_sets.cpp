#include "terranav/nav/connected_sets.hpp"

#include <array>
#include <bit>
#include <cstddef>

namespace terranav::nav {

ConnectedSets::ConnectedSets(const TerrainGraph& graph) : ids_(graph.tile_count(), kNoSet) {
  const auto tw = static_cast<std::int64_t>(graph.tiles_wide());
  std::array<std::int64_t, kDirections> offset{};
  for (std::size_t d = 0; d < offset.size(); ++d) offset[d] = kDirDz[d] * tw + kDirDx[d];

  // One explicit stack for all components (Recast floodRegion style): no
  // recursion, no allocation per component once it has grown.
  std::vector<std::uint32_t> stack;
  const auto n = static_cast<std::uint32_t>(graph.tile_count());
  for (std::uint32_t seed = 0; seed < n; ++seed) {
    if (ids_[seed] != kNoSet || graph.blocked(TileId{seed})) continue;
    const SetId set{static_cast<std::uint32_t>(sizes_.size())};
    std::uint32_t size = 1;
    ids_[seed] = set;
    stack.push_back(seed);
    while (!stack.empty()) {
      const std::uint32_t t = stack.back();
      stack.pop_back();
      // Visit the set bits of the edge mask only.
      for (unsigned mask = graph.edge_mask(TileId{t}); mask != 0; mask &= mask - 1) {
        const auto d = static_cast<std::size_t>(std::countr_zero(mask));
        const auto u = static_cast<std::uint32_t>(t + offset[d]);
        if (ids_[u] != kNoSet) continue;
        ids_[u] = set;
        ++size;
        stack.push_back(u);
      }
    }
    sizes_.push_back(size);
  }
}

SetId ConnectedSets::largest() const noexcept {
  if (sizes_.empty()) return kNoSet;
  std::size_t best = 0;
  for (std::size_t s = 1; s < sizes_.size(); ++s) {
    if (sizes_[s] > sizes_[best]) best = s;
  }
  return SetId{static_cast<std::uint32_t>(best)};
}

}  // namespace terranav::nav
