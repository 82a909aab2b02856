// One entry point that turns a map file (plus a sidecar and overrides) into a
// heightmap and an optional blocked mask, whatever the file format.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

#include "terranav/nav/heightmap.hpp"
#include "terranav/terrain_io/georeference.hpp"
#include "terranav/terrain_io/heightmap_io.hpp"
#include "terranav/terrain_io/procedural.hpp"

namespace terranav::nav {

/// What load_terrain does with nodata samples (an SRTM .hgt's voids, a GDAL
/// raster's nodata value).
enum class NodataPolicy {
  Error,  ///< refuse the map, naming how many and where the first is (default)
  Fill,   ///< fill their heights from their neighbours
  Block,  ///< fill them as Fill, and block every tile touching one
};

/// "error", "fill" or "block"; Error "expected error, fill or block, got
/// '<text>'" otherwise. O(1).
NodataPolicy parse_nodata_policy(std::string_view text);

/// "square" (the one resampling there is, TerrainRequest::resample_square)
/// gives true; Error "expected square, got '<text>'" otherwise. O(1).
bool parse_resample(std::string_view text);

/// What the user asked for; unset fields come from the sidecar file
/// `<map without extension>.terrain`, then from the format's defaults.
///
/// Sidecar format: `key = value` lines (LF or CRLF; a UTF-8 byte-order mark
/// at the start is skipped), `#` comments; keys `spacing_m`, `height_scale_m`,
/// `tile_size`, `raw_width`, `raw_depth`, each within its limits.hpp range
/// (kSpacingLimit, kHeightScaleLimit, kTileSizeLimit, kRawSideLimit).
struct TerrainRequest {
  /// .png, .hgt, .raw/.r16, Moving AI .map, or any other extension: a
  /// raster GDAL reads (GeoTIFF .tif, Arc/Info .asc, Erdas .img, ...).
  std::filesystem::path map{};
  std::optional<double> spacing_m{};       ///< metres between samples
  std::optional<double> height_scale_m{};  ///< metres at full-scale value (PNG, RAW)
  std::optional<int> tile_size{};          ///< cells per tile side
  std::optional<int> raw_width{};          ///< samples, RAW only
  std::optional<int> raw_depth{};          ///< samples, RAW only
  /// .hgt voids and a GDAL raster's nodata samples; unset = Error. Set for
  /// another format, it is refused (Error: it has no nodata).
  std::optional<NodataPolicy> nodata{};
  /// GDAL rasters: resample non-square pixels to square ones (else they are
  /// an Error); refused (Error) for every other format.
  bool resample_square = false;
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
/// Any other extension is a GDAL raster (GeoTIFF, .asc, .img, ...): it holds
/// metres and its pixel size, so spacing and height-scale overrides are
/// refused (Error), tile size applies; band 1 becomes the heightmap (spacing =
/// pixel size) and the result carries its georeference. A projected CRS in
/// metres and a north-up geotransform are required, and square pixels unless
/// resample_square: then px x py pixels become square ones of min(px, py),
/// bilinear (GDALRasterIO), the top-left corner kept. In a build without GDAL
/// every such map is an Error saying so.
/// Nodata (.hgt voids, a GDAL raster's nodata): an Error by default; Fill
/// fills a GDAL raster by GDALFillNodata (inverse distance to the nearest
/// valid sample of each quadrant within 100 pixels) and what lies farther,
/// like .hgt voids, by the mean of the filled neighbours, ring by ring; Block
/// fills the same way and blocks every tile with a nodata sample on a corner
/// of one of its cells (Tiling::tiles_touching), so no edge leads there.
/// A Moving AI `.map` becomes a flat heightmap of (W+1) x (H+1) samples,
/// spacing 1, tile size 1, its non-passable cells blocked (the reference
/// model's special case). Spacing/height-scale/tile-size overrides are refused
/// for `.map` (Error) since they would break the benchmark's costs.
/// Throws Error naming the file for every loader error (a file GDAL cannot
/// read included), a malformed sidecar line (with its line number), a RAW
/// without size, nodata or resample_square set for a format they mean
/// nothing to. O(W * D), plus GDALFillNodata's nodata * 100 px under Fill
/// and Block.
Terrain load_terrain(const TerrainRequest& request);

}  // namespace terranav::nav
