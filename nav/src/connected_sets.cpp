#include "terranav/nav/connected_sets.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>

namespace terranav::nav {

namespace {

constexpr int kShift = 5;
constexpr int kSide = 1 << kShift;
constexpr int kArea = kSide * kSide;
constexpr std::uint16_t kUnvisited = 0xFFFE;

// Directions whose step stays inside the block, per local index lj * kSide + li.
constexpr std::array<std::uint8_t, kArea> kInner = [] {
  std::array<std::uint8_t, kArea> inner{};
  for (int l = 0; l < kArea; ++l) {
    for (int d = 0; d < kDirections; ++d) {
      const int li = l % kSide + kDirDx[static_cast<std::size_t>(d)];
      const int lj = l / kSide + kDirDz[static_cast<std::size_t>(d)];
      if (li >= 0 && li < kSide && lj >= 0 && lj < kSide) {
        inner[static_cast<std::size_t>(l)] |= static_cast<std::uint8_t>(1u << d);
      }
    }
  }
  return inner;
}();

// The block's border tiles, side by side (top, bottom, left, right): a side's
// tiles mostly link to one neighbour component, so equal links come in runs.
constexpr std::array<std::uint16_t, 4 * kSide - 4> kBorder = [] {
  std::array<std::uint16_t, 4 * kSide - 4> border{};
  std::size_t k = 0;
  for (int li = 0; li < kSide; ++li) border[k++] = static_cast<std::uint16_t>(li);
  for (int li = 0; li < kSide; ++li) {
    border[k++] = static_cast<std::uint16_t>((kSide - 1) * kSide + li);
  }
  for (int lj = 1; lj < kSide - 1; ++lj) border[k++] = static_cast<std::uint16_t>(lj * kSide);
  for (int lj = 1; lj < kSide - 1; ++lj) {
    border[k++] = static_cast<std::uint16_t>(lj * kSide + kSide - 1);
  }
  return border;
}();

// Direction index of the step (dx, dz), indexed (dz + 1) * 3 + dx + 1.
constexpr std::array<std::uint8_t, 9> kDirOf = {5, 6, 7, 4, 0xFF, 0, 3, 2, 1};

constexpr std::uint16_t kLabelMask = (1u << 13) - 1;

}  // namespace

ConnectedSets::ConnectedSets(const TerrainGraph& graph)
    : tiles_wide_(static_cast<std::uint32_t>(graph.tiles_wide())),
      tiles_deep_(static_cast<std::uint32_t>(graph.tiles_deep())),
      blocks_wide_((tiles_wide_ + kBlock - 1) >> kBlockShift),
      blocks_deep_((tiles_deep_ + kBlock - 1) >> kBlockShift),
      label_(graph.tile_count(), kNoLabel),
      blocks_(static_cast<std::size_t>(blocks_wide_) * blocks_deep_) {
  static_assert(kShift == kBlockShift, "the tables here use the header's block size");
  const auto block_count = static_cast<std::uint32_t>(blocks_.size());
  for (std::uint32_t b = 0; b < block_count; ++b) label_block(graph, b);
  for (std::uint32_t b = 0; b < block_count; ++b) link_block(graph, b);
  epoch_ = 1;  // components start at epoch 0
  for (std::uint32_t b = 0; b < block_count; ++b) {
    for (std::size_t c = 0; c < blocks_[b].comps.size(); ++c) {
      if (blocks_[b].comps[c].epoch != epoch_) flood_set(b, static_cast<std::uint16_t>(c));
    }
  }
}

void ConnectedSets::update(const TerrainGraph& graph, TileRect changed) {
  const auto tw = static_cast<std::int32_t>(tiles_wide_);
  const auto td = static_cast<std::int32_t>(tiles_deep_);
  changed = {std::max(changed.i0, 0), std::max(changed.j0, 0), std::min(changed.i1, tw),
             std::min(changed.j1, td)};
  if (changed.empty()) return;
  // Dirty blocks [bi0, bi1] x [bj0, bj1]; the ring widens that by one.
  const auto bi0 = static_cast<std::uint32_t>(changed.i0) >> kBlockShift;
  const auto bj0 = static_cast<std::uint32_t>(changed.j0) >> kBlockShift;
  const auto bi1 = static_cast<std::uint32_t>(changed.i1 - 1) >> kBlockShift;
  const auto bj1 = static_cast<std::uint32_t>(changed.j1 - 1) >> kBlockShift;
  const std::uint32_t ri0 = bi0 == 0 ? 0 : bi0 - 1;
  const std::uint32_t rj0 = bj0 == 0 ? 0 : bj0 - 1;
  const std::uint32_t ri1 = std::min(bi1 + 1, blocks_wide_ - 1);
  const std::uint32_t rj1 = std::min(bj1 + 1, blocks_deep_ - 1);

  if (++epoch_ == 0) {  // wrapped: no component may look flooded already
    for (Block& block : blocks_) {
      for (Component& c : block.comps) c.epoch = 0;
    }
    epoch_ = 1;
  }
  // Every set with a component here is relabelled below: free its id.
  for (std::uint32_t bj = rj0; bj <= rj1; ++bj) {
    for (std::uint32_t bi = ri0; bi <= ri1; ++bi) {
      for (const Component& c : blocks_[bj * blocks_wide_ + bi].comps) free_id(c.set);
    }
  }
  for (std::uint32_t bj = bj0; bj <= bj1; ++bj) {
    for (std::uint32_t bi = bi0; bi <= bi1; ++bi) label_block(graph, bj * blocks_wide_ + bi);
  }
  for (std::uint32_t bj = rj0; bj <= rj1; ++bj) {
    for (std::uint32_t bi = ri0; bi <= ri1; ++bi) link_block(graph, bj * blocks_wide_ + bi);
  }
  for (std::uint32_t bj = rj0; bj <= rj1; ++bj) {
    for (std::uint32_t bi = ri0; bi <= ri1; ++bi) {
      const std::uint32_t b = bj * blocks_wide_ + bi;
      for (std::size_t c = 0; c < blocks_[b].comps.size(); ++c) {
        if (blocks_[b].comps[c].epoch != epoch_) flood_set(b, static_cast<std::uint16_t>(c));
      }
    }
  }
}

void ConnectedSets::label_block(const TerrainGraph& graph, std::uint32_t b) {
  const std::uint32_t i0 = (b % blocks_wide_) << kBlockShift;
  const std::uint32_t j0 = (b / blocks_wide_) << kBlockShift;
  const std::uint32_t w = std::min<std::uint32_t>(kBlock, tiles_wide_ - i0);
  const std::uint32_t h = std::min<std::uint32_t>(kBlock, tiles_deep_ - j0);
  const std::uint32_t base = j0 * tiles_wide_ + i0;
  const std::uint8_t* masks = graph.edge_masks().data();
  const auto tw = static_cast<std::int64_t>(tiles_wide_);
  std::array<std::int64_t, kDirections> offset{};
  std::array<int, kDirections> local_offset{};
  for (std::size_t d = 0; d < offset.size(); ++d) {
    offset[d] = kDirDz[d] * tw + kDirDx[d];
    local_offset[d] = kDirDz[d] * kBlock + kDirDx[d];
  }

  for (std::uint32_t lj = 0; lj < h; ++lj) {
    const std::uint32_t row = base + lj * tiles_wide_;
    for (std::uint32_t t = row; t < row + w; ++t) {
      label_[t] = graph.blocked(TileId{t}) ? kNoLabel : kUnvisited;
    }
  }
  std::vector<Component>& comps = blocks_[b].comps;
  comps.clear();
  // Flood fill over the edges inside the block, an explicit stack of local
  // indices; seeds in row-major order, so a seed is its component's lowest
  // tile (lowest local index, and lowest TileId too).
  for (std::uint32_t lj = 0; lj < h; ++lj) {
    for (std::uint32_t li = 0; li < w; ++li) {
      const std::uint32_t seed = base + lj * tiles_wide_ + li;
      if (label_[seed] != kUnvisited) continue;
      const auto label = static_cast<std::uint16_t>(comps.size());
      const auto first = static_cast<std::uint16_t>(lj * kBlock + li);
      std::uint32_t size = 0;
      label_[seed] = label;
      tile_stack_.push_back(first);
      while (!tile_stack_.empty()) {
        const std::uint16_t l = tile_stack_.back();
        tile_stack_.pop_back();
        ++size;
        const std::uint32_t t = base + (l >> kBlockShift) * tiles_wide_ + (l & (kBlock - 1));
        for (unsigned mask = masks[t] & kInner[l]; mask != 0; mask &= mask - 1) {
          const auto d = static_cast<std::size_t>(std::countr_zero(mask));
          const auto u = static_cast<std::uint32_t>(t + offset[d]);
          if (label_[u] != kUnvisited) continue;
          label_[u] = label;
          tile_stack_.push_back(static_cast<std::uint16_t>(l + local_offset[d]));
        }
      }
      comps.push_back({kNoSet, 0, static_cast<std::uint16_t>(size), first, 0, 0});
    }
  }
}

void ConnectedSets::link_block(const TerrainGraph& graph, std::uint32_t b) {
  const std::uint32_t i0 = (b % blocks_wide_) << kBlockShift;
  const std::uint32_t j0 = (b / blocks_wide_) << kBlockShift;
  const std::uint32_t w = std::min<std::uint32_t>(kBlock, tiles_wide_ - i0);
  const std::uint32_t h = std::min<std::uint32_t>(kBlock, tiles_deep_ - j0);
  const std::uint32_t base = j0 * tiles_wide_ + i0;
  const std::uint8_t* masks = graph.edge_masks().data();
  const auto tw = static_cast<std::int64_t>(tiles_wide_);

  // Links as here << 16 | block direction << 13 | there, runs of equal ones
  // dropped as they come, the rest by sort and unique.
  raw_links_.clear();
  std::uint32_t last = std::numeric_limits<std::uint32_t>::max();
  for (const std::uint16_t l : kBorder) {
    const int li = l & (kBlock - 1);
    const int lj = l >> kBlockShift;
    if (static_cast<std::uint32_t>(li) >= w || static_cast<std::uint32_t>(lj) >= h) continue;
    const std::uint32_t t =
        base + static_cast<std::uint32_t>(lj) * tiles_wide_ + static_cast<std::uint32_t>(li);
    const std::uint16_t here = label_[t];
    if (here == kNoLabel) continue;
    for (unsigned mask = masks[t] & ~unsigned{kInner[l]} & 0xFFu; mask != 0; mask &= mask - 1) {
      const auto d = static_cast<std::size_t>(std::countr_zero(mask));
      const int ni = li + kDirDx[d];
      const int nj = lj + kDirDz[d];
      const int bdx = ni < 0 ? -1 : (ni >= kBlock ? 1 : 0);
      const int bdz = nj < 0 ? -1 : (nj >= kBlock ? 1 : 0);
      const std::uint32_t dir = kDirOf[static_cast<std::size_t>((bdz + 1) * 3 + bdx + 1)];
      const auto u = static_cast<std::uint32_t>(t + kDirDz[d] * tw + kDirDx[d]);
      const std::uint32_t key = std::uint32_t{here} << 16 | dir << kLinkDirShift | label_[u];
      if (key == last) continue;
      raw_links_.push_back(key);
      last = key;
    }
  }
  std::sort(raw_links_.begin(), raw_links_.end());
  raw_links_.erase(std::unique(raw_links_.begin(), raw_links_.end()), raw_links_.end());

  Block& block = blocks_[b];
  block.links.resize(raw_links_.size());
  std::size_t k = 0;
  for (std::size_t c = 0; c < block.comps.size(); ++c) {
    block.comps[c].link_begin = static_cast<std::uint16_t>(k);
    for (; k < raw_links_.size() && (raw_links_[k] >> 16) == c; ++k) {
      block.links[k] = static_cast<std::uint16_t>(raw_links_[k]);
    }
    block.comps[c].link_end = static_cast<std::uint16_t>(k);
  }
}

void ConnectedSets::flood_set(std::uint32_t b, std::uint16_t label) {
  const SetId set = take_id();
  const auto bw = static_cast<std::int64_t>(blocks_wide_);
  std::array<std::int64_t, kDirections> block_offset{};
  for (std::size_t d = 0; d < block_offset.size(); ++d) {
    block_offset[d] = kDirDz[d] * bw + kDirDx[d];
  }
  std::uint32_t size = 0;
  std::uint32_t first = std::numeric_limits<std::uint32_t>::max();
  Component& seed = blocks_[b].comps[label];
  seed.epoch = epoch_;
  seed.set = set;
  comp_stack_.push_back(std::uint64_t{b} << 16 | label);
  while (!comp_stack_.empty()) {
    const std::uint64_t top = comp_stack_.back();
    comp_stack_.pop_back();
    const auto cb = static_cast<std::uint32_t>(top >> 16);
    const Block& block = blocks_[cb];
    const Component& c = block.comps[top & 0xFFFF];
    size += c.size;
    const std::uint32_t j = ((cb / blocks_wide_) << kBlockShift) + (c.first >> kBlockShift);
    const std::uint32_t i = ((cb % blocks_wide_) << kBlockShift) + (c.first & (kBlock - 1));
    first = std::min(first, j * tiles_wide_ + i);
    for (std::uint32_t k = c.link_begin; k < c.link_end; ++k) {
      const std::uint16_t link = block.links[k];
      const auto nb = static_cast<std::uint32_t>(cb + block_offset[link >> kLinkDirShift]);
      Component& n = blocks_[nb].comps[link & kLabelMask];
      if (n.epoch == epoch_) continue;
      n.epoch = epoch_;
      n.set = set;
      comp_stack_.push_back(std::uint64_t{nb} << 16 | (link & kLabelMask));
    }
  }
  set_size_[index(set)] = size;
  set_first_[index(set)] = first;
}

SetId ConnectedSets::take_id() {
  ++set_count_;
  if (!free_ids_.empty()) {
    const SetId s = free_ids_.back();
    free_ids_.pop_back();
    return s;
  }
  set_size_.push_back(0);
  set_first_.push_back(0);
  return SetId{static_cast<std::uint32_t>(set_size_.size() - 1)};
}

void ConnectedSets::free_id(SetId s) {
  // Several components name one set; only the first frees it.
  if (s == kNoSet || set_size_[index(s)] == 0) return;
  set_size_[index(s)] = 0;
  free_ids_.push_back(s);
  --set_count_;
}

SetId ConnectedSets::largest() const noexcept {
  SetId best = kNoSet;
  for (std::uint32_t s = 0; s < set_size_.size(); ++s) {
    if (set_size_[s] == 0) continue;
    if (best == kNoSet || set_size_[s] > set_size_[index(best)] ||
        (set_size_[s] == set_size_[index(best)] && set_first_[s] < set_first_[index(best)])) {
      best = SetId{s};
    }
  }
  return best;
}

std::size_t ConnectedSets::memory_bytes() const noexcept {
  std::size_t bytes = sizeof(*this) + label_.capacity() * sizeof(std::uint16_t) +
                      blocks_.capacity() * sizeof(Block) +
                      (set_size_.capacity() + set_first_.capacity()) * sizeof(std::uint32_t) +
                      free_ids_.capacity() * sizeof(SetId) +
                      tile_stack_.capacity() * sizeof(std::uint16_t) +
                      comp_stack_.capacity() * sizeof(std::uint64_t) +
                      raw_links_.capacity() * sizeof(std::uint32_t);
  for (const Block& block : blocks_) {
    bytes +=
        block.comps.capacity() * sizeof(Component) + block.links.capacity() * sizeof(std::uint16_t);
  }
  return bytes;
}

}  // namespace terranav::nav
