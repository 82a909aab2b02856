#include "app/report_json.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace terranav::engine {
namespace {

using Json = nlohmann::ordered_json;

TEST(ReportJson, WritesClicksPathsAndUnitsExactly) {
  app::RunReport report;
  ClickReport ordered;
  ordered.pixel = {10.5, 20.0};
  ordered.order = {.status = OrderStatus::Ordered,
                   .hit = nav::Vec3{1.25, 2.0, 3.0},
                   .tile = nav::TileCoord{4, 5},
                   .units = 2,
                   .order = 1};
  ClickReport miss;
  miss.pixel = {0.0, 1.0};
  report.clicks = {ordered, miss};
  report.click_messages = {"say \"hi\"\n", "m"};
  PathEvent path;
  path.unit = UnitId{1};
  path.order = 1;
  path.status = nav::SearchStatus::Found;
  path.from_tile = {1, 2};
  path.goal_tile = {4, 5};
  path.end_tile = {4, 4};
  path.goal_adjusted = true;
  path.tiles = 3;
  path.cost = 14.142135623730951;
  PathEvent stepped;
  stepped.kind = PathEventKind::SteppedOff;
  stepped.status = nav::SearchStatus::Found;
  stepped.from_tile = {3, 3};
  stepped.goal_tile = {3, 3};
  stepped.end_tile = {3, 5};
  report.paths = {path, stepped};
  report.path_messages = {"p", "s"};
  report.units = {{UnitId{0}, {4, 5}, {45.0, 0.5, 55.0}, 1.0, false},
                  {UnitId{1}, {4, 4}, {45.0, 0.5, 46.0}, 1.0, true}};
  report.selection = {UnitId{1}};
  report.map = "a\tb.png";
  report.load_ms = 1.5;
  const std::string json = app::to_json(report);
  const Json parsed = Json::parse(json);

  const Json expected_clicks = Json::parse(
      R"([{"pixel": [10.5, 20], "hit": [1.25, 2, 3], "tile": [4, 5], "status": "ordered",
           "units": 2, "order": 1, "message": "say \"hi\"\n"},
          {"pixel": [0, 1], "hit": null, "tile": null, "status": "miss", "units": 0, "order": 0,
           "message": "m"}])");
  EXPECT_EQ(parsed.at("clicks"), expected_clicks) << json;
  const Json expected_paths = Json::parse(
      R"([{"kind": "answer", "unit": 1, "order": 1, "replan": false, "status": "found",
           "from_tile": [1, 2], "goal_tile": [4, 5], "end_tile": [4, 4], "goal_adjusted": true,
           "tiles": 3, "cost": 14.142135623730951, "message": "p"},
          {"kind": "stepped_off", "unit": 0, "order": 0, "replan": false, "status": "found",
           "from_tile": [3, 3], "goal_tile": [3, 3], "end_tile": [3, 5], "goal_adjusted": false,
           "tiles": 0, "cost": 0, "message": "s"}])");
  EXPECT_EQ(parsed.at("paths"), expected_paths) << json;
  // The cost reads back as the very same double (shortest round-trip form).
  EXPECT_EQ(parsed.at("paths").at(0).at("cost").get<double>(), 14.142135623730951);
  EXPECT_EQ(parsed.at("units"), Json::parse(R"([
      {"id": 0, "tile": [4, 5], "position": [45, 0.5, 55], "radius_m": 1, "moving": false},
      {"id": 1, "tile": [4, 4], "position": [45, 0.5, 46], "radius_m": 1, "moving": true}])"))
      << json;
  EXPECT_EQ(parsed.at("selection"), Json::parse("[1]"));
  EXPECT_EQ(parsed.at("map"), "a\tb.png");
  EXPECT_EQ(parsed.at("load_ms"), 1.5);
  // The documented keys, in the documented order.
  std::vector<std::string> keys;
  for (const auto& [key, value] : parsed.items()) keys.push_back(key);
  EXPECT_EQ(keys,
            (std::vector<std::string>{"clicks", "paths", "units", "selection", "frames", "map",
                                      "viewport", "camera", "load_ms", "graph_ms", "render_ms"}));
}

TEST(ReportJson, RenderObjectOnlyWithABench) {
  app::RunReport report;
  EXPECT_FALSE(Json::parse(app::to_json(report)).contains("render"));
  report.render = app::RenderReport{.gl_renderer = "NVIDIA H100 80GB HBM3/PCIe/SSE2",
                                    .frames = 12,
                                    .lod = true,
                                    .lod_error_bound_px = 1.0,
                                    .msaa_samples = 4,
                                    .triangles_median = 412345,
                                    .frame_ms_median = 48.25,
                                    .orbit_frame_ms_median = 47.5,
                                    .low_pass_frame_ms_median = 52.0,
                                    .frame_cpu_ms_median = 80.5,
                                    .lod_error_px_max = 0.75,
                                    .lod_error_px_p99 = 0.125};
  const Json parsed = Json::parse(app::to_json(report));
  EXPECT_EQ(
      parsed.at("render"),
      Json::parse(
          R"({"gl_renderer": "NVIDIA H100 80GB HBM3/PCIe/SSE2", "frames": 12, "lod": true, "lod_error_bound_px": 1,
                            "msaa_samples": 4, "triangles_median": 412345, "frame_ms_median": 48.25,
                            "orbit_frame_ms_median": 47.5, "low_pass_frame_ms_median": 52.0,
                            "frame_cpu_ms_median": 80.5, "lod_error_px_max": 0.75, "lod_error_px_p99": 0.125
})"));
  // Last, after the documented keys.
  EXPECT_EQ(std::prev(parsed.end()).key(), "render");
  // One frame: no low pass, and null says so.
  report.render->low_pass_frame_ms_median.reset();
  EXPECT_TRUE(
      Json::parse(app::to_json(report)).at("render").at("low_pass_frame_ms_median").is_null());
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
