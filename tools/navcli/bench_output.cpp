#include "bench_output.hpp"

#include <stdexcept>
#include <utility>

#include "text_output.hpp"

namespace terranav::navcli {
BenchOutput::BenchOutput(const BenchOptions& options, Provenance provenance)
    : out_file_(options.out),
      summary_file_(options.summary),
      paths_file_(options.paths),
      provenance_(std::move(provenance)) {
  const auto open = [](std::ofstream& stream, const std::optional<std::string>& file) {
    if (!file) return;
    stream.open(*file, std::ios::binary);
    if (!stream) throw std::runtime_error("cannot write " + *file);
  };
  open(out_, out_file_);
  open(summary_, summary_file_);
}

void BenchOutput::row(std::initializer_list<std::string_view> fields) {
  write(navcli::row(fields, '\t'));
}

void BenchOutput::row(std::span<const std::string> fields) {
  write(navcli::row(fields, '\t'));
}

void BenchOutput::write(const std::string& line) {
  if (out_file_) {
    out_ << line;
  } else {
    std::fputs(line.c_str(), stdout);
  }
}

void BenchOutput::finish(nlohmann::ordered_json summary) {
  summary["provenance"] = provenance_json(provenance_);
  if (out_file_) {
    close_checked(out_, *out_file_);
    write_meta(*out_file_, provenance_);
  }
  if (paths_file_) write_meta(*paths_file_, provenance_);
  const std::string line = json_line(summary);
  if (!summary_file_) {
    std::fputs(line.c_str(), stderr);
    return;
  }
  summary_ << line;
  close_checked(summary_, *summary_file_);
}

}  // namespace terranav::navcli
