// load_raster_grid and check_same_grid; RasterGridReader is in
// gdal_raster_grid.cpp (or gdal_terrain_missing.cpp in a build without GDAL).
#include "terranav/terrain_io/raster_grid.hpp"

#include <array>
#include <charconv>
#include <cstddef>
#include <string>

#include "huge_pages.hpp"
#include "terranav/nav/printable_text.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {
namespace {

// Shortest text that reads back as the same double: grids that differ in
// the last digit of a coordinate print differently.
std::string exact_text(double value) {
  std::array<char, 32> text{};
  const auto end = std::to_chars(text.data(), text.data() + text.size(), value).ptr;
  return std::string(text.data(), end);
}

std::string grid_text(const RasterGrid& g) {
  const auto& t = g.geotransform;
  return std::to_string(g.width) + " x " + std::to_string(g.depth) + " samples, origin (" +
         exact_text(t[0]) + ", " + exact_text(t[3]) + "), pixel " + exact_text(t[1]) + " x " +
         exact_text(-t[5]) + " m";
}

}  // namespace

RasterGrid load_raster_grid(const std::filesystem::path& file) {
  const RasterGridReader reader(file);
  RasterGrid grid = reader.grid();
  detail::assign_on_huge_pages(
      grid.values, static_cast<std::size_t>(grid.width) * static_cast<std::size_t>(grid.depth),
      0.0);
  reader.read(0, grid.values);
  return grid;
}

void check_same_grid(const std::filesystem::path& reference_file, const RasterGrid& reference,
                     const std::filesystem::path& other_file, const RasterGrid& other) {
  if (reference.width != other.width || reference.depth != other.depth ||
      reference.geotransform != other.geotransform) {
    throw Error(printable_text(other_file.string()) + ": not on the grid of " +
                printable_text(reference_file.string()) + " (" + grid_text(other) + " vs " +
                grid_text(reference) +
                "); resample it onto that grid first, e.g. gdalwarp -te/-tr");
  }
}

}  // namespace terranav::nav
