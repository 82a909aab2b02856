#include "scen_writer.hpp"

#include <fstream>
#include <stdexcept>
#include <string>

#include "text_output.hpp"

namespace terranav::navcli {

void write_movingai_scen(const std::filesystem::path& file,
                         std::span<const nav::ScenarioRow> rows) {
  std::ofstream out(file, std::ios::binary);
  out << "version 1\n";
  for (const nav::ScenarioRow& r : rows) {
    out << row({std::to_string(r.bucket), r.map, std::to_string(r.map_width),
                std::to_string(r.map_height), std::to_string(r.start_x), std::to_string(r.start_y),
                std::to_string(r.goal_x), std::to_string(r.goal_y), fixed(r.optimal, 8)},
               '\t');
  }
  out.close();
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

}  // namespace terranav::navcli
