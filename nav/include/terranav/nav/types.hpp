// Basic value types of the nav module: plain structs, no maths library, so an
// engine can embed nav with its own vector types.
#pragma once

#include <compare>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace terranav::nav {

/// A point or direction in the nav frame, metres. Origin at heightmap sample
/// (0, 0); x grows with the sample column, z with the sample row, y is up.
struct Vec3 {
  double x = 0.0;
  double y = 0.0;
  double z = 0.0;
};

/// Integer tile coordinates: i = column (along x), j = row (along z).
struct TileCoord {
  std::int32_t i = 0;
  std::int32_t j = 0;
  friend constexpr auto operator<=>(const TileCoord&, const TileCoord&) = default;
};

/// Tiles [i0, i1) x [j0, j1): column and row ranges, half-open. Empty when
/// i0 >= i1 or j0 >= j1.
struct TileRect {
  std::int32_t i0 = 0;
  std::int32_t j0 = 0;
  std::int32_t i1 = 0;
  std::int32_t j1 = 0;
  constexpr bool empty() const noexcept { return i0 >= i1 || j0 >= j1; }
  constexpr bool contains(TileCoord c) const noexcept {
    return c.i >= i0 && c.i < i1 && c.j >= j0 && c.j < j1;
  }
  friend constexpr bool operator==(const TileRect&, const TileRect&) = default;
};

/// Heightmap samples [x0, x1) x [z0, z1): column and row ranges, half-open.
/// Empty when x0 >= x1 or z0 >= z1.
struct SampleRect {
  std::int32_t x0 = 0;
  std::int32_t z0 = 0;
  std::int32_t x1 = 0;
  std::int32_t z1 = 0;
  constexpr bool empty() const noexcept { return x0 >= x1 || z0 >= z1; }
  friend constexpr bool operator==(const SampleRect&, const SampleRect&) = default;
};

/// Dense tile index `j * tiles_wide + i`. A distinct type so tile and set
/// indices cannot be mixed up.
enum class TileId : std::uint32_t {};

/// Connected-set index; see ConnectedSets.
enum class SetId : std::uint32_t {};

constexpr std::uint32_t index(TileId t) noexcept {
  return static_cast<std::uint32_t>(t);
}
constexpr std::uint32_t index(SetId s) noexcept {
  return static_cast<std::uint32_t>(s);
}

/// Every failure the nav module reports by exception (loading, building):
/// the message names the input and the problem in one line.
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace terranav::nav
