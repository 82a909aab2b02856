// navcli path --geojson / --csv on a map without a georeference (nav metres,
// y = -z north), and the provenance every output carries.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "navcli_run.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

using ::testing::HasSubstr;

std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> result;
  std::istringstream in(line);
  for (std::string field; std::getline(in, field, ',');) result.push_back(field);
  return result;
}

/// The first word `sha256sum` prints for `file`: an oracle outside navcli.
std::string sha256sum(const std::filesystem::path& file) {
  const std::string command = "sha256sum " + shell_quote(file.string());
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return "";
  std::string out(64, '\0');
  const std::size_t read = std::fread(out.data(), 1, out.size(), pipe);
  ::pclose(pipe);
  out.resize(read);
  return out;
}

class NavcliExport : public ScratchDirTest {
 protected:
  /// 5 x 3 open tiles with a wall down column 2: (0, 0) cannot reach (4, 0).
  std::string walled_map() const {
    const std::filesystem::path file = path("walled.map");
    std::ofstream(file) << "type octile\nheight 3\nwidth 5\nmap\n..@..\n..@..\n..@..\n";
    return shell_quote(file.string());
  }
};

const std::string kArena = std::string(TERRANAV_TEST_DATA_DIR) + "/movingai/arena.map";

// arena.map is flat, one-metre tiles: (1,12) -> (5,11) is three cardinal
// steps and a diagonal, 3 + sqrt 2 metres long and costing as much.
TEST_F(NavcliExport, GeoJsonAndCsvOfAFlatMapAreInNavMetresNorthUp) {
  const std::string geojson = path("p.geojson").string();
  const std::string csv = path("p.csv").string();
  const NavcliRun run =
      run_navcli(dir_, "path --map " + shell_quote(kArena) + " --from 1,12 --to 5,11 --geojson " +
                           shell_quote(geojson) + " --csv " + shell_quote(csv));
  ASSERT_EQ(run.status, 0) << run.err;
  const nlohmann::json stdout_json = nlohmann::json::parse(run.out);
  const nlohmann::json feature = nlohmann::json::parse(read_text(geojson));
  EXPECT_EQ(feature.at("type"), "Feature");
  EXPECT_FALSE(feature.contains("crs"));
  const nlohmann::json& geometry = feature.at("geometry");
  EXPECT_EQ(geometry.at("type"), "LineString");
  const nlohmann::json& coordinates = geometry.at("coordinates");
  ASSERT_EQ(coordinates.size(), stdout_json.at("path_m").size());
  for (std::size_t k = 0; k < coordinates.size(); ++k) {
    const nlohmann::json& nav = stdout_json.at("path_m")[k];
    EXPECT_EQ(coordinates[k], nlohmann::json::array({nav[0], -nav[1].get<double>(), 0.0}));
  }
  EXPECT_EQ(coordinates.front(), nlohmann::json::parse("[1.5, -12.5, 0.0]"));
  EXPECT_EQ(coordinates.back(), nlohmann::json::parse("[5.5, -11.5, 0.0]"));
  const nlohmann::json& p = feature.at("properties");
  EXPECT_EQ(p.at("status"), "found");
  EXPECT_EQ(p.at("cost_unit"), "m");
  EXPECT_NEAR(p.at("cost").get<double>(), 3.0 + std::sqrt(2.0), 1e-9);
  EXPECT_NEAR(p.at("length_m").get<double>(), 3.0 + std::sqrt(2.0), 1e-6);
  EXPECT_EQ(p.at("ascent_m"), 0.0);
  EXPECT_EQ(p.at("model"), nlohmann::json::parse(R"({"name": "reference", "slope_weight": 1.0})"));
  EXPECT_EQ(p.at("provenance"), stdout_json.at("provenance"));

  const std::vector<std::string> lines = NavcliRun::lines(read_text(csv));
  ASSERT_EQ(lines.size(), 1 + coordinates.size());
  EXPECT_EQ(lines[0], "x,y,z,distance_m,cost_m");
  EXPECT_EQ(lines[1], "1.5,-12.5,0,0,0");
  double previous = 0.0;
  for (std::size_t k = 1; k < lines.size(); ++k) {
    const std::vector<std::string> f = csv_fields(lines[k]);
    ASSERT_EQ(f.size(), 5u) << lines[k];
    EXPECT_EQ(std::stod(f[0]), coordinates[k - 1][0].get<double>());
    EXPECT_EQ(std::stod(f[1]), coordinates[k - 1][1].get<double>());
    EXPECT_GE(std::stod(f[3]), previous) << "distance grows along the path";
    previous = std::stod(f[3]);
  }
  const std::vector<std::string> last = csv_fields(lines.back());
  EXPECT_EQ(std::stod(last[3]), p.at("length_m").get<double>());
  EXPECT_EQ(std::stod(last[4]), p.at("cost").get<double>());
  const nlohmann::json meta = nlohmann::json::parse(read_text(csv + ".meta.json"));
  EXPECT_EQ(meta.at("provenance"), stdout_json.at("provenance"));
  EXPECT_TRUE(meta.at("columns").contains("cost_m"));
}

TEST_F(NavcliExport, UnreachableGoalIsAFeatureWithNullGeometryAndAnEmptyTable) {
  const std::string geojson = path("p.geojson").string();
  const std::string csv = path("p.csv").string();
  const NavcliRun run =
      run_navcli(dir_, "path --map " + walled_map() + " --from 0,0 --to 4,0 --cost tobler " +
                           "--geojson " + shell_quote(geojson) + " --csv " + shell_quote(csv));
  ASSERT_EQ(run.status, 0) << run.err;
  const nlohmann::json feature = nlohmann::json::parse(read_text(geojson));
  EXPECT_TRUE(feature.at("geometry").is_null());
  EXPECT_EQ(feature.at("properties").at("status"), "unreachable");
  EXPECT_TRUE(feature.at("properties").at("cost").is_null());
  EXPECT_EQ(feature.at("properties").at("cost_unit"), "s");
  EXPECT_EQ(read_text(csv), "x,y,z,distance_m,cost_s\n");
}

TEST_F(NavcliExport, SeedModelIsRefusedForExport) {
  const NavcliRun run = run_navcli(dir_, "path --map " + shell_quote(kArena) +
                                             " --from 1,12 --to 5,11 --cost seed --csv " +
                                             shell_quote(path("p.csv").string()));
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_THAT(run.err, HasSubstr("navcli: --csv: the seed cost model counts steps"));
}

TEST_F(NavcliExport, ProvenanceNamesVersionCommandInputHashAndModel) {
  const NavcliRun run =
      run_navcli(dir_, "path --map " + shell_quote(kArena) +
                           " --from 1,12 --to 5,11 --cost uphill-downhill --uphill-weight 2 "
                           "--topology knight16 --max-slope 0.5");
  ASSERT_EQ(run.status, 0) << run.err;
  const nlohmann::json p = nlohmann::json::parse(run.out).at("provenance");
  EXPECT_THAT(p.at("terranav_version").get<std::string>(), ::testing::MatchesRegex("[0-9.]+"));
  EXPECT_TRUE(p.at("git_commit").is_string());
  EXPECT_THAT(p.at("command").get<std::string>(),
              HasSubstr(" path --map " + kArena + " --from 1,12 --to 5,11 --cost uphill-downhill"));
  EXPECT_EQ(p.at("input"), kArena);
  EXPECT_EQ(p.at("input_sha256"), sha256sum(kArena));
  EXPECT_EQ(p.at("cost_model"),
            nlohmann::json::parse(
                R"({"name": "uphill-downhill", "uphill_weight": 2.0, "downhill_weight": 1.0})"));
  EXPECT_EQ(p.at("topology"), "knight16");
  EXPECT_EQ(p.at("max_slope"), 0.5);
  EXPECT_FALSE(p.contains("seed"));
}

TEST_F(NavcliExport, ProceduralProvenanceHasItsSeedAndNoHash) {
  const std::string scen = path("q b.scen").string();  // a space: quoted in the command
  const NavcliRun run =
      run_navcli(dir_, "scen --procedural 33 --seed 9 --queries 2 --out " + shell_quote(scen));
  ASSERT_EQ(run.status, 0) << run.err;
  const nlohmann::json p = nlohmann::json::parse(read_text(scen + ".meta.json")).at("provenance");
  EXPECT_EQ(p.at("input"), "procedural 33 seed 9");
  EXPECT_FALSE(p.contains("input_sha256"));
  EXPECT_EQ(p.at("seed"), 9);
  EXPECT_THAT(p.at("command").get<std::string>(), HasSubstr(" --out '" + scen + "'"));
}

}  // namespace
}  // namespace terranav::test
