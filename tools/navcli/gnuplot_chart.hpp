// Line charts as PNG files, drawn by gnuplot (Debian gnuplot-nox) run as a
// child process with its script on stdin.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace terranav::navcli {

/// One line of a chart: (x, y) points in x order and its key label.
struct ChartSeries {
  std::string label;
  std::vector<std::pair<double, double>> points;
};

/// The gnuplot executable on PATH, if any.
std::optional<std::filesystem::path> find_gnuplot();

/// Writes an 900 x 540 PNG line chart (pngcairo terminal) of `series`.
/// Throws std::runtime_error when gnuplot fails or exits non-zero.
void plot_line_chart(const std::filesystem::path& gnuplot, const std::filesystem::path& png,
                     const std::string& title, const std::string& x_label,
                     const std::string& y_label, std::span<const ChartSeries> series);

}  // namespace terranav::navcli
