// Reads a PNG's size from its IHDR chunk (PNG spec, sections 5.2 and 11.2.2).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <utility>

namespace terranav::test {

/// (width, height) if `file` starts with the PNG signature and an IHDR chunk.
inline std::optional<std::pair<std::uint32_t, std::uint32_t>> png_size(
    const std::filesystem::path& file) {
  std::array<unsigned char, 24> head{};
  std::ifstream in(file, std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(head.data()), head.size())) return std::nullopt;
  constexpr std::array<unsigned char, 8> kSignature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (!std::equal(kSignature.begin(), kSignature.end(), head.begin())) return std::nullopt;
  if (head[12] != 'I' || head[13] != 'H' || head[14] != 'D' || head[15] != 'R') return std::nullopt;
  const auto be32 = [&](std::size_t at) {
    return std::uint32_t{head[at]} << 24 | std::uint32_t{head[at + 1]} << 16 |
           std::uint32_t{head[at + 2]} << 8 | std::uint32_t{head[at + 3]};
  };
  return std::pair(be32(16), be32(20));
}

}  // namespace terranav::test
