// Where navcli bench writes: its per-query table as a plain TSV (stdout, or
// --out FILE with FILE.meta.json beside it) and its summary as one JSON
// line with a "provenance" member (stderr after the progress lines, or
// --summary FILE); --paths FILE gets a FILE.meta.json too. So the table loads as it is
// (pandas.read_csv(sep="\t")).
#pragma once

#include <cstdio>
#include <fstream>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "command_options.hpp"
#include "provenance.hpp"

namespace terranav::navcli {

class BenchOutput {
 public:
  /// Opens (truncates) --out and --summary when given, so a path that
  /// cannot be written fails before any query runs; throws
  /// std::runtime_error naming it.
  BenchOutput(const BenchOptions& options, Provenance provenance);

  /// One TSV row (the header first). Fields hold no tabs.
  void row(std::initializer_list<std::string_view> fields);
  void row(std::span<const std::string> fields);

  /// Writes `summary` with the provenance added, and the sidecars of --out
  /// and --paths.
  /// Throws std::runtime_error naming the file that cannot be written.
  void finish(nlohmann::ordered_json summary);

 private:
  void write(const std::string& line);

  std::optional<std::string> out_file_;
  std::optional<std::string> summary_file_;
  std::optional<std::string> paths_file_;
  std::ofstream out_;
  std::ofstream summary_;
  Provenance provenance_;
};

}  // namespace terranav::navcli
