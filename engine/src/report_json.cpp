#include "terranav/engine/report_json.hpp"

#include <array>
#include <charconv>
#include <cstdio>
#include <initializer_list>

namespace terranav::engine {
namespace {

std::string number(double value) {
  std::array<char, 32> buffer{};
  const auto end = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value).ptr;
  return std::string(buffer.data(), end);
}

std::string array(std::initializer_list<double> values) {
  std::string out = "[";
  for (const double v : values) out += (out.size() > 1 ? ", " : "") + number(v);
  return out + "]";
}

std::string tile(nav::TileCoord t) {
  return array({static_cast<double>(t.i), static_cast<double>(t.j)});
}

std::string vec(const nav::Vec3& v) {
  return array({v.x, v.y, v.z});
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      std::array<char, 8> escape{};
      std::snprintf(escape.data(), escape.size(), "\\u%04x", static_cast<unsigned>(c));
      out += escape.data();
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string click_json(const ClickReport& c) {
  return std::string("{\"pixel\": ") + array({c.pixel.x, c.pixel.y}) +
         ", \"hit\": " + (c.hit ? vec(*c.hit) : "null") +
         ", \"tile\": " + (c.tile ? tile(*c.tile) : "null") +
         ", \"from_tile\": " + tile(c.from_tile) +
         ", \"status\": " + quoted(std::string(to_string(c.status))) +
         ", \"cost\": " + number(c.cost) + ", \"tiles\": " + number(static_cast<double>(c.tiles)) +
         ", \"message\": " + quoted(c.message) + "}";
}

}  // namespace

std::string to_json(const RunReport& r) {
  std::string clicks;
  for (const ClickReport& c : r.clicks)
    clicks += (clicks.empty() ? "\n    " : ",\n    ") + click_json(c);
  const OrbitCamera& cam = r.camera;
  return "{\n  \"clicks\": [" + clicks + (clicks.empty() ? "]" : "\n  ]") +
         ",\n  \"unit\": {\"tile\": " + tile(r.unit_tile) +
         ", \"position\": " + vec(r.unit_position) + "},\n  \"frames\": " + number(r.frames) +
         ",\n  \"map\": " + quoted(r.map) + ",\n  \"viewport\": " +
         array({static_cast<double>(r.viewport.width), static_cast<double>(r.viewport.height)}) +
         ",\n  \"camera\": {\"target\": " + array({cam.target.x, cam.target.y, cam.target.z}) +
         ", \"yaw\": " + number(cam.yaw) + ", \"pitch\": " + number(cam.pitch) +
         ", \"distance\": " + number(cam.distance) + ", \"fov_y\": " + number(cam.fov_y) +
         ", \"vertical_exaggeration\": " + number(cam.vertical_exaggeration) +
         "},\n  \"load_ms\": " + number(r.load_ms) + ",\n  \"graph_ms\": " + number(r.graph_ms) +
         ",\n  \"render_ms\": " + number(r.render_ms) + "\n}\n";
}

}  // namespace terranav::engine
