// first_difference: a NavTerrain compared with another (after edits, with
// its rebuild), structure by structure.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "number_text.hpp"
#include "terranav/nav/nav_terrain.hpp"

namespace terranav::nav {
namespace {

std::string at_tile(const TerrainGraph& g, std::uint32_t t) {
  const TileCoord c = g.coord(TileId{t});
  return "tile (" + std::to_string(c.i) + ", " + std::to_string(c.j) + ")";
}

std::string pair_text(double a, double b) {
  return detail::number_text(a) + " vs " + detail::number_text(b);
}

std::string heightmap_difference(const Heightmap& a, const Heightmap& b) {
  if (a.width() != b.width() || a.depth() != b.depth() || a.spacing() != b.spacing()) {
    return "heightmaps differ in size or spacing";
  }
  for (int z = 0; z < a.depth(); ++z) {
    for (int x = 0; x < a.width(); ++x) {
      if (a.at(x, z) != b.at(x, z)) {
        return "height at sample (" + std::to_string(x) + ", " + std::to_string(z) +
               "): " + pair_text(a.at(x, z), b.at(x, z));
      }
    }
  }
  return {};
}

std::string graph_difference(const NavTerrain& a, const NavTerrain& b) {
  const TerrainGraph& ga = a.graph();
  const TerrainGraph& gb = b.graph();
  if (ga.tiles_wide() != gb.tiles_wide() || ga.tiles_deep() != gb.tiles_deep()) {
    return "tilings differ";
  }
  const MultiplierLayer* ma = a.multipliers();
  const MultiplierLayer* mb = b.multipliers();
  if ((ma == nullptr) != (mb == nullptr)) return "one has a multiplier layer, the other not";
  // Stored heights are floats relative to each graph's base: equal to float
  // rounding of the larger magnitude.
  const double slack = 4.0 * std::numeric_limits<float>::epsilon();
  for (std::uint32_t t = 0; t < ga.tile_count(); ++t) {
    const TileId id{t};
    if (ga.blocked(id) != gb.blocked(id)) return at_tile(ga, t) + ": blocked flags differ";
    if (ga.edge_mask(id) != gb.edge_mask(id)) {
      return at_tile(ga, t) + ": edge masks " + std::to_string(ga.edge_mask(id)) + " vs " +
             std::to_string(gb.edge_mask(id));
    }
    if (ga.surface_mask(id) != gb.surface_mask(id)) {
      return at_tile(ga, t) + ": surface masks " + std::to_string(ga.surface_mask(id)) + " vs " +
             std::to_string(gb.surface_mask(id));
    }
    if (ga.knight_mask(id) != gb.knight_mask(id)) {
      return at_tile(ga, t) + ": knight masks " + std::to_string(ga.knight_mask(id)) + " vs " +
             std::to_string(gb.knight_mask(id));
    }
    if (ga.knight_surface_mask(id) != gb.knight_surface_mask(id)) {
      return at_tile(ga, t) + ": knight surface masks " +
             std::to_string(ga.knight_surface_mask(id)) + " vs " +
             std::to_string(gb.knight_surface_mask(id));
    }
    const double ha = ga.tile_height(id);
    const double hb = gb.tile_height(id);
    const double scale =
        1.0 + std::abs(ha) + std::abs(ga.height_base()) + std::abs(gb.height_base());
    if (std::abs(ha - hb) > slack * scale) return at_tile(ga, t) + ": heights " + pair_text(ha, hb);
    if (ma && ma->at(id) != mb->at(id)) {
      return at_tile(ga, t) + ": multipliers " + pair_text(ma->at(id), mb->at(id));
    }
  }
  return {};
}

std::string sets_difference(const NavTerrain& a, const NavTerrain& b) {
  const ConnectedSets& sa = a.sets();
  const ConnectedSets& sb = b.sets();
  if (sa.set_count() != sb.set_count()) {
    return "set counts " + std::to_string(sa.set_count()) + " vs " + std::to_string(sb.set_count());
  }
  // The partitions agree iff set ids map one to one.
  constexpr std::uint32_t kUnmapped = 0xFFFFFFFFu;
  std::vector<std::uint32_t> a_to_b(sa.set_id_bound(), kUnmapped);
  std::vector<std::uint32_t> b_to_a(sb.set_id_bound(), kUnmapped);
  const TerrainGraph& g = a.graph();
  for (std::uint32_t t = 0; t < g.tile_count(); ++t) {
    const SetId x = sa.set_of(TileId{t});
    const SetId y = sb.set_of(TileId{t});
    if ((x == kNoSet) != (y == kNoSet)) return at_tile(g, t) + ": in a set in one only";
    if (x == kNoSet) continue;
    std::uint32_t& forward = a_to_b[index(x)];
    std::uint32_t& backward = b_to_a[index(y)];
    if (forward == kUnmapped && backward == kUnmapped) {
      forward = index(y);
      backward = index(x);
      if (sa.set_size(x) != sb.set_size(y)) {
        return at_tile(g, t) + ": set sizes " + std::to_string(sa.set_size(x)) + " vs " +
               std::to_string(sb.set_size(y));
      }
    } else if (forward != index(y) || backward != index(x)) {
      return at_tile(g, t) + ": connected sets split differently";
    }
  }
  return {};
}

std::string picking_difference(const NavTerrain& a, const NavTerrain& b) {
  // A fan of rays from above and from the side, over the whole extent.
  const Heightmap& h = a.heightmap();
  const double top = h.max_height() + 10.0 * h.spacing() + 100.0;
  constexpr int kSteps = 12;
  for (int v = 0; v <= kSteps; ++v) {
    for (int u = 0; u <= kSteps; ++u) {
      const double x = h.extent_x() * (u + 0.37) / (kSteps + 1);
      const double z = h.extent_z() * (v + 0.61) / (kSteps + 1);
      for (const Ray& ray :
           {Ray{{x, top, z}, {0.0, -1.0, 0.0}},
            Ray{{-0.25 * h.extent_x(), top, z}, {x + 0.25 * h.extent_x(), -top, 0.1}},
            Ray{{x, top, h.extent_z() * 1.2}, {0.05, -top, z - 1.2 * h.extent_z()}}}) {
        const std::optional<PickHit> pa = a.quadtree().pick(ray);
        const std::optional<PickHit> pb = b.quadtree().pick(ray);
        const bool same =
            pa.has_value() == pb.has_value() && (!pa || (pa->t == pb->t && pa->tile == pb->tile));
        if (!same) {
          return "picks differ for the ray through (" + detail::number_text(x) + ", " +
                 detail::number_text(z) + ")";
        }
      }
    }
  }
  return {};
}

}  // namespace

std::string first_difference(const NavTerrain& a, const NavTerrain& b) {
  std::string difference = heightmap_difference(a.heightmap(), b.heightmap());
  if (difference.empty()) difference = graph_difference(a, b);
  if (difference.empty()) difference = sets_difference(a, b);
  if (difference.empty()) difference = picking_difference(a, b);
  return difference;
}

}  // namespace terranav::nav
