// Debug drawing (after Recast/Detour's duDebugDraw): nav describes what to
// draw through an abstract DebugDraw, an engine implements it with its own
// graphics API, so nav stays free of GL. Two kinds of output: primitives
// (points, lines, triangles in nav metres) and a per-tile colour field that
// the engine drapes over its terrain (a quad per tile would be millions of
// triangles on a large map). The draw_* functions each draw one overlay and
// return its legend.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/terrain_graph.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {

/// 8-bit colour, sRGB as the framebuffer stores it; a = opacity (for a tile
/// field: how strongly the tile is tinted, 0 = not at all).
struct Rgba {
  std::uint8_t r = 0;
  std::uint8_t g = 0;
  std::uint8_t b = 0;
  std::uint8_t a = 0;
  friend constexpr bool operator==(const Rgba&, const Rgba&) = default;
};

/// What the vertices between begin() and end() form: each vertex a point,
/// each pair a line segment, each triple a triangle.
enum class Primitive { Points, Lines, Triangles };

/// The sink the draw_* functions draw into. Calls come as begin(), any
/// number of vertex(), end(), repeated; tile_field() outside such a run.
/// Implementations need not be thread-safe.
class DebugDraw {
 public:
  virtual ~DebugDraw() = default;
  /// Starts primitives of one kind; `size` is the point size or line width
  /// in pixels (ignored for triangles; an implementation may clamp it).
  virtual void begin(Primitive primitive, float size = 1.0f) = 0;
  /// One vertex at `position` (nav frame, metres) with its colour.
  virtual void vertex(const Vec3& position, Rgba colour) = 0;
  /// Ends the primitives begun; a trailing incomplete primitive is dropped.
  virtual void end() = 0;
  /// A colour per tile, row-major (`j * tiles_wide + i`, as TileId),
  /// `tiles_wide * tiles_deep` of them, to drape over the terrain: tile
  /// (i, j) covers nav x in [i, i+1) * tile metres, z in [j, j+1) * tile
  /// metres. Replaces any earlier field.
  virtual void tile_field(int tiles_wide, int tiles_deep, std::span<const Rgba> colours) = 0;
};

/// What a colour of an overlay means, for a UI's legend.
struct LegendEntry {
  Rgba colour;
  std::string label;
};

/// Tiles with no edges (blocked, or every slope too steep).
inline constexpr Rgba kNoEdgesColour{217, 20, 13, 191};
/// Walkable tiles missing some possible edges: this colour, its alpha
/// graded from kPartialMinAlpha (a tiny share missing) towards
/// kPartialMaxAlpha (all but one missing).
inline constexpr Rgba kPartialEdgesColour{0, 190, 255, 0};
inline constexpr std::uint8_t kPartialMinAlpha = 90;
inline constexpr std::uint8_t kPartialMaxAlpha = 210;

/// Number of edges tile t could have: the directions of the graph's
/// topology (Octile8 8, Cardinal4 the 4 even ones, Hex6 the 6 of its axial
/// neighbours, Knight16 16) whose neighbour lies inside the map. Edges lost
/// to the map border are not "missing"; edges lost to blocked tiles, steep
/// slopes or the corner rule are. O(directions).
int possible_edges(const TerrainGraph& graph, TileId t) noexcept;

/// Walkability as a tile field: a tile with no edges at all is
/// kNoEdgesColour; a tile with e of its p = possible_edges() edges, 0 < e
/// < p, is kPartialEdgesColour with alpha
///   round(kPartialMinAlpha + (kPartialMaxAlpha - kPartialMinAlpha) * (p - e) / p);
/// a tile with every possible edge has alpha 0. Returns the legend (no
/// edges; partial at its lightest and strongest; a line saying edges off
/// the map do not count). O(tiles * directions).
std::vector<LegendEntry> draw_walkability(DebugDraw& draw, const TerrainGraph& graph);

/// The colour of connected set s: hue = frac(index(s) * 0.618...) (the
/// golden ratio spreads consecutive ids far apart), saturation 0.8, value
/// 1.0, 0.8 or 0.6 by index(s) % 3, alpha kSetAlpha. O(1).
Rgba set_colour(SetId s) noexcept;
inline constexpr std::uint8_t kSetAlpha = 150;
/// The largest set's alpha: tinted lightly, so the ground shows through
/// where most of it is one set and the other sets stand out.
inline constexpr std::uint8_t kLargestSetAlpha = 50;

/// Connected sets as a tile field: each tile the set_colour() of its set,
/// with alpha kLargestSetAlpha in ConnectedSets::largest(); blocked tiles
/// (no set) alpha 0. `sets` must be of `graph`. Returns the legend: the 5
/// largest sets with their sizes (in their colours as drawn), then the
/// number of sets. O(tiles + set_id_bound()).
std::vector<LegendEntry> draw_connected_sets(DebugDraw& draw, const TerrainGraph& graph,
                                             const ConnectedSets& sets);

/// Closed (expanded) and open (frontier) tiles of the last query.
inline constexpr Rgba kClosedColour{40, 90, 230, 150};
inline constexpr Rgba kOpenColour{30, 220, 60, 190};

/// The last query's sets as a tile field: AStar::state() per tile, Closed
/// kClosedColour, Open kOpenColour, Unvisited alpha 0. `search` must be of
/// `graph`. Returns the legend with the tile counts. O(tiles).
std::vector<LegendEntry> draw_search_sets(DebugDraw& draw, const TerrainGraph& graph,
                                          const AStar& search);

/// Contour colours: every level, and every fifth (index contours).
inline constexpr Rgba kContourColour{60, 30, 10, 200};
inline constexpr Rgba kIndexContourColour{20, 5, 0, 255};

/// Contour lines of the heightmap's surface at heights k * interval_m (k
/// integer; every fifth, k % 5 == 0, in kIndexContourColour): marching
/// triangles on exactly the surface Heightmap triangulates (two triangles
/// per cell, diagonal (x, z)-(x+1, z+1)), so every segment lies on it. A
/// triangle edge from height a to height b crosses level L iff
/// (a < L) != (b < L); the crossing is at t = (L - a) / (b - a) along it,
/// at height exactly L. Each triangle crossing L has two such edges: one
/// segment, drawn as Lines. A sample exactly at L counts as above, so flat
/// ground at a level draws nothing. Returns the legend (interval and index
/// interval, metres). Throws Error, before drawing, for an interval that is
/// not finite and > 0, or more than kMaxContourLevels levels between the
/// lowest and highest sample. O(samples + segments).
std::vector<LegendEntry> draw_contours(DebugDraw& draw, const Heightmap& heightmap,
                                       double interval_m);
inline constexpr double kMaxContourLevels = 10000.0;

}  // namespace terranav::nav
