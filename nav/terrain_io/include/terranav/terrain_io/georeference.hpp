// Where a loaded terrain lies on Earth: a north-up projected grid (GeoTIFF
// and other GDAL rasters), and the conversions between nav metres and the
// coordinate reference system's eastings and northings.
#pragma once

#include <optional>
#include <string>

namespace terranav::nav {

/// A north-up raster's georeferencing. The geotransform names the outer
/// corner of pixel (0, 0); heightmap sample (x, z) sits at its pixel's centre,
/// E = origin_e + (x + 0.5) * pixel_size_m, N = origin_n - (z + 0.5) *
/// pixel_size_m (z grows southwards, in row order). The heightmap's spacing
/// is pixel_size_m, so nav position (x_m, z_m) = (x * s, z * s) converts
/// without knowing the heightmap.
struct Georeference {
  double origin_e = 0.0;      ///< easting of the raster's west edge, metres
  double origin_n = 0.0;      ///< northing of the raster's north edge, metres
  double pixel_size_m = 1.0;  ///< square pixels, metres
  std::string crs_wkt;        ///< the CRS as OGC WKT (as GDAL writes it)
  std::optional<int> epsg;    ///< the CRS's EPSG code, when GDAL knows one
};

/// A point in the CRS: easting and northing in metres.
struct CrsPoint {
  double easting = 0.0;
  double northing = 0.0;
};

/// A point in nav metres on the ground plane (x east, z south).
struct NavPoint {
  double x_m = 0.0;
  double z_m = 0.0;
};

/// The CRS position of nav position (x_m, z_m), metres. No range check: a
/// point off the raster converts by the same affine rule. O(1).
CrsPoint nav_to_crs(const Georeference& geo, NavPoint nav) noexcept;

/// The nav position of CRS position (easting, northing); the inverse of
/// nav_to_crs (up to rounding). O(1).
NavPoint crs_to_nav(const Georeference& geo, CrsPoint crs) noexcept;

}  // namespace terranav::nav
