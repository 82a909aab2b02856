// The GRASS r.walk fixtures of tests/data/rwalk/ (cases.tsv, README.md
// there) as navcli flags, for the end-to-end tests of --compat r.walk.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "navcli_run.hpp"

namespace terranav::test {

inline const std::filesystem::path kRwalkDir =
    std::filesystem::path(TERRANAV_TEST_DATA_DIR) / "rwalk";

/// One row of cases.tsv turned into navcli flags.
struct CliCase {
  std::string name;
  std::string dem;
  /// --walk-coeff, --slope-factor, --lambda, --topology, --friction.
  std::string walk_args;
  /// The start samples as --from takes them ("X,Y[;X,Y]").
  std::string starts;
  /// --from 'starts' then walk_args.
  std::string args;
};

inline std::vector<CliCase> read_rwalk_cases() {
  std::ifstream in(kRwalkDir / "cases.tsv");
  std::vector<CliCase> cases;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream row(line);
    CliCase c;
    std::string friction, knight, a, b, cc, d, slope, lambda;
    row >> c.name >> c.dem >> friction >> knight >> a >> b >> cc >> d >> slope >> lambda >>
        c.starts;
    c.walk_args = " --topology " + std::string(knight == "1" ? "knight16" : "octile8") +
                  " --walk-coeff " + a + "," + b + "," + cc + "," + d + " --slope-factor " + slope +
                  " --lambda " + lambda;
    if (friction != "-")
      c.walk_args += " --friction " + shell_quote((kRwalkDir / friction).string());
    c.args = " --from '" + c.starts + "'" + c.walk_args;
    cases.push_back(c);
  }
  return cases;
}

}  // namespace terranav::test
