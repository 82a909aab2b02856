#include "app/report_json.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace terranav::engine {
namespace {

using Json = nlohmann::ordered_json;

TEST(ReportJson, WritesClicksAndUnitExactly) {
  app::RunReport report;
  ClickReport found;
  found.pixel = {10.5, 20.0};
  found.hit = nav::Vec3{1.25, 2.0, 3.0};
  found.tile = nav::TileCoord{4, 5};
  found.from_tile = {1, 2};
  found.status = ClickStatus::Found;
  found.cost = 14.142135623730951;
  found.tiles = 2;
  found.message = "say \"hi\"\n";
  ClickReport miss;
  miss.pixel = {0.0, 1.0};
  miss.from_tile = {4, 5};
  miss.message = "m";
  report.clicks = {found, miss};
  report.unit_tile = {4, 5};
  report.unit_position = {45.0, 0.5, 55.0};
  report.map = "a\tb.png";
  report.load_ms = 1.5;
  const std::string json = app::to_json(report);
  const Json parsed = Json::parse(json);

  const Json expected_clicks = Json::parse(
      R"([{"pixel": [10.5, 20], "hit": [1.25, 2, 3], "tile": [4, 5], "from_tile": [1, 2],
           "status": "found", "cost": 14.142135623730951, "tiles": 2, "message": "say \"hi\"\n"},
          {"pixel": [0, 1], "hit": null, "tile": null, "from_tile": [4, 5], "status": "miss",
           "cost": 0, "tiles": 0, "message": "m"}])");
  EXPECT_EQ(parsed.at("clicks"), expected_clicks) << json;
  // The cost reads back as the very same double (shortest round-trip form).
  EXPECT_EQ(parsed.at("clicks").at(0).at("cost").get<double>(), 14.142135623730951);
  EXPECT_EQ(parsed.at("unit"), Json::parse(R"({"tile": [4, 5], "position": [45, 0.5, 55]})"))
      << json;
  EXPECT_EQ(parsed.at("map"), "a\tb.png");
  EXPECT_EQ(parsed.at("load_ms"), 1.5);
  // The documented keys, in the documented order.
  std::vector<std::string> keys;
  for (const auto& [key, value] : parsed.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"clicks", "unit", "frames", "map", "viewport", "camera",
                                            "load_ms", "graph_ms", "render_ms"}));
  std::vector<std::string> click_keys;
  for (const auto& [key, value] : parsed.at("clicks").at(0).items()) click_keys.push_back(key);
  EXPECT_EQ(click_keys, (std::vector<std::string>{"pixel", "hit", "tile", "from_tile", "status",
                                                  "cost", "tiles", "message"}));
}

TEST(ReportJson, RenderObjectOnlyWithABench) {
  app::RunReport report;
  EXPECT_FALSE(Json::parse(app::to_json(report)).contains("render"));
  report.render = app::RenderReport{.frames = 12,
                                    .lod = true,
                                    .lod_error_bound_px = 1.0,
                                    .triangles_median = 412345,
                                    .frame_ms_median = 48.25,
                                    .lod_error_px_max = 0.75,
                                    .lod_error_px_p99 = 0.125};
  const Json parsed = Json::parse(app::to_json(report));
  EXPECT_EQ(parsed.at("render"), Json::parse(R"({"frames": 12, "lod": true, "lod_error_bound_px": 1,
                            "triangles_median": 412345, "frame_ms_median": 48.25,
                            "lod_error_px_max": 0.75, "lod_error_px_p99": 0.125})"));
  // Last, after the documented keys.
  EXPECT_EQ(std::prev(parsed.end()).key(), "render");
}

TEST(ReportJson, ReplacesBytesThatAreNotUtf8) {
  app::RunReport report;
  report.map = "bad\xff.png";
  const Json parsed = Json::parse(app::to_json(report));
  EXPECT_EQ(parsed.at("map"), "bad\xef\xbf\xbd.png");
  EXPECT_TRUE(parsed.at("clicks").empty());
}

}  // namespace
}  // namespace terranav::engine
