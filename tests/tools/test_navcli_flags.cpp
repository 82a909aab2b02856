// Bad command lines: exit status 2 and one `navcli: ...` line naming the flag.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cctype>
#include <ostream>
#include <string>

#include "navcli_run.hpp"
#include "terranav/nav/version.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

struct BadLine {
  std::string args;
  std::string named;  // what the message must contain
};

// Test names show the expected message, not the bytes of the struct.
void PrintTo(const BadLine& line, std::ostream* os) {
  *os << line.named;
}

class NavcliFlags : public ScratchDirTest, public ::testing::WithParamInterface<BadLine> {};

const std::string kArena = "--map " + data("movingai/arena.map");
const std::string kQuery = "path " + kArena + " --from 1,12 --to 5,11";

TEST_P(NavcliFlags, ExitTwoWithOneLineNamingTheFlag) {
  const NavcliRun run = run_navcli(dir_, GetParam().args);
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_EQ(run.out, "");
  ASSERT_EQ(run.err_lines().size(), 1u) << run.err;
  EXPECT_THAT(run.err, StartsWith("navcli: "));
  EXPECT_THAT(run.err, HasSubstr(GetParam().named));
}

INSTANTIATE_TEST_SUITE_P(
    BadLines, NavcliFlags,
    ::testing::Values(
        BadLine{"", "missing command"}, BadLine{"walk " + kArena, "unknown command 'walk'"},
        BadLine{"path --from 1,1 --to 2,2", "--map or --procedural is required"},
        BadLine{"path " + kArena + " --procedural 65 --from 1,1 --to 2,2", "--procedural"},
        BadLine{"path " + kArena + " --from 1 --to 2,2", "--from: expected X,Y"},
        BadLine{"path " + kArena + " --from 1,1 --from 2,2 --to 2,2", "--from: given twice"},
        BadLine{"path " + kArena + " --from 1,1", "--to is required"},
        BadLine{kQuery + " --bogus 1", "unknown option --bogus"},
        BadLine{kQuery + " --max-slope steep", "--max-slope: expected a number"},
        BadLine{kQuery + " --heuristic sideways", "--heuristic: "},
        BadLine{kQuery + " --weight 0.5", "--weight: must be in [1, 1e+06], got 0.5"},
        // fuzz_flags found it (tests/data/fuzz/fuzz_flags-empty-map-name).
        BadLine{"scen --map '' --queries 3 --out o.scen", "--map: the file name is empty"},
        BadLine{kQuery + " --spacing 1e300", "--spacing: must be in [0.001, 1e+06] m, got 1e+300"},
        BadLine{kQuery + " --slope-weight 1e308",
                "--slope-weight: must be in [0, 1e+06], got 1e+308"},
        BadLine{kQuery + " --climb-bound yes", "--climb-bound: expected on or off, got 'yes'"},
        BadLine{kQuery + " --cost free", "--cost: "},
        BadLine{kQuery + " --topology torus", "--topology: "},
        BadLine{kQuery + " --corner-cutting sometimes", "--corner-cutting: "},
        BadLine{kQuery + " --influence 1,2,3", "--influence: expected X,Z,RADIUS,STRENGTH"},
        BadLine{kQuery + " --class-bands 1,2", "--class-bands needs --class-table"},
        // fuzz_flags found it (tests/data/fuzz/fuzz_flags-empty-classes-name).
        BadLine{kQuery + " --class-table a=1,b=2 --classes ''",
                "--classes: the file name is empty"},
        BadLine{kQuery + " --class-table a=1,b=2 --class-bands 1,2", "--class-bands: 2 bands"},
        BadLine{kQuery + " --class-table a=1,b=x --class-bands 1",
                "--class-table: expected a number"},
        BadLine{kQuery + " --show-sets", "--show-sets needs --png"},
        BadLine{kQuery + " --png x.png --png-scale 0", "--png-scale"},
        BadLine{"path " + kArena + " --to 2,2 --from", "--from: missing value"},
        BadLine{"bench " + kArena, "--scen is required"},
        BadLine{"scen " + kArena + " --queries 0 --out x.scen",
                "--queries: must be in [1, 1e+07], got 0"},
        BadLine{"sweep " + kArena + " --scen x --out d --max-slope 0.4,,0.6",
                "--max-slope: empty item"},
        BadLine{"sweep " + kArena + " --scen x --out d --heuristic octile,nope", "--heuristic: "},
        BadLine{"sweep " + kArena + " --scen x --out d --climb-bound on,of",
                "--climb-bound: expected on or off, got 'of'"}),
    [](const ::testing::TestParamInfo<BadLine>& param_info) {
      // "<index>_<the expected text, letters and digits only>"
      std::string name = std::to_string(param_info.index) + "_";
      for (const char c : param_info.param.named) {
        if (std::isalnum(static_cast<unsigned char>(c)) != 0) name += c;
      }
      return name;
    });

class NavcliVersion : public ScratchDirTest {};

TEST_F(NavcliVersion, PrintsVersionAndCommitThenExitsZero) {
  std::string expected = "navcli ";
  expected.append(nav::version());
  if (!nav::git_commit().empty())
    expected.append(" (commit ").append(nav::git_commit()).append(")");
  const NavcliRun run = run_navcli(dir_, "--version");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, expected + "\n");
  EXPECT_EQ(run.err, "");
}

}  // namespace
}  // namespace terranav::test
