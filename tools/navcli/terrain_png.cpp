#include "terrain_png.hpp"

#include <stb_image_write.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace terranav::navcli {
namespace {

struct Rgb {
  double r, g, b;
};

Rgb mix(Rgb a, Rgb b, double t) {
  return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}

/// Hypsometric ramp: lowland green, tan, brown, snow white; t in [0, 1].
Rgb height_colour(double t) {
  struct Stop {
    double at;
    Rgb colour;
  };
  static constexpr std::array<Stop, 5> kStops = {{{0.0, {0.18, 0.42, 0.22}},
                                                  {0.35, {0.52, 0.68, 0.33}},
                                                  {0.6, {0.80, 0.72, 0.46}},
                                                  {0.82, {0.58, 0.44, 0.30}},
                                                  {1.0, {0.96, 0.96, 0.96}}}};
  for (std::size_t k = 1; k < kStops.size(); ++k) {
    if (t <= kStops[k].at) {
      const double u = (t - kStops[k - 1].at) / (kStops[k].at - kStops[k - 1].at);
      return mix(kStops[k - 1].colour, kStops[k].colour, std::clamp(u, 0.0, 1.0));
    }
  }
  return kStops.back().colour;
}

constexpr Rgb kBlocked{0.12, 0.12, 0.13};
constexpr Rgb kNoEdges{0.80, 0.08, 0.08};
constexpr Rgb kClosed{0.25, 0.45, 1.0};
constexpr Rgb kOpen{1.0, 0.85, 0.05};
constexpr Rgb kPath{1.0, 0.0, 1.0};
constexpr Rgb kStart{0.0, 0.9, 0.0};
constexpr Rgb kGoal{1.0, 0.0, 0.0};

/// Lambertian shade of the tile surface under a north-west sun 45 degrees up,
/// divided by the flat ground's shade so flat tiles keep their ramp colour.
double hillshade(const nav::TerrainGraph& graph, int i, int j) {
  const auto height = [&](int ci, int cj) {
    ci = std::clamp(ci, 0, graph.tiles_wide() - 1);
    cj = std::clamp(cj, 0, graph.tiles_deep() - 1);
    return graph.tile_height(graph.id({ci, cj}));
  };
  const double span_x = (std::min(i + 1, graph.tiles_wide() - 1) - std::max(i - 1, 0));
  const double span_z = (std::min(j + 1, graph.tiles_deep() - 1) - std::max(j - 1, 0));
  const double dx =
      span_x > 0 ? (height(i + 1, j) - height(i - 1, j)) / (span_x * graph.tile_metres()) : 0.0;
  const double dz =
      span_z > 0 ? (height(i, j + 1) - height(i, j - 1)) / (span_z * graph.tile_metres()) : 0.0;
  // Normal (-dx, 1, -dz); light towards the north-west sun (-x, up, -z).
  const double c = std::sqrt(0.5) * std::cos(M_PI / 4.0);
  const double light_up = std::sin(M_PI / 4.0);
  const double shade = (dx * c + light_up + dz * c) / std::sqrt(dx * dx + 1.0 + dz * dz);
  return std::clamp(shade / light_up, 0.0, 1.25);
}

Rgb tile_colour(const nav::TerrainGraph& graph, nav::TileCoord c, double low, double range) {
  const nav::TileId id = graph.id(c);
  if (graph.blocked(id)) return kBlocked;
  const double t = range > 0.0 ? (graph.tile_height(id) - low) / range : 0.5;
  const Rgb base = height_colour(t);
  const double shade = 0.3 + 0.7 * hillshade(graph, c.i, c.j);
  const Rgb lit{base.r * shade, base.g * shade, base.b * shade};
  return graph.walkable(id) ? lit : mix(lit, kNoEdges, 0.55);
}

class Image {
 public:
  Image(int width, int height)
      : width_(width),
        height_(height),
        pixels_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3) {}

  void fill(int x0, int y0, int x1, int y1, Rgb colour) {
    x0 = std::max(x0, 0);
    y0 = std::max(y0, 0);
    x1 = std::min(x1, width_);
    y1 = std::min(y1, height_);
    for (int y = y0; y < y1; ++y) {
      for (int x = x0; x < x1; ++x) set(x, y, colour);
    }
  }

  /// A segment of square dots of side `thickness` (DDA: one step per pixel).
  void line(double x0, double y0, double x1, double y1, int thickness, Rgb colour) {
    const int steps = static_cast<int>(std::ceil(std::max(std::abs(x1 - x0), std::abs(y1 - y0))));
    for (int k = 0; k <= steps; ++k) {
      const double u = steps == 0 ? 0.0 : static_cast<double>(k) / steps;
      dot(x0 + (x1 - x0) * u, y0 + (y1 - y0) * u, thickness, colour);
    }
  }

  void dot(double x, double y, int side, Rgb colour) {
    const int x0 = static_cast<int>(std::floor(x - side / 2.0));
    const int y0 = static_cast<int>(std::floor(y - side / 2.0));
    fill(x0, y0, x0 + side, y0 + side, colour);
  }

  void write(const std::filesystem::path& file) const {
    if (stbi_write_png(file.c_str(), width_, height_, 3, pixels_.data(), width_ * 3) == 0) {
      throw std::runtime_error("cannot write PNG " + file.string());
    }
  }

 private:
  void set(int x, int y, Rgb c) {
    const auto byte = [](double v) {
      return static_cast<unsigned char>(std::lround(std::clamp(v, 0.0, 1.0) * 255.0));
    };
    const std::size_t at = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
                            static_cast<std::size_t>(x)) *
                           3;
    pixels_[at] = byte(c.r);
    pixels_[at + 1] = byte(c.g);
    pixels_[at + 2] = byte(c.b);
  }

  int width_;
  int height_;
  std::vector<unsigned char> pixels_;
};

}  // namespace

int default_png_scale(const nav::TerrainGraph& graph) noexcept {
  const int longer = std::max(graph.tiles_wide(), graph.tiles_deep());
  return std::max(1, (512 + longer - 1) / longer);
}

void write_terrain_png(const std::filesystem::path& file, const nav::TerrainGraph& graph,
                       std::span<const nav::TileCoord> path, std::span<const TileMark> marks,
                       int scale) {
  const int tw = graph.tiles_wide();
  const int td = graph.tiles_deep();
  if (scale < 1)
    throw std::invalid_argument("PNG scale must be >= 1, got " + std::to_string(scale));
  const double pixels = static_cast<double>(tw) * scale * static_cast<double>(td) * scale;
  if (pixels > static_cast<double>(1 << 28)) {
    throw std::invalid_argument("PNG of " + std::to_string(tw) + "x" + std::to_string(td) +
                                " tiles at scale " + std::to_string(scale) +
                                " exceeds 2^28 pixels");
  }
  if (!marks.empty() && marks.size() != graph.tile_count()) {
    throw std::invalid_argument("search marks: " + std::to_string(marks.size()) + " values for " +
                                std::to_string(graph.tile_count()) + " tiles");
  }

  double low = graph.tile_height(nav::TileId{0});
  double high = low;
  for (std::uint32_t k = 0; k < graph.tile_count(); ++k) {
    low = std::min(low, graph.tile_height(nav::TileId{k}));
    high = std::max(high, graph.tile_height(nav::TileId{k}));
  }

  Image image(tw * scale, td * scale);
  for (int j = 0; j < td; ++j) {
    for (int i = 0; i < tw; ++i) {
      Rgb colour = tile_colour(graph, {i, j}, low, high - low);
      const TileMark mark = marks.empty() ? TileMark::None : marks[nav::index(graph.id({i, j}))];
      if (mark == TileMark::Closed) colour = mix(colour, kClosed, 0.45);
      if (mark == TileMark::Open) colour = mix(colour, kOpen, 0.65);
      image.fill(i * scale, j * scale, (i + 1) * scale, (j + 1) * scale, colour);
    }
  }
  if (path.empty()) {
    image.write(file);
    return;
  }
  const auto centre = [scale](nav::TileCoord c) {
    return std::array<double, 2>{(c.i + 0.5) * scale, (c.j + 0.5) * scale};
  };
  const int thickness = std::max(2, scale / 3);
  for (std::size_t k = 1; k < path.size(); ++k) {
    const auto [x0, y0] = centre(path[k - 1]);
    const auto [x1, y1] = centre(path[k]);
    image.line(x0, y0, x1, y1, thickness, kPath);
  }
  const int marker = std::max(3, scale + 2);
  const auto [sx, sy] = centre(path.front());
  const auto [gx, gy] = centre(path.back());
  image.dot(sx, sy, marker, kStart);
  image.dot(gx, gy, marker, kGoal);
  image.write(file);
}

}  // namespace terranav::navcli
