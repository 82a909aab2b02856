#include "terranav/engine/render/renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numbers>

#include "terranav/engine/render/terrain_mesh.hpp"
#include "terranav/engine/render/terrain_shading.hpp"
#include "terranav/engine/render/unit_mesh.hpp"

namespace terranav::engine {
namespace {

/// Uploads `data` to a new array buffer bound to `vao`, attribute 0
/// (position) at offset 0, attribute 1 (normal) at `normal_offset` when >= 0;
/// `usage` GL_DYNAMIC_DRAW for data replaced every frame.
template <typename Vertex>
void upload_vertices(const VertexArray& vao, const Buffer& buffer, const std::vector<Vertex>& data,
                     std::ptrdiff_t normal_offset, GLenum usage = GL_STATIC_DRAW) {
  glBindVertexArray(vao.id());
  glBindBuffer(GL_ARRAY_BUFFER, buffer.id());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(Vertex)), data.data(),
               usage);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), nullptr);
  if (normal_offset >= 0) {
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                          reinterpret_cast<const void*>(normal_offset));
  }
}

glm::mat3 normal_matrix(const glm::dmat4& model) {
  return glm::mat3(glm::transpose(glm::inverse(glm::dmat3(model))));
}

/// Pushes the quad a, b, c, d (in order around it) as two triangles.
void push_quad(std::vector<glm::vec3>& out, glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d) {
  out.insert(out.end(), {a, b, c, a, c, d});
}

/// A ring (Ordered) or a cross (refused) of radius `radius_m` around `at`
/// on the surface, nav metres, each vertex `lift_m` above the surface.
std::vector<glm::vec3> marker_triangles(const nav::Heightmap& heightmap, const nav::Vec3& at,
                                        bool ring, double radius_m, double lift_m) {
  const auto on_surface = [&](double x, double z) {
    return glm::vec3(static_cast<float>(x),
                     static_cast<float>(heightmap.surface_height(x, z) + lift_m),
                     static_cast<float>(z));
  };
  std::vector<glm::vec3> out;
  if (ring) {
    constexpr int kSegments = 32;
    const double inner = 0.6 * radius_m;
    for (int k = 0; k < kSegments; ++k) {
      const double a0 = 2.0 * std::numbers::pi * k / kSegments;
      const double a1 = 2.0 * std::numbers::pi * (k + 1) / kSegments;
      push_quad(out, on_surface(at.x + inner * std::cos(a0), at.z + inner * std::sin(a0)),
                on_surface(at.x + radius_m * std::cos(a0), at.z + radius_m * std::sin(a0)),
                on_surface(at.x + radius_m * std::cos(a1), at.z + radius_m * std::sin(a1)),
                on_surface(at.x + inner * std::cos(a1), at.z + inner * std::sin(a1)));
    }
  } else {
    // Two bars along the diagonals, each a quarter of the radius wide, cut
    // in short pieces so they follow the ground.
    constexpr int kPieces = 8;
    const double half_width = 0.125 * radius_m;
    for (const glm::dvec2 along : {glm::dvec2(1.0, 1.0), glm::dvec2(1.0, -1.0)}) {
      const glm::dvec2 u = glm::normalize(along);
      const glm::dvec2 side(-u.y * half_width, u.x * half_width);
      for (int k = 0; k < kPieces; ++k) {
        const glm::dvec2 p0 = glm::dvec2(at.x, at.z) + u * radius_m * (2.0 * k / kPieces - 1.0);
        const glm::dvec2 p1 =
            glm::dvec2(at.x, at.z) + u * radius_m * (2.0 * (k + 1) / kPieces - 1.0);
        push_quad(
            out, on_surface(p0.x - side.x, p0.y - side.y), on_surface(p1.x - side.x, p1.y - side.y),
            on_surface(p1.x + side.x, p1.y + side.y), on_surface(p0.x + side.x, p0.y + side.y));
      }
    }
  }
  return out;
}

}  // namespace

Renderer::Renderer(const std::filesystem::path& shader_dir, const World& world, bool lod)
    : terrain_programs_{{shader_dir / "terrain.vert", shader_dir / "terrain.frag"},
                        {shader_dir / "terrain.vert",
                         shader_dir / "terrain.frag",
                         {"TILE_OVERLAY"}}},
      terrain_lod_programs_{
          {shader_dir / "terrain_lod.vert", shader_dir / "terrain.frag"},
          {shader_dir / "terrain_lod.vert", shader_dir / "terrain.frag", {"TILE_OVERLAY"}}},
      solid_program_(shader_dir / "solid.vert", shader_dir / "solid.frag"),
      lod_(lod),
      debug_draw_(shader_dir) {
  upload_terrain(world);

  path_ = {make_vertex_array(), make_buffer(), Buffer(), 0};
  preview_ = {make_vertex_array(), make_buffer(), Buffer(), 0};
  unit_ = {make_vertex_array(), make_buffer(), Buffer(), 0};
  marker_ = {make_vertex_array(), make_buffer(), Buffer(), 0};
  const std::vector<SolidVertex> marker = unit_mesh();
  upload_vertices(unit_.vao, unit_.vertices, marker, offsetof(SolidVertex, normal));
  unit_.count = static_cast<GLsizei>(marker.size());
  glBindVertexArray(0);
}

void Renderer::set_lod(bool lod, const World& world) {
  if (lod == lod_) return;
  lod_ = lod;
  upload_terrain(world);
}

void Renderer::upload_terrain(const World& world) {
  terrain_revision_ = world.terrain_revision();
  const nav::Heightmap& heightmap = world.heightmap();
  if (lod_) {
    terrain_ = Mesh();
    if (terrain_lod_) {
      terrain_lod_->update(heightmap, {0, 0, heightmap.width(), heightmap.depth()});
    } else {
      terrain_lod_ = std::make_unique<TerrainLod>(heightmap);
    }
  } else {
    terrain_lod_.reset();
    if (terrain_.count == 0) {
      terrain_ = {make_vertex_array(), make_buffer(), make_buffer(), 0};
      const std::vector<std::uint32_t> indices =
          terrain_indices(heightmap.width(), heightmap.depth());
      glBindVertexArray(terrain_.vao.id());
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, terrain_.indices.id());
      glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                   static_cast<GLsizeiptr>(indices.size() * sizeof(std::uint32_t)), indices.data(),
                   GL_STATIC_DRAW);
      terrain_.count = static_cast<GLsizei>(indices.size());
    }
    upload_vertices(terrain_.vao, terrain_.vertices, terrain_vertices(heightmap), -1);
  }
  colour_.invalidate();  // shaded at the next draw, with that draw's shading
  overlay_key_.reset();  // the tinted nodes are the new LOD's
}

void Renderer::terrain_changed(const World& world, nav::SampleRect rect) {
  terrain_revision_ = world.terrain_revision();
  colour_.shade(world.heightmap(), rect);
  if (lod_) {
    terrain_lod_->update(world.heightmap(), rect);
    return;
  }
  // Whole rows: one contiguous range.
  const std::vector<glm::vec3> rows = terrain_vertices(world.heightmap(), rect.z0, rect.z1);
  const auto first = static_cast<GLintptr>(std::max(rect.z0, 0)) * world.heightmap().width();
  glBindBuffer(GL_ARRAY_BUFFER, terrain_.vertices.id());
  glBufferSubData(GL_ARRAY_BUFFER, first * static_cast<GLintptr>(sizeof(glm::vec3)),
                  static_cast<GLsizeiptr>(rows.size() * sizeof(glm::vec3)), rows.data());
}

void Renderer::update_overlay(const World& world) {
  const OverlayKey key{
      overlay_, world.terrain_revision(),
      overlay_ == DebugOverlay::SearchSets ? world.search().queries() : std::uint64_t{0}};
  if (overlay_key_ == key) return;
  overlay_key_ = key;
  debug_draw_.clear();
  legend_ = draw_overlay(debug_draw_, overlay_, world);
  const glm::ivec2 field = debug_draw_.tile_field_size();
  tinted_nodes_ = lod_ && field.x > 0
                      ? LodNodeMask(terrain_lod_->quadtree(), world.graph().tiling().tile_size(),
                                    field.x, field.y, debug_draw_.tinted_tiles())
                      : LodNodeMask();
}

void Renderer::update_paths(const World& world, const std::vector<UnitId>& selection,
                            const OrbitCamera& camera, Viewport viewport) {
  // Every frame: the walked part goes, and the width follows the camera.
  std::vector<glm::vec3> ribbon;
  for (const UnitId id : selection) {
    const nav::Unit& unit = world.unit(id).unit;
    if (!paths_ || !unit.moving()) continue;
    const std::vector<glm::vec3> part =
        path_ribbon(remaining_path(unit.path(), unit.next_waypoint(), unit.position()),
                    world.heightmap(), ribbon_style_, camera, viewport);
    ribbon.insert(ribbon.end(), part.begin(), part.end());
  }
  upload_vertices(path_.vao, path_.vertices, ribbon, -1, GL_DYNAMIC_DRAW);
  path_.count = static_cast<GLsizei>(ribbon.size());
  const std::vector<glm::vec3> preview =
      path_ribbon(preview_path_, world.heightmap(), ribbon_style_, camera, viewport);
  upload_vertices(preview_.vao, preview_.vertices, preview, -1, GL_DYNAMIC_DRAW);
  preview_.count = static_cast<GLsizei>(preview.size());
}

std::int64_t Renderer::draw_terrain(const World& world, const OrbitCamera& camera,
                                    Viewport viewport) {
  // After an edit the whole terrain and texture are uploaded again: O(samples),
  // rare (a brush that edits every frame wants TerrainLod::update of its rect).
  if (world.terrain_revision() != terrain_revision_) upload_terrain(world);
  update_overlay(world);
  glViewport(0, 0, viewport.width, viewport.height);
  glClearColor(kClearColour.r, kClearColour.g, kClearColour.b, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDisable(GL_CULL_FACE);
  glDisable(GL_BLEND);

  const nav::Heightmap& heightmap = world.heightmap();
  colour_.set_shading(heightmap,
                      {.min_height = heightmap.min_height(),
                       .max_height = heightmap.max_height(),
                       .max_slope = static_cast<float>(world.graph().config().max_slope),
                       .exaggeration = static_cast<float>(camera.vertical_exaggeration)});
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, debug_draw_.tile_texture().id());
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D, colour_.texture().id());
  const glm::ivec2 field = debug_draw_.tile_field_size();
  std::int64_t triangles = 0;
  if (lod_) {
    for (const ShaderProgram* program :
         {&terrain_lod_programs_.plain, &terrain_lod_programs_.tinted}) {
      prepare_terrain_program(*program, world, camera, viewport);
    }
    triangles = terrain_lod_
                    ->draw(terrain_lod_programs_.plain, terrain_lod_programs_.tinted, tinted_nodes_,
                           camera, viewport, 1, lod_error_px_)
                    .triangles;
  } else {
    prepare_terrain_program(field.x > 0 ? terrain_programs_.tinted : terrain_programs_.plain, world,
                            camera, viewport);
    glBindVertexArray(terrain_.vao.id());
    glDrawElements(GL_TRIANGLES, terrain_.count, GL_UNSIGNED_INT, nullptr);
    triangles = terrain_.count / 3;
  }
  debug_draw_.draw_primitives(glm::mat4(nav_to_clip(camera, viewport)));
  return triangles;
}

void Renderer::prepare_terrain_program(const ShaderProgram& program, const World& world,
                                       const OrbitCamera& camera, Viewport viewport) const {
  const nav::Heightmap& heightmap = world.heightmap();
  const nav::TerrainGraph& graph = world.graph();
  program.use();
  program.set("u_nav_to_clip", glm::mat4(nav_to_clip(camera, viewport)));
  program.set("u_tile_metres", static_cast<float>(graph.tile_metres()));
  program.set("u_spacing", static_cast<float>(heightmap.spacing()));
  glUniform2f(program.uniform("u_light"), kAmbient, kDiffuse);
  const glm::ivec2 field = debug_draw_.tile_field_size();
  glUniform2i(program.uniform("u_tiles"), field.x, field.y);
  program.set("u_tile_overlay", 0);
  program.set("u_colour", 2);
}

std::int64_t Renderer::draw(const World& world, const std::vector<UnitId>& selection,
                            const OrbitCamera& camera, Viewport viewport) {
  std::int64_t triangles = draw_terrain(world, camera, viewport);
  update_paths(world, selection, camera, viewport);
  const glm::dmat4 nav_to_clip_m = nav_to_clip(camera, viewport);
  solid_program_.use();
  solid_program_.set("u_light_dir", kLightDir);
  for (const auto& [ribbon, colour] :
       {std::pair<const Mesh&, glm::vec3>{path_, kPathColour},
        std::pair<const Mesh&, glm::vec3>{preview_, kPreviewColour}}) {
    if (ribbon.count == 0) continue;
    // Pulled towards the eye so the ribbon wins against the ground it hugs.
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(-2.0f, -2.0f);
    solid_program_.set("u_model_to_clip", glm::mat4(nav_to_clip_m));
    solid_program_.set("u_normal_matrix", glm::mat3(1.0f));
    solid_program_.set("u_colour", colour);
    solid_program_.set("u_lit", 0);
    glBindVertexArray(ribbon.vao.id());
    glDrawArrays(GL_TRIANGLES, 0, ribbon.count);
    triangles += ribbon.count / 3;
    glDisable(GL_POLYGON_OFFSET_FILL);
  }

  triangles += draw_order_marker(world, camera, viewport);

  solid_program_.set("u_lit", 1);
  glBindVertexArray(unit_.vao.id());
  const glm::dmat4 world_to_clip = projection_matrix(camera, viewport) * view_matrix(camera);
  std::vector<bool> selected(world.units().size(), false);
  for (const UnitId id : selection) selected[static_cast<std::size_t>(id)] = true;
  for (const SceneUnit& u : world.units()) {
    const nav::Unit& unit = u.unit;
    const glm::dmat4 model = unit_model(unit.position(), unit.heading(),
                                        unit_display_length(camera, viewport, unit.position()),
                                        camera.vertical_exaggeration);
    solid_program_.set("u_model_to_clip", glm::mat4(world_to_clip * model));
    solid_program_.set("u_normal_matrix", normal_matrix(model));
    solid_program_.set("u_colour",
                       selected[static_cast<std::size_t>(u.id)] ? kSelectedColour : kUnitColour);
    glDrawArrays(GL_TRIANGLES, 0, unit_.count);
  }
  glBindVertexArray(0);
  return triangles + static_cast<std::int64_t>(world.units().size()) * (unit_.count / 3);
}

std::int64_t Renderer::draw_order_marker(const World& world, const OrbitCamera& camera,
                                         Viewport viewport) {
  const std::optional<OrderReport>& report = world.last_order();
  if (!report || !report->hit) return 0;
  const MarkerKey key{report->status, report->order, report->hit->x, report->hit->z};
  if (marker_key_ != key) {
    marker_key_ = key;
    marker_since_s_ = clock_s_;
  }
  const double age = clock_s_ - marker_since_s_;
  if (age >= kMarkerShowS) return 0;
  // Full size, then shrinking away over the last second.
  const double scale = std::clamp(kMarkerShowS - age, 0.0, 1.0);
  const nav::Vec3& hit = *report->hit;
  const double metres_per_px = metres_per_pixel(camera, viewport, hit);
  const std::vector<glm::vec3> triangles = marker_triangles(
      world.heightmap(), hit, report->status == OrderStatus::Ordered,
      scale * kMarkerRadiusPx * metres_per_px, 2.0 * metres_per_px / camera.vertical_exaggeration);
  upload_vertices(marker_.vao, marker_.vertices, triangles, -1, GL_DYNAMIC_DRAW);
  marker_.count = static_cast<GLsizei>(triangles.size());
  // Over the ground whatever hides the hit (the units drawn after it win).
  glDisable(GL_DEPTH_TEST);
  solid_program_.set("u_model_to_clip", glm::mat4(nav_to_clip(camera, viewport)));
  solid_program_.set("u_normal_matrix", glm::mat3(1.0f));
  solid_program_.set("u_colour",
                     report->status == OrderStatus::Ordered ? kTargetColour : kRefusedColour);
  solid_program_.set("u_lit", 0);
  glDrawArrays(GL_TRIANGLES, 0, marker_.count);
  glEnable(GL_DEPTH_TEST);
  return marker_.count / 3;
}

}  // namespace terranav::engine
