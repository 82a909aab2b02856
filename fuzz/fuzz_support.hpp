// What the file harnesses share: a per-process scratch file the loaders read
// back (they take paths, not bytes) and the one exception they expect.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

namespace terranav::fuzz {

/// /dev/shm (RAM, no disk writes per input) when it exists, else $TMPDIR,
/// else /tmp.
inline std::filesystem::path scratch_dir() {
  std::error_code ec;
  if (std::filesystem::is_directory("/dev/shm", ec)) return "/dev/shm";
  const char* tmp = std::getenv("TMPDIR");
  return (tmp != nullptr && *tmp != '\0') ? std::filesystem::path(tmp) : "/tmp";
}

/// A file of this process (the pid in its name, so -jobs/-workers never
/// share one), rewritten for every input and removed at exit.
class ScratchFile {
 public:
  /// `name`: the rest of the file name, e.g. "map.png".
  explicit ScratchFile(std::string_view name)
      : path_(scratch_dir() /
              ("terranav-fuzz-" + std::to_string(::getpid()) + "-" + std::string(name))) {}
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  ~ScratchFile() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
  }

  const std::filesystem::path& path() const noexcept { return path_; }

  /// Replaces the file's contents; aborts if it cannot (a harness problem,
  /// not a finding in the code under test).
  void write(const std::uint8_t* data, std::size_t size) const {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    out.close();
    if (!out) {
      std::fprintf(stderr, "fuzz: cannot write %s\n", path_.c_str());
      std::abort();
    }
  }
  void write(std::string_view text) const {
    write(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  }

 private:
  std::filesystem::path path_;
};

}  // namespace terranav::fuzz

/// A consistency check of a harness: a violation is a finding (SIGILL, which
/// libFuzzer reports as a crash with the input saved).
#define FUZZ_CHECK(cond)                                                                  \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      std::fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
      __builtin_trap();                                                                   \
    }                                                                                     \
  } while (false)
