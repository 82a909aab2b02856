// One path query's answer as Python sees it: the nav result, its measure on
// the surface, and what is needed to write it in the terrain's CRS.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/surface_cost.hpp"
#include "terranav/terrain_io/georeference.hpp"

namespace terranav::python {

struct PathAnswer {
  nav::PathResult result;
  nav::CostModelKind model = nav::CostModelKind::Reference;
  /// The path walked on the surface (docs/continuous-model.md), as navcli
  /// path prints it; none when not found or for the seed model (it counts
  /// steps, not metres).
  std::optional<nav::SurfaceMeasure> surface;
  /// Wall time of the search alone. [Units: microseconds]
  double time_us = 0.0;
  /// The terrain's georeference; null when it has none. Shared by every
  /// answer on the terrain.
  std::shared_ptr<const nav::Georeference> georeference;
};

/// The unit of a model's costs: "m" (reference, uphill-downhill), "s"
/// (tobler, walking-time), "steps" (seed).
constexpr std::string_view cost_unit(nav::CostModelKind kind) noexcept {
  switch (kind) {
    case nav::CostModelKind::Reference:
    case nav::CostModelKind::UphillDownhill:
      return "m";
    case nav::CostModelKind::Tobler:
    case nav::CostModelKind::WalkingTime:
      return "s";
    case nav::CostModelKind::Seed:
      return "steps";
  }
  return "";
}

}  // namespace terranav::python
