// --bench-frames: timed frames along a fixed camera path, for the report's
// "render" (triangles, milliseconds, the level of detail's pixel error).
#pragma once

#include <filesystem>
#include <vector>

#include "app/report_json.hpp"
#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/view/camera.hpp"

namespace terranav::app {

/// The path of `frames` cameras: the first bench_orbit_frames(frames)
/// orbit the default camera once around the map centre, the rest make a
/// low oblique pass (pitch ~14 degrees, a quarter of the default distance)
/// from the south-west quarter of the map to the north-east one. One
/// frame: the default camera.
std::vector<engine::OrbitCamera> bench_cameras(const nav::Heightmap& heightmap,
                                               engine::Viewport viewport, int frames);
/// The orbit's share of `frames`: the first half, rounded up (at least 1).
int bench_orbit_frames(int frames);

/// Renders bench_cameras() headless (its own EGL context and offscreen
/// target with `msaa` samples per pixel, engine::kAutoSamples as the
/// renderer suits) with LOD on or off (error bound lod_error_px), each frame draw() then glFinish()
/// timed (wall and process CPU time); the pixel error (lod_error over terrain_depth) on up to 8
/// frames spread along the path. Throws nav::Error for EGL or shader failures. O(frames x frame).
RenderReport run_bench(const engine::World& world, engine::Viewport viewport,
                       const std::filesystem::path& shader_dir, bool lod, double lod_error_px,
                       int frames, int msaa);

}  // namespace terranav::app
