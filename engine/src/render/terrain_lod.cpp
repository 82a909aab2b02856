#include "terranav/engine/render/terrain_lod.hpp"

#include <algorithm>
#include <vector>

#include <glm/gtc/type_ptr.hpp>

namespace terranav::engine {
namespace {

// Levels the shader's u_morph array holds (2^15 x 32 cells > any heightmap).
constexpr int kMaxLevels = 16;

}  // namespace

TerrainLod::TerrainLod(const nav::Heightmap& heightmap, int patch_cells)
    : quadtree_(heightmap, patch_cells),
      width_(heightmap.width()),
      depth_(heightmap.depth()),
      spacing_(heightmap.spacing()),
      heights_(make_texture()),
      vao_(make_vertex_array()),
      grid_(make_buffer()),
      indices_(make_buffer()),
      instances_(make_buffer()) {
  glBindTexture(GL_TEXTURE_2D, heights_.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, width_, depth_, 0, GL_RED, GL_FLOAT,
               heightmap.heights().data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);

  // The patch: (n + 1)^2 grid points, cells split like nav::Heightmap; the
  // cells of the first quarter come first so it can be drawn alone.
  const int n = patch_cells;
  const int half = n / 2;
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
  for (int j = 0; j < half; ++j) {
    for (int i = 0; i < half; ++i) cell(i, j);
  }
  quarter_count_ = static_cast<GLsizei>(indices.size());
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      if (i >= half || j >= half) cell(i, j);
    }
  }
  full_count_ = static_cast<GLsizei>(indices.size());

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
  glEnableVertexAttribArray(2);
  glVertexAttribDivisor(2, 1);
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

void TerrainLod::bind_heights(int unit) const {
  glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + unit));
  glBindTexture(GL_TEXTURE_2D, heights_.id());
}

LodSelection TerrainLod::draw(const ShaderProgram& program, const OrbitCamera& camera,
                              Viewport viewport, int height_unit, double max_error_px) const {
  LodSelection selection = quadtree_.select(camera, viewport, max_error_px);
  // Per instance: first sample (x, z), grid stride in samples, level.
  std::vector<glm::vec4> full;
  std::vector<glm::vec4> quarters;
  for (const LodPiece& p : selection.pieces) {
    const glm::vec4 v(static_cast<float>(p.x0), static_cast<float>(p.z0),
                      static_cast<float>(1 << p.level), static_cast<float>(p.level));
    ((p.size >> p.level) == quadtree_.patch_cells() ? full : quarters).push_back(v);
  }
  std::vector<glm::vec2> morph(kMaxLevels, glm::vec2(1e30f, 2e30f));
  for (std::size_t l = 0; l < selection.morph_start.size() && l < morph.size(); ++l) {
    morph[l] = glm::vec2(static_cast<float>(selection.morph_start[l]),
                         static_cast<float>(selection.morph_end[l]));
  }
  glUniform2fv(program.uniform("u_morph[0]"), kMaxLevels, glm::value_ptr(morph[0]));
  program.set("u_eye", glm::vec3(eye_position(camera)));
  program.set("u_spacing", static_cast<float>(spacing_));
  glUniform2i(program.uniform("u_samples"), width_, depth_);
  bind_heights(height_unit);
  program.set("u_heights", height_unit);

  glBindVertexArray(vao_.id());
  glBindBuffer(GL_ARRAY_BUFFER, instances_.id());
  std::vector<glm::vec4> all = full;
  all.insert(all.end(), quarters.begin(), quarters.end());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(all.size() * sizeof(glm::vec4)), all.data(),
               GL_STREAM_DRAW);
  if (!full.empty()) {
    glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, sizeof(glm::vec4), nullptr);
    glDrawElementsInstanced(GL_TRIANGLES, full_count_, GL_UNSIGNED_INT, nullptr,
                            static_cast<GLsizei>(full.size()));
  }
  if (!quarters.empty()) {
    glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, sizeof(glm::vec4),
                          reinterpret_cast<const void*>(full.size() * sizeof(glm::vec4)));
    glDrawElementsInstanced(GL_TRIANGLES, quarter_count_, GL_UNSIGNED_INT, nullptr,
                            static_cast<GLsizei>(quarters.size()));
  }
  glBindVertexArray(0);
  glActiveTexture(GL_TEXTURE0);
  return selection;
}

}  // namespace terranav::engine
