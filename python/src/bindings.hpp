// The module's classes, each defined on the module by its own file.
#pragma once

#include <pybind11/pybind11.h>

namespace terranav::python {

/// Defines terranav.PathResult (read-only properties and to_geojson()).
void bind_path_result(pybind11::module_& module);

/// Defines terranav.Terrain (construction, properties, find_path,
/// find_paths, measure).
void bind_terrain(pybind11::module_& module);

}  // namespace terranav::python
