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

Json click_json(const engine::ClickReport& c) {
  return {{"pixel", Json::array({c.pixel.x, c.pixel.y})},
          {"hit", c.hit ? vec(*c.hit) : Json(nullptr)},
          {"tile", c.tile ? tile(*c.tile) : Json(nullptr)},
          {"from_tile", tile(c.from_tile)},
          {"status", to_string(c.status)},
          {"cost", c.cost},
          {"tiles", c.tiles},
          {"message", c.message}};
}

}  // namespace

std::string to_json(const RunReport& r) {
  Json clicks = Json::array();
  for (const engine::ClickReport& c : r.clicks) clicks.push_back(click_json(c));
  const engine::OrbitCamera& cam = r.camera;
  const Json report = {{"clicks", std::move(clicks)},
                       {"unit", {{"tile", tile(r.unit_tile)}, {"position", vec(r.unit_position)}}},
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
    with_render["render"] = {{"frames", b->frames},
                             {"lod", b->lod},
                             {"lod_error_bound_px", b->lod_error_bound_px},
                             {"triangles_median", b->triangles_median},
                             {"frame_ms_median", b->frame_ms_median},
                             {"lod_error_px_max", b->lod_error_px_max},
                             {"lod_error_px_p99", b->lod_error_px_p99}};
  }
  // Replace, not throw, on bytes that are not UTF-8 (a map path may hold them).
  return with_render.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace terranav::app
