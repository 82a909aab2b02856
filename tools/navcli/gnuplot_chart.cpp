#include "gnuplot_chart.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include "text_output.hpp"

namespace terranav::navcli {
namespace {

/// A gnuplot single-quoted string: no escapes inside except '' for '.
std::string gnuplot_string(std::string_view text) {
  std::string out = "'";
  for (const char c : text) {
    out += c;
    if (c == '\'') out += '\'';
  }
  return out + "'";
}

std::string script(const std::filesystem::path& png, const std::string& title,
                   const std::string& x_label, const std::string& y_label,
                   std::span<const ChartSeries> series) {
  std::string s = "set terminal pngcairo size 900,540 noenhanced\n";
  s += "set output " + gnuplot_string(png.string()) + "\n";
  s += "set title " + gnuplot_string(title) + "\n";
  s += "set xlabel " + gnuplot_string(x_label) + "\nset ylabel " + gnuplot_string(y_label) + "\n";
  s += "set grid\nset key outside right top\nset offsets graph 0.02, graph 0.02, graph 0.05, graph "
       "0.05\n";
  for (std::size_t k = 0; k < series.size(); ++k) {
    s += "$d" + std::to_string(k) + " << EOD\n";
    for (const auto& [x, y] : series[k].points) {
      s += shortest(x) + " " + shortest(y) + "\n";
    }
    s += "EOD\n";
  }
  s += "plot ";
  for (std::size_t k = 0; k < series.size(); ++k) {
    s += (k == 0 ? "" : ", ") + std::string("$d") + std::to_string(k) +
         " using 1:2 with linespoints lw 2 pt 7 title " + gnuplot_string(series[k].label);
  }
  return s + "\n";
}

}  // namespace

std::optional<std::filesystem::path> find_gnuplot() {
  const char* path = std::getenv("PATH");
  std::string_view dirs = path != nullptr ? path : "";
  for (bool more = true; more;) {
    const std::size_t colon = dirs.find(':');
    const std::filesystem::path candidate =
        std::filesystem::path(dirs.substr(0, colon).empty() ? "." : dirs.substr(0, colon)) /
        "gnuplot";
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    more = colon != std::string_view::npos;
    if (more) dirs.remove_prefix(colon + 1);
  }
  return std::nullopt;
}

void plot_line_chart(const std::filesystem::path& gnuplot, const std::filesystem::path& png,
                     const std::string& title, const std::string& x_label,
                     const std::string& y_label, std::span<const ChartSeries> series) {
  // The path is quoted for the shell popen runs.
  std::string command = "'";
  for (const char c : gnuplot.string())
    command += c == '\'' ? std::string("'\\''") : std::string(1, c);
  command += "'";
  // A gnuplot that dies early must not kill navcli by SIGPIPE: its exit status says it failed.
  const auto old_handler = std::signal(SIGPIPE, SIG_IGN);
  FILE* pipe = ::popen(command.c_str(), "w");
  if (pipe == nullptr) {
    std::signal(SIGPIPE, old_handler);
    throw std::runtime_error("cannot run " + gnuplot.string());
  }
  const std::string text = script(png, title, x_label, y_label, series);
  const bool written = std::fwrite(text.data(), 1, text.size(), pipe) == text.size();
  const int status = ::pclose(pipe);
  std::signal(SIGPIPE, old_handler);
  if (!written || status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error("gnuplot failed to draw " + png.string());
  }
}

}  // namespace terranav::navcli
