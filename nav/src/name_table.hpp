// Private: the text names of an enum's values, both ways, for the option
// enums (cost model, heuristic, topology, corner cutting).
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "terranav/nav/types.hpp"

namespace terranav::nav::detail {

template <typename Enum>
struct Named {
  std::string_view name;
  Enum value;
};

/// The name of `value`, "unknown" if the table lacks it.
template <typename Enum>
std::string_view name_of(std::span<const Named<Enum>> table, Enum value) noexcept {
  for (const Named<Enum>& n : table) {
    if (n.value == value) return n.name;
  }
  return "unknown";
}

/// The value named `text`; throws Error "unknown <what> '<text>' (valid: …)".
template <typename Enum>
Enum parse_named(std::span<const Named<Enum>> table, std::string_view text, std::string_view what) {
  std::string valid;
  for (const Named<Enum>& n : table) {
    if (n.name == text) return n.value;
    valid += (valid.empty() ? "" : ", ") + std::string(n.name);
  }
  throw Error("unknown " + std::string(what) + " '" + std::string(text) + "' (valid: " + valid +
              ")");
}

}  // namespace terranav::nav::detail
