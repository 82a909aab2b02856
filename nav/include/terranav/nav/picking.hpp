// Ray picking on the triangulated heightmap surface through a quadtree of
// min/max-height AABBs.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/tiling.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {

/// A ray origin + t * direction, t >= 0, nav metres. direction need not be
/// unit length; t is in units of its length.
struct Ray {
  Vec3 origin;
  Vec3 direction;
};

struct PickHit {
  double t = 0.0;  ///< ray parameter of the hit
  Vec3 point;      ///< origin + t * direction, on the surface
  /// Tile (of Tiling(heightmap, tile_size)) containing the point; none in the
  /// partial strip beyond the last whole tile when (W-1) % t != 0. A point on
  /// the far edge of the tiled area (to 1e-9 of a tile) counts as the last
  /// tile.
  std::optional<TileCoord> tile;
};

/// A quadtree over the heightmap's cells, one flat node array; each node has
/// the AABB of its cells (x/z extent, min/max height). pick() walks it
/// front to back (nearest child first by ray entry distance) and tests the
/// two triangles of each cell in a reached leaf exactly (Moller & Trumbore,
/// "Fast, Minimum Storage Ray/Triangle Intersection", JGT 2(1), 1997), so the
/// answer equals testing the ray against every triangle of the surface.
/// The tree reads the heightmap it was built on: after heights change there,
/// update() the changed samples before the next pick.
class TerrainQuadtree {
 public:
  /// Keeps a reference to the heightmap (it must outlive the tree).
  /// leaf_cells: side of a leaf in cells. Throws Error for tile_size outside
  /// 1..min(W, D)-1 (see Tiling) or leaf_cells < 1. Build O(W * D); memory
  /// about 4/3 * cells / leaf_cells^2 nodes.
  TerrainQuadtree(const Heightmap& heightmap, int tile_size, int leaf_cells = 8);

  /// Nearest hit with t >= 0 on the surface, or none (ray misses the terrain,
  /// points away, or direction is zero/non-finite). Typically
  /// O(log(cells) + cells along the ray's path within leaves).
  std::optional<PickHit> pick(const Ray& ray) const;

  /// Refits the height boxes after the heightmap's heights changed inside
  /// `samples` (clipped to the map): those of the leaves whose cells touch
  /// a sample of it, and of their ancestors. The tree then equals one built
  /// afresh on the edited heightmap, and so do its picks.
  /// O(samples + depth * touched nodes); a touched leaf rereads its
  /// (leaf_cells + 1)^2 samples.
  void update(SampleRect samples);

  std::size_t node_count() const noexcept { return nodes_.size(); }
  /// Bytes held (the node array plus the object).
  std::size_t memory_bytes() const noexcept {
    return sizeof(*this) + nodes_.capacity() * sizeof(Node);
  }

 private:
  struct Node {
    float min_x, min_z, max_x, max_z;  // metres
    float min_y, max_y;                // metres
    std::int32_t x0, z0, x1, z1;       // cell range [x0, x1) x [z0, z1)
    std::int32_t first_child;          // -1 for a leaf; children are consecutive (up to 4)
    std::int32_t child_count;
  };
  // The node's min_y/max_y, padded and rounded outward: from its samples for
  // a leaf, from its children's boxes otherwise.
  void fit_heights(Node& node) const noexcept;
  // Refits node n and the nodes below it that read a sample of `samples`.
  void refit(std::size_t n, SampleRect samples);

  const Heightmap& heightmap_;
  Tiling tiling_;
  std::vector<Node> nodes_;
};

}  // namespace terranav::nav
