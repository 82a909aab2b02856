#include "path_export.hpp"

#include <fstream>
#include <string>

#include "text_output.hpp"

namespace terranav::navcli {
std::string_view cost_unit(nav::CostModelKind kind) noexcept {
  switch (kind) {
    case nav::CostModelKind::Tobler:
    case nav::CostModelKind::WalkingTime:
      return "s";
    case nav::CostModelKind::Seed:
      return "steps";
    case nav::CostModelKind::Reference:
    case nav::CostModelKind::UphillDownhill:
      break;
  }
  return "m";
}

std::vector<PathVertex> path_vertices(std::span<const nav::Vec3> waypoints,
                                      const nav::Heightmap& heightmap,
                                      const nav::SurfaceCost& ruler,
                                      const std::optional<nav::Georeference>& geo) {
  std::vector<PathVertex> out;
  out.reserve(waypoints.size());
  nav::SurfaceMeasure walked;
  for (std::size_t k = 0; k < waypoints.size(); ++k) {
    const nav::Vec3& p = waypoints[k];
    // The same segment by segment sums as SurfaceCost::polyline.
    if (k > 0) ruler.add_segment(waypoints[k - 1], p, walked);
    PathVertex v{.x = p.x,
                 .y = -p.z,
                 .z = heightmap.surface_height(p.x, p.z),
                 .distance_m = walked.length_m,
                 .cost = walked.cost};
    if (geo) {
      const nav::CrsPoint crs = nav::nav_to_crs(*geo, {p.x, p.z});
      v.x = crs.easting;
      v.y = crs.northing;
    }
    out.push_back(v);
  }
  return out;
}

nlohmann::ordered_json path_feature(std::span<const PathVertex> vertices,
                                    const PathSummary& summary,
                                    const std::optional<nav::Georeference>& geo,
                                    const Provenance& provenance) {
  using json = nlohmann::ordered_json;
  const bool found = summary.status == nav::SearchStatus::Found;
  json geometry = nullptr;
  if (found) {
    json coordinates = json::array();
    for (const PathVertex& v : vertices) {
      coordinates.push_back({rounded(v.x, 6), rounded(v.y, 6), rounded(v.z, 6)});
    }
    geometry = {{"type", "LineString"}, {"coordinates", coordinates}};
  }
  const nav::SurfaceMeasure& m = summary.measure;
  json properties = {{"status", nav::to_string(summary.status)},
                     {"cost", found ? json(m.cost) : json(nullptr)},
                     {"cost_unit", cost_unit(summary.kind)}};
  if (found) {
    properties["length_m"] = rounded(m.length_m, 6);
    properties["ascent_m"] = rounded(m.ascent_m, 6);
    properties["descent_m"] = rounded(m.descent_m, 6);
    properties["surface_fault"] = nav::to_string(m.fault);
  }
  properties["model"] = summary.model;
  properties["provenance"] = provenance_json(provenance);
  json feature = {{"type", "Feature"}};
  if (geo && geo->epsg) {
    feature["crs"] = {
        {"type", "name"},
        {"properties", {{"name", "urn:ogc:def:crs:EPSG::" + std::to_string(*geo->epsg)}}}};
  }
  feature["geometry"] = geometry;
  feature["properties"] = properties;
  return feature;
}

void write_geojson(const std::filesystem::path& file, const nlohmann::ordered_json& feature) {
  std::ofstream out(file, std::ios::binary);
  out << json_line(feature);
  close_checked(out, file);
}

void write_path_csv(const std::filesystem::path& file, std::span<const PathVertex> vertices,
                    nav::CostModelKind kind, const Provenance& provenance) {
  std::ofstream out(file, std::ios::binary);
  const std::string cost_column = "cost_" + std::string(cost_unit(kind));
  out << row({"x", "y", "z", "distance_m", cost_column}, ',');
  for (const PathVertex& v : vertices) {
    out << row({shortest(rounded(v.x, 6)), shortest(rounded(v.y, 6)), shortest(rounded(v.z, 6)),
                shortest(rounded(v.distance_m, 6)), shortest(v.cost)},
               ',');
  }
  close_checked(out, file);
  write_meta(file, provenance,
             {{"columns",
               {{"x", "easting in the CRS, or nav x (metres) when not georeferenced"},
                {"y", "northing in the CRS, or -nav z (metres) when not georeferenced"},
                {"z", "height on the surface, metres"},
                {"distance_m", "horizontal length along the path so far, metres"},
                {cost_column, "cost on the surface so far (docs/continuous-model.md)"}}}});
}

}  // namespace terranav::navcli
