#include "terranav/nav/connected_sets.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <limits>
#include <span>

namespace terranav::nav {

namespace {

constexpr int kShift = 4;
constexpr int kSide = 1 << kShift;
constexpr int kArea = kSide * kSide;
constexpr std::uint16_t kLabelMask = (1u << 13) - 1;

// Directions first..first + 7 whose step leaves the block, per local index
// lj * kSide + li.
constexpr std::array<std::uint8_t, kArea> crossing_table(int first) {
  std::array<std::uint8_t, kArea> crossing{};
  for (int l = 0; l < kArea; ++l) {
    for (int d = first; d < first + kDirections; ++d) {
      const int li = l % kSide + kDirDx[static_cast<std::size_t>(d)];
      const int lj = l / kSide + kDirDz[static_cast<std::size_t>(d)];
      if (li < 0 || li >= kSide || lj < 0 || lj >= kSide) {
        crossing[static_cast<std::size_t>(l)] |= static_cast<std::uint8_t>(1u << (d - first));
      }
    }
  }
  return crossing;
}
constexpr std::array<std::uint8_t, kArea> kCrossing = crossing_table(0);
// The same for the knight's moves (bit k: direction 8 + k).
constexpr std::array<std::uint8_t, kArea> kKnightCrossing = crossing_table(kDirections);

// The tiles within two of the block's sides, whose knight's moves may leave.
constexpr std::array<std::uint16_t, kArea - (kSide - 4) * (kSide - 4)> kKnightRing = [] {
  std::array<std::uint16_t, kArea - (kSide - 4) * (kSide - 4)> ring{};
  std::size_t k = 0;
  for (int l = 0; l < kArea; ++l) {
    if (kKnightCrossing[static_cast<std::size_t>(l)] != 0)
      ring[k++] = static_cast<std::uint16_t>(l);
  }
  return ring;
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

constexpr std::uint32_t opposite(std::uint32_t dir) {
  return dir ^ 4;
}

// Bit k of the result is bit `bit` of byte k of x (little-endian bytes): one
// direction of 8 edge masks in a few instructions. The multiplier moves bit
// 8k to bit 56 + k; no two partial products meet, so nothing carries.
constexpr std::uint32_t gather_bit(std::uint64_t x, int bit) {
  return static_cast<std::uint32_t>(
      (((x >> bit) & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56);
}

// Bit k set iff byte k of x is non-zero.
constexpr std::uint32_t gather_nonzero(std::uint64_t x) {
  x |= x >> 4;  // bits 0..3 of each byte: clean ORs within the byte
  x |= x >> 2;
  x |= x >> 1;
  return gather_bit(x, 0);
}

// One row of a block as bit words, bit i = tile i of the row: edges to the
// east, south-east, south and south-west (the other four are their
// reverses), and which tiles have any edge.
struct RowBits {
  std::uint32_t east = 0;
  std::uint32_t south_east = 0;
  std::uint32_t south = 0;
  std::uint32_t south_west = 0;
  std::uint32_t any = 0;
};

RowBits row_bits(const std::uint8_t* masks, std::uint32_t w) {
  RowBits r;
  std::uint32_t i = 0;
  if constexpr (std::endian::native == std::endian::little) {
    for (; i + 8 <= w; i += 8) {
      std::uint64_t x = 0;
      std::memcpy(&x, masks + i, sizeof x);
      r.east |= gather_bit(x, 0) << i;
      r.south_east |= gather_bit(x, 1) << i;
      r.south |= gather_bit(x, 2) << i;
      r.south_west |= gather_bit(x, 3) << i;
      r.any |= gather_nonzero(x) << i;
    }
  }
  for (; i < w; ++i) {
    const std::uint32_t m = masks[i];
    r.east |= (m & 1u) << i;
    r.south_east |= (m >> 1 & 1u) << i;
    r.south |= (m >> 2 & 1u) << i;
    r.south_west |= (m >> 3 & 1u) << i;
    r.any |= (m != 0 ? 1u : 0u) << i;
  }
  return r;
}

// Union-find over a block's runs with path halving; the root of a tree is
// its lowest run, so a component's root is its first run in row-major order.
std::uint16_t find(std::array<std::uint16_t, kArea>& parent, std::uint16_t x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

// Unions the runs that Knight16's knight's moves inside the block join.
// `knights` points at the block's first tile; the runs are label_block's.
void join_knight_moves(const std::uint8_t* knights, std::uint32_t tiles_wide, std::uint32_t w,
                       std::uint32_t h, std::uint16_t runs,
                       const std::array<std::uint16_t, kArea>& run_first,
                       const std::array<std::uint8_t, kArea>& run_length,
                       std::array<std::uint16_t, kArea>& parent) {
  std::array<std::uint16_t, kArea> run_of;  // by local index, for tiles in runs
  for (std::uint16_t k = 0; k < runs; ++k) {
    std::fill_n(run_of.begin() + run_first[k], run_length[k], k);
  }
  for (std::uint32_t lj = 0; lj < h; ++lj) {
    for (std::uint32_t li = 0; li < w; ++li) {
      const std::uint32_t l = lj * kSide + li;
      // Directions 8..11 go south: each move inside the block once.
      const unsigned south = knights[lj * tiles_wide + li] & ~kKnightCrossing[l] & 0x0Fu;
      for (unsigned m = south; m != 0; m &= m - 1) {
        const auto d = static_cast<std::size_t>(kDirections + std::countr_zero(m));
        const auto other =
            static_cast<std::uint32_t>(static_cast<int>(l) + kDirDz[d] * kSide + kDirDx[d]);
        const std::uint16_t r = find(parent, run_of[l]);
        const std::uint16_t t = find(parent, run_of[other]);
        parent[std::max(r, t)] = std::min(r, t);
      }
    }
  }
}

}  // namespace

ConnectedSets::ConnectedSets(const TerrainGraph& graph)
    : tiles_wide_(static_cast<std::uint32_t>(graph.tiles_wide())),
      tiles_deep_(static_cast<std::uint32_t>(graph.tiles_deep())),
      blocks_wide_((tiles_wide_ + kBlock - 1) >> kBlockShift),
      blocks_deep_((tiles_deep_ + kBlock - 1) >> kBlockShift),
      label_(graph.tile_count(), kNoLabel),
      blocks_(static_cast<std::size_t>(blocks_wide_) * blocks_deep_),
      block_epoch_(blocks_.size(), 0) {
  static_assert(kShift == kBlockShift, "the tables here use the header's block size");
  const auto block_count = static_cast<std::uint32_t>(blocks_.size());
  // Chunks of about tiles / 256 items (2^9 .. 2^14): small against the pool.
  const auto shift = static_cast<std::uint32_t>(
      std::clamp<std::size_t>(std::bit_width(graph.tile_count() / 256), 9, 14));
  comps_.chunk_shift = links_.chunk_shift = shift;
  comps_.grow_to(1);  // base 0 of an empty range lies in a chunk
  links_.grow_to(1);
  for (std::uint32_t b = 0; b < block_count; ++b) label_block(graph, b);
  for (std::uint32_t b = 0; b < block_count; ++b) link_block(graph, b);
  epoch_ = 1;  // components and blocks start at epoch 0
  for (std::uint32_t b = 0; b < block_count; ++b) {
    for (std::size_t c = 0; c < blocks_[b].comp_count; ++c) {
      if (comps_of(b)[c].epoch == epoch_) continue;
      const SetId set = take_id();
      seed(b, static_cast<std::uint16_t>(c), set);
      set_size_[index(set)] = flood(set, kNoSet);
    }
  }
  // Room for blocks to move to, touched now rather than in an update.
  comps_.grow_to(comps_.end + comps_.end / 4 + kBlock * kBlock);
  links_.grow_to(links_.end + links_.end / 4 + kBlock * kBlock);
  room_to_grow_ = true;
}

void ConnectedSets::update(const TerrainGraph& graph, TileRect changed) {
  const auto tw = static_cast<std::int32_t>(tiles_wide_);
  const auto td = static_cast<std::int32_t>(tiles_deep_);
  changed = {std::max(changed.i0, 0), std::max(changed.j0, 0), std::min(changed.i1, tw),
             std::min(changed.j1, td)};
  if (changed.empty()) return;
  // Recomputed blocks [bi0, bi1] x [bj0, bj1]; the ring widens that by one.
  const auto bi0 = static_cast<std::uint32_t>(changed.i0) >> kBlockShift;
  const auto bj0 = static_cast<std::uint32_t>(changed.j0) >> kBlockShift;
  const auto bi1 = static_cast<std::uint32_t>(changed.i1 - 1) >> kBlockShift;
  const auto bj1 = static_cast<std::uint32_t>(changed.j1 - 1) >> kBlockShift;
  const std::uint32_t ri0 = bi0 == 0 ? 0 : bi0 - 1;
  const std::uint32_t rj0 = bj0 == 0 ? 0 : bj0 - 1;
  const std::uint32_t ri1 = std::min(bi1 + 1, blocks_wide_ - 1);
  const std::uint32_t rj1 = std::min(bj1 + 1, blocks_deep_ - 1);

  // Two marks per update: epoch_ - 1 for the search outside, epoch_ for the
  // floods and for the blocks recomputed or relinked ("inside").
  if (epoch_ >= std::numeric_limits<std::uint32_t>::max() - 2) {
    for (std::uint32_t b = 0; b < blocks_.size(); ++b) {
      for (Component& c : comps_of(b)) c.epoch = 0;
    }
    std::fill(block_epoch_.begin(), block_epoch_.end(), 0);
    epoch_ = 0;
  }
  epoch_ += 2;
  // The old sets with a component inside are relabelled, except that the
  // largest may keep its id for its part outside (search_outside()).
  touched_.clear();
  SetId kept = kNoSet;
  for (std::uint32_t bj = rj0; bj <= rj1; ++bj) {
    for (std::uint32_t bi = ri0; bi <= ri1; ++bi) {
      block_epoch_[bj * blocks_wide_ + bi] = epoch_;
      for (const Component& c : comps_of(bj * blocks_wide_ + bi)) {
        touched_.push_back(c.set);
        if (kept == kNoSet || set_size_[index(c.set)] > set_size_[index(kept)]) kept = c.set;
      }
    }
  }
  std::uint32_t kept_inside = 0;  // its tiles inside, before the update
  for (std::uint32_t bj = rj0; bj <= rj1; ++bj) {
    for (std::uint32_t bi = ri0; bi <= ri1; ++bi) {
      for (const Component& c : comps_of(bj * blocks_wide_ + bi)) {
        if (c.set == kept) kept_inside += c.size;
      }
    }
  }

  for (std::uint32_t bj = bj0; bj <= bj1; ++bj) {
    for (std::uint32_t bi = bi0; bi <= bi1; ++bi) label_block(graph, bj * blocks_wide_ + bi);
  }
  for (std::uint32_t bj = bj0; bj <= bj1; ++bj) {  // links read the neighbours' new labels
    for (std::uint32_t bi = bi0; bi <= bi1; ++bi) link_block(graph, bj * blocks_wide_ + bi);
  }
  relink_ring(bi0, bj0, bi1, bj1, ri0, rj0, ri1, rj1);

  std::uint32_t split_off = 0;
  const bool keep = kept != kNoSet && search_outside(kept, ri0, rj0, ri1, rj1, split_off);
  for (const SetId s : touched_) {
    if (!keep || s != kept) free_id(s);
  }
  if (keep) {
    // Seeds: the ring's components of `kept` linked to its part outside.
    for (std::uint32_t bj = rj0; bj <= rj1; ++bj) {
      for (std::uint32_t bi = ri0; bi <= ri1; ++bi) {
        const std::uint32_t b = bj * blocks_wide_ + bi;
        const std::span<const std::uint16_t> links = links_of(b);
        for (std::uint32_t c = 0; c < blocks_[b].comp_count; ++c) {
          const Component& comp = comps_of(b)[c];
          if (comp.set != kept) continue;
          for (std::uint32_t k = comp.link_begin; k < comp.link_end; ++k) {
            const std::uint16_t link = links[k];
            const std::uint32_t nb = neighbour_block(b, link);
            if (block_epoch_[nb] == epoch_ || comps_of(nb)[link & kLabelMask].set != kept) {
              continue;
            }
            seed(b, static_cast<std::uint16_t>(c), kept);
            break;
          }
        }
      }
    }
    const std::uint32_t outside = set_size_[index(kept)] - kept_inside - split_off;
    set_size_[index(kept)] = flood(kept, kept) + outside;
  }
  for (std::uint32_t bj = rj0; bj <= rj1; ++bj) {
    for (std::uint32_t bi = ri0; bi <= ri1; ++bi) {
      const std::uint32_t b = bj * blocks_wide_ + bi;
      for (std::size_t c = 0; c < blocks_[b].comp_count; ++c) {
        if (comps_of(b)[c].epoch == epoch_) continue;
        const SetId set = take_id();
        seed(b, static_cast<std::uint16_t>(c), set);
        set_size_[index(set)] = flood(set, kNoSet);
      }
    }
  }
}

bool ConnectedSets::search_outside(SetId kept, std::uint32_t ri0, std::uint32_t rj0,
                                   std::uint32_t ri1, std::uint32_t rj1, std::uint32_t& split_off) {
  const std::uint32_t mark = epoch_ - 1;
  std::uint32_t searchers = 0;
  visited_.clear();
  // One searcher per component outside linked to the ring (a port); while
  // searching, a component's set field holds its searcher.
  for (std::uint32_t bj = rj0; bj <= rj1; ++bj) {
    for (std::uint32_t bi = ri0; bi <= ri1; ++bi) {
      const std::uint32_t b = bj * blocks_wide_ + bi;
      const std::span<const std::uint16_t> links = links_of(b);
      for (const Component& c : comps_of(b)) {
        if (c.set != kept) continue;
        for (std::uint32_t k = c.link_begin; k < c.link_end; ++k) {
          const std::uint16_t link = links[k];
          const std::uint32_t nb = neighbour_block(b, link);
          Component& port = comps_of(nb)[link & kLabelMask];
          if (block_epoch_[nb] == epoch_ || port.epoch == mark) continue;
          port.epoch = mark;
          port.set = SetId{searchers};
          if (search_queue_.size() == searchers) search_queue_.emplace_back();
          search_queue_[searchers].assign(1, std::uint64_t{nb} << 16 | (link & kLabelMask));
          visited_.push_back(search_queue_[searchers][0]);
          ++searchers;
        }
      }
    }
  }
  if (searchers == 0) return false;  // nothing of `kept` is left outside
  search_parent_.resize(searchers);
  search_head_.assign(searchers, 0);
  search_done_.assign(searchers, 0);
  search_alive_.resize(searchers);
  for (std::uint32_t s = 0; s < searchers; ++s) search_parent_[s] = search_alive_[s] = s;
  const auto root = [this](std::uint32_t s) {
    while (search_parent_[s] != s) s = search_parent_[s] = search_parent_[search_parent_[s]];
    return s;
  };
  std::uint32_t alive = searchers;
  // Merges two searches; the one with more left to search takes the other's
  // queue.
  const auto merge = [&](std::uint32_t r, std::uint32_t t) {
    const auto left = [this](std::uint32_t q) { return search_queue_[q].size() - search_head_[q]; };
    const std::uint32_t keep = left(r) >= left(t) ? r : t;
    const std::uint32_t gone = keep == r ? t : r;
    search_queue_[keep].insert(search_queue_[keep].end(),
                               search_queue_[gone].begin() + search_head_[gone],
                               search_queue_[gone].end());
    search_queue_[gone].clear();
    search_head_[gone] = 0;
    search_parent_[gone] = keep;
    --alive;
  };
  // First only merge ports linked to each other: around a hole in a large
  // set they usually join up at once, and nothing further is visited.
  for (std::uint32_t p = 0; p < searchers && alive > 1; ++p) {
    const std::uint64_t ref = visited_[p];
    const auto cb = static_cast<std::uint32_t>(ref >> 16);
    const std::span<const std::uint16_t> links = links_of(cb);
    const Component& c = comps_of(cb)[ref & 0xFFFF];
    for (std::uint32_t l = c.link_begin; l < c.link_end; ++l) {
      const std::uint32_t nb = neighbour_block(cb, links[l]);
      if (block_epoch_[nb] == epoch_) continue;
      const Component& n = comps_of(nb)[links[l] & kLabelMask];
      if (n.epoch != mark) continue;
      const std::uint32_t r = root(p);
      const std::uint32_t t = root(index(n.set));
      if (t != r) merge(r, t);
    }
  }

  // Breadth-first searches in lockstep, one step each per round; searches
  // that meet merge (their queues too). A search that runs dry has found a
  // piece cut off outside; stop when at most one is left: the rest of the
  // outside part is then one piece, and it keeps the id.
  while (alive > 1) {
    for (std::size_t k = 0; k < search_alive_.size() && alive > 1;) {
      const std::uint32_t s = search_alive_[k];
      if (search_parent_[s] != s || search_head_[s] == search_queue_[s].size()) {
        if (search_parent_[s] == s) {
          search_done_[s] = 1;
          --alive;
        }
        search_alive_[k] = search_alive_.back();
        search_alive_.pop_back();
        continue;
      }
      ++k;
      const std::uint64_t top = search_queue_[s][search_head_[s]++];
      const auto cb = static_cast<std::uint32_t>(top >> 16);
      const std::span<const std::uint16_t> links = links_of(cb);
      const Component& c = comps_of(cb)[top & 0xFFFF];
      for (std::uint32_t l = c.link_begin; l < c.link_end; ++l) {
        const std::uint16_t link = links[l];
        const std::uint32_t nb = neighbour_block(cb, link);
        if (block_epoch_[nb] == epoch_) continue;
        Component& n = comps_of(nb)[link & kLabelMask];
        const std::uint32_t r = root(s);
        if (n.epoch != mark) {
          n.epoch = mark;
          n.set = SetId{r};
          search_queue_[r].push_back(std::uint64_t{nb} << 16 | (link & kLabelMask));
          visited_.push_back(search_queue_[r].back());
          continue;
        }
        const std::uint32_t t = root(index(n.set));
        if (t != r) merge(r, t);
      }
    }
  }
  split_off = 0;
  for (const std::uint64_t ref : visited_) {
    Component& c = comps_of(static_cast<std::uint32_t>(ref >> 16))[ref & 0xFFFF];
    if (search_done_[root(index(c.set))] != 0) {
      c.set = kSplitOff;
      split_off += c.size;
    } else {
      c.set = kept;
    }
  }
  return true;
}

void ConnectedSets::label_block(const TerrainGraph& graph, std::uint32_t b) {
  const std::uint32_t i0 = (b % blocks_wide_) << kBlockShift;
  const std::uint32_t j0 = (b / blocks_wide_) << kBlockShift;
  const std::uint32_t w = std::min<std::uint32_t>(kBlock, tiles_wide_ - i0);
  const std::uint32_t h = std::min<std::uint32_t>(kBlock, tiles_deep_ - j0);
  const std::uint32_t base = j0 * tiles_wide_ + i0;
  const std::uint8_t* masks = graph.edge_masks().data();

  // Runs: maximal row segments joined by east edges, each with its bits
  // and first tile (local index), merged across rows by union-find over the
  // south, south-east and south-west edges (two-pass connected-component
  // labelling on run lengths; Wu, Otoo and Suzuki, "Optimizing two-pass
  // connected-component labeling algorithms", 2009), and on Knight16 over
  // the knight's moves once every row has its runs. A row is a bit word.
  std::array<std::uint32_t, kArea> run_bits;
  std::array<std::uint16_t, kArea> run_first;
  std::array<std::uint8_t, kArea> run_length;
  std::array<std::uint16_t, kArea> parent;          // parent[k] <= k
  std::array<std::uint16_t, kSide> run_at_start{};  // previous row's runs by start
  std::uint16_t runs = 0;
  std::uint32_t prev_starts = 0;
  RowBits prev;
  for (std::uint32_t lj = 0; lj < h; ++lj) {
    const std::uint32_t row = base + lj * tiles_wide_;
    RowBits bits = row_bits(masks + row, w);
    // Only edges inside the block: none east of the last column, none south
    // of the last row.
    bits.east &= ~(1u << (kBlock - 1));
    bits.south_east &= ~(1u << (kBlock - 1));
    bits.south_west &= ~1u;
    if (lj == kBlock - 1) bits.south = bits.south_east = bits.south_west = 0;
    // A tile with an edge is unblocked; one without may be either.
    std::uint32_t open = bits.any;
    const std::uint32_t all = w == 32 ? ~0u : (1u << w) - 1;
    for (std::uint32_t m = ~bits.any & all; m != 0; m &= m - 1) {
      const auto i = static_cast<std::uint32_t>(std::countr_zero(m));
      open |= (graph.blocked(TileId{row + i}) ? 0u : 1u) << i;  // no branch to mispredict
    }
    const std::uint32_t starts = open & ~(bits.east << 1);
    const std::uint16_t first_run = runs;
    for (std::uint32_t m = starts; m != 0; m &= m - 1) {
      const auto start = static_cast<std::uint32_t>(std::countr_zero(m));
      const auto length = static_cast<std::uint32_t>(std::countr_one(bits.east >> start)) + 1;
      const std::uint32_t run = (length == 32 ? ~0u : (1u << length) - 1) << start;
      const std::uint16_t k = runs++;
      run_bits[k] = run;
      run_first[k] = static_cast<std::uint16_t>(lj * kBlock + start);
      run_length[k] = static_cast<std::uint8_t>(length);
      parent[k] = k;
      // Union with the runs above that have an edge into this one; `root`
      // is this run's root throughout.
      std::uint16_t root = k;
      std::uint32_t joined =
          (prev.south & run) | (prev.south_east & (run >> 1)) | (prev.south_west & (run << 1));
      while (joined != 0) {
        const auto j = static_cast<std::uint32_t>(std::countr_zero(joined));
        const std::uint32_t upto = j == 31 ? ~0u : (2u << j) - 1;
        const std::uint16_t above = run_at_start[31 - std::countl_zero(prev_starts & upto)];
        joined &= ~run_bits[above];
        // Branch-free union: the larger root goes under the smaller.
        const std::uint16_t r = find(parent, above);
        const std::uint16_t low = std::min(r, root);
        parent[std::max(r, root)] = low;
        root = low;
      }
    }
    for (std::uint16_t k = first_run; k < runs; ++k) run_at_start[run_first[k] & (kBlock - 1)] = k;
    prev_starts = starts;
    prev = bits;
  }
  if (!graph.knight_masks().empty()) {
    join_knight_moves(graph.knight_masks().data() + base, tiles_wide_, w, h, runs, run_first,
                      run_length, parent);
  }

  // Components in order of their first run, which is their lowest tile; a
  // parent precedes its children, so its label is known.
  std::vector<Component>& comps = new_comps_;
  comps.clear();
  std::array<std::uint16_t, kArea> label_of_run;
  for (std::uint16_t k = 0; k < runs; ++k) {
    if (parent[k] == k) {
      label_of_run[k] = static_cast<std::uint16_t>(comps.size());
      comps.push_back({kNoSet, 0, 0, run_first[k], 0, 0});
    } else {
      label_of_run[k] = label_of_run[parent[k]];
    }
    Component& c = comps[label_of_run[k]];
    c.size = static_cast<std::uint16_t>(c.size + run_length[k]);
  }
  std::uint16_t k = 0;
  for (std::uint32_t lj = 0; lj < h; ++lj) {
    std::uint8_t* row = label_.data() + base + lj * tiles_wide_;
    std::fill(row, row + w, kNoLabel);
    for (; k < runs && (run_first[k] >> kBlockShift) == lj; ++k) {
      std::uint8_t* first = row + (run_first[k] & (kBlock - 1));
      std::fill(first, first + run_length[k], static_cast<std::uint8_t>(label_of_run[k]));
    }
  }
  place_comps(b);
}

void ConnectedSets::link_block(const TerrainGraph& graph, std::uint32_t b) {
  const std::uint32_t i0 = (b % blocks_wide_) << kBlockShift;
  const std::uint32_t j0 = (b / blocks_wide_) << kBlockShift;
  const std::uint32_t w = std::min<std::uint32_t>(kBlock, tiles_wide_ - i0);
  const std::uint32_t h = std::min<std::uint32_t>(kBlock, tiles_deep_ - j0);
  const std::uint32_t base = j0 * tiles_wide_ + i0;
  const auto tw = static_cast<std::int64_t>(tiles_wide_);

  // Links as here << 16 | block direction << 13 | there; runs of equal ones
  // are dropped as they come, the rest by sort and unique.
  raw_links_.clear();
  std::uint32_t last = std::numeric_limits<std::uint32_t>::max();
  // The edges of local tile l in `masks` (bit k: direction first + k) that
  // leave the block.
  const auto add_links = [&](std::uint16_t l, std::span<const std::uint8_t> masks,
                             const std::array<std::uint8_t, kArea>& crossing, int first) {
    const int li = l & (kBlock - 1);
    const int lj = l >> kBlockShift;
    if (static_cast<std::uint32_t>(li) >= w || static_cast<std::uint32_t>(lj) >= h) return;
    const std::uint32_t t =
        base + static_cast<std::uint32_t>(lj) * tiles_wide_ + static_cast<std::uint32_t>(li);
    const std::uint32_t here = label_[t];  // unblocked if it has an edge
    for (unsigned mask = masks[t] & crossing[l]; mask != 0; mask &= mask - 1) {
      const auto d = static_cast<std::size_t>(first + std::countr_zero(mask));
      // -1, 0 or 1: which neighbouring block (arithmetic shift).
      const int bdx = (li + kDirDx[d]) >> kBlockShift;
      const int bdz = (lj + kDirDz[d]) >> kBlockShift;
      const std::uint32_t dir = kDirOf[static_cast<std::size_t>((bdz + 1) * 3 + bdx + 1)];
      const auto u = static_cast<std::uint32_t>(t + kDirDz[d] * tw + kDirDx[d]);
      const std::uint32_t key = here << 16 | dir << kLinkDirShift | label_[u];
      if (key == last) continue;
      raw_links_.push_back(key);
      last = key;
    }
  };
  for (const std::uint16_t l : kBorder) add_links(l, graph.edge_masks(), kCrossing, 0);
  // Knight16: the knight's moves that leave, from up to two tiles in.
  if (!graph.knight_masks().empty()) {
    for (const std::uint16_t l : kKnightRing) {
      add_links(l, graph.knight_masks(), kKnightCrossing, kDirections);
    }
  }
  std::sort(raw_links_.begin(), raw_links_.end());
  raw_links_.erase(std::unique(raw_links_.begin(), raw_links_.end()), raw_links_.end());
  place_links(b);
}

void ConnectedSets::relink_ring(std::uint32_t bi0, std::uint32_t bj0, std::uint32_t bi1,
                                std::uint32_t bj1, std::uint32_t ri0, std::uint32_t rj0,
                                std::uint32_t ri1, std::uint32_t rj1) {
  const auto recomputed = [&](std::uint32_t bi, std::uint32_t bj, std::uint32_t dir) {
    const std::int64_t i = std::int64_t{bi} + kDirDx[dir];
    const std::int64_t j = std::int64_t{bj} + kDirDz[dir];
    return i >= bi0 && i <= bi1 && j >= bj0 && j <= bj1;
  };
  // Links are symmetric: a ring block's links into the recomputed blocks
  // are the reverses of theirs, so no tile of the ring is read.
  ring_links_.clear();
  for (std::uint32_t bj = bj0; bj <= bj1; ++bj) {
    for (std::uint32_t bi = bi0; bi <= bi1; ++bi) {
      const std::uint32_t b = bj * blocks_wide_ + bi;
      const std::span<const std::uint16_t> links = links_of(b);
      for (std::uint32_t c = 0; c < blocks_[b].comp_count; ++c) {
        const Component& comp = comps_of(b)[c];
        for (std::uint32_t k = comp.link_begin; k < comp.link_end; ++k) {
          const std::uint32_t dir = links[k] >> kLinkDirShift;
          if (recomputed(bi, bj, dir)) continue;
          const auto ring = static_cast<std::uint64_t>(
              (bj + kDirDz[dir]) * std::int64_t{blocks_wide_} + bi + kDirDx[dir]);
          const std::uint32_t reverse = static_cast<std::uint32_t>(links[k] & kLabelMask) << 16 |
                                        opposite(dir) << kLinkDirShift | c;
          ring_links_.push_back(ring << 32 | reverse);
        }
      }
    }
  }
  std::sort(ring_links_.begin(), ring_links_.end());
  std::size_t next = 0;
  for (std::uint32_t bj = rj0; bj <= rj1; ++bj) {
    for (std::uint32_t bi = ri0; bi <= ri1; ++bi) {
      if (bi >= bi0 && bi <= bi1 && bj >= bj0 && bj <= bj1) continue;
      const std::uint32_t b = bj * blocks_wide_ + bi;
      // Its other links, in order, merged with the new ones, in order.
      const std::span<const std::uint16_t> links = links_of(b);
      merged_links_.clear();
      for (std::uint32_t c = 0; c < blocks_[b].comp_count; ++c) {
        const Component& comp = comps_of(b)[c];
        for (std::uint32_t k = comp.link_begin; k < comp.link_end; ++k) {
          if (recomputed(bi, bj, links[k] >> kLinkDirShift)) continue;
          merged_links_.push_back(c << 16 | links[k]);
        }
      }
      const std::size_t from = next;
      while (next < ring_links_.size() && (ring_links_[next] >> 32) == b) ++next;
      raw_links_.resize(merged_links_.size() + (next - from));
      const auto low = [](std::uint64_t x) { return static_cast<std::uint32_t>(x); };
      std::size_t a = 0;
      std::size_t r = from;
      for (std::uint32_t& out : raw_links_) {
        if (r == next || (a < merged_links_.size() && merged_links_[a] < low(ring_links_[r]))) {
          out = merged_links_[a++];
        } else {
          out = low(ring_links_[r++]);
        }
      }
      place_links(b);
    }
  }
}

template <class T>
std::uint32_t ConnectedSets::Pool<T>::take(std::size_t room) {
  // Ranges never straddle chunks: one that would starts the next chunk.
  const std::size_t chunk = std::size_t{1} << chunk_shift;
  if ((end & (chunk - 1)) + room > chunk) end = (end | (chunk - 1)) + 1;
  const auto base = static_cast<std::uint32_t>(end);
  end += room;
  grow_to(end + 1);  // so that even an empty range's base lies in a chunk
  return base;
}

template <class T>
void ConnectedSets::Pool<T>::grow_to(std::size_t items) {
  // A moved vector keeps its buffer: ranges stay where they are.
  const std::size_t chunk = std::size_t{1} << chunk_shift;
  while (chunks.size() * chunk < items) chunks.emplace_back(chunk);
}

template <class T>
std::uint32_t ConnectedSets::Pool<T>::take_class(std::size_t room) {
  std::vector<std::uint32_t>& list = free[static_cast<std::size_t>(std::countr_zero(room))];
  if (list.empty()) return take(room);
  const std::uint32_t base = list.back();
  list.pop_back();
  return base;
}

template <class T>
void ConnectedSets::Pool<T>::give(std::uint32_t base, std::size_t room) {
  // A range holds any power of two up to its size.
  if (room != 0) free[static_cast<std::size_t>(std::bit_width(room) - 1)].push_back(base);
}

template <class T>
std::size_t ConnectedSets::Pool<T>::memory_bytes() const noexcept {
  std::size_t bytes =
      (chunks.size() << chunk_shift) * sizeof(T) + chunks.capacity() * sizeof(chunks[0]);
  for (const std::vector<std::uint32_t>& list : free) bytes += list.capacity() * sizeof(list[0]);
  return bytes;
}

// Writes new_comps_ as block b's components: in place if they fit its room,
// else in a free range of the next power of two (after the build; exactly
// the count during it).
template <class T>
void ConnectedSets::Pool<T>::fit(std::uint32_t& base, std::uint16_t& room, std::uint16_t count,
                                 bool spare) {
  if (count <= room) return;
  give(base, room);
  room = spare ? std::bit_ceil(count) : count;
  base = spare ? take_class(room) : take(room);
}

void ConnectedSets::place_comps(std::uint32_t b) {
  Block& block = blocks_[b];
  const auto count = static_cast<std::uint16_t>(new_comps_.size());
  comps_.fit(block.comp_base, block.comp_room, count, room_to_grow_);
  block.comp_count = count;
  std::copy(new_comps_.begin(), new_comps_.end(), comps_.at(block.comp_base));
}

// Writes raw_links_ (sorted by component) as block b's links, likewise.
void ConnectedSets::place_links(std::uint32_t b) {
  Block& block = blocks_[b];
  const auto count = static_cast<std::uint16_t>(raw_links_.size());
  links_.fit(block.link_base, block.link_room, count, room_to_grow_);
  block.link_count = count;
  std::uint16_t* links = links_.at(block.link_base);
  const std::span<Component> comps = comps_of(b);
  std::size_t k = 0;
  for (std::size_t c = 0; c < comps.size(); ++c) {
    comps[c].link_begin = static_cast<std::uint16_t>(k);
    for (; k < raw_links_.size() && (raw_links_[k] >> 16) == c; ++k) {
      links[k] = static_cast<std::uint16_t>(raw_links_[k]);
    }
    comps[c].link_end = static_cast<std::uint16_t>(k);
  }
}

void ConnectedSets::seed(std::uint32_t b, std::uint16_t label, SetId set) {
  Component& c = comps_of(b)[label];
  c.epoch = epoch_;
  c.set = set;
  comp_stack_.push_back(std::uint64_t{b} << 16 | label);
}

std::uint32_t ConnectedSets::flood(SetId set, SetId kept) {
  std::uint32_t size = 0;
  while (!comp_stack_.empty()) {
    const std::uint64_t top = comp_stack_.back();
    comp_stack_.pop_back();
    const auto cb = static_cast<std::uint32_t>(top >> 16);
    const std::span<const std::uint16_t> links = links_of(cb);
    const Component& c = comps_of(cb)[top & 0xFFFF];
    size += c.size;
    for (std::uint32_t k = c.link_begin; k < c.link_end; ++k) {
      const std::uint16_t link = links[k];
      const std::uint32_t nb = neighbour_block(cb, link);
      Component& n = comps_of(nb)[link & kLabelMask];
      if (n.epoch == epoch_) continue;
      // Outside, keeps its id (kept is kNoSet, and so are new components, for other floods).
      if (kept != kNoSet && n.set == kept && block_epoch_[nb] != epoch_) continue;
      n.epoch = epoch_;
      n.set = set;
      comp_stack_.push_back(std::uint64_t{nb} << 16 | (link & kLabelMask));
    }
  }
  return size;
}

SetId ConnectedSets::take_id() {
  ++set_count_;
  if (!free_ids_.empty()) {
    const SetId s = free_ids_.back();
    free_ids_.pop_back();
    return s;
  }
  set_size_.push_back(0);
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
  std::uint32_t most = 0;
  SetId best = kNoSet;
  bool tie = false;
  for (std::uint32_t s = 0; s < set_size_.size(); ++s) {
    if (set_size_[s] > most) {
      most = set_size_[s];
      best = SetId{s};
      tie = false;
    } else if (set_size_[s] == most && most != 0) {
      tie = true;
    }
  }
  if (!tie) return best;
  // Ties: the lowest tile of a largest set, over every component's first tile.
  std::uint32_t lowest = std::numeric_limits<std::uint32_t>::max();
  for (std::uint32_t b = 0; b < blocks_.size(); ++b) {
    const std::uint32_t i0 = (b % blocks_wide_) << kBlockShift;
    const std::uint32_t j0 = (b / blocks_wide_) << kBlockShift;
    for (const Component& c : comps_of(b)) {
      if (set_size_[index(c.set)] != most) continue;
      const std::uint32_t t =
          (j0 + (c.first >> kBlockShift)) * tiles_wide_ + i0 + (c.first & (kBlock - 1));
      if (t < lowest) {
        lowest = t;
        best = c.set;
      }
    }
  }
  return best;
}

std::size_t ConnectedSets::memory_bytes() const noexcept {
  std::size_t search =
      (search_head_.capacity() + search_parent_.capacity() + search_alive_.capacity()) *
          sizeof(std::uint32_t) +
      search_done_.capacity() + search_queue_.capacity() * sizeof(search_queue_[0]);
  for (const std::vector<std::uint64_t>& queue : search_queue_) {
    search += queue.capacity() * sizeof(std::uint64_t);
  }
  return sizeof(*this) + label_.capacity() + blocks_.capacity() * sizeof(Block) +
         comps_.memory_bytes() + links_.memory_bytes() +
         block_epoch_.capacity() * sizeof(std::uint32_t) +
         set_size_.capacity() * sizeof(std::uint32_t) + free_ids_.capacity() * sizeof(SetId) +
         comp_stack_.capacity() * sizeof(std::uint64_t) +
         new_comps_.capacity() * sizeof(Component) +
         (raw_links_.capacity() + merged_links_.capacity()) * sizeof(std::uint32_t) +
         ring_links_.capacity() * sizeof(std::uint64_t) + touched_.capacity() * sizeof(SetId) +
         visited_.capacity() * sizeof(std::uint64_t) + search;
}

}  // namespace terranav::nav
