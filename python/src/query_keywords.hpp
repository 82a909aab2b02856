// The keywords that Terrain's query methods (find_path, find_paths,
// cost_surface, measure) share: their names and defaults (QueryArgs'), and
// the C++ parameters that receive them, each written once here.
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "terrain.hpp"

namespace terranav::python {

/// A list of parameter types, for model_method and query_method.
template <typename... T>
struct Params {};

/// `*, cost, slope_weight, uphill_weight, downhill_weight, walk_coeff,
/// slope_factor` with QueryArgs' defaults: the cost model's keywords.
inline auto model_keywords() {
  namespace py = pybind11;
  const QueryArgs d;
  return std::make_tuple(
      py::kw_only(), py::arg("cost") = d.cost, py::arg("slope_weight") = d.slope_weight,
      py::arg("uphill_weight") = d.uphill_weight, py::arg("downhill_weight") = d.downhill_weight,
      py::arg("walk_coeff") = d.walk_coeff, py::arg("slope_factor") = d.slope_factor);
}

/// model_keywords, then `heuristic, weight, any_angle`: a search's keywords.
inline auto query_keywords() {
  namespace py = pybind11;
  const QueryArgs d;
  return std::tuple_cat(model_keywords(), std::make_tuple(py::arg("heuristic") = py::none(),
                                                          py::arg("weight") = d.weight,
                                                          py::arg("any_angle") = d.any_angle));
}

/// The function to bind for a method with model_keywords between its own
/// parameters Lead... and Tail...: it takes (terrain, lead..., the model
/// keywords, tail...) and calls f(terrain, lead..., args, tail...) with the
/// keywords in `args` (its search fields at their defaults).
template <typename... Lead, typename... Tail, typename F>
auto model_method(Params<Lead...> /*lead*/, Params<Tail...> /*tail*/, F f) {
  return [f](const Terrain& t, Lead... lead, const std::string& cost, double slope_weight,
             double uphill_weight, double downhill_weight, std::array<double, 4> walk_coeff,
             double slope_factor, Tail... tail) {
    QueryArgs args;
    args.cost = cost;
    args.slope_weight = slope_weight;
    args.uphill_weight = uphill_weight;
    args.downhill_weight = downhill_weight;
    args.walk_coeff = walk_coeff;
    args.slope_factor = slope_factor;
    return f(t, std::forward<Lead>(lead)..., args, std::forward<Tail>(tail)...);
  };
}

/// The same for query_keywords after the method's own parameters Lead...:
/// calls f(terrain, lead..., args) with every keyword in `args`.
template <typename... Lead, typename F>
auto query_method(Params<Lead...> lead, F f) {
  return model_method(lead, Params<std::optional<std::string>, double, bool>{},
                      [f](const Terrain& t, Lead... own, QueryArgs args,
                          std::optional<std::string> heuristic, double weight, bool any_angle) {
                        args.heuristic = std::move(heuristic);
                        args.weight = weight;
                        args.any_angle = any_angle;
                        return f(t, std::forward<Lead>(own)..., args);
                      });
}

/// cls.def(name, method, parts..., doc) with each tuple of `parts` (py::arg
/// lists such as model_keywords()) spread in order.
template <typename Class, typename Method, typename... Parts>
void def_with(Class& cls, const char* name, Method&& method, const char* doc, Parts&&... parts) {
  std::apply(
      [&](auto&&... extra) {
        cls.def(name, std::forward<Method>(method), std::forward<decltype(extra)>(extra)..., doc);
      },
      std::tuple_cat(std::forward<Parts>(parts)...));
}

}  // namespace terranav::python
