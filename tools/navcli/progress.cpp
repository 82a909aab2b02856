#include "progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <utility>

namespace terranav::navcli {

Progress::Progress(std::string label, std::size_t total)
    : label_(std::move(label)),
      total_(std::max<std::size_t>(total, 1)),
      tty_(::isatty(STDERR_FILENO) == 1) {}

void Progress::update(std::size_t done) {
  if (tty_) {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_draw_ < std::chrono::milliseconds(100)) return;
    last_draw_ = now;
    draw(done);
    return;
  }
  const std::size_t tenth = done * 10 / total_;
  if (tenth > last_tenth_ && done < total_) {
    last_tenth_ = tenth;
    draw(done);
  }
}

void Progress::finish() {
  if (finished_) return;
  finished_ = true;
  draw(total_);
  if (tty_) std::fputc('\n', stderr);
}

void Progress::draw(std::size_t done) {
  const std::size_t percent = done * 100 / total_;
  if (!tty_) {
    std::fprintf(stderr, "navcli: %s %zu%% (%zu/%zu)\n", label_.c_str(), percent, done, total_);
    return;
  }
  constexpr std::size_t kWidth = 30;
  std::string bar(kWidth, ' ');
  std::fill_n(bar.begin(), done * kWidth / total_, '#');
  std::fprintf(stderr, "\r%s [%s] %3zu%% %zu/%zu", label_.c_str(), bar.c_str(), percent, done,
               total_);
  std::fflush(stderr);
}

}  // namespace terranav::navcli
