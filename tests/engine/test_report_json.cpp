#include "terranav/engine/report_json.hpp"

#include <gtest/gtest.h>

namespace terranav::engine {
namespace {

TEST(ReportJson, WritesClicksAndUnitExactly) {
  RunReport report;
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
  const std::string json = to_json(report);
  EXPECT_NE(json.find(R"({"pixel": [10.5, 20], "hit": [1.25, 2, 3], "tile": [4, 5], )"
                      R"("from_tile": [1, 2], "status": "found", "cost": 14.142135623730951, )"
                      R"("tiles": 2, "message": "say \"hi\"\u000a"})"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find(R"({"pixel": [0, 1], "hit": null, "tile": null, "from_tile": [4, 5], )"
                      R"("status": "miss", "cost": 0, "tiles": 0, "message": "m"})"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find(R"("unit": {"tile": [4, 5], "position": [45, 0.5, 55]})"), std::string::npos)
      << json;
}

}  // namespace
}  // namespace terranav::engine
