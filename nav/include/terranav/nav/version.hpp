// terranav's release number and the git commit the library was built from.
#pragma once

#include <string_view>

namespace terranav::nav {

/// The release, "MAJOR.MINOR.PATCH" (the CMake project version, e.g. "0.2.0").
/// O(1).
std::string_view version() noexcept;

/// The short hash of the commit built ("abc1234"), "-dirty" appended when
/// tracked files had changes; empty when not built from a git checkout.
/// Refreshed at every build. O(1).
std::string_view git_commit() noexcept;

}  // namespace terranav::nav
