// Small helpers shared by the nav tests: error messages as strings, and a
// scratch directory per test for fixture files.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <utility>

#include "terranav/nav/types.hpp"

namespace terranav::test {

/// The message of the nav::Error that f throws, or "no error".
template <typename F>
std::string error_of(F&& f) {
  try {
    std::forward<F>(f)();
  } catch (const nav::Error& e) {
    return e.what();
  }
  return "no error";
}

/// A fixture with a fresh directory per test (removed afterwards), named after
/// the test and the process so parallel ctest runs do not collide.
class ScratchDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           ("terranav_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" +
            std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::filesystem::path path(const std::string& name) const { return dir_ / name; }

  std::filesystem::path dir_;
};

}  // namespace terranav::test
