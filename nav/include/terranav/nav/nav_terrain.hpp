// NavTerrain: the one owner of everything the nav module keeps per terrain
// (heightmap, graph, connected sets, picking quadtree, per-tile costs), and
// the edits that change them for the affected region only.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/influence_field.hpp"
#include "terranav/nav/multiplier_layer.hpp"
#include "terranav/nav/picking.hpp"
#include "terranav/nav/stamp.hpp"
#include "terranav/nav/terrain_classes.hpp"
#include "terranav/nav/terrain_graph.hpp"
#include "terranav/nav/tiling.hpp"

namespace terranav::nav {

/// How to build a NavTerrain besides its heightmap.
struct NavTerrainConfig {
  /// Tile size, max slope, topology, corner cutting.
  GraphConfig graph{};
  /// TW * TD flags (non-zero = blocked), or empty for none: the map's own
  /// obstacles, which set_blocked() may change later.
  std::vector<std::uint8_t> blocked{};
  /// A class per tile and the class table: impassable classes block, the
  /// others multiply edge costs (terrain_classes.hpp).
  std::optional<ClassMap> classes{};
  /// Points whose fields multiply edge costs near them (influence_field.hpp).
  std::vector<InfluencePoint> influence{};
};

/// What an edit changed.
struct EditResult {
  /// The tiles whose height, blocked flag, class, multiplier or edges (and
  /// so edge costs) may have changed; a path crossing it may be stale. Empty
  /// when no tile changed (an edit off the map, or heights only in the
  /// untiled strip beyond the last whole tile).
  TileRect dirty{};
  /// The terrain's revision after the edit.
  std::uint64_t revision = 0;
};

/// Heightmap, tiling, terrain graph, connected sets, picking quadtree and
/// the per-tile multiplier layer (classes x influence), kept consistent
/// with each other. An engine holds one NavTerrain; searches (AStar, one
/// per thread), units and request queues keep references into it, so it
/// neither copies nor moves.
///
/// Edits change the heightmap, blocked flags or classes and then update
/// every structure for the affected region only: after any sequence of
/// edits the state equals a NavTerrain rebuilt from the edited inputs
/// (first_difference() checks it), with set ids renamed and stored tile
/// heights equal to float rounding (the graph keeps its height base). Each
/// edit either throws before changing anything or completes, bumps
/// revision() and returns the dirty tiles. Edits must not run while a
/// search reads the terrain on another thread (PathRequestQueue::apply runs
/// them safely).
class NavTerrain {
 public:
  /// Builds everything (O(samples)). Throws Error for a graph config outside
  /// its limits, a blocked mask or class map of the wrong size (naming the
  /// sizes), a class index outside the table, a bad class table or
  /// influence point.
  explicit NavTerrain(Heightmap heightmap, NavTerrainConfig config = {});
  NavTerrain(const NavTerrain&) = delete;
  NavTerrain& operator=(const NavTerrain&) = delete;

  const Heightmap& heightmap() const noexcept { return heightmap_; }
  const Tiling& tiling() const noexcept { return graph_.tiling(); }
  const TerrainGraph& graph() const noexcept { return graph_; }
  const ConnectedSets& sets() const noexcept { return sets_; }
  const TerrainQuadtree& quadtree() const noexcept { return quadtree_; }
  /// Per-tile cost multipliers (classes x influence); null with neither.
  const MultiplierLayer* multipliers() const noexcept {
    return multipliers_ ? &*multipliers_ : nullptr;
  }
  /// `model` with this terrain's multiplier layer, for SearchOptions::cost.
  CostModel cost_model(CostModel model = {}) const noexcept {
    model.tile_multipliers = multipliers();
    return model;
  }
  /// The blocked flags set by the map and set_blocked() (impassable classes
  /// aside), TW * TD.
  std::span<const std::uint8_t> blocked() const noexcept { return blocked_; }
  /// The class map, none without classes.
  const std::optional<ClassMap>& classes() const noexcept { return classes_; }
  std::span<const InfluencePoint> influence() const noexcept { return influence_; }
  /// Counts the edits that changed something (heights, flags or classes);
  /// 0 after construction.
  std::uint64_t revision() const noexcept { return revision_; }

  /// A fresh NavTerrain from this one's current heights, blocked flags,
  /// classes and influence: the full rebuild an edit must equal. O(samples).
  NavTerrain rebuilt() const;

  // Edits. Each is O(area changed) (see docs/benchmarks.md for figures).

  /// Writes `heights_m` (row-major over `samples`, inside the heightmap).
  /// Throws Error (Heightmap::set_heights) before changing anything.
  EditResult set_heights(SampleRect samples, std::span<const float> heights_m);
  /// Applies a height stamp (stamp.hpp). Throws Error for a stamp outside
  /// its limits or a height that would not be finite in float.
  EditResult stamp(const Stamp& stamp);
  /// Sets (or clears) the blocked flag of the tiles of `tiles` (a building's
  /// footprint); clipped to the map. A tile of an impassable class stays
  /// blocked.
  EditResult set_blocked(TileRect tiles, bool blocked);
  /// Sets the blocked flags of `tiles` (inside the map) to `flags`,
  /// row-major over the rectangle (non-zero = blocked): an irregular
  /// footprint, or the flags saved before an edit to undo it. Throws Error,
  /// changing nothing, for tiles not within the map or a wrong count.
  EditResult set_blocked(TileRect tiles, std::span<const std::uint8_t> flags);
  /// Paints the tiles of `tiles` (clipped to the map) with class `c`.
  /// Throws Error, changing nothing, when the terrain has no classes, c is
  /// outside the table, or a tile's multiplier (the class's times the
  /// influence points') would leave kTileMultiplierLimit, naming the tile.
  EditResult paint_class(TileRect tiles, std::uint8_t c);
  /// Paints the tiles of `tiles` (inside the map) with `classes`, row-major
  /// over the rectangle. Throws Error, changing nothing, as set_blocked and
  /// paint_class do.
  EditResult paint_classes(TileRect tiles, std::span<const std::uint8_t> classes);

  /// Bytes held by every structure (heights, graph, sets, quadtree, layers).
  std::size_t memory_bytes() const noexcept;

 private:
  /// After heights changed in `samples`: quadtree, graph, sets.
  EditResult heights_changed(SampleRect samples);
  /// After blocked flags or classes changed inside `tiles`: effective
  /// blocked flags, graph, sets.
  EditResult tiles_changed(TileRect tiles);
  /// Paints rect (inside the map) with class_of(k) for its k-th tile.
  template <class ClassOf>
  EditResult paint(TileRect rect, ClassOf class_of);
  /// visit(TileId index, k) for the k-th tile of rect, row-major.
  template <class Visit>
  void for_tiles(TileRect rect, Visit visit) const;
  void check_tiles(const char* edit, TileRect tiles, std::size_t values) const;
  void check_class(std::uint8_t c) const;

  Heightmap heightmap_;
  std::vector<std::uint8_t> blocked_;
  std::optional<ClassMap> classes_;
  std::vector<InfluencePoint> influence_;
  std::vector<std::uint8_t> effective_blocked_;  // blocked_ or an impassable class
  TerrainGraph graph_;
  ConnectedSets sets_;
  TerrainQuadtree quadtree_;
  std::optional<MultiplierLayer> multipliers_;
  std::uint64_t revision_ = 0;
  std::vector<float> scratch_;  // an edit's new values, kept to avoid allocating
};

/// The first way in which a and b differ, as one sentence, or "" when they
/// agree: heights; per tile the edge mask, blocked flag, height (to float
/// rounding) and multiplier; the partition into connected sets (up to
/// renaming) and set sizes; and the picks of a fixed fan of rays over the
/// terrain. O(samples + tiles + rays x pick). For checking edits against
/// rebuilt().
std::string first_difference(const NavTerrain& a, const NavTerrain& b);

}  // namespace terranav::nav
