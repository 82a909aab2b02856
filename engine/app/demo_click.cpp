#include "app/demo_click.hpp"

#include <algorithm>
#include <vector>

namespace terranav::app {

std::optional<glm::dvec2> demo_click(const engine::World& world, const engine::OrbitCamera& camera,
                                     engine::Viewport viewport) {
  const nav::TerrainGraph& graph = world.graph();
  const nav::ConnectedSets& sets = world.sets();
  const nav::TileId home = graph.id(world.unit(engine::UnitId{0}).unit.tile());
  const nav::Vec3 from = graph.tile_centre(home);
  struct Candidate {
    double distance2;
    nav::TileId tile;
    glm::dvec2 pixel;
  };
  std::vector<Candidate> candidates;
  for (std::uint32_t k = 0; k < graph.tile_count(); ++k) {
    const nav::TileId id{k};
    if (!graph.walkable(id) || !sets.connected(id, home)) continue;
    // Keep clear of the map's border so the unit ends on screen, not at an edge.
    const nav::TileCoord c = graph.coord(id);
    if (c.i < graph.tiles_wide() / 10 || c.i >= graph.tiles_wide() - graph.tiles_wide() / 10 ||
        c.j < graph.tiles_deep() / 10 || c.j >= graph.tiles_deep() - graph.tiles_deep() / 10) {
      continue;
    }
    const nav::Vec3 centre = graph.tile_centre(id);
    const std::optional<glm::dvec2> pixel = engine::project(camera, viewport, centre);
    // Inside the central area: away from the edges, the text at the top and
    // the minimap at the bottom right.
    if (!pixel || pixel->x < 0.1 * viewport.width || pixel->x > 0.75 * viewport.width ||
        pixel->y < 0.3 * viewport.height || pixel->y > 0.9 * viewport.height) {
      continue;
    }
    const double dx = centre.x - from.x;
    const double dz = centre.z - from.z;
    candidates.push_back({dx * dx + dz * dz, id, *pixel});
  }
  constexpr std::size_t kTries = 64;
  const std::size_t tries = std::min(kTries, candidates.size());
  std::partial_sort(
      candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(tries), candidates.end(),
      [](const Candidate& a, const Candidate& b) { return a.distance2 > b.distance2; });
  for (std::size_t k = 0; k < tries; ++k) {
    const std::optional<nav::PickHit> hit =
        world.pick(engine::unproject(camera, viewport, candidates[k].pixel));
    if (hit && hit->tile && graph.id(*hit->tile) == candidates[k].tile) return candidates[k].pixel;
  }
  return std::nullopt;
}

}  // namespace terranav::app
