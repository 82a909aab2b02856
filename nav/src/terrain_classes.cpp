#include "terranav/nav/terrain_classes.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "number_text.hpp"
#include "png_reader.hpp"
#include "terranav/nav/tiling.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {
namespace {

// Problems of the class table, as "<problem>" text; empty when fine.
std::string table_problem(const std::vector<TerrainClass>& classes) {
  if (classes.empty()) return "the class table is empty";
  for (std::size_t c = 0; c < classes.size(); ++c) {
    const TerrainClass& k = classes[c];
    if (!k.impassable && (!std::isfinite(k.multiplier) || k.multiplier <= 0.0)) {
      return "class " + std::to_string(c) + " ('" + k.name + "') has multiplier " +
             detail::number_text(k.multiplier) +
             "; it must be finite and > 0 (or the class impassable)";
    }
  }
  return {};
}

std::string outside_table(std::size_t class_index, std::size_t table_size) {
  return "class index " + std::to_string(class_index) + " is outside the table of " +
         std::to_string(table_size) + " classes";
}

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

ClassMap classes_from_image(const std::filesystem::path& file, int tiles_wide, int tiles_deep,
                            std::vector<TerrainClass> classes) {
  if (const std::string problem = table_problem(classes); !problem.empty()) {
    detail::fail(file, problem);
  }
  const detail::EncodedPng png(file);
  if (png.channels() != 1 || png.is_16_bit()) {
    detail::fail(file, "PNG has " + std::to_string(png.channels()) + " channel(s) of " +
                           (png.is_16_bit() ? "16" : "8") +
                           " bits; a class map must be 8-bit 1-channel grayscale");
  }
  if (png.width() != tiles_wide || png.height() != tiles_deep) {
    detail::fail(file, "class map is " + std::to_string(png.width()) + "x" +
                           std::to_string(png.height()) + " pixels, expected " +
                           std::to_string(tiles_wide) + "x" + std::to_string(tiles_deep) +
                           " (one pixel per tile)");
  }
  const std::size_t count =
      static_cast<std::size_t>(tiles_wide) * static_cast<std::size_t>(tiles_deep);
  const auto pixels = png.decode_8();
  ClassMap map{std::move(classes), std::vector<std::uint8_t>(pixels.get(), pixels.get() + count)};
  for (std::size_t t = 0; t < count; ++t) {
    if (map.tile_class[t] >= map.classes.size()) {
      detail::fail(file, "pixel (" + std::to_string(t % static_cast<std::size_t>(tiles_wide)) +
                             ", " + std::to_string(t / static_cast<std::size_t>(tiles_wide)) +
                             ") has " + outside_table(map.tile_class[t], map.classes.size()));
    }
  }
  return map;
}

}  // namespace terranav::nav
