#include "terranav/terrain_io/terrain_source.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

#include "gdal_terrain.hpp"
#include "heightmap_support.hpp"
#include "terranav/nav/limits.hpp"
#include "terranav/nav/printable_text.hpp"
#include "terranav/nav/tiling.hpp"
#include "terranav/terrain_io/movingai.hpp"

namespace terranav::nav {
namespace {

// The fields a sidecar may set; the same as the request's overrides.
struct Settings {
  std::optional<double> spacing_m;
  std::optional<double> height_scale_m;
  std::optional<int> tile_size;
  std::optional<int> raw_width;
  std::optional<int> raw_depth;
};

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) {
    return {};
  }
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

template <typename T>
std::optional<T> parse_number(std::string_view text) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

constexpr std::string_view kUtf8ByteOrderMark = "\xEF\xBB\xBF";

// `key = value` lines and `#` comments; every other line is an error.
Settings read_sidecar(const std::filesystem::path& file) {
  const std::string name = printable_text(file.string());
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) {
    throw Error(name + ": is a directory, not a sidecar file");
  }
  std::ifstream in(file);
  if (!in) {
    throw Error(name + ": cannot open sidecar file");
  }
  Settings settings;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (number == 1 && line.starts_with(kUtf8ByteOrderMark)) {
      line.erase(0, kUtf8ByteOrderMark.size());  // as some editors save it
    }
    const std::string where = name + ":" + std::to_string(number) + ": ";
    const std::string_view text = trim(std::string_view(line).substr(0, line.find('#')));
    if (text.empty()) {
      continue;
    }
    const auto eq = text.find('=');
    if (eq == std::string_view::npos) {
      throw Error(where + "expected `key = value`, got '" + printable_text(text) + "'");
    }
    const std::string_view key = trim(text.substr(0, eq));
    const std::string_view value = trim(text.substr(eq + 1));
    const auto set = [&]<typename T>(std::optional<T>& field, const Limit& limit) {
      if (field) {
        throw Error(where + "duplicate key '" + std::string(key) + "'");
      }
      field = parse_number<T>(value);
      if (!field) {
        throw Error(where + "bad value '" + printable_text(value) + "' for '" + std::string(key) +
                    "'");
      }
      if (!within(limit, static_cast<double>(*field))) {
        throw Error(where + std::string(key) + ": " +
                    limit_problem(limit, static_cast<double>(*field)));
      }
    };
    if (key == "spacing_m") {
      set(settings.spacing_m, kSpacingLimit);
    } else if (key == "height_scale_m") {
      set(settings.height_scale_m, kHeightScaleLimit);
    } else if (key == "tile_size") {
      set(settings.tile_size, kTileSizeLimit);
    } else if (key == "raw_width") {
      set(settings.raw_width, kRawSideLimit);
    } else if (key == "raw_depth") {
      set(settings.raw_depth, kRawSideLimit);
    } else {
      throw Error(where + "unknown key '" + printable_text(key) +
                  "' (expected spacing_m, height_scale_m, tile_size, raw_width, raw_depth)");
    }
  }
  return settings;
}

// Request overrides win over the sidecar.
Settings resolve(const TerrainRequest& request) {
  const std::filesystem::path sidecar =
      std::filesystem::path(request.map).replace_extension(".terrain");
  std::error_code ec;
  Settings s = std::filesystem::exists(sidecar, ec) ? read_sidecar(sidecar) : Settings{};
  const auto prefer = [](auto& field, const auto& override_value) {
    if (override_value) {
      field = override_value;
    }
  };
  prefer(s.spacing_m, request.spacing_m);
  prefer(s.height_scale_m, request.height_scale_m);
  prefer(s.tile_size, request.tile_size);
  prefer(s.raw_width, request.raw_width);
  prefer(s.raw_depth, request.raw_depth);
  return s;
}

std::string lower_extension(const std::filesystem::path& file) {
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

// The benchmark's special case: cells are tiles on a flat, unit-spaced field.
Terrain movingai_terrain(const std::filesystem::path& file, const Settings& s) {
  if (s.spacing_m || s.height_scale_m || s.tile_size || s.raw_width || s.raw_depth) {
    throw Error(file.string() +
                ": a Moving AI .map takes no spacing, height scale, tile size or RAW size "
                "(its costs are fixed at 1 and sqrt 2)");
  }
  const GridMap grid = load_movingai_map(file);
  const int width = grid.width + 1;
  const int depth = grid.height + 1;
  Heightmap flat(
      width, depth, 1.0,
      std::vector<float>(static_cast<std::size_t>(width) * static_cast<std::size_t>(depth)));
  std::vector<std::uint8_t> blocked(grid.passable.size());
  std::transform(grid.passable.begin(), grid.passable.end(), blocked.begin(),
                 [](std::uint8_t p) { return static_cast<std::uint8_t>(p == 0 ? 1 : 0); });
  return Terrain{std::move(flat), 1, std::move(blocked)};
}

// A .png, .raw or .r16 heightmap.
Heightmap load_heightmap(const TerrainRequest& request, const std::string& ext, const Settings& s) {
  const std::filesystem::path& file = request.map;
  if (ext == ".png") {
    const double full_scale = png_is_16_bit(file) ? 65535.0 : 255.0;
    return load_png_heightmap(file, s.spacing_m.value_or(1.0),
                              s.height_scale_m.value_or(full_scale));
  }
  // .raw or .r16
  if (!s.raw_width || !s.raw_depth) {
    throw Error(file.string() +
                ": a RAW heightmap needs raw_width and raw_depth (sidecar or options)");
  }
  return load_raw16_heightmap(file, *s.raw_width, *s.raw_depth, s.spacing_m.value_or(1.0),
                              s.height_scale_m.value_or(65535.0));
}

// A heightmap terrain without blocked tiles; `source` names it in errors.
Terrain with_tile_size(Heightmap heightmap, std::optional<int> requested,
                       const std::string& source) {
  const int tile_size = requested.value_or(1);
  const int largest = std::min(heightmap.width(), heightmap.depth()) - 1;
  if (tile_size < 1 || tile_size > largest) {
    throw Error(source + ": tile size " + std::to_string(tile_size) + " outside 1.." +
                std::to_string(largest) + " cells for a " + std::to_string(heightmap.width()) +
                "x" + std::to_string(heightmap.depth()) + " heightmap");
  }
  return Terrain{std::move(heightmap), tile_size, {}};
}

// Fill and Block fill the samples; Error refuses them.
HgtVoids loader_voids(const TerrainRequest& request) {
  return request.nodata.value_or(NodataPolicy::Error) == NodataPolicy::Error ? HgtVoids::Error
                                                                             : HgtVoids::Fill;
}

// Under NodataPolicy::Block, every tile with a nodata sample on a corner of
// one of its cells is blocked; `nodata` is per sample, empty when none was.
void block_nodata_tiles(const TerrainRequest& request, const std::vector<std::uint8_t>& nodata,
                        Terrain& terrain) {
  if (request.nodata != NodataPolicy::Block || nodata.empty()) return;
  const Tiling tiling(terrain.heightmap, terrain.tile_size);
  terrain.blocked.assign(tiling.tile_count(), 0);
  const int width = terrain.heightmap.width();
  for (std::size_t k = 0; k < nodata.size(); ++k) {
    if (nodata[k] == 0) continue;
    const auto x = static_cast<std::int32_t>(k % static_cast<std::size_t>(width));
    const auto z = static_cast<std::int32_t>(k / static_cast<std::size_t>(width));
    const TileRect tiles = tiling.tiles_touching({x, z, x + 1, z + 1});
    for (std::int32_t j = tiles.j0; j < tiles.j1; ++j) {
      for (std::int32_t i = tiles.i0; i < tiles.i1; ++i) {
        terrain.blocked[index(tiling.id({i, j}))] = 1;
      }
    }
  }
}

Terrain hgt_terrain(const TerrainRequest& request, const Settings& s) {
  const std::filesystem::path& file = request.map;
  if (s.height_scale_m) {
    throw Error(file.string() + ": an SRTM .hgt holds metres; height_scale_m does not apply");
  }
  // The 1" tile is 3601 samples of 2 bytes square; anything else the loader judges.
  std::error_code ec;
  const bool one_arc_second = std::filesystem::file_size(file, ec) == 3601u * 3601u * 2u;
  detail::FilledHeightmap hgt = detail::load_hgt(
      file, s.spacing_m.value_or(one_arc_second ? 30.9 : 92.6), loader_voids(request));
  Terrain terrain = with_tile_size(std::move(hgt.heightmap), s.tile_size, file.string());
  block_nodata_tiles(request, hgt.voids, terrain);
  return terrain;
}

// The raster's own pixel size and metres win: an override would contradict
// the georeference, so it is refused like .hgt's height scale.
Terrain gdal_terrain(const TerrainRequest& request, const Settings& s) {
  const std::filesystem::path& file = request.map;
  if (s.spacing_m || s.height_scale_m) {
    throw Error(file.string() +
                ": a GDAL raster holds metres and its pixel size; spacing_m and height_scale_m "
                "do not apply");
  }
  detail::GeoHeightmap geo =
      detail::load_gdal_heightmap(file, loader_voids(request), request.resample_square);
  Terrain terrain = with_tile_size(std::move(geo.heightmap), s.tile_size, file.string());
  terrain.georeference = std::move(geo.georeference);
  block_nodata_tiles(request, geo.nodata, terrain);
  return terrain;
}

// --nodata and --resample mean nothing for a format that has no nodata or
// whose pixels are square by construction: refused by name.
void refuse_gdal_options(const TerrainRequest& request, const std::string& ext) {
  if (request.resample_square) {
    throw Error(request.map.string() + ": --resample applies only to GDAL rasters; a " + ext +
                " map has no pixel size of its own");
  }
  if (request.nodata && ext != ".hgt") {
    throw Error(request.map.string() + ": --nodata applies only to .hgt and GDAL rasters; a " +
                ext + " map has no nodata samples");
  }
}

}  // namespace

NodataPolicy parse_nodata_policy(std::string_view text) {
  if (text == "error") return NodataPolicy::Error;
  if (text == "fill") return NodataPolicy::Fill;
  if (text == "block") return NodataPolicy::Block;
  throw Error("expected error, fill or block, got '" + printable_text(text) + "'");
}

bool parse_resample(std::string_view text) {
  if (text == "square") return true;
  throw Error("expected square, got '" + printable_text(text) + "'");
}

Terrain load_terrain(const TerrainRequest& request) {
  if (request.procedural) {
    if (request.height_scale_m || request.raw_width || request.raw_depth) {
      throw Error(
          "procedural terrain: height scale and RAW size do not apply (relief_m sets "
          "the heights)");
    }
    if (request.nodata || request.resample_square) {
      throw Error("procedural terrain: --nodata and --resample apply only to map files");
    }
    ProceduralConfig config = *request.procedural;
    config.spacing_m = request.spacing_m.value_or(config.spacing_m);
    return with_tile_size(procedural_heightmap(config), request.tile_size, "procedural terrain");
  }
  const std::string ext = lower_extension(request.map);
  const Settings settings = resolve(request);
  if (ext == ".map") {
    refuse_gdal_options(request, ext);
    return movingai_terrain(request.map, settings);
  }
  if (ext != ".raw" && ext != ".r16" && (settings.raw_width || settings.raw_depth)) {
    throw Error(request.map.string() + ": raw_width/raw_depth apply only to .raw/.r16 files");
  }
  // Our own formats by extension; every other file is GDAL's to judge.
  if (ext != ".hgt" && ext != ".png" && ext != ".raw" && ext != ".r16") {
    return gdal_terrain(request, settings);
  }
  refuse_gdal_options(request, ext);
  if (ext == ".hgt") {
    return hgt_terrain(request, settings);
  }
  return with_tile_size(load_heightmap(request, ext, settings), settings.tile_size,
                        request.map.string());
}

}  // namespace terranav::nav
