// Test fixtures as raw bytes: write a file of exactly these bytes, read one
// back whole.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace terranav::test {

using Bytes = std::vector<unsigned char>;

/// Writes `bytes` as a new file (removed first: ext4 flushes a truncated
/// file on close, milliseconds each, and the bit-flip tests write thousands).
inline void write_file(const std::filesystem::path& file, const Bytes& bytes) {
  std::filesystem::remove(file);
  std::ofstream out(file, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  ASSERT_TRUE(out.good()) << file;
}

inline Bytes read_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

}  // namespace terranav::test
