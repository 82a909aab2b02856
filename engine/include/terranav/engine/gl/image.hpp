// An RGBA8 image read back from the GPU, and PNG output.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "terranav/engine/view/camera.hpp"

namespace terranav::engine {

/// Rows top to bottom (row 0 = top of the screen, like window pixels).
struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;  ///< width * height * 4 bytes

  /// Pixel (x, y), x right, y down; unchecked.
  std::array<std::uint8_t, 4> at(int x, int y) const noexcept {
    const std::size_t k = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                           static_cast<std::size_t>(x)) *
                          4;
    return {rgba[k], rgba[k + 1], rgba[k + 2], rgba[k + 3]};
  }
};

/// Reads the bound read framebuffer's (0, 0)..viewport area (glReadPixels)
/// and flips its rows so row 0 is the top. Needs a current GL context.
Image read_framebuffer(Viewport viewport);

/// Writes the image as an RGBA PNG (stb_image_write). Throws nav::Error
/// naming the file if it cannot be written.
void write_png(const std::filesystem::path& file, const Image& image);

}  // namespace terranav::engine
