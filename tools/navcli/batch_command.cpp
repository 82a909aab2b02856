// navcli batch: the pairs of a CSV answered by K threads, each with its own
// AStar over the shared graph (or under --compat r.walk one walking_time
// surface per start, rwalk_batch.hpp), a chunk of rows at a time (so memory
// stays a chunk whatever the file's length), the results written in input
// order.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "batch_answer.hpp"
#include "cli_limits.hpp"
#include "command_options.hpp"
#include "commands.hpp"
#include "pairs_csv.hpp"
#include "progress.hpp"
#include "provenance.hpp"
#include "rwalk_batch.hpp"
#include "rwalk_input.hpp"
#include "stopwatch.hpp"
#include "surface_raster.hpp"
#include "terrain_options.hpp"
#include "terranav/nav/cpus.hpp"
#include "terranav/nav/path_price.hpp"
#include "terranav/nav/surface_cost.hpp"
#include "text_output.hpp"

namespace terranav::navcli {
namespace {

// Rows per thread in a chunk: enough that waiting for a chunk's slowest
// query costs little, few enough that a chunk's answers stay small.
constexpr std::size_t kRowsPerThread = 256;
// Under --compat r.walk a chunk's rows share one surface per start, so
// chunks are large: rows with one start in different chunks run it again.
constexpr std::size_t kRwalkChunkRows = std::size_t{1} << 16;

/// What every thread reads: the graph, the search options and the pricing.
class Pricing {
 public:
  Pricing(const BuiltTerrain& graph, const BatchOptions& options)
      : graph_(graph),
        search_(options.search),
        any_angle_(options.search.path_mode == nav::PathMode::AnyAngle),
        // Length, ascent and descent do not depend on the model; the seed
        // model has no surface cost, so the reference model walks for it.
        geometry_(graph.terrain().heightmap(), graph.graph(), surface_model(graph.cost_model())) {
    search_.cost = graph.cost_model();
    for (const nav::CostModelKind kind : options.also_price) {
      nav::CostModel model = graph.cost_model();  // the same weights and multipliers
      model.kind = kind;
      also_.push_back(model);
      if (any_angle_) also_surface_.emplace_back(graph.terrain().heightmap(), graph.graph(), model);
    }
  }

  Answer answer(nav::AStar& astar, const PairRow& row) const {
    Answer a;
    const auto start = Clock::now();
    const nav::PathResult result = astar.find_path(row.from, row.to, search_);
    a.time_us = elapsed_us(start, Clock::now());
    a.status = result.status;
    a.expanded = result.expanded;
    if (a.status != nav::SearchStatus::Found) return a;
    a.cost = result.cost;
    a.surface = geometry_.polyline(result.waypoints);
    for (std::size_t k = 0; k < also_.size(); ++k) {
      a.also.push_back(any_angle_ ? also_surface_[k].polyline(result.waypoints).cost
                                  : nav::price_path(graph_.graph(), also_[k], result.tiles));
    }
    return a;
  }

 private:
  static nav::CostModel surface_model(nav::CostModel model) {
    if (model.kind == nav::CostModelKind::Seed) model.kind = nav::CostModelKind::Reference;
    return model;
  }

  const BuiltTerrain& graph_;
  nav::SearchOptions search_;
  bool any_angle_;
  nav::SurfaceCost geometry_;
  std::vector<nav::CostModel> also_;
  std::vector<nav::SurfaceCost> also_surface_;
};

std::vector<std::string> header(const BatchOptions& options, nav::CostModelKind primary) {
  std::vector<std::string> fields = {
      "id",       "status",   "cost_" + std::string(nav::cost_unit(primary)),
      "length_m", "ascent_m", "descent_m",
      "expanded", "time_us"};
  for (const nav::CostModelKind kind : options.also_price) {
    fields.push_back(std::string(nav::to_string(kind)) + "_cost_" +
                     std::string(nav::cost_unit(kind)));
  }
  return fields;
}

// Empty cost and surface fields unless found; `also` columns after them.
std::vector<std::string> fields(const PairRow& row, const Answer& a, std::size_t also) {
  const bool found = a.status == nav::SearchStatus::Found;
  const auto number = [found](double value) { return found ? shortest(value) : std::string(); };
  std::vector<std::string> out = {row.id,
                                  std::string(nav::to_string(a.status)),
                                  number(a.cost),
                                  number(a.surface.length_m),
                                  number(a.surface.ascent_m),
                                  number(a.surface.descent_m),
                                  std::to_string(a.expanded),
                                  shortest(rounded(a.time_us, 3))};
  for (std::size_t k = 0; k < also; ++k) out.push_back(found ? shortest(a.also[k]) : std::string());
  return out;
}

// Answers `rows` into `answers` with one AStar per thread.
void answer_chunk(const Pricing& pricing, std::vector<std::unique_ptr<nav::AStar>>& astars,
                  const std::vector<PairRow>& rows, std::vector<Answer>& answers) {
  answers.resize(rows.size());
  parallel_for(static_cast<int>(astars.size()), rows.size(), [&](std::size_t k, int thread) {
    answers[k] = pricing.answer(*astars[static_cast<std::size_t>(thread)], rows[k]);
  });
}

// Lines in `file`, the header included: the progress bar's total, on a
// terminal only (one more pass over the file).
std::size_t count_lines(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  std::size_t lines = 0;
  for (std::istreambuf_iterator<char> it(in), end; it != end; ++it) lines += *it == '\n';
  return lines;
}

int default_threads() {
  const auto cores = static_cast<int>(nav::usable_cpus());
  return std::clamp(cores, 1, static_cast<int>(kBatchThreadsLimit.max));
}

// The pairs file, opened after the checks that name it.
std::ifstream open_pairs(const BatchOptions& options) {
  std::error_code ec;
  if (std::filesystem::is_directory(options.pairs, ec)) {
    throw nav::Error(options.pairs + ": is a directory, expected a pairs CSV");
  }
  std::ifstream pairs_file(options.pairs, std::ios::binary);
  if (!pairs_file) throw nav::Error(options.pairs + ": cannot open file");
  if (std::filesystem::equivalent(options.pairs, options.out, ec)) {
    throw UsageError("--out: " + options.out + " is the --pairs file");
  }
  return pairs_file;
}

// Answers one chunk of rows: answers[k] for rows[k].
using ChunkAnswerer = std::function<void(const std::vector<PairRow>&, std::vector<Answer>&)>;

// Reads `reader` `chunk` rows at a time, answers each chunk, writes the
// results CSV in input order with its sidecar and prints the summary.
int write_results(const BatchOptions& options, int threads, PairsReader& reader,
                  const Provenance& provenance, nav::CostModelKind kind, std::size_t chunk,
                  const ChunkAnswerer& answer) {
  std::ofstream out(options.out, std::ios::binary);
  if (!out) throw std::runtime_error(options.out + ": cannot open for writing");
  out << row(header(options, kind), ',');

  std::optional<Progress> progress;
  if (::isatty(STDERR_FILENO) == 1)
    progress.emplace("batch", std::max<std::size_t>(count_lines(options.pairs), 1) - 1);

  std::size_t pairs = 0;
  std::size_t found = 0;
  std::size_t unreachable = 0;
  std::size_t invalid = 0;
  const auto start = Clock::now();
  std::vector<PairRow> rows;
  std::vector<Answer> answers;
  for (bool more = true; more;) {
    rows.clear();
    while (rows.size() < chunk) {
      std::optional<PairRow> next = reader.next();
      if (!next) {
        more = false;
        break;
      }
      rows.push_back(std::move(*next));
    }
    answer(rows, answers);
    for (std::size_t k = 0; k < rows.size(); ++k) {
      out << row(fields(rows[k], answers[k], options.also_price.size()), ',');
      switch (answers[k].status) {
        case nav::SearchStatus::Found:
          ++found;
          break;
        case nav::SearchStatus::Unreachable:
          ++unreachable;
          break;
        default:  // invalid start, goal or options: no limits are set
          ++invalid;
          break;
      }
    }
    pairs += rows.size();
    if (progress) progress->update(pairs);
  }
  out.close();
  if (!out) throw std::runtime_error(options.out + ": write failed");
  write_meta(options.out, provenance);
  const double wall_ms = elapsed_us(start, Clock::now()) / 1000.0;
  if (progress) progress->finish();

  const nlohmann::ordered_json summary = {
      {"pairs", pairs},
      {"found", found},
      {"unreachable", unreachable},
      {"invalid", invalid},
      {"threads", threads},
      {"wall_ms", rounded(wall_ms, 3)},
      {"queries_per_s",
       rounded(wall_ms > 0.0 ? static_cast<double>(pairs) / (wall_ms / 1000.0) : 0.0, 1)},
      {"provenance", provenance_json(provenance)}};
  std::fputs(json_line(summary).c_str(), stdout);
  return 0;
}

}  // namespace

int run_batch(Flags& flags) {
  const BatchOptions options = parse_batch_options(flags);
  const int threads = options.threads.value_or(default_threads());
  std::ifstream pairs_file = open_pairs(options);
  if (options.rwalk) {
    require_geotiff("batch --compat r.walk");
    const Provenance provenance = rwalk_provenance(*options.rwalk);
    const RwalkRasters rasters = load_rwalk_rasters(*options.rwalk);
    const nav::RasterGrid& dem = rasters.dem;
    PairsReader reader(pairs_file, options.pairs,
                       SampleGrid{dem.width, dem.depth, dem.geotransform});
    return write_results(
        options, threads, reader, provenance, nav::CostModelKind::WalkingTime, kRwalkChunkRows,
        [&](const std::vector<PairRow>& rows, std::vector<Answer>& answers) {
          answer_rwalk_rows(rasters, options.rwalk->walk.walk, threads, rows, answers);
        });
  }
  const Provenance provenance = make_provenance(options.terrain, options.cost);
  const LoadedTerrain loaded(options.terrain, options.cost);
  const BuiltTerrain graph(loaded, options.terrain.config, options.cost);
  PairsReader reader(pairs_file, options.pairs, graph.graph().tiling(),
                     loaded.terrain.georeference);
  const Pricing pricing(graph, options);
  std::vector<std::unique_ptr<nav::AStar>> astars;
  for (int t = 0; t < threads; ++t) {
    astars.push_back(
        std::make_unique<nav::AStar>(graph.graph(), graph.sets(), &graph.terrain().heightmap()));
  }
  return write_results(options, threads, reader, provenance, options.cost.model.kind,
                       kRowsPerThread * static_cast<std::size_t>(threads),
                       [&](const std::vector<PairRow>& rows, std::vector<Answer>& answers) {
                         answer_chunk(pricing, astars, rows, answers);
                       });
}

}  // namespace terranav::navcli
