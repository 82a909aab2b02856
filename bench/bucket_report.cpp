// bucket_report [MAP.map ...]: replays each Moving AI map's .scen (beside
// the map, MAP.map.scen) with nav::AStar (and the Boost baseline when built
// with Boost) and prints one TSV line per bucket: queries, median
// microseconds per query, mean nodes expanded, and rows whose cost differs
// from the scenario's optimal. Without arguments: the 512^2 maps in
// tests/data/movingai. Exit status 1 on any mismatch or bad input.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "terranav/nav/nav_terrain.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/terrain_io/movingai.hpp"
#include "terranav/terrain_io/terrain_source.hpp"
#ifdef TERRANAV_HAVE_BOOST
#include "boost_baseline.hpp"
#endif

namespace {

namespace nav = terranav::nav;
using Clock = std::chrono::steady_clock;

// Microseconds and expansions of one implementation over one bucket's rows.
struct Samples {
  std::vector<double> micros;
  std::uint64_t expanded = 0;
  std::size_t mismatches = 0;

  void add(double us, std::uint32_t exp, bool matches) {
    micros.push_back(us);
    expanded += exp;
    mismatches += matches ? 0 : 1;
  }
  double median() const {
    std::vector<double> v = micros;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
  }
  double mean_expanded() const {
    return micros.empty() ? 0.0
                          : static_cast<double>(expanded) / static_cast<double>(micros.size());
  }
};

struct Bucket {
  Samples ours;
  Samples boost;
};

template <class F>
double micros_of(F&& f) {
  const auto begin = Clock::now();
  f();
  return std::chrono::duration<double, std::micro>(Clock::now() - begin).count();
}

void print(const std::string& map, const std::string& bucket, const Bucket& b) {
  std::printf("%s\t%s\t%zu\t%.1f\t%.0f", map.c_str(), bucket.c_str(), b.ours.micros.size(),
              b.ours.median(), b.ours.mean_expanded());
#ifdef TERRANAV_HAVE_BOOST
  std::printf("\t%.1f\t%.0f", b.boost.median(), b.boost.mean_expanded());
#endif
  std::printf("\t%zu\n", b.ours.mismatches + b.boost.mismatches);
}

// Replays one map; returns its mismatch count.
std::size_t report(const std::filesystem::path& map_file) {
  nav::TerrainRequest request;
  request.map = map_file;
  nav::Terrain file = nav::load_terrain(request);
  const std::vector<nav::ScenarioRow> rows =
      nav::load_movingai_scen(std::filesystem::path(map_file.string() + ".scen"));
  const nav::NavTerrain terrain(std::move(file.heightmap), {.graph = {.tile_size = file.tile_size},
                                                            .blocked = std::move(file.blocked)});
  const nav::TerrainGraph& graph = terrain.graph();
  nav::AStar ours(graph, terrain.sets());
#ifdef TERRANAV_HAVE_BOOST
  terranav::bench::BoostBaseline boost(graph, terranav::bench::kSlopeWeight);
#endif
  std::map<int, Bucket> buckets;
  Bucket all;
  for (const nav::ScenarioRow& row : rows) {
    Bucket& b = buckets[row.bucket];
    const nav::TileCoord start{row.start_x, row.start_y};
    const nav::TileCoord goal{row.goal_x, row.goal_y};
    nav::PathResult r;
    const double us = micros_of([&] { r = ours.find_path(start, goal); });
    const bool ok = r.status == nav::SearchStatus::Found && nav::cost_matches(r.cost, row.optimal);
    b.ours.add(us, r.expanded, ok);
    all.ours.add(us, r.expanded, ok);
#ifdef TERRANAV_HAVE_BOOST
    terranav::bench::BaselineResult br;
    const double boost_us = micros_of(
        [&] { br = boost.find_path(nav::index(graph.id(start)), nav::index(graph.id(goal))); });
    const bool boost_ok = br.found && nav::cost_matches(br.cost, row.optimal);
    b.boost.add(boost_us, br.expanded, boost_ok);
    all.boost.add(boost_us, br.expanded, boost_ok);
#endif
  }
  const std::string name = map_file.filename().string();
  for (const auto& [bucket, b] : buckets) print(name, std::to_string(bucket), b);
  print(name, "all", all);
  std::fflush(stdout);
  return all.ours.mismatches + all.boost.mismatches;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::filesystem::path> maps(argv + 1, argv + argc);
  if (maps.empty()) {
    const std::filesystem::path dir = std::filesystem::path(TERRANAV_MOVINGAI_DIR);
    for (const char* name :
         {"AR0011SR.map", "Aftershock.map", "maze512-1-0.map", "random512-10-0.map"}) {
      maps.push_back(dir / name);
    }
  }
  std::printf("map\tbucket\tqueries\tours_median_us\tours_mean_expanded");
#ifdef TERRANAV_HAVE_BOOST
  std::printf("\tboost_median_us\tboost_mean_expanded");
#else
  std::fprintf(stderr, "bucket_report: built without Boost; no baseline columns\n");
#endif
  std::printf("\tmismatches\n");
  std::size_t mismatches = 0;
  try {
    for (const std::filesystem::path& map : maps) mismatches += report(map);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bucket_report: %s\n", e.what());
    return 1;
  }
  return mismatches == 0 ? 0 : 1;
}
