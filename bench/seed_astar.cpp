#include "seed_astar.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <queue>

namespace terranav::bench {

SeedAStar::SeedAStar(const nav::Heightmap& heightmap, int tile_size, double max_slope,
                     double slope_weight, std::span<const std::uint8_t> blocked) {
  const int t = tile_size;
  tiles_wide_ = (heightmap.width() - 1) / t;
  const int tiles_deep = (heightmap.depth() - 1) / t;
  tile_metres_ = t * heightmap.spacing();
  tiles_.resize(static_cast<std::size_t>(tiles_wide_) * static_cast<std::size_t>(tiles_deep));
  // The slope test uses double heights, as the reference model's exact
  // arithmetic does; the tile keeps a float like the seed.
  std::vector<double> heights(tiles_.size());
  for (int j = 0; j < tiles_deep; ++j) {
    for (int i = 0; i < tiles_wide_; ++i) {
      const auto k = static_cast<std::size_t>(j * tiles_wide_ + i);
      Tile& tile = tiles_[k];
      tile.i = i;
      tile.j = j;
      heights[k] = heightmap.bilinear((i + 0.5) * t, (j + 0.5) * t);
      tile.height = static_cast<float>(heights[k]);
      tile.blocked = !blocked.empty() && blocked[k] != 0;
    }
  }
  const auto at = [&](int i, int j) -> Tile* {
    if (i < 0 || j < 0 || i >= tiles_wide_ || j >= tiles_deep) return nullptr;
    Tile& tile = tiles_[static_cast<std::size_t>(j * tiles_wide_ + i)];
    return tile.blocked ? nullptr : &tile;
  };
  for (Tile& tile : tiles_) {
    if (tile.blocked) continue;
    const double ha = heights[static_cast<std::size_t>(&tile - tiles_.data())];
    for (int dir = 0; dir < nav::kDirections; ++dir) {
      const int dx = nav::kDirDx[static_cast<std::size_t>(dir)];
      const int dz = nav::kDirDz[static_cast<std::size_t>(dir)];
      Tile* other = at(tile.i + dx, tile.j + dz);
      if (other == nullptr) continue;
      if ((dir & 1) != 0 &&
          (at(tile.i + dx, tile.j) == nullptr || at(tile.i, tile.j + dz) == nullptr)) {
        continue;
      }
      const double d = step_length(tile_metres_, dir);
      const double slope =
          std::abs(heights[static_cast<std::size_t>(other - tiles_.data())] - ha) / d;
      if (!(slope <= max_slope)) continue;
      tile.neighbours.push_back({other, d * (1.0 + slope_weight * slope)});
    }
  }
  // Connected sets: breadth-first flood from every unlabelled walkable tile.
  int next_set = 0;
  std::queue<Tile*> frontier;
  for (Tile& seed : tiles_) {
    if (seed.blocked || seed.set >= 0) continue;
    seed.set = next_set;
    frontier.push(&seed);
    while (!frontier.empty()) {
      Tile* tile = frontier.front();
      frontier.pop();
      for (const Neighbour& n : tile->neighbours) {
        if (n.tile->set >= 0) continue;
        n.tile->set = next_set;
        frontier.push(n.tile);
      }
    }
    ++next_set;
  }
}

BaselineResult SeedAStar::find_path(std::uint32_t start, std::uint32_t goal) {
  BaselineResult result;
  Tile* const from = &tiles_[start];
  Tile* const to = &tiles_[goal];
  if (from->blocked || to->blocked || from->set != to->set) return result;
  // The seed's reset: every tile, every query.
  for (Tile& tile : tiles_) {
    tile.f = std::numeric_limits<double>::infinity();
    tile.g = std::numeric_limits<double>::infinity();
    tile.h = 0.0;
    tile.parent = nullptr;
    tile.open = false;
    tile.closed = false;
  }
  const auto later = [](const OpenEntry& a, const OpenEntry& b) { return a.f > b.f; };
  std::priority_queue<OpenEntry, std::vector<OpenEntry>, decltype(later)> open(later);
  from->g = 0.0;
  from->h = octile_metres(from->i - to->i, from->j - to->j, tile_metres_);
  from->f = from->h;
  from->open = true;
  open.push({from->f, from});
  while (!open.empty()) {
    peak_open_ = std::max(peak_open_, open.size());
    Tile* const current = open.top().tile;
    open.pop();
    if (current->closed) continue;  // a stale duplicate
    current->open = false;
    current->closed = true;
    if (current == to) break;
    ++result.expanded;
    for (const Neighbour& n : current->neighbours) {
      Tile* const next = n.tile;
      if (next->closed) continue;
      const double g = current->g + n.cost;
      if (!(g < next->g)) continue;
      next->g = g;
      next->h = octile_metres(next->i - to->i, next->j - to->j, tile_metres_);
      next->f = g + next->h;
      next->parent = current;
      next->open = true;
      open.push({next->f, next});
    }
  }
  if (!to->closed) return result;
  result.found = true;
  result.cost = to->g;
  for (const Tile* tile = to; tile != nullptr; tile = tile->parent) {
    result.path.push_back(static_cast<std::uint32_t>(tile - tiles_.data()));
  }
  std::reverse(result.path.begin(), result.path.end());
  return result;
}

std::size_t SeedAStar::memory_bytes() const noexcept {
  std::size_t bytes = tiles_.capacity() * sizeof(Tile) + peak_open_ * sizeof(OpenEntry);
  for (const Tile& tile : tiles_) bytes += tile.neighbours.capacity() * sizeof(Neighbour);
  return bytes;
}

}  // namespace terranav::bench
