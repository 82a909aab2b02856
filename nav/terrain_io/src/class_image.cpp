#include "terranav/terrain_io/class_image.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "class_table.hpp"
#include "png_reader.hpp"

namespace terranav::nav {

ClassMap classes_from_image(const std::filesystem::path& file, int tiles_wide, int tiles_deep,
                            std::vector<TerrainClass> classes) {
  if (const std::string problem = detail::table_problem(classes); !problem.empty()) {
    detail::fail(file, problem);
  }
  const detail::EncodedPng png(file);
  if (png.is_palette()) {
    // stb_image would expand the palette to colours, not give the indices.
    detail::fail(file,
                 "palette PNG (colour type 3) is not a class map; use 8-bit grey, one "
                 "class index per pixel");
  }
  if (png.channels() != 1 || png.bit_depth() != 8) {
    // Below 8 bits stb_image scales the samples to 0..255: not indices either.
    detail::fail(file, "PNG has " + std::to_string(png.channels()) + " channel(s) of " +
                           std::to_string(png.bit_depth()) +
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
                             ") has " +
                             detail::outside_table(map.tile_class[t], map.classes.size()));
    }
  }
  return map;
}

}  // namespace terranav::nav
