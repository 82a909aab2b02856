// walking_time_bench DEM.tif [8|16] [RUNS] [THREADS]: times nav::walking_time
// (r.walk's walking-time surface) on a GeoTIFF DEM from its centre sample,
// friction 0, r.walk's defaults, RUNS times (default 5) on THREADS threads
// (WalkingTimeOptions::threads, default 1; 0 = every core), and prints one
// line: size, neighbours, threads, best and median milliseconds (the surface
// alone: loading is not timed). tools/rwalk/bench.sh compares it with GRASS r.walk. Exit
// status 1 on a load error, 2 on a bad command line.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "terranav/nav/walking_time.hpp"
#include "terranav/terrain_io/raster_grid.hpp"

namespace nav = terranav::nav;

int main(int argc, char** argv) {
  const std::string neighbours = argc > 2 ? argv[2] : "8";
  const int runs = argc > 3 ? std::atoi(argv[3]) : 5;
  const int threads = argc > 4 ? std::atoi(argv[4]) : 1;
  if (argc < 2 || argc > 5 || (neighbours != "8" && neighbours != "16") || runs < 1 ||
      threads < 0) {
    std::fprintf(stderr, "usage: walking_time_bench DEM.tif [8|16] [RUNS >= 1] [THREADS >= 0]\n");
    return 2;
  }
  try {
    const nav::RasterGrid dem = nav::load_raster_grid(argv[1]);
    const nav::WalkingTimeGrid grid{.width = dem.width,
                                    .depth = dem.depth,
                                    .elevation_m = dem.values,
                                    .friction_s_per_m = {},
                                    .ew_res_m = dem.geotransform[1],
                                    .ns_res_m = -dem.geotransform[5]};
    nav::WalkingTimeOptions options;
    options.knight_moves = neighbours == "16";
    options.threads = threads;
    options.starts = {{dem.width / 2, dem.depth / 2}};
    std::vector<double> ms;
    for (int r = 0; r < runs; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      const nav::WalkingTimeSurface surface = nav::walking_time(grid, options);
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf(
        "walking_time %d x %d, %s neighbours, %d threads: best %.1f ms, median %.1f ms (%d runs)\n",
        dem.width, dem.depth, neighbours.c_str(), threads, ms.front(), ms[ms.size() / 2], runs);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "walking_time_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
