// The terranav app's pieces: load the world, run it in a window or headless.
#pragma once

#include <memory>
#include <string>

#include "app/options.hpp"
#include "terranav/engine/render/debug_overlay.hpp"
#include "terranav/engine/scene/world.hpp"

namespace terranav::app {

struct LoadedWorld {
  std::unique_ptr<engine::World> world;
  std::string map;        ///< the map file used, or "procedural SIZE seed S"
  double load_ms = 0.0;   ///< reading the file
  double graph_ms = 0.0;  ///< graph, sets, quadtree, unit
};

/// Loads options.terrain (the default map from the data directory when
/// neither --map nor --procedural was given) and builds the world. Throws
/// nav::Error.
LoadedWorld load_world(const Options& options);

/// Runs the headless mode. With `fallback` (no display for the window):
/// default output files in the current directory, run until arrived, and a
/// demo click when none was given. Prints the files written. Returns the
/// exit code; throws nav::Error.
int run_headless_app(const Options& options, LoadedWorld& loaded, bool fallback);

/// Opens the 1280x720 window with the options' settings (time scale, LOD,
/// overlay, minimap, paths, MSAA) and runs until Esc or close (a left-click
/// or drag on the minimap moves the camera there, a right-click orders the
/// selection there); with
/// --capture FRAME:FILE until frame FRAME, which it writes to FILE as a PNG
/// before printing the frames' median time. Returns false, having printed
/// why, when no window can be opened (no display), so the caller can fall
/// back to headless. Throws nav::Error for other failures.
bool run_window_app(LoadedWorld& loaded, const Options& options);

}  // namespace terranav::app
