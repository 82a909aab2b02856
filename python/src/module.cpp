// The terranav Python module: terrains, path queries and their answers.
#include <Python.h>

#include <pybind11/pybind11.h>
#include <exception>
#include <string>

#include "bindings.hpp"
#include "terranav/nav/types.hpp"
#include "terranav/nav/version.hpp"

PYBIND11_MODULE(terranav, module) {
  module.doc() = R"(terranav: least-cost paths over terrain heightmaps.

Terrain(heights, ...) or Terrain.from_file(path, ...) builds a terrain;
t.find_path((i0, j0), (i1, j1), cost=...) answers one query as a PathResult,
t.find_paths(pairs, threads=...) many, on threads. Metres throughout; costs
in the model's unit (PathResult.cost_unit).)";
  module.attr("__version__") = std::string(terranav::nav::version());

  // nav's one-line messages name the input and the problem: bad arguments.
  pybind11::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const terranav::nav::Error& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });

  terranav::python::bind_path_result(module);
  terranav::python::bind_terrain(module);
  terranav::python::bind_walking_time(module);
}
