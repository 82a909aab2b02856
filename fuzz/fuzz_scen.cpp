// fuzz_scen: Moving AI .scen files through load_movingai_scen.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.hpp"
#include "terranav/nav/types.hpp"
#include "terranav/terrain_io/movingai.hpp"

namespace nav = terranav::nav;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const terranav::fuzz::ScratchFile file("rows.scen");
  file.write(data, size);
  try {
    const std::vector<nav::ScenarioRow> rows = nav::load_movingai_scen(file.path());
    for (const nav::ScenarioRow& row : rows) {
      (void)nav::cost_matches(row.optimal, row.optimal);
    }
  } catch (const nav::Error&) {
  }
  return 0;
}
