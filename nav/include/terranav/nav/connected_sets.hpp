// Connected sets (components) of the terrain graph, so a query between two
// sets is rejected without searching, kept up to date incrementally after
// terrain edits.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "terranav/nav/terrain_graph.hpp"

namespace terranav::nav {

/// Set id of a blocked tile: it belongs to no set.
inline constexpr SetId kNoSet{0xFFFFFFFFu};

/// The connected components of the graph's unblocked tiles over its edges
/// (symmetric, so a set is exactly mutual reachability). An unblocked tile
/// without edges is a set of its own; blocked tiles are in no set.
///
/// Hierarchical, after stb_connected_components.h (Sean Barrett, public
/// domain) and the HierarchicalGraph of the A* Pathfinding Project (Aron
/// Granberg): the tile grid is cut into blocks of 16 x 16 tiles. Per block,
/// local components over the edges inside the block (an 8-bit label per
/// tile); per block, links: the distinct (local component, component of a
/// neighbouring block) pairs joined by an edge leaving the block, in all 8
/// block directions (a diagonal edge can cross a block corner). The sets
/// are the components of the graph of local components and links. An edit
/// then recomputes a few blocks (update()); docs/architecture.md says why
/// the result is exact.
///
/// Set ids are names only: dense (0 .. set_count() - 1) after the
/// constructor, sparse after updates (an id freed by an update is reused by
/// a later set), in no particular order. Compare them for equality; size
/// per-set arrays by set_id_bound().
///
/// Memory: 1 byte per tile plus 16 bytes per local component, 2 bytes per
/// link and 16 bytes per block: about 1.4 bytes per tile on terrain with few
/// components per block, at most about 17 (every tile its own component);
/// a block that grows in an update gets room for the next power of two. The
/// object keeps no reference to the graph.
class ConnectedSets {
 public:
  /// Full build from `graph`. O(tiles + edges) time.
  explicit ConnectedSets(const TerrainGraph& graph);

  /// After the graph's edge masks or blocked flags changed, only for tiles
  /// inside `changed` (a changed edge changes both end tiles' masks, so both
  /// ends are inside; the part outside the grid is ignored): brings the sets
  /// up to date, equal to a rebuild from `graph` up to renaming set ids.
  /// `graph` must have the size of the graph the sets were built from (not
  /// checked). A set with no tile in the blocks of `changed` or in the ring
  /// of blocks around them keeps its id; so does the largest set with a
  /// tile there, or what is left of it outside the ring if the edit split it
  /// (its piece not explored by the search below).
  ///
  /// The blocks of `changed` get new local components and links, the ring
  /// new links to them. The sets with a component in those blocks or the
  /// ring are flooded afresh from there with new ids (freed ids first),
  /// except that the largest keeps its id: breadth-first searches in
  /// lockstep from its components just outside the ring find the pieces cut
  /// off from it (each explored whole), and the floods stop at the one piece
  /// left. Exact even if only one end of each changed edge is inside
  /// `changed`. O(tiles of those blocks + components and links of the other
  /// sets flooded + the searches), typically a few components around the
  /// ring; no allocation once the pools and scratch buffers have grown.
  void update(const TerrainGraph& graph, TileRect changed);

  /// The tile's set; kNoSet for a blocked tile. O(1).
  SetId set_of(TileId t) const noexcept {
    const std::uint8_t label = label_[index(t)];
    const Block& block = blocks_[block_of(t)];
    return label < block.comp_count ? comps_.at(block.comp_base + label)->set : kNoSet;
  }
  /// True iff both tiles are unblocked and in the same set. O(1).
  bool connected(TileId a, TileId b) const noexcept {
    const SetId s = set_of(a);
    return s != kNoSet && s == set_of(b);
  }
  /// Number of sets. O(1).
  std::size_t set_count() const noexcept { return set_count_; }
  /// Every set id in use is below this bound; ids below it may be unused
  /// (set_size 0). O(1).
  std::size_t set_id_bound() const noexcept { return set_size_.size(); }
  /// Number of tiles in set s; 0 for an id below set_id_bound() not in use.
  /// O(1).
  std::size_t set_size(SetId s) const noexcept { return set_size_[index(s)]; }
  /// The set with most tiles; on ties the one holding the lowest TileId (the
  /// same answer before and after renaming ids). kNoSet if every tile is
  /// blocked. O(set_id_bound()), plus O(components) on a tie.
  SetId largest() const noexcept;

  /// Bytes held (arrays' capacity, scratch buffers included, plus the
  /// object).
  std::size_t memory_bytes() const noexcept;

 private:
  static constexpr int kBlockShift = 4;
  static constexpr int kBlock = 1 << kBlockShift;  // block side, tiles
  // A block has at most 256 components, and only then no blocked tile: the
  // label of a blocked tile, 255, is at least its block's component count.
  static constexpr std::uint8_t kNoLabel = 0xFF;
  static_assert(kBlock * kBlock <= 256, "labels are 8-bit");
  // A link packs the block direction (3 bits) over the neighbour's label.
  static constexpr int kLinkDirShift = 13;
  static_assert(kBlock * kBlock <= (1 << kLinkDirShift), "labels must fit a link");

  struct Component {
    SetId set;
    std::uint32_t epoch;       // last update (or build) that searched or flooded it
    std::uint16_t size;        // tiles
    std::uint16_t first;       // lowest tile, local index lj * kBlock + li
    std::uint16_t link_begin;  // into the block's links
    std::uint16_t link_end;
  };
  // A block's components and links are ranges of two shared pools, with
  // room to grow in place. A block that outgrows its room gives the range
  // back and takes one of the next power of two: ranges freed are reused by
  // size class, so nothing is ever compacted. A pool grows by whole chunks
  // that never move (a range never straddles two), so growing costs one
  // chunk's allocation, not a copy of the pool.
  struct Block {
    std::uint32_t comp_base = 0;
    std::uint32_t link_base = 0;
    std::uint16_t comp_count = 0;
    std::uint16_t comp_room = 0;
    std::uint16_t link_count = 0;
    std::uint16_t link_room = 0;
  };
  template <class T>
  struct Pool {
    // Items a chunk: 2^9 .. 2^14 by the map size, more than any range.
    std::uint32_t chunk_shift = 14;
    std::vector<std::vector<T>> chunks;               // 1 << chunk_shift items each, touched
    std::size_t end = 0;                              // ranges in use or free lie below
    std::array<std::vector<std::uint32_t>, 17> free;  // free ranges by floor(log2(size))
    T* at(std::uint32_t base) noexcept {
      return chunks[base >> chunk_shift].data() + (base & ((1u << chunk_shift) - 1));
    }
    const T* at(std::uint32_t base) const noexcept {
      return chunks[base >> chunk_shift].data() + (base & ((1u << chunk_shift) - 1));
    }
    std::uint32_t take(std::size_t room);        // a new range at the end
    std::uint32_t take_class(std::size_t room);  // room a power of two
    void give(std::uint32_t base, std::size_t room);
    void grow_to(std::size_t items);  // chunks for at least `items`
    // Moves a range (base, room) that `count` items outgrow to a new one:
    // of the next power of two with `spare`, else exactly `count`.
    void fit(std::uint32_t& base, std::uint16_t& room, std::uint16_t count, bool spare);
    std::size_t memory_bytes() const noexcept;
  };

  std::span<Component> comps_of(std::uint32_t b) noexcept {
    return {comps_.at(blocks_[b].comp_base), blocks_[b].comp_count};
  }
  std::span<const Component> comps_of(std::uint32_t b) const noexcept {
    return {comps_.at(blocks_[b].comp_base), blocks_[b].comp_count};
  }
  std::span<const std::uint16_t> links_of(std::uint32_t b) const noexcept {
    return {links_.at(blocks_[b].link_base), blocks_[b].link_count};
  }
  std::uint32_t block_of(TileId t) const noexcept {
    const std::uint32_t i = index(t) % tiles_wide_;
    const std::uint32_t j = index(t) / tiles_wide_;
    return (j >> kBlockShift) * blocks_wide_ + (i >> kBlockShift);
  }
  std::uint32_t neighbour_block(std::uint32_t b, std::uint16_t link) const noexcept {
    const std::size_t dir = link >> kLinkDirShift;
    return static_cast<std::uint32_t>(static_cast<std::int64_t>(b) +
                                      kDirDz[dir] * static_cast<std::int64_t>(blocks_wide_) +
                                      kDirDx[dir]);
  }
  void label_block(const TerrainGraph& graph, std::uint32_t b);
  void link_block(const TerrainGraph& graph, std::uint32_t b);
  void relink_ring(std::uint32_t bi0, std::uint32_t bj0, std::uint32_t bi1, std::uint32_t bj1,
                   std::uint32_t ri0, std::uint32_t rj0, std::uint32_t ri1, std::uint32_t rj1);
  void place_comps(std::uint32_t b);
  void place_links(std::uint32_t b);
  bool search_outside(SetId kept, std::uint32_t ri0, std::uint32_t rj0, std::uint32_t ri1,
                      std::uint32_t rj1, std::uint32_t& split_off);
  void seed(std::uint32_t b, std::uint16_t label, SetId set);
  std::uint32_t flood(SetId set, SetId kept);
  SetId take_id();
  void free_id(SetId s);

  // Marks a component outside cut off from the set that kept its id.
  static constexpr SetId kSplitOff{0xFFFFFFFEu};

  std::uint32_t tiles_wide_ = 0;
  std::uint32_t tiles_deep_ = 0;
  std::uint32_t blocks_wide_ = 0;
  std::uint32_t blocks_deep_ = 0;
  std::vector<std::uint8_t> label_;  // local label per tile, by TileId
  std::vector<Block> blocks_;        // row-major
  Pool<Component> comps_;
  Pool<std::uint16_t> links_;               // dir << kLinkDirShift | label, by component
  bool room_to_grow_ = false;               // after the build, moved blocks get spare room
  std::vector<std::uint32_t> block_epoch_;  // last update with the block inside
  std::vector<std::uint32_t> set_size_;     // by set id; 0 = free
  std::vector<SetId> free_ids_;
  std::size_t set_count_ = 0;
  std::uint32_t epoch_ = 0;
  // Scratch, kept between updates.
  std::vector<std::uint64_t> comp_stack_;  // block << 16 | label
  std::vector<Component> new_comps_;
  std::vector<std::uint32_t> raw_links_;  // here << 16 | link
  std::vector<std::uint32_t> merged_links_;
  std::vector<std::uint64_t> ring_links_;  // ring block << 32 | here << 16 | link
  std::vector<SetId> touched_;
  std::vector<std::uint64_t> visited_;
  std::vector<std::vector<std::uint64_t>> search_queue_;
  std::vector<std::uint32_t> search_head_;
  std::vector<std::uint32_t> search_parent_;
  std::vector<std::uint8_t> search_done_;
  std::vector<std::uint32_t> search_alive_;
};

}  // namespace terranav::nav
