#include "terranav/nav/terrain_classes.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "class_table.hpp"
#include "number_text.hpp"
#include "terranav/nav/tiling.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {
namespace {

using detail::outside_table;
using detail::table_problem;

void check_tile_classes(const ClassMap& map) {
  for (std::size_t t = 0; t < map.tile_class.size(); ++t) {
    if (map.tile_class[t] >= map.classes.size()) {
      throw Error("class map: tile " + std::to_string(t) + ": " +
                  outside_table(map.tile_class[t], map.classes.size()));
    }
  }
}

}  // namespace

std::vector<std::uint8_t> ClassMap::blocked_mask() const {
  check_tile_classes(*this);
  std::vector<std::uint8_t> blocked(tile_class.size());
  std::transform(tile_class.begin(), tile_class.end(), blocked.begin(),
                 [this](std::uint8_t c) -> std::uint8_t { return classes[c].impassable ? 1 : 0; });
  return blocked;
}

std::vector<float> ClassMap::multipliers() const {
  check_tile_classes(*this);
  std::vector<float> m(tile_class.size());
  std::transform(tile_class.begin(), tile_class.end(), m.begin(),
                 [this](std::uint8_t c) { return multiplier(c); });
  return m;
}

ClassMap classes_from_height_bands(const Heightmap& heightmap, int tile_size,
                                   std::vector<TerrainClass> classes,
                                   std::span<const HeightBand> bands, std::uint8_t top_class) {
  const auto fail = [](const std::string& problem) {
    throw Error("terrain classes from height bands: " + problem);
  };
  if (const std::string problem = table_problem(classes); !problem.empty()) fail(problem);
  const Tiling tiling(heightmap, tile_size);
  if (top_class >= classes.size()) fail("top class: " + outside_table(top_class, classes.size()));
  for (std::size_t b = 0; b < bands.size(); ++b) {
    if (bands[b].class_index >= classes.size()) {
      fail("band " + std::to_string(b) + ": " +
           outside_table(bands[b].class_index, classes.size()));
    }
    if (std::isnan(bands[b].below_m) || (b > 0 && !(bands[b - 1].below_m < bands[b].below_m))) {
      fail("band " + std::to_string(b) + " below " + detail::number_text(bands[b].below_m) +
           " m: bands must be in strictly ascending height order");
    }
  }

  ClassMap map{std::move(classes), std::vector<std::uint8_t>(tiling.tile_count())};
  for (int j = 0; j < tiling.tiles_deep(); ++j) {
    const double sz = tiling.centre_sample(j);
    for (int i = 0; i < tiling.tiles_wide(); ++i) {
      const double h = heightmap.bilinear(tiling.centre_sample(i), sz);
      const auto band = std::find_if(bands.begin(), bands.end(),
                                     [h](const HeightBand& b) { return h < b.below_m; });
      map.tile_class[index(tiling.id({i, j}))] =
          band == bands.end() ? top_class : band->class_index;
    }
  }
  return map;
}

}  // namespace terranav::nav
