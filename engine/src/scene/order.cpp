#include "terranav/engine/scene/order.hpp"

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

}  // namespace terranav::engine
