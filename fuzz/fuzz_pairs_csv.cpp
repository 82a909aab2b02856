// fuzz_pairs_csv: navcli batch's pairs CSV through PairsReader (compiled in
// from tools/navcli), against a 33 x 33 map of 2 m tiles, with and without a
// georeference, and against a 7 x 5 DEM of 30 x 20 m samples (batch --compat
// r.walk). A read row must name two tiles (samples) of the map, a non-empty
// id without a comma and a line after the one before.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "pairs_csv.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/tiling.hpp"
#include "terranav/nav/types.hpp"

namespace nav = terranav::nav;
namespace navcli = terranav::navcli;

namespace {

void read_all(const std::string& text, const nav::Tiling& tiling,
              const std::optional<nav::Georeference>& georeference) {
  std::istringstream in(text);
  try {
    navcli::PairsReader reader(in, "pairs.csv", tiling, georeference);
    std::size_t last_line = 1;
    while (const std::optional<navcli::PairRow> row = reader.next()) {
      FUZZ_CHECK(tiling.contains(row->from) && tiling.contains(row->to));
      FUZZ_CHECK(!row->id.empty() && row->id.find(',') == std::string::npos);
      FUZZ_CHECK(row->id.size() <= navcli::PairsReader::kMaxLineBytes);
      FUZZ_CHECK(row->line > last_line);
      last_line = row->line;
    }
  } catch (const nav::Error&) {
  }
}

void read_samples(const std::string& text, const navcli::SampleGrid& samples) {
  std::istringstream in(text);
  try {
    navcli::PairsReader reader(in, "pairs.csv", samples);
    FUZZ_CHECK(reader.coordinates() != navcli::PairCoordinates::Metres);
    while (const std::optional<navcli::PairRow> row = reader.next()) {
      for (const nav::TileCoord s : {row->from, row->to}) {
        FUZZ_CHECK(s.i >= 0 && s.i < samples.width && s.j >= 0 && s.j < samples.depth);
      }
    }
  } catch (const nav::Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const nav::Tiling tiling(nav::Heightmap(33, 33, 2.0, std::vector<float>(33 * 33, 0.0F)),
                                  1);
  static const nav::Georeference georeference{500000.0, 4000000.0, 2.0, "", 32630};
  const std::string text(reinterpret_cast<const char*>(data), size);
  read_all(text, tiling, georeference);
  read_all(text, tiling, std::nullopt);
  read_samples(text, {7, 5, {500000.0, 30.0, 0.0, 4000000.0, 0.0, -20.0}});
  return 0;
}
