#include "terranav/terrain_io/georeference.hpp"

namespace terranav::nav {

// Sample (x, z) is at nav (x * s, z * s) and at the centre of pixel (x, z):
// half a pixel in from the geotransform's corner.
CrsPoint nav_to_crs(const Georeference& geo, NavPoint nav) noexcept {
  const double half = 0.5 * geo.pixel_size_m;
  return {geo.origin_e + half + nav.x_m, geo.origin_n - half - nav.z_m};
}

NavPoint crs_to_nav(const Georeference& geo, CrsPoint crs) noexcept {
  const double half = 0.5 * geo.pixel_size_m;
  return {crs.easting - geo.origin_e - half, geo.origin_n - half - crs.northing};
}

}  // namespace terranav::nav
