#include "terranav/engine/ui/minimap.hpp"

#include <algorithm>
#include <cmath>

#include "terranav/engine/render/terrain_shading.hpp"

namespace terranav::engine {

MinimapLayout minimap_layout(double extent_x_m, double extent_z_m, Viewport viewport,
                             double side_px, double margin_px) {
  MinimapLayout layout;
  layout.extent_x_m = extent_x_m > 0.0 ? extent_x_m : 1.0;
  layout.extent_z_m = extent_z_m > 0.0 ? extent_z_m : 1.0;
  const double room_x = std::max(1.0, viewport.width - 2.0 * margin_px);
  const double room_y = std::max(1.0, viewport.height - 2.0 * margin_px);
  const double longer = std::max(layout.extent_x_m, layout.extent_z_m);
  // Pixels per metre: the longer side side_px, both sides within the room.
  double scale = side_px / longer;
  scale = std::min({scale, room_x / layout.extent_x_m, room_y / layout.extent_z_m});
  layout.size = {std::max(1.0, layout.extent_x_m * scale),
                 std::max(1.0, layout.extent_z_m * scale)};
  layout.origin = {viewport.width - margin_px - layout.size.x,
                   viewport.height - margin_px - layout.size.y};
  return layout;
}

MinimapLayout minimap_layout(const nav::Heightmap& heightmap, Viewport viewport, double side_px,
                             double margin_px) {
  return minimap_layout(heightmap.extent_x(), heightmap.extent_z(), viewport, side_px, margin_px);
}

glm::dvec2 minimap_pixel(const MinimapLayout& layout, double x_m, double z_m) {
  return layout.origin + glm::dvec2(x_m / layout.extent_x_m * layout.size.x,
                                    z_m / layout.extent_z_m * layout.size.y);
}

glm::dvec2 minimap_nav(const MinimapLayout& layout, glm::dvec2 pixel) {
  const glm::dvec2 f = (pixel - layout.origin) / layout.size;
  return {f.x * layout.extent_x_m, f.y * layout.extent_z_m};
}

bool minimap_contains(const MinimapLayout& layout, glm::dvec2 pixel) {
  return pixel.x >= layout.origin.x && pixel.y >= layout.origin.y &&
         pixel.x <= layout.origin.x + layout.size.x && pixel.y <= layout.origin.y + layout.size.y;
}

nav::Vec3 minimap_point(const MinimapLayout& layout, const nav::Heightmap& heightmap,
                        glm::dvec2 pixel) {
  const glm::dvec2 at = minimap_nav(layout, pixel);
  const double x = std::clamp(at.x, 0.0, heightmap.extent_x());
  const double z = std::clamp(at.y, 0.0, heightmap.extent_z());
  return {x, heightmap.surface_height(x, z), z};
}

std::optional<nav::Vec3> minimap_click(const MinimapLayout& layout, const nav::Heightmap& heightmap,
                                       glm::dvec2 pixel) {
  if (!minimap_contains(layout, pixel)) return std::nullopt;
  return minimap_point(layout, heightmap, pixel);
}

std::optional<ClickReport> minimap_right_click(const ClickController& clicks, World& world,
                                               Viewport viewport, glm::dvec2 pixel) {
  const nav::Heightmap& heightmap = world.heightmap();
  const auto at = minimap_click(minimap_layout(heightmap, viewport), heightmap, pixel);
  if (!at) return std::nullopt;
  // Straight down from above the highest sample: the pick's first hit is the
  // surface point itself, whatever the relief around it.
  const nav::Ray down{{at->x, heightmap.max_height() + 1.0, at->z}, {0.0, -1.0, 0.0}};
  return clicks.order_along(world, pixel, down);
}

Image minimap_image(const nav::Heightmap& heightmap, int width, int height, float max_slope) {
  Image image;
  image.width = std::max(width, 1);
  image.height = std::max(height, 1);
  image.rgba.resize(static_cast<std::size_t>(image.width) * image.height * 4);
  const double max_sx = heightmap.width() - 1.0;
  const double max_sz = heightmap.depth() - 1.0;
  const TerrainShading shading{.min_height = heightmap.min_height(),
                               .max_height = heightmap.max_height(),
                               .max_slope = max_slope};
  // Samples per pixel; the normal's differences span at least one sample.
  const double step_x = std::max(max_sx / image.width, 1.0);
  const double step_z = std::max(max_sz / image.height, 1.0);
  const auto h = [&](double sx, double sz) {
    return heightmap.bilinear(std::clamp(sx, 0.0, max_sx), std::clamp(sz, 0.0, max_sz));
  };
  for (int py = 0; py < image.height; ++py) {
    const double sz = (py + 0.5) / image.height * max_sz;
    for (int px = 0; px < image.width; ++px) {
      const double sx = (px + 0.5) / image.width * max_sx;
      const double y = h(sx, sz);
      const double dx = std::min(sx + step_x, max_sx) - std::max(sx - step_x, 0.0);
      const double dz = std::min(sz + step_z, max_sz) - std::max(sz - step_z, 0.0);
      const double dhdx =
          dx > 0.0 ? (h(sx + step_x, sz) - h(sx - step_x, sz)) / (dx * heightmap.spacing()) : 0.0;
      const double dhdz =
          dz > 0.0 ? (h(sx, sz + step_z) - h(sx, sz - step_z)) / (dz * heightmap.spacing()) : 0.0;
      const glm::vec4 shade = terrain_shade(
          static_cast<float>(y), {static_cast<float>(dhdx), static_cast<float>(dhdz)}, shading);
      const glm::vec3 colour = glm::vec3(shade) * (kAmbient + kDiffuse * shade.a);
      const std::size_t k = (static_cast<std::size_t>(py) * image.width + px) * 4;
      for (int c = 0; c < 3; ++c) {
        image.rgba[k + static_cast<std::size_t>(c)] =
            static_cast<std::uint8_t>(std::lround(std::clamp(colour[c], 0.0f, 1.0f) * 255.0f));
      }
      image.rgba[k + 3] = 255;
    }
  }
  return image;
}

std::array<glm::dvec2, 4> camera_footprint(const OrbitCamera& camera, Viewport viewport,
                                           const nav::TerrainQuadtree& terrain, double ground_m) {
  const double w = viewport.width;
  const double hgt = viewport.height;
  const std::array<glm::dvec2, 4> corners = {glm::dvec2(0.0, 0.0), glm::dvec2(w, 0.0),
                                             glm::dvec2(w, hgt), glm::dvec2(0.0, hgt)};
  const double reach = camera.distance + 2.0 * camera.scene_radius;
  std::array<glm::dvec2, 4> footprint{};
  for (std::size_t k = 0; k < corners.size(); ++k) {
    const nav::Ray ray = unproject(camera, viewport, corners[k]);
    if (const auto hit = terrain.pick(ray); hit && hit->t <= reach) {
      footprint[k] = {hit->point.x, hit->point.z};
      continue;
    }
    const glm::dvec3 o(ray.origin.x, ray.origin.y, ray.origin.z);
    const glm::dvec3 d(ray.direction.x, ray.direction.y, ray.direction.z);
    // Ray parameter where it meets the plane; negative when it never does.
    const double down = d.y < 0.0 ? (ground_m - o.y) / d.y : -1.0;
    if (down >= 0.0 && down <= reach) {
      footprint[k] = {o.x + down * d.x, o.z + down * d.z};
    } else {
      glm::dvec2 horizontal(d.x, d.z);
      const double length = glm::length(horizontal);
      if (length > 0.0) horizontal /= length;
      footprint[k] = glm::dvec2(o.x, o.z) + reach * horizontal;
    }
  }
  return footprint;
}

}  // namespace terranav::engine
