#include "path_lines.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "text_output.hpp"

namespace terranav::navcli {

nlohmann::ordered_json metres_array(std::span<const nav::Vec3> points) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const nav::Vec3& p : points) {
    out.push_back(nlohmann::ordered_json::array({rounded(p.x, 6), rounded(p.z, 6)}));
  }
  return out;
}

PathLines::PathLines(const std::string& file) : file_(file), out_(file) {
  if (!out_) throw std::runtime_error(file + ": cannot open for writing");
}

void PathLines::write(std::size_t query, const nav::PathResult& result) {
  const bool found = result.status == nav::SearchStatus::Found;
  const nlohmann::ordered_json line = {
      {"query", query},
      {"status", nav::to_string(result.status)},
      {"cost", found ? nlohmann::ordered_json(result.cost) : nlohmann::ordered_json(nullptr)},
      {"path", metres_array(result.waypoints)}};
  out_ << json_line(line);
  if (!out_) throw std::runtime_error(file_ + ": write failed");
}

}  // namespace terranav::navcli
