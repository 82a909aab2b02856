#include "terranav/engine/scene/order.hpp"

#include <array>
#include <cstddef>

namespace terranav::engine {

std::string_view to_string(OrderStatus status) noexcept {
  switch (status) {
    case OrderStatus::Ordered:
      return "ordered";
    case OrderStatus::NoUnits:
      return "no_units";
    case OrderStatus::InvalidGoal:
      return "invalid_goal";
    case OrderStatus::Miss:
      return "miss";
  }
  return "miss";
}

std::string_view to_string(PathEventKind kind) noexcept {
  // In the enum's order.
  constexpr std::array<std::string_view, 3> kNames = {"answer", "stepped_off", "stranded"};
  const auto k = static_cast<std::size_t>(kind);
  return k < kNames.size() ? kNames[k] : kNames[0];
}

}  // namespace terranav::engine
