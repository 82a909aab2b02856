#include "terranav/engine/gl/image.hpp"

#include <algorithm>

#include <glad/gl.h>
#include <stb_image_write.h>

#include "terranav/nav/types.hpp"

namespace terranav::engine {

Image read_framebuffer(Viewport viewport) {
  Image image{viewport.width, viewport.height, {}};
  const std::size_t row = static_cast<std::size_t>(viewport.width) * 4;
  std::vector<std::uint8_t> bottom_up(row * static_cast<std::size_t>(viewport.height));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, viewport.width, viewport.height, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
  image.rgba.resize(bottom_up.size());
  for (std::size_t y = 0; y < static_cast<std::size_t>(viewport.height); ++y) {
    const auto source = bottom_up.begin() + static_cast<std::ptrdiff_t>(y * row);
    std::copy(source, source + static_cast<std::ptrdiff_t>(row),
              image.rgba.begin() + static_cast<std::ptrdiff_t>(
                                       (static_cast<std::size_t>(viewport.height) - 1 - y) * row));
  }
  return image;
}

void write_png(const std::filesystem::path& file, const Image& image) {
  const int ok = stbi_write_png(file.c_str(), image.width, image.height, 4, image.rgba.data(),
                                image.width * 4);
  if (ok == 0) throw nav::Error("screenshot " + file.string() + ": cannot write the PNG file");
}

}  // namespace terranav::engine
