#include "app/options.hpp"

#include <gtest/gtest.h>

#include "terranav/engine/scene/time_scale.hpp"

namespace terranav::engine {
namespace {

app::Options parse(std::vector<std::string_view> args) {
  return app::parse_options(args);
}

std::string usage_error(std::vector<std::string_view> args) {
  try {
    parse(args);
  } catch (const app::UsageError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Options, DefaultsOpenTheWindowOnTheDefaultMap) {
  const app::Options o = parse({});
  EXPECT_FALSE(o.headless);
  EXPECT_TRUE(o.terrain.map.empty());
  EXPECT_EQ(o.size.width, 1280);
  EXPECT_EQ(o.size.height, 720);
  EXPECT_DOUBLE_EQ(o.max_slope, 0.6);
  EXPECT_FALSE(o.start.has_value());
}

TEST(Options, ParsesEveryOption) {
  const app::Options o = parse({"--map",
                                "a.png",
                                "--spacing",
                                "30",
                                "--height-scale",
                                "100",
                                "--tile-size",
                                "2",
                                "--max-slope",
                                "0.4",
                                "--slope-weight",
                                "2",
                                "--start",
                                "3,4",
                                "--speed",
                                "12.5",
                                "--time-scale",
                                "64",
                                "--headless",
                                "--size",
                                "640x360",
                                "--right-click",
                                "10,20.5",
                                "--right-click",
                                "30,40",
                                "--frames",
                                "9",
                                "--until-arrived",
                                "--screenshot",
                                "s.png",
                                "--report",
                                "r.json",
                                "--block-at",
                                "120:4,5,6,9",
                                "--follow-unit",
                                "50",
                                "--overlay",
                                "contours"});
  EXPECT_EQ(o.terrain.map, "a.png");
  EXPECT_EQ(o.terrain.spacing_m, 30.0);
  EXPECT_EQ(o.terrain.height_scale_m, 100.0);
  EXPECT_EQ(o.terrain.tile_size, 2);
  EXPECT_DOUBLE_EQ(o.max_slope, 0.4);
  EXPECT_DOUBLE_EQ(o.slope_weight, 2.0);
  EXPECT_EQ(o.start, (nav::TileCoord{3, 4}));
  EXPECT_EQ(o.speed_mps, 12.5);
  EXPECT_EQ(o.time_scale, 64.0);
  EXPECT_TRUE(o.headless);
  EXPECT_EQ(o.size.width, 640);
  ASSERT_EQ(o.clicks.size(), 2u);
  EXPECT_EQ(o.clicks[0].pixel, glm::dvec2(10.0, 20.5));
  EXPECT_FALSE(o.clicks[0].on_minimap);
  EXPECT_EQ(o.frames, 9);
  EXPECT_TRUE(o.until_arrived);
  EXPECT_EQ(o.screenshot, std::filesystem::path("s.png"));
  EXPECT_EQ(o.report, std::filesystem::path("r.json"));
  ASSERT_EQ(o.blocks.size(), 1u);
  EXPECT_EQ(o.blocks[0].frame, 120);
  EXPECT_EQ(o.blocks[0].tiles, (nav::TileRect{4, 5, 7, 10}));  // corners inclusive
  EXPECT_EQ(o.follow_m, 50.0);
  EXPECT_EQ(o.overlay, engine::DebugOverlay::Contours);
}

TEST(Options, OverlayNamesAndDefault) {
  EXPECT_EQ(parse({}).overlay, engine::DebugOverlay::Walkability);
  EXPECT_EQ(parse({"--overlay", "sets"}).overlay, engine::DebugOverlay::ConnectedSets);
  EXPECT_EQ(parse({"--overlay", "search"}).overlay, engine::DebugOverlay::SearchSets);
  EXPECT_EQ(parse({"--overlay", "none"}).overlay, engine::DebugOverlay::None);
  EXPECT_EQ(usage_error({"--overlay", "heat"}),
            "--overlay: 'heat' is not one of walkability, sets, search, contours, none");
  EXPECT_EQ(usage_error({"--overlay"}), "--overlay: missing value");
}

TEST(Options, VersionAndHelpAreFlags) {
  EXPECT_FALSE(parse({}).version);
  EXPECT_TRUE(parse({"--version"}).version);
  EXPECT_TRUE(parse({"-h"}).help);
}

TEST(Options, ProceduralTerrainTakesSizeSeedAndOverrides) {
  const app::Options o = parse({"--procedural", "513", "--seed", "7", "--tile-size", "2"});
  ASSERT_TRUE(o.terrain.procedural.has_value());
  EXPECT_EQ(o.terrain.procedural->size, 513);
  EXPECT_EQ(o.terrain.procedural->seed, 7u);
  EXPECT_EQ(o.terrain.procedural->spacing_m, 30.0);
  EXPECT_EQ(o.terrain.tile_size, 2);
  EXPECT_FALSE(o.terrain.spacing_m.has_value());
  EXPECT_TRUE(o.terrain.map.empty());
  // --seed may come first; --spacing is the loader's override of the 30 m.
  const app::Options p =
      parse({"--seed", "9", "--spacing", "5", "--procedural", "65", "--headless"});
  EXPECT_EQ(p.terrain.procedural->seed, 9u);
  EXPECT_EQ(p.terrain.spacing_m, 5.0);
  EXPECT_TRUE(p.headless);
  EXPECT_EQ(parse({"--procedural", "65"}).terrain.procedural->seed, 1u);
}

TEST(Options, LoaderOptionsReachTheTerrainRequest) {
  const app::Options o = parse({"--map", "dem.asc", "--nodata", "block", "--resample", "square"});
  EXPECT_EQ(o.terrain.nodata, nav::NodataPolicy::Block);
  EXPECT_TRUE(o.terrain.resample_square);
  EXPECT_FALSE(parse({"--map", "dem.tif"}).terrain.nodata.has_value());
  EXPECT_EQ(usage_error({"--map", "dem.tif", "--nodata", "maybe"}),
            "--nodata: expected error, fill or block, got 'maybe'");
  EXPECT_EQ(usage_error({"--map", "dem.tif", "--resample", "cubic"}),
            "--resample: expected square, got 'cubic'");
  EXPECT_EQ(usage_error({"--procedural", "65", "--nodata", "fill"}), "--nodata needs --map");
  EXPECT_EQ(usage_error({"--procedural", "65", "--resample", "square"}), "--resample needs --map");
}

TEST(Options, ProceduralConflictsAreUsageErrors) {
  EXPECT_EQ(usage_error({"--map", "a.png", "--procedural", "65"}),
            "--procedural and --map exclude each other");
  EXPECT_EQ(usage_error({"--procedural", "65", "--height-scale", "10"}),
            "--height-scale does not apply to --procedural terrain");
  EXPECT_EQ(usage_error({"--seed", "3"}), "--seed needs --procedural");
  EXPECT_EQ(usage_error({"--procedural", "big"}), "--procedural: 'big' is not a number");
  EXPECT_EQ(usage_error({"--procedural", "65", "--seed", "-1"}), "--seed: '-1' is not a number");
}

TEST(Options, BadInputNamesTheOption) {
  EXPECT_EQ(usage_error({"--speed", "fast"}), "--speed: 'fast' is not a number");
  EXPECT_EQ(usage_error({"--start", "3"}), "--start: '3' is not of the form A,B");
  EXPECT_EQ(usage_error({"--start", "3,x"}), "--start: 'x' is not a number");
  EXPECT_EQ(usage_error({"--map"}), "--map: missing value");
  EXPECT_EQ(usage_error({"--map", ""}), "--map: the file name is empty");
  EXPECT_EQ(usage_error({"--bogus"}), "unknown option '--bogus'");
  EXPECT_EQ(usage_error({"--headless", "--size", "0x10"}),
            "--size: 0x10 is outside 1..8192 pixels per side");
  EXPECT_EQ(usage_error({"--headless", "--frames", "0"}),
            "--frames: must be in [1, 1000000], got 0");
  EXPECT_EQ(usage_error({"--spacing", "1e300"}),
            "--spacing: must be in [0.001, 1e+06] m, got 1e+300");
  EXPECT_EQ(usage_error({"--max-slope", "nan"}),
            "--max-slope: must be in [0, 100] rise/run, got nan");
  EXPECT_EQ(usage_error({"--speed", "0"}), "--speed: must be in [0.001, 1e+06] m/s, got 0");
  EXPECT_EQ(usage_error({"--time-scale", "0"}), "--time-scale: must be in [0.01, 10000], got 0");
  EXPECT_EQ(usage_error({"--time-scale", "1e5"}),
            "--time-scale: must be in [0.01, 10000], got 100000");
  EXPECT_NE(usage_error({"--screenshot", "a.png"}).find("need --headless"), std::string::npos);
  EXPECT_EQ(usage_error({"--headless", "--block-at", "5,1,2,3,4"}),
            "--block-at: '5,1,2,3,4' is not of the form A:B");
  EXPECT_EQ(usage_error({"--headless", "--block-at", "5:3,1,2,4"}),
            "--block-at: '3,1,2,4' is not X0,Y0,X1,Y1 with X0 <= X1 and Y0 <= Y1");
  EXPECT_EQ(usage_error({"--headless", "--block-at", "-1:1,1,2,2"}),
            "--block-at: the frame must be >= 0");
  EXPECT_NE(usage_error({"--block-at", "1:1,1,2,2"}).find("need --headless"), std::string::npos);
  EXPECT_NE(usage_error({"--follow-unit", "50"}).find("need --headless"), std::string::npos);
  EXPECT_NE(usage_error({"--hover", "5,6"}).find("need --headless"), std::string::npos);
  EXPECT_EQ(parse({"--headless", "--hover", "5,6.5"}).hover, glm::dvec2(5.0, 6.5));
  EXPECT_EQ(usage_error({"--headless", "--hover", "5"}), "--hover: '5' is not of the form A,B");
  EXPECT_EQ(usage_error({"--headless", "--follow-unit", "0.5"}),
            "--follow-unit: must be in [1, 1e+08] m, got 0.5");
}

TEST(Options, BrushStrokes) {
  const app::Options o = parse({"--headless", "--brush", "raise,640,360,300", "--brush-at",
                                "120:block,10.5,20,50", "--brush", "lower,1,2,30,7.5"});
  ASSERT_EQ(o.brushes.size(), 3u);
  EXPECT_EQ(o.brushes[0].frame, 0);
  EXPECT_EQ(o.brushes[0].brush.mode, engine::BrushMode::Raise);
  EXPECT_EQ(o.brushes[0].pixel, glm::dvec2(640.0, 360.0));
  EXPECT_EQ(o.brushes[0].brush.radius_m, 300.0);
  EXPECT_EQ(o.brushes[0].brush.strength_m, 60.0);  // 0.2 x radius unless given
  EXPECT_EQ(o.brushes[1].frame, 120);
  EXPECT_EQ(o.brushes[1].brush.mode, engine::BrushMode::Block);
  EXPECT_EQ(o.brushes[1].pixel, glm::dvec2(10.5, 20.0));
  EXPECT_EQ(o.brushes[1].brush.radius_m, 50.0);
  EXPECT_EQ(o.brushes[2].brush.mode, engine::BrushMode::Lower);
  EXPECT_EQ(o.brushes[2].brush.strength_m, 7.5);
  EXPECT_EQ(usage_error({"--headless", "--brush", "smooth,1,2,30"}),
            "--brush: brush mode 'smooth' is not one of raise, lower, flatten, block");
  EXPECT_EQ(usage_error({"--headless", "--brush", "raise,1,2,0.01"}),
            "--brush: must be in [0.1, 10000] m, got 0.01");
  EXPECT_EQ(usage_error({"--headless", "--brush", "raise,1,2,30,-1"}),
            "--brush: must be in [0, 10000] m, got -1");
  EXPECT_EQ(usage_error({"--headless", "--brush", "raise,1,2"}),
            "--brush: '2' is not of the form A,B");
  EXPECT_EQ(usage_error({"--headless", "--brush-at", "-3:raise,1,2,30"}),
            "--brush-at: the frame must be >= 0");
  EXPECT_NE(usage_error({"--brush", "raise,1,2,30"}).find("need --headless"), std::string::npos);
}

TEST(Options, MinimapAndPaths) {
  const app::Options defaults = parse({});
  EXPECT_TRUE(defaults.minimap);
  EXPECT_TRUE(defaults.paths);
  const app::Options o = parse({"--headless", "--minimap", "off", "--paths", "off"});
  EXPECT_FALSE(o.minimap);
  EXPECT_FALSE(o.paths);
  const app::Options window = parse({"--minimap", "on", "--paths", "off"});  // the window too
  EXPECT_TRUE(window.minimap);
  EXPECT_FALSE(window.paths);
  EXPECT_EQ(usage_error({"--minimap", "yes"}), "--minimap: 'yes' is not on or off");
  EXPECT_EQ(usage_error({"--paths", "1"}), "--paths: '1' is not on or off");
  EXPECT_EQ(usage_error({"--paths"}), "--paths: missing value");
  EXPECT_NE(app::usage().find("--minimap on|off"), std::string::npos);
  EXPECT_NE(app::usage().find("--paths on|off"), std::string::npos);
}

TEST(Options, MinimapRightClicksInOrder) {
  const app::Options o = parse(
      {"--headless", "--minimap-right-click", "1200,650", "--minimap-right-click", "1100.5,700"});
  ASSERT_EQ(o.clicks.size(), 2u);
  EXPECT_EQ(o.clicks[0].pixel, glm::dvec2(1200.0, 650.0));
  EXPECT_EQ(o.clicks[1].pixel, glm::dvec2(1100.5, 700.0));
  EXPECT_TRUE(o.clicks[0].on_minimap && o.clicks[1].on_minimap);
  // Terrain and minimap clicks stay in command-line order.
  const app::Options mixed = parse({"--headless", "--minimap-right-click", "1200,650",
                                    "--right-click", "3,4", "--minimap-right-click", "1100,700"});
  ASSERT_EQ(mixed.clicks.size(), 3u);
  EXPECT_TRUE(mixed.clicks[0].on_minimap);
  EXPECT_FALSE(mixed.clicks[1].on_minimap);
  EXPECT_EQ(mixed.clicks[1].pixel, glm::dvec2(3.0, 4.0));
  EXPECT_TRUE(mixed.clicks[2].on_minimap);
  EXPECT_NE(usage_error({"--minimap-right-click", "5,6"}).find("need --headless"),
            std::string::npos);
  EXPECT_EQ(usage_error({"--headless", "--minimap-right-click", "5"}),
            "--minimap-right-click: '5' is not of the form A,B");
  EXPECT_NE(app::usage().find("--minimap-right-click PX,PY"), std::string::npos);
}

TEST(Options, LodAndBenchFrames) {
  const app::Options defaults = parse({});
  EXPECT_TRUE(defaults.lod);
  EXPECT_EQ(defaults.lod_error_px, 1.0);
  EXPECT_FALSE(defaults.bench_frames);
  const app::Options o =
      parse({"--headless", "--lod", "off", "--lod-error", "2.5", "--bench-frames", "40"});
  EXPECT_FALSE(o.lod);
  EXPECT_EQ(o.lod_error_px, 2.5);
  EXPECT_EQ(o.bench_frames, 40);
  EXPECT_TRUE(parse({"--lod", "on"}).lod);  // the window too
  EXPECT_EQ(usage_error({"--lod", "maybe"}), "--lod: 'maybe' is not on or off");
  EXPECT_EQ(usage_error({"--lod"}), "--lod: missing value");
  EXPECT_EQ(usage_error({"--lod-error", "0"}), "--lod-error: must be in [0.01, 1000] px, got 0");
  EXPECT_EQ(usage_error({"--bench-frames", "4"}), "--bench-frames needs --headless");
  EXPECT_EQ(usage_error({"--headless", "--bench-frames", "0"}),
            "--bench-frames: must be in [1, 1000000], got 0");
  EXPECT_NE(app::usage().find("--bench-frames"), std::string::npos);
  EXPECT_NE(app::usage().find("--lod on|off"), std::string::npos);
}

TEST(Options, WindowCapture) {
  EXPECT_FALSE(parse({}).capture);
  const app::Options o = parse({"--capture", "30:shots/a:b.png"});
  ASSERT_TRUE(o.capture);
  EXPECT_EQ(o.capture->frame, 30);
  EXPECT_EQ(o.capture->file, "shots/a:b.png");  // the first colon splits
  EXPECT_EQ(usage_error({"--capture", "a.png"}), "--capture: 'a.png' is not FRAME:FILE");
  EXPECT_EQ(usage_error({"--capture", "3:"}), "--capture: '3:' is not FRAME:FILE");
  EXPECT_EQ(usage_error({"--capture", "0:a.png"}),
            "--capture: the frame must be in [1, 1000000], got 0");
  EXPECT_EQ(usage_error({"--headless", "--capture", "3:a.png"}),
            "--capture is for the window (headless pictures: --screenshot)");
}

TEST(Options, Msaa) {
  EXPECT_EQ(parse({}).msaa, kAutoSamples);
  EXPECT_EQ(parse({"--msaa", "auto"}).msaa, kAutoSamples);
  EXPECT_EQ(parse({"--msaa", "0"}).msaa, 0);
  EXPECT_EQ(parse({"--msaa", "8"}).msaa, 8);
  EXPECT_EQ(usage_error({"--msaa", "3"}), "--msaa: '3' is not auto, 0, 2, 4 or 8");
  EXPECT_EQ(usage_error({"--msaa", "44"}), "--msaa: '44' is not auto, 0, 2, 4 or 8");
  EXPECT_EQ(usage_error({"--msaa"}), "--msaa: missing value");
}

// fuzz_app_options found the empty file names (tests/data/fuzz/
// fuzz_app_options-empty-report): the run went on to fail only when writing.
TEST(Options, EmptyFileNamesAreRefused) {
  EXPECT_EQ(usage_error({"--headless", "--report", ""}), "--report: the file name is empty");
  EXPECT_EQ(usage_error({"--headless", "--screenshot", ""}),
            "--screenshot: the file name is empty");
}

// X1 + 1 overflowed an int (UBSan; tests/data/fuzz/fuzz_app_options-block-at-int-max).
TEST(Options, BlockAtCornerAtIntMaxIsRefused) {
  EXPECT_EQ(usage_error({"--headless", "--block-at", "0:0,0,2147483647,1"}),
            "--block-at: X1 and Y1 must be below 2147483647");
  EXPECT_EQ(usage_error({"--headless", "--block-at", "0:0,0,1,2147483647"}),
            "--block-at: X1 and Y1 must be below 2147483647");
  const app::Options o = parse({"--headless", "--block-at", "0:0,0,2147483646,1"});
  EXPECT_EQ(o.blocks.at(0).tiles, (nav::TileRect{0, 0, 2147483647, 2}));
}

TEST(Options, RepeatedOptionsAreRefusedButTheScriptLists) {
  EXPECT_EQ(usage_error({"--map", "a.png", "--map", "b.png"}), "--map: given twice");
  EXPECT_EQ(usage_error({"--headless", "--frames", "1", "--frames", "2"}), "--frames: given twice");
  EXPECT_EQ(usage_error({"--headless", "--headless"}), "--headless: given twice");
  EXPECT_EQ(usage_error({"--minimap", "on", "--minimap", "off"}), "--minimap: given twice");
  const app::Options o =
      parse({"--headless", "--right-click", "1,2", "--right-click", "3,4", "--block-at",
             "0:1,1,2,2", "--block-at", "5:3,3,4,4", "--brush", "raise,1,2,30", "--brush",
             "lower,1,2,30", "--brush-at", "1:block,1,2,30", "--brush-at", "2:flatten,1,2,30"});
  EXPECT_EQ(o.clicks.size(), 2u);
  EXPECT_EQ(o.blocks.size(), 2u);
  EXPECT_EQ(o.brushes.size(), 4u);
}

TEST(Options, NumbersOutsideTheirTypeAreOutOfRange) {
  EXPECT_EQ(usage_error({"--headless", "--frames", "99999999999"}),
            "--frames: '99999999999' is out of range");
  EXPECT_EQ(usage_error({"--spacing", "1e400"}), "--spacing: '1e400' is out of range");
  EXPECT_EQ(usage_error({"--procedural", "65", "--seed", "4294967296"}),
            "--seed: '4294967296' is out of range");
  // An empty value or a number with more after it is still not a number.
  EXPECT_EQ(usage_error({"--units", ""}), "--units: '' is not a number");
  EXPECT_EQ(usage_error({"--units", "-0x5"}), "--units: '-0x5' is not a number");
}

// '[' halves and ']' doubles the time scale, within its limits; other keys
// leave it.
TEST(TimeScale, BracketsHalveAndDoubleWithinTheLimits) {
  EXPECT_EQ(next_time_scale(4.0, Key::LeftBracket), 2.0);
  EXPECT_EQ(next_time_scale(4.0, Key::RightBracket), 8.0);
  EXPECT_EQ(next_time_scale(4.0, Key::W), 4.0);
  EXPECT_EQ(next_time_scale(0.015, Key::LeftBracket), 0.01);
  EXPECT_EQ(next_time_scale(8000.0, Key::RightBracket), 10000.0);
  EXPECT_NE(app::usage().find("--time-scale, time_scale"), std::string::npos);
}

}  // namespace
}  // namespace terranav::engine
