// navcli batch: every row equals a single navcli path run, the three header
// kinds name the same tiles, the thread count changes nothing but timings,
// and --also-price of the search's own model repeats its cost.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "navcli_run.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

// 64 x 64 tiles of 10 m: hilly enough for detours, and for one pair with
// no any-angle path.
const std::string kTerrain = "--procedural 65 --seed 3 --spacing 10 --height-scale 150";

struct Pair {
  int fi, fj, ti, tj;
};

// Pairs across the map, a repeat, a zero-length one and edge tiles.
const std::vector<Pair> kPairs = {{2, 3, 60, 58},   {10, 50, 55, 5}, {0, 0, 63, 63},
                                  {31, 31, 31, 31}, {40, 2, 3, 40},  {2, 3, 60, 58},
                                  {63, 0, 0, 63},   {20, 20, 45, 44}};

// Built with a stream: GCC 12's -Wrestrict misfires on "q" + std::to_string(k).
std::string id(std::size_t k) {
  std::ostringstream text;
  text << 'q' << k;
  return text.str();
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> fields;
  std::size_t begin = 0;
  for (std::size_t comma; (comma = line.find(',', begin)) != std::string::npos; begin = comma + 1) {
    fields.push_back(line.substr(begin, comma - begin));
  }
  fields.push_back(line.substr(begin));
  return fields;
}

std::vector<std::vector<std::string>> read_csv(const std::filesystem::path& file) {
  std::vector<std::vector<std::string>> rows;
  for (const std::string& line : NavcliRun::lines(read_text(file))) rows.push_back(split(line));
  return rows;
}

// Every cell but the time_us column (index 7).
std::vector<std::vector<std::string>> without_time(std::vector<std::vector<std::string>> rows) {
  for (auto& r : rows) r.erase(r.begin() + 7);
  return rows;
}

class NavcliBatch : public ScratchDirTest {
 protected:
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name), std::ios::binary) << text;
    return shell_quote(path(name).string());
  }

  std::string tiles_csv() const {
    std::ostringstream text;
    text << "id,from_i,from_j,to_i,to_j\n";
    for (std::size_t k = 0; k < kPairs.size(); ++k) {
      const Pair& p = kPairs[k];
      text << id(k) << ',' << p.fi << ',' << p.fj << ',' << p.ti << ',' << p.tj << '\n';
    }
    return write("tiles.csv", text.str());
  }

  NavcliRun batch(const std::string& pairs, const std::string& out, const std::string& extra) {
    return run_navcli(dir_, "batch " + kTerrain + " --pairs " + pairs + " --out " +
                                shell_quote(path(out).string()) + " " + extra);
  }
};

TEST_F(NavcliBatch, EveryRowEqualsASingleNavcliPath) {
  for (const std::string mode : {"", " --any-angle"}) {
    const NavcliRun run =
        batch(tiles_csv(), "out.csv", "--cost tobler --also-price reference,tobler" + mode);
    ASSERT_EQ(run.status, 0) << run.err;
    const auto rows = read_csv(path("out.csv"));
    ASSERT_EQ(rows.size(), kPairs.size() + 1);
    EXPECT_EQ(rows[0], (std::vector<std::string>{"id", "status", "cost_s", "length_m", "ascent_m",
                                                 "descent_m", "expanded", "time_us",
                                                 "reference_cost_m", "tobler_cost_s"}));
    int found = 0;
    for (std::size_t k = 0; k < kPairs.size(); ++k) {
      const Pair& p = kPairs[k];
      const std::vector<std::string>& r = rows[k + 1];
      ASSERT_EQ(r.size(), 10u);
      EXPECT_EQ(r[0], id(k));
      std::ostringstream args;
      args << "path " << kTerrain << " --cost tobler" << mode << " --from " << p.fi << ',' << p.fj
           << " --to " << p.ti << ',' << p.tj;
      const NavcliRun single = run_navcli(dir_, args.str());
      ASSERT_EQ(single.status, 0) << single.err;
      const nlohmann::ordered_json json = nlohmann::ordered_json::parse(single.out);
      EXPECT_EQ(r[1], json.at("status").get<std::string>()) << r[0];
      EXPECT_EQ(std::stoul(r[6]), json.at("expanded").get<unsigned long>()) << r[0];
      if (r[1] != "found") {
        for (const std::size_t c : {2, 3, 4, 5, 8, 9}) EXPECT_EQ(r[c], "") << r[0];
        continue;
      }
      ++found;
      // The same double: both print it in a form that reads back exactly.
      EXPECT_EQ(std::stod(r[2]), json.at("cost").get<double>()) << r[0];
      // navcli path rounds the surface measures to a micrometre.
      EXPECT_NEAR(std::stod(r[3]), json.at("length_m").get<double>(), 1e-6) << r[0];
      EXPECT_NEAR(std::stod(r[4]), json.at("ascent_m").get<double>(), 1e-6) << r[0];
      EXPECT_NEAR(std::stod(r[5]), json.at("descent_m").get<double>(), 1e-6) << r[0];
      // Re-priced under its own model, the path costs what the search said.
      EXPECT_NEAR(std::stod(r[9]), std::stod(r[2]), 1e-9 * std::stod(r[2])) << r[0];
      // A Tobler route priced as the reference model: at least its length.
      EXPECT_GE(std::stod(r[8]), std::stod(r[3]) * (1 - 1e-9)) << r[0];
    }
    EXPECT_GE(found, 5) << mode;
  }
}

TEST_F(NavcliBatch, TheThreeHeaderKindsNameTheSameTiles) {
  ASSERT_EQ(batch(tiles_csv(), "tiles_out.csv", "").status, 0);
  // Metres: a point inside each tile (10 m tiles), CRLF, blank lines, a
  // byte-order mark, spaces around numbers and no final newline.
  std::ostringstream text;
  text << "\xEF\xBB\xBFid,from_x,from_z,to_x,to_z\r\n\r\n";
  for (std::size_t k = 0; k < kPairs.size(); ++k) {
    const Pair& p = kPairs[k];
    text << id(k) << ", " << p.fi * 10 + 2 << ".5," << p.fj * 10 + 9 << ".99 ," << p.ti * 10 << ','
         << p.tj * 10 + 5 << (k + 1 < kPairs.size() ? "\r\n\n" : "");
  }
  const NavcliRun run = batch(write("metres.csv", text.str()), "metres_out.csv", "");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(without_time(read_csv(path("metres_out.csv"))),
            without_time(read_csv(path("tiles_out.csv"))));
}

TEST_F(NavcliBatch, OneThreadAndFourWriteTheSameRows) {
  // Enough rows for several chunks of four threads' work.
  std::ostringstream text;
  text << "id,from_i,from_j,to_i,to_j\n";
  for (int k = 0; k < 2100; ++k) {
    text << k << ',' << (k * 7) % 64 << ',' << (k * 13) % 64 << ',' << (k * 29 + 5) % 64 << ','
         << (k * 17 + 3) % 64 << '\n';
  }
  const std::string pairs = write("many.csv", text.str());
  const NavcliRun one = batch(pairs, "one.csv", "--threads 1 --also-price tobler");
  const NavcliRun four = batch(pairs, "four.csv", "--threads 4 --also-price tobler");
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(four.status, 0) << four.err;
  const auto rows = read_csv(path("one.csv"));
  ASSERT_EQ(rows.size(), 2101u);
  EXPECT_EQ(without_time(read_csv(path("four.csv"))), without_time(rows));

  const nlohmann::ordered_json summary = nlohmann::ordered_json::parse(four.out);
  std::vector<std::string> keys;
  for (const auto& [key, value] : summary.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"pairs", "found", "unreachable", "invalid", "threads",
                                            "wall_ms", "queries_per_s", "provenance"}));
  // The table stays plain; its provenance sits beside it.
  std::ifstream meta(path("four.csv.meta.json"));
  ASSERT_TRUE(meta) << "no four.csv.meta.json";
  const nlohmann::ordered_json sidecar = nlohmann::ordered_json::parse(meta);
  EXPECT_EQ(sidecar.at("provenance"), summary.at("provenance"));
  EXPECT_NE(sidecar.at("provenance").at("command").get<std::string>().find("--threads 4"),
            std::string::npos);
  EXPECT_EQ(summary.at("pairs"), 2100);
  EXPECT_EQ(summary.at("threads"), 4);
  // The counts are the rows' statuses.
  int found = 0;
  int unreachable = 0;
  for (std::size_t k = 1; k < rows.size(); ++k) {
    found += rows[k][1] == "found";
    unreachable += rows[k][1] == "unreachable";
  }
  EXPECT_EQ(summary.at("found"), found);
  EXPECT_EQ(summary.at("unreachable"), unreachable);
  EXPECT_EQ(summary.at("invalid"), 2100 - found - unreachable);
  EXPECT_GT(found, 0);
  EXPECT_GT(summary.at("queries_per_s").get<double>(), 0.0);
  // Not a terminal: no progress on stderr.
  EXPECT_EQ(four.err, "");
}

TEST_F(NavcliBatch, SeedCostsAreStepsAndItsPathsStillHaveALength) {
  const NavcliRun run = batch(tiles_csv(), "seed.csv", "--cost seed --also-price seed,reference");
  ASSERT_EQ(run.status, 0) << run.err;
  const auto rows = read_csv(path("seed.csv"));
  EXPECT_EQ(rows[0][2], "cost_steps");
  EXPECT_EQ(rows[0][8], "seed_cost_steps");
  EXPECT_EQ(rows[0][9], "reference_cost_m");
  // Row q3 goes nowhere: found, cost 0, length 0.
  ASSERT_EQ(rows[4][0], "q3");
  EXPECT_EQ(rows[4][1], "found");
  EXPECT_EQ(rows[4][2], "0");
  EXPECT_EQ(rows[4][3], "0");
  for (std::size_t k = 1; k < rows.size(); ++k) {
    if (rows[k][1] != "found" || rows[k][0] == "q3") continue;
    EXPECT_GT(std::stod(rows[k][3]), 0.0) << rows[k][0];
    EXPECT_NEAR(std::stod(rows[k][8]), std::stod(rows[k][2]), 1e-9 * std::stod(rows[k][2]));
  }
}

TEST_F(NavcliBatch, ABadRowNamesTheFileLineAndTheMapsExtent) {
  const std::string pairs =
      write("bad.csv", "id,from_x,from_z,to_x,to_z\n a,5,5,100,100\nb,5,5,640,5\n");
  const NavcliRun run = batch(pairs, "bad_out.csv", "");
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(run.err, "navcli: " + path("bad.csv").string() +
                         ":3: to (x 640, z 5) m is outside the map's tiled area [0, 640) x [0, "
                         "640) m\n");
  EXPECT_EQ(run.out, "");
}

}  // namespace
}  // namespace terranav::test
