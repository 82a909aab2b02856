// Progress of a long run on stderr: a redrawn bar when stderr is a terminal,
// plain lines at every tenth otherwise (logs, ctest), so stdout stays data.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace terranav::navcli {

class Progress {
 public:
  /// `label` starts each report ("bench", "scen", ...); `total` > 0 steps.
  Progress(std::string label, std::size_t total);
  /// Reports `done` of total steps: at most every 100 ms on a terminal, at
  /// each new tenth otherwise. O(1).
  void update(std::size_t done);
  /// Reports completion and ends the bar's line.
  void finish();

 private:
  void draw(std::size_t done);

  std::string label_;
  std::size_t total_;
  bool tty_;
  std::size_t last_tenth_ = 0;
  std::chrono::steady_clock::time_point last_draw_{};
  bool finished_ = false;
};

}  // namespace terranav::navcli
