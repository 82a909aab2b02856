// One entry point that turns a map file (plus a sidecar and overrides) into a
// heightmap and an optional blocked mask, whatever the file format.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include "terranav/nav/heightmap.hpp"
#include "terranav/terrain_io/georeference.hpp"
#include "terranav/terrain_io/heightmap_io.hpp"
#include "terranav/terrain_io/procedural.hpp"

namespace terranav::nav {

/// What the user asked for; unset fields come from the sidecar file
/// `<map without extension>.terrain`, then from the format's defaults.
///
/// Sidecar format: `key = value` lines (LF or CRLF; a UTF-8 byte-order mark
/// at the start is skipped), `#` comments; keys `spacing_m`, `height_scale_m`,
/// `tile_size`, `raw_width`, `raw_depth`, each within its limits.hpp range
/// (kSpacingLimit, kHeightScaleLimit, kTileSizeLimit, kRawSideLimit).
struct TerrainRequest {
  std::filesystem::path map{};             ///< .png, .hgt, .raw/.r16, .tif/.tiff or Moving AI .map
  std::optional<double> spacing_m{};       ///< metres between samples
  std::optional<double> height_scale_m{};  ///< metres at full-scale value (PNG, RAW)
  std::optional<int> tile_size{};          ///< cells per tile side
  std::optional<int> raw_width{};          ///< samples, RAW only
  std::optional<int> raw_depth{};          ///< samples, RAW only
  /// .hgt voids and the nodata samples of a GeoTIFF: an error or filled.
  HgtVoids hgt_voids = HgtVoids::Error;
  /// When set, map is ignored (it may be empty) and the heightmap is
  /// procedural_heightmap(*procedural); spacing_m overrides its spacing and
  /// tile_size applies as usual; height_scale_m, raw_width and raw_depth are
  /// refused (Error). No sidecar is read.
  std::optional<ProceduralConfig> procedural{};
};

/// A loaded terrain: what TerrainGraph needs.
struct Terrain {
  Heightmap heightmap;
  int tile_size = 1;
  /// Per-tile blocked flags (1 = blocked), empty when the source has none.
  std::vector<std::uint8_t> blocked;
  /// Where the terrain lies on Earth; set for GeoTIFF (GDAL) maps only.
  std::optional<Georeference> georeference{};
};

/// Loads by extension. Defaults: PNG spacing 1 m and height scale 255 (8-bit)
/// or 65535 (16-bit) metres, i.e. one metre per value, unless the sidecar says
/// otherwise; RAW spacing 1 m and height scale 65535 m (one metre per value);
/// .hgt spacing 92.6 m (3") or 30.9 m (1"); tile size 1.
/// A GeoTIFF (.tif/.tiff, read through GDAL) holds metres and its pixel size:
/// spacing and height-scale overrides are refused (Error), tile size applies;
/// band 1 becomes the heightmap (spacing = pixel size) and the result carries
/// its georeference. A projected CRS in metres, a north-up geotransform and
/// square pixels are required; nodata samples follow hgt_voids. In a build
/// without GDAL every .tif/.tiff is an Error saying so.
/// A Moving AI `.map` becomes a flat heightmap of (W+1) x (H+1) samples,
/// spacing 1, tile size 1, its non-passable cells blocked (the reference
/// model's special case). Spacing/height-scale/tile-size overrides are refused
/// for `.map` (Error) since they would break the benchmark's costs.
/// Throws Error naming the file for every loader error, a malformed sidecar
/// line (with its line number), an unknown extension, a RAW without size.
/// O(W * D).
Terrain load_terrain(const TerrainRequest& request);

}  // namespace terranav::nav
