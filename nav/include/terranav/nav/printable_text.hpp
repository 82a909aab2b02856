// Text taken from an input (a file name, a key, a chunk name, a flag) as it
// appears in an error message: every byte outside printable ASCII written as
// \xHH, so the message stays one readable line and shows what the input held
// (a UTF-8 byte-order mark reads \xEF\xBB\xBF). The loaders quote input this
// way; navcli and the app pass their one-line errors through it too.
#pragma once

#include <string>
#include <string_view>

namespace terranav::nav {

/// `text` with each byte outside 0x20..0x7E replaced by \xHH. O(size).
inline std::string printable_text(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F) {
      out += c;
    } else {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    }
  }
  return out;
}

}  // namespace terranav::nav
