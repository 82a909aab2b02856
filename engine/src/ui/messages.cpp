#include "terranav/engine/ui/messages.hpp"

#include <sstream>

#include "terranav/engine/scene/tile_diagnosis.hpp"

namespace terranav::engine {
namespace {

std::string fixed1(double value) {
  std::ostringstream text;
  text.setf(std::ios::fixed);
  text.precision(1);
  text << value;
  return text.str();
}

}  // namespace

std::string describe(const ClickReport& click, const World& world) {
  const OrderReport& order = click.order;
  switch (order.status) {
    case OrderStatus::Miss:
      return "Click at (" + fixed1(click.pixel.x) + ", " + fixed1(click.pixel.y) +
             ") hit no terrain";
    case OrderStatus::InvalidGoal:
      if (!order.tile) {
        return "Point (" + fixed1(order.hit->x) + ", " + fixed1(order.hit->z) +
               ") m lies in the untiled border strip";
      }
      return "Tile " + format_tile(*order.tile) +
             " is unwalkable: " + unwalkable_reason(world.graph(), *order.tile);
    case OrderStatus::NoUnits:
      return "No unit selected: left-click a unit or drag a box around units";
    case OrderStatus::Ordered:
      break;
  }
  return "Ordered " + std::to_string(order.units) + (order.units == 1 ? " unit" : " units") +
         " to tile " + format_tile(*order.tile);
}

std::string describe(const PathEvent& event) {
  std::string text = "Unit " + std::to_string(static_cast<std::uint32_t>(event.unit)) + ": ";
  if (event.kind != PathEventKind::Answer) {
    text += "tile " + format_tile(event.from_tile) +
            (event.from_blocked ? " was blocked" : " became unwalkable");
    if (event.kind == PathEventKind::Stranded) return text + " and no tile is walkable; it stays";
    return text + "; stepped to " + format_tile(event.end_tile);
  }
  if (event.replan) text += "replanned after an edit: ";
  switch (event.status) {
    case nav::SearchStatus::Found:
      break;
    case nav::SearchStatus::InvalidStart:
      return text + "its tile " + format_tile(event.from_tile) +
             " has no edges, so no path can start there";
    case nav::SearchStatus::Cancelled:
      return text + "its request was cancelled";
    default:
      return text + "no path from " + format_tile(event.from_tile) + " to tile " +
             format_tile(event.goal_tile) + " (" + std::string(nav::to_string(event.status)) + ")";
  }
  if (event.goal_adjusted) {
    text += "tile " + format_tile(event.goal_tile) + " cannot be reached from " +
            format_tile(event.from_tile) + "; going to the nearest reachable tile " +
            format_tile(event.end_tile) + ": ";
  } else {
    text += "path to tile " + format_tile(event.end_tile) + ": ";
  }
  text += std::to_string(event.tiles) + " tiles, cost " + fixed1(event.cost) + " m";
  if (event.path_mode == nav::PathMode::AnyAngle) {
    text += " (any-angle, " + std::to_string(event.vertices) + " vertices)";
  }
  return text;
}

}  // namespace terranav::engine
