#include "terranav/nav/multiplier_layer.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "number_text.hpp"
#include "terranav/nav/limits.hpp"

namespace terranav::nav {
namespace {

int check_side(const char* name, int tiles) {
  if (tiles < 1) {
    throw Error(std::string("multiplier layer: ") + name + " " + std::to_string(tiles) +
                " must be >= 1");
  }
  return tiles;
}

// "multiplier layer: tile (i, j)", built by appends (GCC 12 warns, wrongly,
// of an overlapping memcpy in "(" + std::string).
std::string tile_text(std::size_t i, std::size_t j) {
  std::string text = "multiplier layer: tile (";
  text += std::to_string(i);
  text += ", ";
  text += std::to_string(j);
  text += ")";
  return text;
}

bool valid(float m) noexcept {
  return within_float(kTileMultiplierLimit, m);
}

}  // namespace

MultiplierLayer::MultiplierLayer(int tiles_wide, int tiles_deep)
    : MultiplierLayer(
          tiles_wide, tiles_deep,
          std::vector<float>(static_cast<std::size_t>(check_side("width", tiles_wide)) *
                                 static_cast<std::size_t>(check_side("depth", tiles_deep)),
                             1.0f)) {}

MultiplierLayer::MultiplierLayer(int tiles_wide, int tiles_deep, std::vector<float> values)
    : tiles_wide_(check_side("width", tiles_wide)),
      tiles_deep_(check_side("depth", tiles_deep)),
      blocks_wide_((tiles_wide + kBlock - 1) / kBlock),
      values_(std::move(values)) {
  const std::size_t n = static_cast<std::size_t>(tiles_wide) * static_cast<std::size_t>(tiles_deep);
  if (values_.size() != n) {
    throw Error("multiplier layer: " + std::to_string(values_.size()) + " values, expected " +
                std::to_string(n) + " (" + std::to_string(tiles_wide) + "x" +
                std::to_string(tiles_deep) + " tiles)");
  }
  const auto bad = std::find_if_not(values_.begin(), values_.end(), valid);
  if (bad != values_.end()) {
    const auto k = static_cast<std::size_t>(bad - values_.begin());
    const auto w = static_cast<std::size_t>(tiles_wide);
    check_limit(kTileMultiplierLimit, *bad, tile_text(k % w, k / w));
  }
  const int blocks_deep = (tiles_deep + kBlock - 1) / kBlock;
  block_min_.resize(static_cast<std::size_t>(blocks_wide_) * static_cast<std::size_t>(blocks_deep));
  update_blocks({0, 0, tiles_wide, tiles_deep});
}

void MultiplierLayer::assign(TileRect rect, std::span<const float> values) {
  if (rect.empty() || rect.i0 < 0 || rect.j0 < 0 || rect.i1 > tiles_wide_ ||
      rect.j1 > tiles_deep_) {
    throw Error("multiplier layer: rectangle [" + std::to_string(rect.i0) + ", " +
                std::to_string(rect.i1) + ") x [" + std::to_string(rect.j0) + ", " +
                std::to_string(rect.j1) + ") is empty or outside the " +
                std::to_string(tiles_wide_) + "x" + std::to_string(tiles_deep_) + " tiles");
  }
  const auto w = static_cast<std::size_t>(rect.i1 - rect.i0);
  const std::size_t n = w * static_cast<std::size_t>(rect.j1 - rect.j0);
  if (values.size() != n) {
    throw Error("multiplier layer: " + std::to_string(values.size()) + " values for a " +
                std::to_string(n) + "-tile rectangle");
  }
  const auto bad = std::find_if_not(values.begin(), values.end(), valid);
  if (bad != values.end()) {
    const auto k = static_cast<std::size_t>(bad - values.begin());
    check_limit(kTileMultiplierLimit, *bad,
                tile_text(static_cast<std::size_t>(rect.i0) + k % w,
                          static_cast<std::size_t>(rect.j0) + k / w));
  }
  const auto tw = static_cast<std::size_t>(tiles_wide_);
  for (int j = rect.j0; j < rect.j1; ++j) {
    const auto from = static_cast<std::ptrdiff_t>(static_cast<std::size_t>(j - rect.j0) * w);
    const auto to = static_cast<std::ptrdiff_t>(static_cast<std::size_t>(j) * tw +
                                                static_cast<std::size_t>(rect.i0));
    std::copy_n(values.begin() + from, w, values_.begin() + to);
  }
  update_blocks(rect);
}

void MultiplierLayer::update_blocks(TileRect rect) noexcept {
  const int b_i0 = rect.i0 / kBlock;
  const int b_j0 = rect.j0 / kBlock;
  const int b_i1 = (rect.i1 + kBlock - 1) / kBlock;
  const int b_j1 = (rect.j1 + kBlock - 1) / kBlock;
  const auto tw = static_cast<std::size_t>(tiles_wide_);
  for (int bj = b_j0; bj < b_j1; ++bj) {
    for (int bi = b_i0; bi < b_i1; ++bi) {
      const int i0 = bi * kBlock;
      const int i1 = std::min(i0 + kBlock, tiles_wide_);
      float lo = values_[static_cast<std::size_t>(bj * kBlock) * tw + static_cast<std::size_t>(i0)];
      for (int j = bj * kBlock; j < std::min((bj + 1) * kBlock, tiles_deep_); ++j) {
        const auto row =
            values_.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(j) * tw);
        lo = std::min(lo, *std::min_element(row + i0, row + i1));
      }
      block_min_[static_cast<std::size_t>(bj * blocks_wide_ + bi)] = lo;
    }
  }
  min_ = *std::min_element(block_min_.begin(), block_min_.end());
}

std::size_t MultiplierLayer::memory_bytes() const noexcept {
  return sizeof(*this) + (values_.capacity() + block_min_.capacity()) * sizeof(float);
}

}  // namespace terranav::nav
