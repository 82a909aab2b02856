#include "terranav/engine/scene/click_report.hpp"

namespace terranav::engine {

std::string_view to_string(ClickStatus status) noexcept {
  switch (status) {
    case ClickStatus::Found:
      return "found";
    case ClickStatus::Unreachable:
      return "unreachable";
    case ClickStatus::InvalidGoal:
      return "invalid_goal";
    case ClickStatus::InvalidStart:
      return "invalid_start";
    case ClickStatus::Miss:
      return "miss";
  }
  return "miss";
}

}  // namespace terranav::engine
