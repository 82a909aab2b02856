#include "terranav/nav/version.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

namespace terranav::nav {
namespace {

TEST(Version, IsTheProjectVersion) {
  EXPECT_EQ(version(), TERRANAV_EXPECTED_VERSION);
}

TEST(Version, CommitIsAShortHashMaybeDirtyOrEmpty) {
  // Empty outside a git checkout (a source tarball).
  const std::string commit(git_commit());
  if (!commit.empty()) {
    EXPECT_THAT(commit, ::testing::MatchesRegex("[0-9a-f]+(-dirty)?"));
  }
}

}  // namespace
}  // namespace terranav::nav
