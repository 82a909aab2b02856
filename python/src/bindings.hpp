// The module's classes, each defined on the module by its own file.
#pragma once

#include <pybind11/pybind11.h>

#include "terrain.hpp"

namespace terranav::python {

/// Defines terranav.PathResult (read-only properties and to_geojson()).
void bind_path_result(pybind11::module_& module);

/// Defines terranav.Terrain (construction, properties, find_path,
/// find_paths, measure, cost_surface).
void bind_terrain(pybind11::module_& module);

/// Defines Terrain.cost_surface on the class bind_terrain made.
void bind_cost_surface(pybind11::class_<Terrain>& terrain);

/// Defines terranav.walking_time (GRASS r.walk over a DEM array).
void bind_walking_time(pybind11::module_& module);

}  // namespace terranav::python
