// Private: checks of a terrain class table, shared by the class-map builders
// in nav (height bands) and terrain_io (class images) so both word their
// errors alike.
#pragma once

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "terranav/nav/limits.hpp"
#include "terranav/nav/printable_text.hpp"
#include "terranav/nav/terrain_classes.hpp"

namespace terranav::nav::detail {

/// Problems of the class table, as "<problem>" text; empty when fine. O(classes).
inline std::string table_problem(const std::vector<TerrainClass>& classes) {
  if (classes.empty()) return "the class table is empty";
  for (std::size_t c = 0; c < classes.size(); ++c) {
    const TerrainClass& k = classes[c];
    if (!k.impassable && !within(kClassMultiplierLimit, k.multiplier)) {
      return "class " + std::to_string(c) + " ('" + nav::printable_text(k.name) +
             "') multiplier: " + limit_problem(kClassMultiplierLimit, k.multiplier) +
             " (or the class impassable)";
    }
  }
  return {};
}

/// "class index <i> is outside the table of <n> classes".
inline std::string outside_table(std::size_t class_index, std::size_t table_size) {
  return "class index " + std::to_string(class_index) + " is outside the table of " +
         std::to_string(table_size) + " classes";
}

}  // namespace terranav::nav::detail
