// Ranges of navcli's own flags (counts, budgets, image scale), in the form of
// nav's limits table: a value outside is refused naming the flag, and
// --help prints them under the nav limits.
#pragma once

#include <array>

#include "terranav/nav/limits.hpp"
#include "terranav/nav/surface_search.hpp"

namespace terranav::navcli {

// Counts stay within what one run holds in memory (a timing per item).
inline constexpr nav::Limit kCountLimit{"count", "--count", 1,
                                        1e7,     "",        "edits or requests in one run"};
inline constexpr nav::Limit kQueriesLimit{"queries", "--queries", 1,
                                          1e7,       "",          "scenario rows to draw"};
inline constexpr nav::Limit kThreadsLimit{
    "threads", "--threads", 0, 64, "", "request workers (0: served on the main thread)"};
inline constexpr nav::Limit kBatchThreadsLimit{
    "threads", "--threads (batch)", 1, 256, "", "query threads of batch (default: every core)"};
inline constexpr nav::Limit kFrameBudgetLimit{
    "frame_budget_us", "--frame-budget-us", 1, 1e6, "us", "main-thread search time per frame"};
inline constexpr nav::Limit kFrameLimit{"frame_ms", "--frame-ms", 0.1,
                                        1e4,        "ms",         "simulated frame length"};
inline constexpr nav::Limit kStepBudgetLimit{
    "budget_us", "--budget-us", 1, 1e7, "us", "time per step of a sliced query"};
inline constexpr nav::Limit kStampRadiusLimit{"radius", "--radius (edits)", 1, 4096,
                                              "tiles",  "stamp radius"};
inline constexpr nav::Limit kRequestRadiusLimit{"radius", "--radius (requests)",         0, 65536,
                                                "tiles",  "start-goal distance (0: any)"};
inline constexpr nav::Limit kReferenceRadiusLimit{
    "reference_radius",
    "--reference-radius",
    1,
    nav::kMaxDenseRadius,
    "tiles",
    "dense reference neighbourhood (4: 48 directions)"};
inline constexpr nav::Limit kPngScaleLimit{
    "png_scale", "--png-scale", 1, 64, "pixels", "pixels per tile side of --png"};

inline constexpr std::array kCliLimits = {
    kCountLimit,           kQueriesLimit,    kThreadsLimit,     kFrameBudgetLimit,
    kFrameLimit,           kStepBudgetLimit, kStampRadiusLimit, kRequestRadiusLimit,
    kReferenceRadiusLimit, kPngScaleLimit,   kBatchThreadsLimit};

}  // namespace terranav::navcli
