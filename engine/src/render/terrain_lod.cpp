#include "terranav/engine/render/terrain_lod.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "terranav/engine/gl/multisampling.hpp"
#include "terranav/engine/gl/texture_limit.hpp"

namespace terranav::engine {
namespace {

/// texelFetch only (the vertex shader reads exact samples): nearest, no
/// mipmaps, clamped at the map's edges; for the bound 2D texture.
void exact_texels() {
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
}

// Pieces drawn between flushes on a software renderer. llvmpipe bins a
// whole scene on the calling thread and starts its rasteriser threads only
// at a flush, so one draw of every piece leaves them idle while it bins:
// flushing every 512 pieces (16 k triangles at 4 x 4 cells) overlaps the
// two, default DEM 59 -> 55 ms a frame on 2 cores. On a GPU the flushes
// only cost (4097²: 8.0 -> 8.4 ms on an H100), so there one draw takes all.
constexpr std::size_t kPiecesPerFlush = 512;

}  // namespace

TerrainLod::TerrainLod(const nav::Heightmap& heightmap, std::optional<int> patch_cells)
    : quadtree_(patch_cells ? LodQuadtree(heightmap, *patch_cells) : LodQuadtree(heightmap)),
      width_(heightmap.width()),
      depth_(heightmap.depth()),
      spacing_(heightmap.spacing()),
      heights_(make_texture()),
      vao_(make_vertex_array()),
      grid_(make_buffer()),
      indices_(make_buffer()),
      instances_(make_buffer()),
      pieces_per_flush_(software_renderer() ? kPiecesPerFlush
                                            : std::numeric_limits<std::size_t>::max()) {
  require_texture_size("terrain LOD", width_, depth_);
  glBindTexture(GL_TEXTURE_2D, heights_.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, width_, depth_, 0, GL_RED, GL_FLOAT,
               heightmap.heights().data());
  exact_texels();

  // The patch: (n + 1)^2 grid points, cells split like nav::Heightmap.
  const int n = quadtree_.patch_cells();
  std::vector<glm::vec2> grid;
  grid.reserve(static_cast<std::size_t>((n + 1) * (n + 1)));
  for (int j = 0; j <= n; ++j) {
    for (int i = 0; i <= n; ++i) grid.emplace_back(static_cast<float>(i), static_cast<float>(j));
  }
  std::vector<std::uint32_t> indices;
  indices.reserve(static_cast<std::size_t>(n * n * 6));
  const auto cell = [&](int i, int j) {
    const auto v00 = static_cast<std::uint32_t>(j * (n + 1) + i);
    const std::uint32_t v10 = v00 + 1;
    const std::uint32_t v01 = v00 + static_cast<std::uint32_t>(n + 1);
    const std::uint32_t v11 = v01 + 1;
    indices.insert(indices.end(), {v00, v10, v11, v00, v11, v01});
  };
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) cell(i, j);
  }
  index_count_ = static_cast<GLsizei>(indices.size());

  glBindVertexArray(vao_.id());
  glBindBuffer(GL_ARRAY_BUFFER, grid_.id());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(grid.size() * sizeof(glm::vec2)),
               grid.data(), GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(glm::vec2), nullptr);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.id());
  glBufferData(GL_ELEMENT_ARRAY_BUFFER,
               static_cast<GLsizeiptr>(indices.size() * sizeof(std::uint32_t)), indices.data(),
               GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, instances_.id());
  for (const GLuint attribute : {2u, 3u}) {
    glEnableVertexAttribArray(attribute);
    glVertexAttribDivisor(attribute, 1);
  }
  glBindVertexArray(0);
}

void TerrainLod::update(const nav::Heightmap& heightmap, nav::SampleRect rect) {
  rect.x0 = std::max(rect.x0, 0);
  rect.z0 = std::max(rect.z0, 0);
  rect.x1 = std::min(rect.x1, width_);
  rect.z1 = std::min(rect.z1, depth_);
  if (rect.empty()) return;
  glBindTexture(GL_TEXTURE_2D, heights_.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, width_);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, rect.x0);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, rect.z0);
  glTexSubImage2D(GL_TEXTURE_2D, 0, rect.x0, rect.z0, rect.x1 - rect.x0, rect.z1 - rect.z0, GL_RED,
                  GL_FLOAT, heightmap.heights().data());
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
  quadtree_.update(heightmap, rect);
}

LodSelection TerrainLod::draw(const ShaderProgram& plain, const ShaderProgram& tinted,
                              const LodNodeMask& mask, const OrbitCamera& camera, Viewport viewport,
                              int height_unit, double max_error_px) const {
  LodSelection selection = quadtree_.select(camera, viewport, max_error_px);
  // The plain pieces first, then those the overlay tints, each group in the
  // selection's front-to-back order.
  std::vector<LodPiece> ordered = selection.pieces;
  const auto plain_count = static_cast<std::size_t>(
      std::stable_partition(ordered.begin(), ordered.end(),
                            [&](const LodPiece& p) { return !mask.any(p); }) -
      ordered.begin());
  // Per instance: first sample (x, z), grid stride in samples, level; then
  // F_level at the piece's four corners.
  std::vector<glm::vec4> pieces;
  pieces.reserve(2 * ordered.size());
  for (const LodPiece& p : ordered) {
    pieces.emplace_back(static_cast<float>(p.x0), static_cast<float>(p.z0),
                        static_cast<float>(1 << p.level), static_cast<float>(p.level));
    const std::array<float, 4> range = quadtree_.corner_ranges(selection.field, p);
    pieces.emplace_back(range[0], range[1], range[2], range[3]);
  }
  glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + height_unit));
  glBindTexture(GL_TEXTURE_2D, heights_.id());
  glBindVertexArray(vao_.id());
  glBindBuffer(GL_ARRAY_BUFFER, instances_.id());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(pieces.size() * sizeof(glm::vec4)),
               pieces.data(), GL_STREAM_DRAW);
  // Cells are wound clockwise seen from above (+y).
  glEnable(GL_CULL_FACE);
  glFrontFace(GL_CW);
  glCullFace(GL_BACK);
  const auto draw_group = [&](const ShaderProgram& program, std::size_t begin, std::size_t end) {
    if (begin == end) return;
    program.use();
    program.set("u_patch_cells", quadtree_.patch_cells());
    program.set("u_top_level", quadtree_.levels() - 1);
    program.set("u_eye", glm::vec3(eye_position(camera)));
    program.set("u_exaggeration", static_cast<float>(camera.vertical_exaggeration));
    program.set("u_spacing", static_cast<float>(spacing_));
    glUniform2f(program.uniform("u_morph"), static_cast<float>(kMorphStart),
                static_cast<float>(kMorphEnd));
    glUniform2i(program.uniform("u_samples"), width_, depth_);
    program.set("u_heights", height_unit);
    for (std::size_t first = begin; first < end; first += pieces_per_flush_) {
      if (first > 0) glFlush();
      // The batch's instances start at its first piece (GL 3.3 has no base instance).
      const auto at = [&](std::size_t vec4s) {
        return reinterpret_cast<const void*>((2 * first + vec4s) * sizeof(glm::vec4));
      };
      glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, 2 * sizeof(glm::vec4), at(0));
      glVertexAttribPointer(3, 4, GL_FLOAT, GL_FALSE, 2 * sizeof(glm::vec4), at(1));
      glDrawElementsInstanced(GL_TRIANGLES, index_count_, GL_UNSIGNED_INT, nullptr,
                              static_cast<GLsizei>(std::min(pieces_per_flush_, end - first)));
    }
  };
  draw_group(plain, 0, plain_count);
  draw_group(tinted, plain_count, ordered.size());
  glDisable(GL_CULL_FACE);
  glFrontFace(GL_CCW);
  glBindVertexArray(0);
  glActiveTexture(GL_TEXTURE0);
  return selection;
}

}  // namespace terranav::engine
