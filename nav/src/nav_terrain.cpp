#include "terranav/nav/nav_terrain.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "class_table.hpp"

namespace terranav::nav {
namespace {

std::vector<std::uint8_t> checked_blocked(std::vector<std::uint8_t> blocked, const Tiling& tiling) {
  if (blocked.empty()) return std::vector<std::uint8_t>(tiling.tile_count(), 0);
  if (blocked.size() != tiling.tile_count()) {
    throw Error("nav terrain: blocked mask has " + std::to_string(blocked.size()) +
                " flags, expected " + std::to_string(tiling.tile_count()) + " (" +
                std::to_string(tiling.tiles_wide()) + "x" + std::to_string(tiling.tiles_deep()) +
                " tiles)");
  }
  return blocked;
}

std::optional<ClassMap> checked_classes(std::optional<ClassMap> classes, const Tiling& tiling) {
  if (classes && classes->tile_class.size() != tiling.tile_count()) {
    throw Error("nav terrain: class map has " + std::to_string(classes->tile_class.size()) +
                " tiles, expected " + std::to_string(tiling.tile_count()) + " (" +
                std::to_string(tiling.tiles_wide()) + "x" + std::to_string(tiling.tiles_deep()) +
                " tiles)");
  }
  if (!classes) return classes;
  // Every class, not only those in use: a paint may put any in use.
  if (const std::string problem = detail::table_problem(classes->classes); !problem.empty()) {
    throw Error("nav terrain: " + problem);
  }
  classes->blocked_mask();  // throws for a class outside the table
  return classes;
}

/// The blocked flags the graph sees: the map's and footprints', or an
/// impassable class.
std::vector<std::uint8_t> effective(std::span<const std::uint8_t> blocked,
                                    const std::optional<ClassMap>& classes) {
  std::vector<std::uint8_t> out(blocked.begin(), blocked.end());
  if (!classes) return out;
  for (std::size_t t = 0; t < out.size(); ++t) {
    if (classes->classes[classes->tile_class[t]].impassable) out[t] = 1;
  }
  return out;
}

/// `r` grown by one tile on every side, clipped to `bounds`.
TileRect grown(TileRect r, TileRect bounds) noexcept {
  if (r.empty()) return {};
  return {std::max(r.i0 - 1, bounds.i0), std::max(r.j0 - 1, bounds.j0),
          std::min(r.i1 + 1, bounds.i1), std::min(r.j1 + 1, bounds.j1)};
}

}  // namespace

NavTerrain::NavTerrain(Heightmap heightmap, NavTerrainConfig config)
    : heightmap_(std::move(heightmap)),
      blocked_(
          checked_blocked(std::move(config.blocked), Tiling(heightmap_, config.graph.tile_size))),
      classes_(
          checked_classes(std::move(config.classes), Tiling(heightmap_, config.graph.tile_size))),
      influence_(std::move(config.influence)),
      effective_blocked_(effective(blocked_, classes_)),
      graph_(heightmap_, config.graph, effective_blocked_),
      sets_(graph_),
      quadtree_(heightmap_, config.graph.tile_size) {
  if (classes_ || !influence_.empty()) {
    std::vector<float> m = classes_ ? classes_->multipliers() : std::vector<float>{};
    apply_influence(graph_, influence_, m);
    multipliers_.emplace(graph_.tiles_wide(), graph_.tiles_deep(), std::move(m));
  }
}

NavTerrain NavTerrain::rebuilt() const {
  return NavTerrain(heightmap_, {.graph = graph_.config(),
                                 .blocked = blocked_,
                                 .classes = classes_,
                                 .influence = influence_});
}

EditResult NavTerrain::set_heights(SampleRect samples, std::span<const float> heights_m) {
  heightmap_.set_heights(samples, heights_m);
  return heights_changed(samples);
}

EditResult NavTerrain::stamp(const Stamp& stamp) {
  const SampleRect rect = stamp_samples(heightmap_, stamp);
  if (rect.empty()) return {{}, revision_};
  const double s = heightmap_.spacing();
  const double r2_max = stamp.radius_m * stamp.radius_m;
  scratch_.clear();
  for (int z = rect.z0; z < rect.z1; ++z) {
    const double dz = z * s - stamp.z_m;
    for (int x = rect.x0; x < rect.x1; ++x) {
      const double dx = x * s - stamp.x_m;
      const double r2 = dx * dx + dz * dz;
      const float h = heightmap_.at(x, z);
      // Corners of the square outside the disc keep their height.
      scratch_.push_back(r2 < r2_max ? static_cast<float>(stamped_height(stamp, h, std::sqrt(r2)))
                                     : h);
    }
  }
  return set_heights(rect, scratch_);
}

EditResult NavTerrain::set_blocked(TileRect tiles, bool blocked) {
  const TileRect rect = tiling().clip(tiles);
  for_tiles(rect, [&](std::size_t t, std::size_t) { blocked_[t] = blocked ? 1 : 0; });
  return tiles_changed(rect);
}

EditResult NavTerrain::set_blocked(TileRect tiles, std::span<const std::uint8_t> flags) {
  check_tiles("set blocked", tiles, flags.size());
  for_tiles(tiles, [&](std::size_t t, std::size_t k) { blocked_[t] = flags[k] != 0 ? 1 : 0; });
  return tiles_changed(tiles);
}

EditResult NavTerrain::paint_class(TileRect tiles, std::uint8_t c) {
  check_class(c);
  const TileRect rect = tiling().clip(tiles);
  if (rect.empty()) return {{}, revision_};
  return paint(rect, [c](std::size_t) { return c; });
}

EditResult NavTerrain::paint_classes(TileRect tiles, std::span<const std::uint8_t> classes) {
  check_tiles("paint classes", tiles, classes.size());
  for (const std::uint8_t c : classes) check_class(c);
  return paint(tiles, [&](std::size_t k) { return classes[k]; });
}

template <class ClassOf>
EditResult NavTerrain::paint(TileRect rect, ClassOf class_of) {
  scratch_.clear();
  for_tiles(rect, [&](std::size_t t, std::size_t k) {
    scratch_.push_back(influenced(graph_, influence_, TileId{static_cast<std::uint32_t>(t)},
                                  classes_->multiplier(class_of(k))));
  });
  // Present with classes. Throws, changing nothing, for a class's multiplier
  // times the influence points' outside kTileMultiplierLimit (as a rebuild
  // would), so the classes are written after it.
  multipliers_->assign(rect, scratch_);
  for_tiles(rect, [&](std::size_t t, std::size_t k) { classes_->tile_class[t] = class_of(k); });
  return tiles_changed(rect);
}

template <class Visit>
void NavTerrain::for_tiles(TileRect rect, Visit visit) const {
  const auto tw = static_cast<std::size_t>(tiling().tiles_wide());
  std::size_t k = 0;
  for (int j = rect.j0; j < rect.j1; ++j) {
    for (int i = rect.i0; i < rect.i1; ++i, ++k) {
      visit(static_cast<std::size_t>(j) * tw + static_cast<std::size_t>(i), k);
    }
  }
}

void NavTerrain::check_tiles(const char* edit, TileRect tiles, std::size_t values) const {
  if (tiles.empty() || tiling().clip(tiles) != tiles) {
    throw Error(std::string(edit) + ": tiles [" + std::to_string(tiles.i0) + ", " +
                std::to_string(tiles.i1) + ") x [" + std::to_string(tiles.j0) + ", " +
                std::to_string(tiles.j1) + ") are empty or not within the " +
                std::to_string(tiling().tiles_wide()) + "x" +
                std::to_string(tiling().tiles_deep()) + " tiles");
  }
  const std::size_t n =
      static_cast<std::size_t>(tiles.i1 - tiles.i0) * static_cast<std::size_t>(tiles.j1 - tiles.j0);
  if (values != n) {
    throw Error(std::string(edit) + ": " + std::to_string(values) + " values for " +
                std::to_string(n) + " tiles");
  }
}

void NavTerrain::check_class(std::uint8_t c) const {
  if (!classes_) throw Error("paint class: the terrain has no terrain classes");
  if (c >= classes_->classes.size()) {
    throw Error("paint class: class index " + std::to_string(c) + " is outside the table of " +
                std::to_string(classes_->classes.size()) + " classes");
  }
}

EditResult NavTerrain::heights_changed(SampleRect samples) {
  quadtree_.update(samples);
  // Tiles whose centre height reads a changed sample, and (surface masks)
  // tiles with a changed sample on a corner of one of their cells.
  const TileRect tiles = tiling().tiles_touching(samples);
  const TileRect edges = graph_.update(heightmap_, effective_blocked_, tiles);
  if (!edges.empty()) sets_.update(graph_, edges);
  return {grown(tiles, tiling().bounds()), ++revision_};
}

EditResult NavTerrain::tiles_changed(TileRect tiles) {
  if (tiles.empty()) return {{}, revision_};
  for_tiles(tiles, [&](std::size_t t, std::size_t) {
    const bool impassable = classes_ && classes_->classes[classes_->tile_class[t]].impassable;
    effective_blocked_[t] = blocked_[t] != 0 || impassable ? 1 : 0;
  });
  const TileRect edges = graph_.update(heightmap_, effective_blocked_, tiles);
  if (!edges.empty()) sets_.update(graph_, edges);
  return {grown(tiles, tiling().bounds()), ++revision_};
}

std::size_t NavTerrain::memory_bytes() const noexcept {
  return sizeof(*this) + heightmap_.heights().size() * sizeof(float) + blocked_.capacity() +
         effective_blocked_.capacity() + (classes_ ? classes_->tile_class.capacity() : 0) +
         graph_.memory_bytes() + sets_.memory_bytes() + quadtree_.memory_bytes() +
         (multipliers_ ? multipliers_->memory_bytes() : 0) + scratch_.capacity() * sizeof(float);
}

}  // namespace terranav::nav
