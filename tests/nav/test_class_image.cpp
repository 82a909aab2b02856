#include "terranav/terrain_io/class_image.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stb/stb_image_write.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace terranav::nav {
namespace {

using test::error_of;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// Seed 001's kinds of ground: grass 1, snow 3, road x 0.5, wall impassable.
std::vector<TerrainClass> seed_classes() {
  return {{"grass", 1.0, false}, {"snow", 3.0, false}, {"road", 0.5, false}, {"wall", 0.0, true}};
}

class ClassesFromImage : public test::ScratchDirTest {
 protected:
  std::filesystem::path png(const std::string& name, int width, int height, int comp,
                            const std::vector<std::uint8_t>& pixels) {
    const std::filesystem::path file = path(name);
    EXPECT_NE(stbi_write_png(file.c_str(), width, height, comp, pixels.data(), width * comp), 0);
    return file;
  }
};

TEST_F(ClassesFromImage, PixelValueIsTheClassRowMajor) {
  const auto file = png("classes.png", 3, 2, 1, {0, 1, 2, 3, 3, 0});
  const ClassMap map = classes_from_image(file, 3, 2, seed_classes());
  EXPECT_THAT(map.tile_class, ElementsAre(0, 1, 2, 3, 3, 0));
  EXPECT_THAT(map.blocked_mask(), ElementsAre(0, 0, 0, 1, 1, 0));
  EXPECT_THAT(map.multipliers(), ElementsAre(1.0f, 3.0f, 0.5f, 1.0f, 1.0f, 1.0f));
}

TEST_F(ClassesFromImage, WrongSizeSaysTheExpectedOne) {
  const auto file = png("small.png", 2, 2, 1, {0, 0, 0, 0});
  EXPECT_THAT(error_of([&] { classes_from_image(file, 3, 2, seed_classes()); }),
              AllOf(HasSubstr(file.string()), HasSubstr("2x2 pixels"), HasSubstr("expected 3x2")));
}

TEST_F(ClassesFromImage, ValueOutsideTheTableNamesThePixel) {
  const auto file = png("bad.png", 3, 2, 1, {0, 1, 2, 3, 4, 0});
  EXPECT_THAT(
      error_of([&] { classes_from_image(file, 3, 2, seed_classes()); }),
      AllOf(HasSubstr(file.string()), HasSubstr("pixel (1, 1)"), HasSubstr("class index 4")));
}

TEST_F(ClassesFromImage, RejectsColourMissingAndNonPngFiles) {
  const auto rgb = png("rgb.png", 1, 1, 3, {0, 0, 0});
  EXPECT_THAT(error_of([&] { classes_from_image(rgb, 1, 1, seed_classes()); }),
              AllOf(HasSubstr(rgb.string()), HasSubstr("3 channel"), HasSubstr("grayscale")));
  const auto missing = path("missing.png");
  EXPECT_THAT(error_of([&] { classes_from_image(missing, 1, 1, seed_classes()); }),
              AllOf(HasSubstr(missing.string()), HasSubstr("cannot read")));
  const auto text = path("text.png");
  std::ofstream(text) << "not an image";
  EXPECT_THAT(error_of([&] { classes_from_image(text, 1, 1, seed_classes()); }),
              HasSubstr("not a PNG"));
  const auto good = png("good.png", 1, 1, 1, {0});
  EXPECT_THAT(error_of([&] { classes_from_image(good, 1, 1, {}); }),
              AllOf(HasSubstr(good.string()), HasSubstr("class table is empty")));
}

}  // namespace
}  // namespace terranav::nav
