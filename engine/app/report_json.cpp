#include "app/report_json.hpp"

#include <nlohmann/json.hpp>

namespace terranav::app {
namespace {

// Ordered: the report keeps the documented key order.
using Json = nlohmann::ordered_json;

Json tile(nav::TileCoord t) {
  return Json::array({t.i, t.j});
}

Json vec(const nav::Vec3& v) {
  return Json::array({v.x, v.y, v.z});
}

Json click_json(const engine::ClickReport& c, const std::string& message) {
  const engine::OrderReport& o = c.order;
  return {{"pixel", Json::array({c.pixel.x, c.pixel.y})},
          {"hit", o.hit ? vec(*o.hit) : Json(nullptr)},
          {"tile", o.tile ? tile(*o.tile) : Json(nullptr)},
          {"status", to_string(o.status)},
          {"units", o.units},
          {"order", o.order},
          {"message", message}};
}

Json path_json(const engine::PathEvent& e, const std::string& message) {
  const bool found = e.status == nav::SearchStatus::Found;
  return {{"kind", to_string(e.kind)},
          {"unit", static_cast<std::uint32_t>(e.unit)},
          {"order", e.order},
          {"replan", e.replan},
          {"status", nav::to_string(e.status)},
          {"from_tile", tile(e.from_tile)},
          {"goal_tile", tile(e.goal_tile)},
          {"end_tile", found ? tile(e.end_tile) : Json(nullptr)},
          {"goal_adjusted", e.goal_adjusted},
          {"tiles", e.tiles},
          {"cost", e.cost},
          {"message", message}};
}

Json unit_json(const UnitReport& u) {
  return {{"id", static_cast<std::uint32_t>(u.id)},
          {"tile", tile(u.tile)},
          {"position", vec(u.position)},
          {"radius_m", u.radius_m},
          {"moving", u.moving}};
}

}  // namespace

std::vector<UnitReport> unit_reports(const engine::World& world) {
  std::vector<UnitReport> units;
  units.reserve(world.units().size());
  for (const engine::SceneUnit& u : world.units()) {
    units.push_back(
        {u.id, u.unit.tile(), u.unit.position(), engine::kUnitRadiusM, u.unit.moving()});
  }
  return units;
}

std::string to_json(const RunReport& r) {
  Json clicks = Json::array();
  for (std::size_t k = 0; k < r.clicks.size(); ++k) {
    clicks.push_back(
        click_json(r.clicks[k], k < r.click_messages.size() ? r.click_messages[k] : ""));
  }
  Json paths = Json::array();
  for (std::size_t k = 0; k < r.paths.size(); ++k) {
    paths.push_back(path_json(r.paths[k], k < r.path_messages.size() ? r.path_messages[k] : ""));
  }
  Json units = Json::array();
  for (const UnitReport& u : r.units) units.push_back(unit_json(u));
  Json selection = Json::array();
  for (const engine::UnitId id : r.selection) selection.push_back(static_cast<std::uint32_t>(id));
  const engine::OrbitCamera& cam = r.camera;
  const Json report = {{"clicks", std::move(clicks)},
                       {"paths", std::move(paths)},
                       {"units", std::move(units)},
                       {"selection", std::move(selection)},
                       {"frames", r.frames},
                       {"map", r.map},
                       {"viewport", Json::array({r.viewport.width, r.viewport.height})},
                       {"camera",
                        {{"target", Json::array({cam.target.x, cam.target.y, cam.target.z})},
                         {"yaw", cam.yaw},
                         {"pitch", cam.pitch},
                         {"distance", cam.distance},
                         {"fov_y", cam.fov_y},
                         {"vertical_exaggeration", cam.vertical_exaggeration}}},
                       {"load_ms", r.load_ms},
                       {"graph_ms", r.graph_ms},
                       {"render_ms", r.render_ms}};
  // --bench-frames: last, so the keys above keep their order.
  Json with_render = report;
  if (const auto& b = r.render) {
    with_render["render"] = {
        {"gl_renderer", b->gl_renderer},
        {"frames", b->frames},
        {"lod", b->lod},
        {"lod_error_bound_px", b->lod_error_bound_px},
        {"msaa_samples", b->msaa_samples},
        {"triangles_median", b->triangles_median},
        {"frame_ms_median", b->frame_ms_median},
        {"orbit_frame_ms_median", b->orbit_frame_ms_median},
        {"low_pass_frame_ms_median",
         b->low_pass_frame_ms_median ? Json(*b->low_pass_frame_ms_median) : Json(nullptr)},
        {"frame_cpu_ms_median", b->frame_cpu_ms_median},
        {"lod_error_px_max", b->lod_error_px_max},
        {"lod_error_px_p99", b->lod_error_px_p99}};
  }
  // Replace, not throw, on bytes that are not UTF-8 (a map path may hold them).
  return with_render.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace terranav::app
