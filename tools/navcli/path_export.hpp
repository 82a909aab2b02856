// navcli path --geojson / --csv: one path for a GIS or a table. Positions
// are in the DEM's CRS (easting, northing) when the terrain is
// georeferenced, else in nav metres with x east and y = -z north, so a GIS
// shows the map north-up. Costs and distances are the ruler's
// (nav::SurfaceCost along the written polyline), so the CSV's last row
// equals the GeoJSON's cost and length_m.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "provenance.hpp"
#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/surface_cost.hpp"
#include "terranav/terrain_io/georeference.hpp"

namespace terranav::navcli {

/// The unit of a cost model's costs: "m" (reference, uphill-downhill), "s"
/// (tobler, walking-time), "steps" (seed).
std::string_view cost_unit(nav::CostModelKind kind) noexcept;

/// One vertex of a written path.
struct PathVertex {
  double x = 0.0;  ///< easting, or nav x (metres)
  double y = 0.0;  ///< northing, or -nav z (metres)
  double z = 0.0;  ///< height on the surface (Heightmap::surface_height), metres
  /// Horizontal length along the path from the first vertex, metres (the
  /// ruler's length_m).
  double distance_m = 0.0;
  /// Cost on the surface from the first vertex, the model's unit.
  double cost = 0.0;
};

/// A found path's vertices (`waypoints`, nav metres) with cumulative
/// distance and cost walked by `ruler`, positions converted by `geo` when
/// given. O(cells crossed).
std::vector<PathVertex> path_vertices(std::span<const nav::Vec3> waypoints,
                                      const nav::Heightmap& heightmap,
                                      const nav::SurfaceCost& ruler,
                                      const std::optional<nav::Georeference>& geo);

/// What the written files say besides the vertices.
struct PathSummary {
  nav::SearchStatus status = nav::SearchStatus::InvalidStart;
  nav::SurfaceMeasure measure;   ///< the ruler's, of the whole path (found only)
  nlohmann::ordered_json model;  ///< cost_model_json
  nav::CostModelKind kind = nav::CostModelKind::Reference;
};

/// An RFC 7946 Feature: a LineString of [x, y, z] (`vertices`, coordinates
/// rounded to a micrometre), or null geometry when the query found no path;
/// properties {status, cost (null unless found), cost_unit, length_m,
/// ascent_m, descent_m, surface_fault, model, provenance}. With a known
/// EPSG code, the legacy "crs" member (urn:ogc:def:crs:EPSG::CODE) that
/// GDAL and QGIS read. O(vertices).
nlohmann::ordered_json path_feature(std::span<const PathVertex> vertices,
                                    const PathSummary& summary,
                                    const std::optional<nav::Georeference>& geo,
                                    const Provenance& provenance);

/// Writes `feature` to `file`, and the CSV `x,y,z,distance_m,cost_UNIT`,
/// one row per vertex (no rows when none), with its FILE.meta.json. Throw
/// std::runtime_error naming the file when it cannot be written.
void write_geojson(const std::filesystem::path& file, const nlohmann::ordered_json& feature);
void write_path_csv(const std::filesystem::path& file, std::span<const PathVertex> vertices,
                    nav::CostModelKind kind, const Provenance& provenance);

}  // namespace terranav::navcli
