// Runs the built navcli (NAVCLI_PATH) through the shell and captures its exit
// status, stdout and stderr, for end-to-end tests of the command line.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace terranav::test {

struct NavcliRun {
  int status = -1;
  std::string out;
  std::string err;

  /// stdout split into lines (without '\n').
  std::vector<std::string> out_lines() const { return lines(out); }
  std::vector<std::string> err_lines() const { return lines(err); }

  static std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> result;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) result.push_back(line);
    return result;
  }
};

inline std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// `text` in single quotes for the shell (appended piecewise: GCC 12's
/// -Wrestrict misfires on "'" + s + "'").
inline std::string shell_quote(const std::string& text) {
  std::string quoted(1, '\'');
  quoted.append(text);
  quoted.push_back('\'');
  return quoted;
}

/// `navcli ARGS` with `env` (e.g. "PATH=/x") before it; output files go to `dir`.
inline NavcliRun run_navcli(const std::filesystem::path& dir, const std::string& args,
                            const std::string& env = "") {
  const std::filesystem::path out = dir / "navcli.stdout";
  const std::filesystem::path err = dir / "navcli.stderr";
  const std::string command = env + " " + shell_quote(NAVCLI_PATH) + " " + args + " >" +
                              shell_quote(out.string()) + " 2>" + shell_quote(err.string());
  const int raw = std::system(command.c_str());
  NavcliRun run;
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  run.out = read_text(out);
  run.err = read_text(err);
  return run;
}

/// A test data file, quoted for the shell.
inline std::string data(const std::string& relative) {
  return shell_quote(std::string(TERRANAV_TEST_DATA_DIR) + "/" + relative);
}

}  // namespace terranav::test
