// navcli's provenance pieces on their own: shell quoting, SHA-256 against
// the FIPS 180-2 test vectors, the JSON and the GeoTIFF tags.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "provenance.hpp"
#include "terranav/nav/version.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

using navcli::Provenance;

using NavcliProvenance = ScratchDirTest;

TEST(NavcliProvenanceQuoting, QuotesOnlyWhatTheShellWouldSplitOrExpand) {
  EXPECT_EQ(navcli::shell_quoted("--max-slope"), "--max-slope");
  EXPECT_EQ(navcli::shell_quoted("/data/dem_1.tif"), "/data/dem_1.tif");
  EXPECT_EQ(navcli::shell_quoted("0.4,0.6"), "0.4,0.6");
  EXPECT_EQ(navcli::shell_quoted("my dem.tif"), "'my dem.tif'");
  EXPECT_EQ(navcli::shell_quoted("it's"), "'it'\\''s'");
  EXPECT_EQ(navcli::shell_quoted("$HOME"), "'$HOME'");
  EXPECT_EQ(navcli::shell_quoted(""), "''");
}

TEST_F(NavcliProvenance, Sha256MatchesTheFipsTestVectors) {
  const auto hash_of = [this](const std::string& bytes) {
    const std::filesystem::path file = path("bytes");
    std::ofstream(file, std::ios::binary) << bytes;
    return navcli::sha256_file(file);
  };
  EXPECT_EQ(hash_of(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(hash_of("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // Longer than one 64 KiB read: a million 'a's.
  EXPECT_EQ(hash_of(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  EXPECT_THROW(navcli::sha256_file(path("missing")), std::runtime_error);
}

TEST_F(NavcliProvenance, ProceduralTerrainHasItsSeedAndNoHash) {
  navcli::TerrainOptions terrain;
  terrain.request.procedural = nav::ProceduralConfig{};
  terrain.request.procedural->size = 65;
  terrain.request.procedural->seed = 7;
  terrain.config.topology = nav::Topology::Knight16;
  terrain.config.max_slope = 0.4;
  navcli::CostOptions cost;
  cost.model.kind = nav::CostModelKind::Tobler;
  const Provenance p = navcli::make_provenance(terrain, cost);
  EXPECT_EQ(p.input, "procedural 65 seed 7");
  EXPECT_EQ(p.input_sha256, "");
  EXPECT_EQ(p.seed, 7u);
  EXPECT_EQ(p.version, nav::version());
  const std::vector<std::pair<std::string, std::string>> tags = navcli::provenance_tags(p);
  std::vector<std::string> keys;
  for (const auto& [key, value] : tags) keys.push_back(key);
  // No command line was stored in this process, no hash for procedural
  // terrain; the commit only when built from git.
  std::vector<std::string> expected = {"TERRANAV_VERSION"};
  if (!nav::git_commit().empty()) expected.emplace_back("TERRANAV_COMMIT");
  for (const char* key : {"TERRANAV_INPUT", "TERRANAV_COST_MODEL", "TERRANAV_TOPOLOGY",
                          "TERRANAV_MAX_SLOPE", "TERRANAV_SEED"}) {
    expected.emplace_back(key);
  }
  EXPECT_EQ(keys, expected);
  const auto value = [&](const std::string& key) {
    for (const auto& [k, v] : tags) {
      if (k == key) return v;
    }
    return std::string("(none)");
  };
  EXPECT_EQ(value("TERRANAV_INPUT"), "procedural 65 seed 7");
  EXPECT_EQ(value("TERRANAV_COST_MODEL"), R"({"name":"tobler"})");
  EXPECT_EQ(value("TERRANAV_TOPOLOGY"), "knight16");
  EXPECT_EQ(value("TERRANAV_MAX_SLOPE"), "0.4");
  EXPECT_EQ(value("TERRANAV_SEED"), "7");
}

TEST_F(NavcliProvenance, MetaSidecarHoldsTheProvenanceAndTheNotes) {
  Provenance p;
  p.version = "9.9.9";
  p.input = "x.png";
  p.input_sha256 = "ab";
  p.cost_model = {{"name", "reference"}, {"slope_weight", 2.0}};
  p.topology = "octile8";
  p.max_slope = 0.6;
  const std::filesystem::path table = path("t.csv");
  navcli::write_meta(table, p, {{"note", "hello"}});
  std::ifstream in(path("t.csv.meta.json"));
  const nlohmann::json meta = nlohmann::json::parse(in);
  EXPECT_EQ(meta.at("provenance").at("terranav_version"), "9.9.9");
  EXPECT_EQ(meta.at("provenance").at("input_sha256"), "ab");
  EXPECT_EQ(meta.at("provenance").at("cost_model").at("slope_weight"), 2.0);
  EXPECT_FALSE(meta.at("provenance").contains("seed"));
  EXPECT_EQ(meta.at("note"), "hello");
}

}  // namespace
}  // namespace terranav::test
