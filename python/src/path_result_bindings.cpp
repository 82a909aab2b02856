// terranav.PathResult: a PathAnswer's fields as Python values and numpy
// arrays, and the path as GeoJSON.
#include <pybind11/numpy.h>
#include <cstdint>
#include <sstream>
#include <string>

#include "bindings.hpp"
#include "path_answer.hpp"

namespace py = pybind11;

namespace terranav::python {

namespace {

bool found(const PathAnswer& a) {
  return a.result.status == nav::SearchStatus::Found;
}

/// N x 2 float64 rows, one per waypoint, from point(waypoint).
template <class Point>
py::array_t<double> waypoint_rows(const PathAnswer& a, Point point) {
  const auto& waypoints = a.result.waypoints;
  py::array_t<double> out({static_cast<py::ssize_t>(waypoints.size()), py::ssize_t{2}});
  auto rows = out.mutable_unchecked<2>();
  for (std::size_t k = 0; k < waypoints.size(); ++k) {
    const auto [first, second] = point(waypoints[k]);
    rows(static_cast<py::ssize_t>(k), 0) = first;
    rows(static_cast<py::ssize_t>(k), 1) = second;
  }
  return out;
}

std::pair<double, double> crs_of(const nav::Georeference& geo, const nav::Vec3& p) {
  const nav::CrsPoint c = nav::nav_to_crs(geo, {p.x, p.z});
  return {c.easting, c.northing};
}

py::array_t<double> path_m(const PathAnswer& a) {
  return waypoint_rows(a, [](const nav::Vec3& p) { return std::pair{p.x, p.z}; });
}

py::object path_crs(const PathAnswer& a) {
  if (!a.georeference) return py::none();
  return waypoint_rows(a, [&](const nav::Vec3& p) { return crs_of(*a.georeference, p); });
}

/// A surface measure's field, None when there is none.
template <class Field>
py::object measured(const PathAnswer& a, Field field) {
  return a.surface ? py::object(py::float_(field(*a.surface))) : py::none();
}

py::dict to_geojson(const PathAnswer& a) {
  py::list coordinates;
  for (const nav::Vec3& p : a.result.waypoints) {
    const auto [x, y] = a.georeference ? crs_of(*a.georeference, p) : std::pair{p.x, -p.z};
    py::list position;
    position.append(x);
    position.append(y);
    coordinates.append(position);
  }
  // A LineString needs two positions: a path of one tile (start == goal)
  // repeats it; no path has no geometry.
  if (coordinates.size() == 1) coordinates.append(coordinates[0]);
  py::object geometry = py::none();
  if (!coordinates.empty()) {
    py::dict line;
    line["type"] = "LineString";
    line["coordinates"] = coordinates;
    geometry = line;
  }
  py::dict properties;
  properties["status"] = std::string(nav::to_string(a.result.status));
  properties["cost"] = found(a) ? py::object(py::float_(a.result.cost)) : py::none();
  properties["cost_unit"] = std::string(nav::cost_unit(a.model));
  properties["length_m"] = measured(a, [](const nav::SurfaceMeasure& m) { return m.length_m; });
  properties["ascent_m"] = measured(a, [](const nav::SurfaceMeasure& m) { return m.ascent_m; });
  properties["descent_m"] = measured(a, [](const nav::SurfaceMeasure& m) { return m.descent_m; });
  properties["model"] = std::string(nav::to_string(a.model));
  py::dict feature;
  feature["type"] = "Feature";
  feature["geometry"] = geometry;
  feature["properties"] = properties;
  // RFC 7946 drops named CRSs, but GDAL and QGIS still read the 2008 form:
  // without it projected coordinates would be taken for degrees.
  if (a.georeference && a.georeference->epsg) {
    py::dict name;
    name["name"] = "urn:ogc:def:crs:EPSG::" + std::to_string(*a.georeference->epsg);
    py::dict crs;
    crs["type"] = "name";
    crs["properties"] = name;
    feature["crs"] = crs;
  }
  return feature;
}

}  // namespace

void bind_path_result(py::module_& module) {
  py::class_<PathAnswer> result(module, "PathResult",
                                "One path query's answer (Terrain.find_path, find_paths).");
  result.def_property_readonly(
      "status", [](const PathAnswer& a) { return std::string(nav::to_string(a.result.status)); },
      R"("found", "unreachable" (different connected sets, or no way under the
cost model), "invalid_start", "invalid_goal" (off the map, blocked or without
edges), or a limit's status.)");
  result.def_property_readonly(
      "cost",
      [](const PathAnswer& a) {
        return found(a) ? py::object(py::float_(a.result.cost)) : py::none();
      },
      "The path's cost in cost_unit (grid: the sum of its edges; any-angle: on the surface), "
      "None when not found.");
  result.def_property_readonly(
      "cost_unit", [](const PathAnswer& a) { return std::string(nav::cost_unit(a.model)); },
      R"("m" (reference, uphill-downhill), "s" (tobler, walking-time) or "steps" (seed).)");
  result.def_property_readonly(
      "model", [](const PathAnswer& a) { return std::string(nav::to_string(a.model)); },
      "The cost model's name.");
  result.def_property_readonly(
      "path",
      [](const PathAnswer& a) {
        const auto& tiles = a.result.tiles;
        py::array_t<std::int32_t> out({static_cast<py::ssize_t>(tiles.size()), py::ssize_t{2}});
        auto rows = out.mutable_unchecked<2>();
        for (std::size_t k = 0; k < tiles.size(); ++k) {
          rows(static_cast<py::ssize_t>(k), 0) = tiles[k].i;
          rows(static_cast<py::ssize_t>(k), 1) = tiles[k].j;
        }
        return out;
      },
      "The tiles from start to goal, an (N, 2) int32 array of (i, j); empty when not found.");
  result.def_property_readonly("path_m", &path_m,
                               R"(The path in nav metres, an (N, 2) float64 array of (x, z):
tile centres, or the any-angle polyline.)");
  result.def_property_readonly("path_crs", &path_crs,
                               R"(path_m as eastings and northings (metres, the terrain's CRS),
an (N, 2) array; None when the terrain is not georeferenced.)");
  result.def_property_readonly(
      "length_m",
      [](const PathAnswer& a) { return measured(a, [](const auto& m) { return m.length_m; }); },
      "Horizontal length of the path, metres; None when not found or for the seed model.");
  result.def_property_readonly(
      "ascent_m",
      [](const PathAnswer& a) { return measured(a, [](const auto& m) { return m.ascent_m; }); },
      "Height gained walking the path on the surface, metres; None as length_m.");
  result.def_property_readonly(
      "descent_m",
      [](const PathAnswer& a) { return measured(a, [](const auto& m) { return m.descent_m; }); },
      "Height lost walking the path on the surface, metres; None as length_m.");
  result.def_property_readonly(
      "expanded", [](const PathAnswer& a) { return a.result.expanded; },
      "Tiles the search expanded (the goal not counted).");
  result.def_property_readonly(
      "time_us", [](const PathAnswer& a) { return a.time_us; },
      "Wall time of the search, microseconds.");
  result.def("to_geojson", &to_geojson, R"(The path as a GeoJSON Feature (a dict, ready for
json.dumps): a LineString in the terrain's CRS (eastings, northings, with a
"crs" member naming its EPSG code) when georeferenced, else in nav metres as
(x, -z), so north is up; geometry None when there is no path. Properties:
status, cost, cost_unit, length_m, ascent_m, descent_m, model.)");
  result.def("__repr__", [](const PathAnswer& a) {
    std::ostringstream text;
    text << "<terranav.PathResult " << nav::to_string(a.result.status);
    if (found(a)) {
      text << ", cost " << a.result.cost << " " << nav::cost_unit(a.model) << ", "
           << a.result.tiles.size() << " tiles";
    }
    text << ">";
    return text.str();
  });
}

}  // namespace terranav::python
