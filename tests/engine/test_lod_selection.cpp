// The level-of-detail selection (CDLOD style), GL-free: coverage, culling,
// neighbours, the error bound and the morph conditions that keep it crack-free.
#include "terranav/engine/render/lod_selection.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <vector>

#include <gtest/gtest.h>

#include "terranav/engine/scene/world.hpp"
#include "terranav/terrain_io/procedural.hpp"

namespace terranav::engine {
namespace {

constexpr int kPatch = 8;
const Viewport kViewport{480, 270};

nav::Heightmap test_heightmap() {
  // Gentle relief, so the views span several levels.
  return nav::procedural_heightmap(
      {.size = 257, .seed = 3, .spacing_m = 30.0, .relief_m = 150.0, .octaves = 4});
}

/// 203 samples a side: the last nodes of every patch size are cut short.
nav::Heightmap cut_heightmap() {
  return nav::procedural_heightmap(
      {.size = 203, .seed = 5, .spacing_m = 30.0, .relief_m = 150.0, .octaves = 4});
}

/// Flat ground with rough squares of 32 x 32 samples in a third of the
/// places: neighbouring nodes' errors differ by far more than a level, so
/// the nesting conditions, not the errors, keep the levels together.
nav::Heightmap patchwork_heightmap() {
  const nav::Heightmap rough = test_heightmap();
  std::vector<float> heights(rough.heights().begin(), rough.heights().end());
  for (int z = 0; z < rough.depth(); ++z) {
    for (int x = 0; x < rough.width(); ++x) {
      if ((x / 32 + z / 32) % 3 != 0) {
        heights[static_cast<std::size_t>(z) * static_cast<std::size_t>(rough.width()) +
                static_cast<std::size_t>(x)] = 0.0f;
      }
    }
  }
  return nav::Heightmap(rough.width(), rough.depth(), rough.spacing(), std::move(heights));
}

OrbitCamera low_camera(const nav::Heightmap& h) {
  const OrbitCamera start = default_camera(h, kViewport);
  const double x = 0.4 * h.extent_x();
  const double z = 0.6 * h.extent_z();
  OrbitCamera c = looking_at(start, {x, h.surface_height(x, z), z}, 0.15 * start.distance);
  c.pitch = 0.2;
  c.yaw = 0.7;
  return c;
}

std::vector<OrbitCamera> cameras(const nav::Heightmap& h) {
  return {default_camera(h, kViewport), low_camera(h)};
}

/// Display distance from the eye to the piece's box (nav box, y exaggerated).
double box_distance(const LodQuadtree& tree, const LodPiece& p, const OrbitCamera& camera) {
  const LodBox b = tree.bounds(p.level, p.x0, p.z0);
  const double e = camera.vertical_exaggeration;
  const glm::dvec3 eye = eye_position(camera);
  const glm::dvec3 lo(b.min.x, b.min.y * e, b.min.z);
  const glm::dvec3 hi(b.max.x, b.max.y * e, b.max.z);
  return glm::length(glm::clamp(eye, lo, hi) - eye);
}

/// Whether all 8 corners of the box lie beyond one clip plane.
bool corners_outside_one_plane(const LodBox& b, const glm::dmat4& to_clip) {
  std::vector<glm::dvec4> clip;
  for (int k = 0; k < 8; ++k) {
    clip.push_back(to_clip * glm::dvec4((k & 1) ? b.max.x : b.min.x, (k & 2) ? b.max.y : b.min.y,
                                        (k & 4) ? b.max.z : b.min.z, 1.0));
  }
  for (int axis = 0; axis < 3; ++axis) {
    for (const double sign : {-1.0, 1.0}) {
      if (std::all_of(clip.begin(), clip.end(),
                      [&](const glm::dvec4& c) { return sign * c[axis] > c.w; })) {
        return true;
      }
    }
  }
  return false;
}

/// Length of the overlap of [a0, a1] and [b0, b1].
int overlap(int a0, int a1, int b0, int b1) {
  return std::min(a1, b1) - std::max(a0, b0);
}

bool neighbours(const LodPiece& a, const LodPiece& b) {
  const bool x_touch = a.x0 + a.size == b.x0 || b.x0 + b.size == a.x0;
  const bool z_touch = a.z0 + a.size == b.z0 || b.z0 + b.size == a.z0;
  return (x_touch && overlap(a.z0, a.z0 + a.size, b.z0, b.z0 + b.size) > 0) ||
         (z_touch && overlap(a.x0, a.x0 + a.size, b.x0, b.x0 + b.size) > 0);
}

TEST(LodSelection, PiecesAndCulledNodesTileTheMapOnce) {
  const nav::Heightmap h = test_heightmap();
  const LodQuadtree tree(h, kPatch);
  EXPECT_EQ(tree.levels(), 6);  // 256 cells = 8 << 5
  for (const OrbitCamera& camera : cameras(h)) {
    const LodSelection s = tree.select(camera, kViewport);
    std::vector<int> cover(static_cast<std::size_t>((h.width() - 1) * (h.depth() - 1)), 0);
    for (const auto* list : {&s.pieces, &s.culled}) {
      for (const LodPiece& p : *list) {
        for (int z = p.z0; z < std::min(p.z0 + p.size, h.depth() - 1); ++z) {
          for (int x = p.x0; x < std::min(p.x0 + p.size, h.width() - 1); ++x) {
            ++cover[static_cast<std::size_t>(z * (h.width() - 1) + x)];
          }
        }
      }
    }
    EXPECT_TRUE(std::all_of(cover.begin(), cover.end(), [](int c) { return c == 1; }));
    std::int64_t triangles = 0;
    for (const LodPiece& p : s.pieces) {
      EXPECT_EQ(p.size, kPatch << p.level);
      triangles += 2 * kPatch * kPatch;
    }
    EXPECT_EQ(s.triangles, triangles);
  }
}

TEST(LodSelection, WholeMapInViewIsDrawnWithoutCulling) {
  const nav::Heightmap h = test_heightmap();
  const LodQuadtree tree(h, kPatch);
  OrbitCamera far = default_camera(h, kViewport);
  far.distance *= 2.0;
  const LodSelection s = tree.select(far, kViewport);
  EXPECT_TRUE(s.culled.empty());
  EXPECT_FALSE(s.pieces.empty());
  // Far away the map needs far fewer triangles than its 2 x 256^2.
  EXPECT_LT(s.triangles, 2 * 256 * 256 / 4);
}

TEST(LodSelection, CulledNodesAreOutsideTheFrustumAndDrawnOnesAreNot) {
  const nav::Heightmap h = test_heightmap();
  const LodQuadtree tree(h, kPatch);
  const OrbitCamera camera = low_camera(h);
  const LodSelection s = tree.select(camera, kViewport);
  const glm::dmat4 to_clip = nav_to_clip(camera, kViewport);
  ASSERT_FALSE(s.culled.empty());
  for (const LodPiece& p : s.culled) {
    EXPECT_TRUE(corners_outside_one_plane(tree.bounds(p.level, p.x0, p.z0), to_clip))
        << p.x0 << "," << p.z0 << " level " << p.level;
  }
  for (const LodPiece& p : s.pieces) {
    EXPECT_FALSE(corners_outside_one_plane(tree.bounds(p.level, p.x0, p.z0), to_clip));
  }
}

TEST(LodSelection, NeighboursDifferByAtMostOneLevel) {
  for (const nav::Heightmap& h : {test_heightmap(), patchwork_heightmap()}) {
    const LodQuadtree tree(h, kPatch);
    const std::vector<OrbitCamera> views = cameras(h);
    for (std::size_t v = 0; v < views.size(); ++v) {
      const LodSelection s = tree.select(views[v], kViewport);
      int pairs = 0;
      int mixed = 0;
      for (const LodPiece& a : s.pieces) {
        for (const LodPiece& b : s.pieces) {
          if (!neighbours(a, b)) continue;
          ++pairs;
          mixed += a.level != b.level ? 1 : 0;
          EXPECT_LE(std::abs(a.level - b.level), 1);
        }
      }
      EXPECT_GT(pairs, 0);
      if (v > 0) {
        EXPECT_GT(mixed, 0);  // the low view spans several levels
      }
    }
  }
}

TEST(LodSelection, ProjectedErrorOfEachPieceIsWithinOnePixel) {
  const nav::Heightmap h = test_heightmap();
  const LodQuadtree tree(h, kPatch);
  const std::vector<OrbitCamera> views = cameras(h);
  for (std::size_t v = 0; v < views.size(); ++v) {
    const OrbitCamera& camera = views[v];
    const LodSelection s = tree.select(camera, kViewport, 1.0);
    std::vector<int> levels(static_cast<std::size_t>(tree.levels()), 0);
    for (const LodPiece& p : s.pieces) {
      ++levels[static_cast<std::size_t>(p.level)];
      // The piece's own grid: its error's share across the line of sight
      // (the eye is at least `above` over the piece), at the nearest point.
      const double e = camera.vertical_exaggeration;
      const glm::dvec3 eye = eye_position(camera);
      const double d = box_distance(tree, p, camera);
      const double above = std::max(eye.y - tree.bounds(p.level, p.x0, p.z0).max.y * e, 0.0);
      const double across = std::sqrt(std::max(1.0 - above * above / (d * d), 0.0));
      const LodBox own = tree.bounds(p.level, p.x0, p.z0);
      const double k = LodQuadtree::error_scale(camera, kViewport, 1.0, &own);
      EXPECT_LE(k, LodQuadtree::error_scale(camera, kViewport, 1.0));  // the worst case
      EXPECT_LE(k * tree.node_error(p.level, p.x0, p.z0) * across, d * (1.0 + 1e-9));
      // Its vertices blend into the next level's grid from kMorphStart to
      // kMorphEnd x F: that grid's error over the piece within the bound
      // from kMorphEnd F, the piece's own grid's from kMorphStart F (both
      // found here sample by sample).
      if (p.level + 1 >= tree.levels()) continue;
      double fine = 0.0;
      double next = 0.0;
      for (int z = p.z0; z <= std::min(p.z0 + p.size, h.depth() - 1); ++z) {
        for (int x = p.x0; x <= std::min(p.x0 + p.size, h.width() - 1); ++x) {
          fine = std::max(fine, grid_deviation(h, 1 << p.level, x, z));
          next = std::max(next, grid_deviation(h, 2 << p.level, x, z));
        }
      }
      const double above_top = eye.y - own.max.y * e;
      for (const int dz : {0, p.size}) {
        for (const int dx : {0, p.size}) {
          const double f = tree.morph_range(s.field, p.level, p.x0 + dx, p.z0 + dz);
          EXPECT_LE(error_distance(next * k, above_top), kMorphEnd * f * (1.0 + 1e-6));
          // e_fine x across(kMorphEnd F) <= kMorphStart F.
          EXPECT_LE(error_distance(fine * k * kMorphEnd / kMorphStart, above_top),
                    kMorphEnd * f * (1.0 + 1e-6));
        }
      }
    }
    if (v > 0) {  // the low view uses several levels
      EXPECT_GT(std::count_if(levels.begin(), levels.end(), [](int n) { return n > 0; }), 1);
    }
  }
}

// Where a level-L piece meets a level-(L+1) one, the finer piece's edge
// vertices are fully morphed (distance >= kMorphEnd F_L) and the coarser
// one's not at all (distance <= kMorphStart F_{L+1}), so both draw the same
// edge: no cracks.
TEST(LodSelection, SharedEdgesAgreeBetweenLevels) {
  int checked = 0;
  for (const nav::Heightmap& h : {test_heightmap(), patchwork_heightmap()}) {
    const LodQuadtree tree(h, kPatch);
    for (const OrbitCamera& camera : cameras(h)) {
      const LodSelection s = tree.select(camera, kViewport);
      const glm::dvec3 eye = eye_position(camera);
      const double e = camera.vertical_exaggeration;
      const auto distance = [&](int x, int z) {
        x = std::min(x, h.width() - 1);
        z = std::min(z, h.depth() - 1);
        return glm::length(glm::dvec3(x * h.spacing(), h.at(x, z) * e, z * h.spacing()) - eye);
      };
      for (const LodPiece& fine : s.pieces) {
        for (const LodPiece& coarse : s.pieces) {
          if (coarse.level != fine.level + 1 || !neighbours(fine, coarse)) continue;
          const int stride = 1 << fine.level;
          // Shared edge samples.
          for (int z = std::max(fine.z0, coarse.z0);
               z <= std::min(fine.z0 + fine.size, coarse.z0 + coarse.size); z += stride) {
            for (int x = std::max(fine.x0, coarse.x0);
                 x <= std::min(fine.x0 + fine.size, coarse.x0 + coarse.size); x += stride) {
              const double d = distance(x, z);
              EXPECT_GE(d, kMorphEnd * tree.morph_range(s.field, fine.level, x, z))
                  << x << "," << z;
              if (coarse.level + 1 < tree.levels()) {
                EXPECT_LE(d, kMorphStart * tree.morph_range(s.field, coarse.level, x, z))
                    << x << "," << z;
              }
              ++checked;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 0);
}

// The vertex shader's per-piece ranges: morph_range at the corners, to the
// bit, on every patch size, and on a map whose last nodes are cut short.
TEST(LodSelection, CornerRangesAreTheMorphRangesAtTheCorners) {
  int checked = 0;
  for (const nav::Heightmap& h : {test_heightmap(), cut_heightmap()}) {
    for (const int patch : {2, 4, 8}) {
      const LodQuadtree tree(h, patch);
      for (const OrbitCamera& camera : cameras(h)) {
        const LodSelection s = tree.select(camera, kViewport);
        for (const LodPiece& p : s.pieces) {
          const std::array<float, 4> corners = tree.corner_ranges(s.field, p);
          for (int k = 0; k < 4; ++k) {
            const double x = p.x0 + (k & 1) * p.size;
            const double z = p.z0 + (k >> 1) * p.size;
            ASSERT_EQ(corners[static_cast<std::size_t>(k)],
                      static_cast<float>(tree.morph_range(s.field, p.level, x, z)))
                << "patch " << patch << " piece " << p.x0 << "," << p.z0 << " level " << p.level
                << " corner " << k;
            ++checked;
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

TEST(LodSelection, UpdateAfterAnEditMatchesARebuild) {
  nav::Heightmap h = test_heightmap();
  LodQuadtree tree(h, kPatch);
  const nav::SampleRect rect{100, 37, 131, 60};
  std::vector<float> raised;
  for (int z = rect.z0; z < rect.z1; ++z) {
    for (int x = rect.x0; x < rect.x1; ++x)
      raised.push_back(h.at(x, z) + 40.0f + static_cast<float>(x % 3) * 7.0f);
  }
  h.set_heights(rect, raised);
  tree.update(h, rect);
  const LodQuadtree rebuilt(h, kPatch);
  for (int level = 0; level < tree.levels(); ++level) {
    EXPECT_EQ(tree.level_error(level), rebuilt.level_error(level));
    const int size = kPatch << level;
    for (int nz = 0; nz < tree.nodes_deep(level); ++nz) {
      for (int nx = 0; nx < tree.nodes_wide(level); ++nx) {
        const LodBox a = tree.bounds(level, nx * size, nz * size);
        const LodBox b = rebuilt.bounds(level, nx * size, nz * size);
        EXPECT_EQ(a.min.y, b.min.y);
        EXPECT_EQ(a.max.y, b.max.y);
        EXPECT_EQ(tree.node_error(level, nx * size, nz * size),
                  rebuilt.node_error(level, nx * size, nz * size));
      }
    }
  }
}

TEST(LodSelection, ErrorDistanceSolvesTheAcrossShare) {
  EXPECT_EQ(error_distance(100.0, 0.0), 100.0);  // level with the eye: all of it shows
  EXPECT_EQ(error_distance(100.0, -5.0), 100.0);
  EXPECT_EQ(error_distance(100.0, 50.0), 0.0);  // from high enough, never a pixel
  for (const double h : {1.0, 10.0, 40.0, 49.0}) {
    const double d = error_distance(100.0, h);
    EXPECT_NEAR(100.0 * std::sqrt(1.0 - h * h / (d * d)), d, 1e-9);
    for (const double farther : {1.01, 1.5, 3.0}) {
      const double f = d * farther;
      EXPECT_LT(100.0 * std::sqrt(1.0 - h * h / (f * f)), f);
    }
  }
}

// Each node's error is the largest grid_deviation over its samples (the
// tree takes it from its children's next-grid errors, computed cell by
// cell), on every patch size and on a map whose last nodes are cut short.
TEST(LodSelection, NodeErrorsAreTheLargestDeviationsOverTheirSamples) {
  int checked = 0;
  for (const nav::Heightmap& h : {test_heightmap(), cut_heightmap()}) {
    for (const int patch : {2, 4, 8}) {
      const LodQuadtree tree(h, patch);
      for (int level = 1; level < tree.levels(); ++level) {
        const int size = patch << level;
        for (int z0 = 0; z0 < h.depth() - 1; z0 += size) {
          for (int x0 = 0; x0 < h.width() - 1; x0 += size) {
            double largest = 0.0;
            for (int z = z0; z <= std::min(z0 + size, h.depth() - 1); ++z) {
              for (int x = x0; x <= std::min(x0 + size, h.width() - 1); ++x) {
                largest = std::max(largest, grid_deviation(h, 1 << level, x, z));
              }
            }
            ASSERT_NEAR(tree.node_error(level, x0, z0), largest, 1e-4 * (1.0 + largest))
                << "level " << level << " node " << x0 << "," << z0 << " patch " << patch;
            ++checked;
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

TEST(LodSelection, GridDeviationIsZeroOnGridVerticesAndPlanes) {
  std::vector<float> plane;
  for (int z = 0; z < 9; ++z) {
    for (int x = 0; x < 9; ++x) plane.push_back(static_cast<float>(2 * x - z));
  }
  const nav::Heightmap h(9, 9, 1.0, plane);
  for (int z = 0; z < 9; ++z) {
    for (int x = 0; x < 9; ++x) EXPECT_NEAR(grid_deviation(h, 4, x, z), 0.0, 1e-9);
  }
  std::vector<float> bump(81, 0.0f);
  bump[static_cast<std::size_t>(4 * 9 + 4)] = 10.0f;
  const nav::Heightmap b(9, 9, 1.0, bump);
  EXPECT_EQ(grid_deviation(b, 2, 4, 4), 0.0);   // a vertex of the stride-2 grid
  EXPECT_EQ(grid_deviation(b, 8, 4, 4), 10.0);  // dropped by the stride-8 grid
  EXPECT_THROW(LodQuadtree(b, 3), nav::Error);
}

TEST(LodQuadtree, DefaultPatchKeepsTheFinestLevelWithin2To18Nodes) {
  EXPECT_EQ(default_patch_cells(9, 9), 4);
  EXPECT_EQ(default_patch_cells(1025, 1025), 4);  // 256^2 nodes
  EXPECT_EQ(default_patch_cells(2049, 2049), 4);  // 512^2 = 2^18 exactly
  EXPECT_EQ(default_patch_cells(2050, 2049), 8);  // one column more
  EXPECT_EQ(default_patch_cells(4097, 4097), 8);
  EXPECT_EQ(default_patch_cells(8193, 8193), 16);
  EXPECT_EQ(default_patch_cells(4097, 1025), 4);  // 1024 x 256
  std::vector<float> flat(33 * 17, 0.0f);
  EXPECT_EQ(LodQuadtree(nav::Heightmap(33, 17, 1.0, flat)).patch_cells(), 4);
}

}  // namespace
}  // namespace terranav::engine
