// The request queue against plain A*: every answer equals find_path's on
// the data as it is at delivery, in ticket order, with 0 to 3 workers,
// across cancels and changes applied while workers run.
#include "terranav/nav/path_requests.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "random_terrain.hpp"
#include "terranav/nav/nav_terrain.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

constexpr int kTiles = 90;

/// A hilly 90 x 90-tile NavTerrain.
struct World {
  NavTerrain terrain{test::random_heightmap(kTiles + 1, kTiles + 1, 1.0, 15.0, 0.5, 21)};
  const TerrainGraph& graph = terrain.graph();
  const ConnectedSets& sets = terrain.sets();

  /// A wall down column 45 but for a gap, and a ridge stamped across the
  /// east half: edits that change many answers.
  void build_wall() {
    terrain.set_blocked({45, 0, 46, 80}, true);
    terrain.set_blocked({45, 81, 46, kTiles}, true);
    terrain.stamp(
        {.kind = StampKind::Raise, .x_m = 70.0, .z_m = 45.0, .radius_m = 12.0, .amount_m = 14.0});
  }
};
std::vector<PathRequest> random_requests(int count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> at(0.0, kTiles);
  const SearchOptions options[] = {{}, {.cost = {.kind = CostModelKind::Tobler}}};
  std::vector<PathRequest> out;
  for (int k = 0; k < count; ++k) {
    out.push_back({{at(rng), 0.0, at(rng)},
                   {at(rng), 0.0, at(rng)},
                   options[static_cast<std::size_t>(k) % 2]});
  }
  return out;
}

/// What a plain A* answers now.
PathResult plain(const World& w, const PathRequest& r) {
  AStar astar(w.graph, w.sets);
  astar.start_at(r.start, r.goal, r.options);
  astar.step();
  PathResult out;
  astar.result(out);
  return out;
}

void expect_same(const PathResult& a, const PathResult& b) {
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.cost, b.cost);
  EXPECT_EQ(a.tiles, b.tiles);
  EXPECT_EQ(a.expanded, b.expanded);
}

/// Serves everything, calling update() until nothing is pending.
std::vector<PathAnswer> drain(PathRequestQueue& queue, double budget_us) {
  std::vector<PathAnswer> answers;
  while (queue.pending() > 0) queue.update(budget_us, answers);
  return answers;
}

TEST(PathRequests, AnswersEqualPlainAStarInTicketOrderForAnyWorkerCount) {
  const World w;
  const std::vector<PathRequest> requests = random_requests(60, 3);
  for (const int workers : {0, 1, 2, 3}) {
    SCOPED_TRACE(std::to_string(workers) + " workers");
    PathRequestQueue queue(w.graph, w.sets, workers);
    for (std::size_t k = 0; k < requests.size(); ++k) {
      EXPECT_EQ(queue.submit(requests[k]), Ticket{k});
    }
    const std::vector<PathAnswer> answers = drain(queue, 200.0);
    ASSERT_EQ(answers.size(), requests.size());
    for (std::size_t k = 0; k < answers.size(); ++k) {
      EXPECT_EQ(answers[k].ticket, Ticket{k});
      expect_same(answers[k].result, plain(w, requests[k]));
    }
  }
}

TEST(PathRequests, CancelledRequestsAreAnsweredCancelledInTheirPlace) {
  const World w;
  const std::vector<PathRequest> requests = random_requests(30, 8);
  for (const int workers : {0, 2}) {
    PathRequestQueue queue(w.graph, w.sets, workers);
    for (const PathRequest& r : requests) queue.submit(r);
    std::vector<PathAnswer> answers;
    queue.update(50.0, answers);  // some may be running or done already
    const std::size_t delivered = answers.size();
    for (std::uint64_t k = 0; k < 30; k += 3) queue.cancel(Ticket{k});
    while (queue.pending() > 0) queue.update(100.0, answers);
    ASSERT_EQ(answers.size(), requests.size());
    for (std::size_t k = 0; k < answers.size(); ++k) {
      ASSERT_EQ(answers[k].ticket, Ticket{k});
      if (k % 3 == 0 && k >= delivered) {
        EXPECT_EQ(answers[k].result.status, SearchStatus::Cancelled);
        EXPECT_TRUE(answers[k].result.tiles.empty());
      } else {
        expect_same(answers[k].result, plain(w, requests[k]));
      }
    }
    queue.cancel(Ticket{0});  // delivered: nothing happens
    EXPECT_EQ(queue.pending(), 0u);
  }
}

// Cancels that race the workers: a request cancelled while a worker runs
// it may be delivered (as cancelled) before the worker looks again; the
// worker must then drop it quietly. Every answer is still in its place.
TEST(PathRequests, CancelsRacingTheWorkersDeliverEveryTicketOnce) {
  const World w;
  const std::vector<PathRequest> requests = random_requests(120, 13);
  std::mt19937 rng(3);
  for (int round = 0; round < 10; ++round) {
    PathRequestQueue queue(w.graph, w.sets, 2);
    for (const PathRequest& r : requests) queue.submit(r);
    std::vector<PathAnswer> answers;
    std::uniform_int_distribution<std::uint64_t> pick(0, requests.size() - 1);
    while (queue.pending() > 0) {
      queue.cancel(Ticket{pick(rng)});
      queue.update(0.0, answers);
    }
    ASSERT_EQ(answers.size(), requests.size());
    for (std::size_t k = 0; k < answers.size(); ++k) {
      ASSERT_EQ(answers[k].ticket, Ticket{k});
      if (answers[k].result.status != SearchStatus::Cancelled) {
        EXPECT_EQ(answers[k].result.cost, plain(w, requests[k]).cost) << k;
      }
    }
  }
}

// A change applied while workers run: every answer delivered afterwards is
// plain A* on the changed data, never on the old or half-changed one.
TEST(PathRequests, ApplyPausesWorkersAndRunsUndeliveredRequestsAgain) {
  const std::vector<PathRequest> requests = random_requests(80, 5);
  for (const int workers : {0, 2}) {
    SCOPED_TRACE(std::to_string(workers) + " workers");
    World w;
    PathRequestQueue queue(w.graph, w.sets, workers);
    for (const PathRequest& r : requests) queue.submit(r);
    std::vector<PathAnswer> before;
    queue.update(300.0, before);
    queue.apply([&] { w.build_wall(); });
    std::vector<PathAnswer> after;
    while (queue.pending() > 0) queue.update(300.0, after);
    ASSERT_EQ(before.size() + after.size(), requests.size());
    for (std::size_t k = 0; k < after.size(); ++k) {
      const std::size_t id = before.size() + k;
      ASSERT_EQ(after[k].ticket, Ticket{id});
      expect_same(after[k].result, plain(w, requests[id]));
    }
    // The wall changed some answers, so the check above can fail.
    int changed = 0;
    World open;
    for (std::size_t k = before.size(); k < requests.size(); ++k) {
      changed += plain(open, requests[k]).cost != plain(w, requests[k]).cost ? 1 : 0;
    }
    EXPECT_GT(changed, 5);
  }
}

TEST(PathRequests, RejectsAWorkerCountOutOfRange) {
  const World w;
  EXPECT_THAT(test::error_of([&] { PathRequestQueue(w.graph, w.sets, -1); }),
              ::testing::HasSubstr("-1 workers, expected 0..64"));
}

}  // namespace
}  // namespace terranav::nav
