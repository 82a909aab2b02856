// Connected sets (components) of the terrain graph, so a query between two
// sets is rejected without searching.
#pragma once

#include <cstdint>
#include <vector>

#include "terranav/nav/terrain_graph.hpp"

namespace terranav::nav {

/// Set id of a blocked tile: it belongs to no set.
inline constexpr SetId kNoSet{0xFFFFFFFFu};

/// Flood fill over the graph's existing edges with an explicit stack (no
/// recursion): every unblocked tile gets the id of its component, in order of
/// the component's lowest TileId. Edges are symmetric, so components are
/// exactly mutual reachability. O(tiles + edges) time, one id per tile.
class ConnectedSets {
 public:
  explicit ConnectedSets(const TerrainGraph& graph);

  SetId set_of(TileId t) const noexcept { return ids_[index(t)]; }
  /// True iff both tiles are unblocked and in the same set.
  bool connected(TileId a, TileId b) const noexcept {
    return ids_[index(a)] != kNoSet && ids_[index(a)] == ids_[index(b)];
  }
  std::size_t set_count() const noexcept { return sizes_.size(); }
  /// Number of tiles in set s.
  std::size_t set_size(SetId s) const noexcept { return sizes_[index(s)]; }
  /// The set with most tiles (lowest id on ties); kNoSet if every tile is blocked.
  SetId largest() const noexcept;

 private:
  std::vector<SetId> ids_;
  std::vector<std::uint32_t> sizes_;
};

}  // namespace terranav::nav
