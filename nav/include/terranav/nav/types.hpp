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
