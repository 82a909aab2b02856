// Many path queries on one terrain, spread over threads, each thread with
// its own AStar (search memory is per object; the terrain is shared
// read-only).
#pragma once

#include <span>
#include <vector>

#include "path_answer.hpp"
#include "terrain.hpp"

namespace terranav::python {

/// One query of a batch.
struct TilePair {
  nav::TileCoord from;
  nav::TileCoord to;
};

/// The answers to `pairs`, in their order, computed on `threads` threads (0:
/// nav::usable_cpus(); never more than there are pairs).
/// Each answer equals Terrain::find_path's on the same pair. Call without the
/// GIL. Rethrows the first exception a worker met, after every worker ended.
/// O(sum of the searches / threads).
std::vector<PathAnswer> find_paths(const Terrain& terrain, std::span<const TilePair> pairs,
                                   const nav::SearchOptions& search, unsigned threads);

}  // namespace terranav::python
