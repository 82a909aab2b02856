#include "terranav/engine/scene/brush.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "terranav/nav/stamp.hpp"

namespace terranav::engine {
namespace {

struct NamedMode {
  std::string_view name;
  BrushMode mode;
};

constexpr std::array<NamedMode, 4> kModes = {{
    {"raise", BrushMode::Raise},
    {"lower", BrushMode::Lower},
    {"flatten", BrushMode::Flatten},
    {"block", BrushMode::Block},
}};

std::string number(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

void check(const World& world, const Brush& brush, double x_m, double z_m) {
  nav::check_limit(kBrushRadiusLimit, brush.radius_m, "brush radius_m");
  nav::check_limit(kBrushStrengthLimit, brush.strength_m, "brush strength_m");
  const nav::Heightmap& map = world.heightmap();
  if (!std::isfinite(x_m) || !std::isfinite(z_m) || x_m < 0.0 || z_m < 0.0 ||
      x_m > map.extent_x() || z_m > map.extent_z()) {
    throw nav::Error("brush point (" + number(x_m) + ", " + number(z_m) +
                     ") m must be finite and within the map [0, " + number(map.extent_x()) +
                     "] x [0, " + number(map.extent_z()) + "] m");
  }
}

/// The tiles whose centre is within the disc; flags of the rest kept.
BrushResult block(World& world, const Brush& brush, double x_m, double z_m) {
  const nav::Tiling& tiling = world.terrain().tiling();
  const double t = tiling.tile_metres();
  const double r = brush.radius_m;
  // Centre (k + 0.5) t within [x - r, x + r]: k in [(x - r)/t - 0.5, (x + r)/t - 0.5].
  const auto first = [&](double lo) { return static_cast<std::int32_t>(std::ceil(lo / t - 0.5)); };
  const auto last = [&](double hi) { return static_cast<std::int32_t>(std::floor(hi / t - 0.5)); };
  const nav::TileRect rect =
      tiling.clip({first(x_m - r), first(z_m - r), last(x_m + r) + 1, last(z_m + r) + 1});
  if (rect.empty()) return {.edit = {{}, world.terrain().revision()}, .samples = {}};
  std::vector<std::uint8_t> flags;
  flags.reserve(static_cast<std::size_t>(rect.i1 - rect.i0) *
                static_cast<std::size_t>(rect.j1 - rect.j0));
  const std::span<const std::uint8_t> blocked = world.terrain().blocked();
  for (std::int32_t j = rect.j0; j < rect.j1; ++j) {
    for (std::int32_t i = rect.i0; i < rect.i1; ++i) {
      const double dx = tiling.centre_metres(i) - x_m;
      const double dz = tiling.centre_metres(j) - z_m;
      const bool inside = dx * dx + dz * dz <= r * r;
      const auto k = nav::index(tiling.id({i, j}));
      flags.push_back(inside || blocked[k] != 0 ? 1 : 0);
    }
  }
  return {.edit = world.edit(
              [&](nav::NavTerrain& terrain) { return terrain.set_blocked(rect, flags); }),
          .samples = {}};
}

}  // namespace

std::string_view to_string(BrushMode mode) noexcept {
  for (const NamedMode& m : kModes) {
    if (m.mode == mode) return m.name;
  }
  return "?";
}

BrushMode parse_brush_mode(std::string_view text) {
  for (const NamedMode& m : kModes) {
    if (m.name == text) return m.mode;
  }
  throw nav::Error("brush mode '" + std::string(text) +
                   "' is not one of raise, lower, flatten, block");
}

BrushResult apply_brush(World& world, const Brush& brush, double x_m, double z_m) {
  check(world, brush, x_m, z_m);
  if (brush.mode == BrushMode::Block) return block(world, brush, x_m, z_m);
  nav::Stamp stamp{.kind = nav::StampKind::Raise,
                   .x_m = x_m,
                   .z_m = z_m,
                   .radius_m = brush.radius_m,
                   .amount_m = brush.strength_m};
  if (brush.mode == BrushMode::Lower) stamp.kind = nav::StampKind::Lower;
  if (brush.mode == BrushMode::Flatten) {
    stamp.kind = nav::StampKind::Flatten;
    stamp.amount_m = world.heightmap().surface_height(x_m, z_m);
  }
  const nav::SampleRect samples = nav::stamp_samples(world.heightmap(), stamp);
  return {.edit = world.edit([&](nav::NavTerrain& terrain) { return terrain.stamp(stamp); }),
          .samples = samples};
}

}  // namespace terranav::engine
