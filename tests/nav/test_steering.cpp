// PathFollower on plain arrays: the limits it promises (corridor, speed,
// acceleration, turn rate, arrival without overshoot) checked every substep
// on seeded random polylines, against an independent distance-to-polyline.
#include "terranav/nav/steering.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "terranav/nav/limits.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using ::testing::HasSubstr;

constexpr double kPi = std::numbers::pi;

double distance_to_segment(const Vec3& a, const Vec3& b, double x, double z) {
  const double dx = b.x - a.x;
  const double dz = b.z - a.z;
  const double l2 = dx * dx + dz * dz;
  const double t = l2 > 0.0 ? std::clamp(((x - a.x) * dx + (z - a.z) * dz) / l2, 0.0, 1.0) : 0.0;
  return std::hypot(a.x + t * dx - x, a.z + t * dz - z);
}

// Horizontal distance from (x, z) to the whole polyline.
double distance_to_polyline(const std::vector<Vec3>& points, double x, double z) {
  double best = std::hypot(points[0].x - x, points[0].z - z);
  for (std::size_t k = 1; k < points.size(); ++k) {
    best = std::min(best, distance_to_segment(points[k - 1], points[k], x, z));
  }
  return best;
}

double length(const std::vector<Vec3>& points) {
  double sum = 0.0;
  for (std::size_t k = 1; k < points.size(); ++k) {
    sum += std::hypot(points[k].x - points[k - 1].x, points[k].z - points[k - 1].z);
  }
  return sum;
}

double angle_between(double a, double b) {
  return std::abs(std::remainder(a - b, 2.0 * kPi));
}

enum class Shape { AnyTurn, Grid, Reversals, Tiny };

// A seeded random polyline from the origin: `Shape` picks segment lengths
// and turns (any angle, the 45-degree multiples of a tile path, straight on
// or straight back, or many short segments turning anywhere).
std::vector<Vec3> random_polyline(std::mt19937& rng, Shape shape, int segments) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<Vec3> points{{0.0, 0.0, 0.0}};
  double direction = 2.0 * kPi * unit(rng);
  for (int k = 0; k < segments; ++k) {
    double segment = 0.0;
    switch (shape) {
      case Shape::AnyTurn:
        segment = 0.05 + 10.0 * unit(rng);
        direction += (2.0 * unit(rng) - 1.0) * kPi;
        break;
      case Shape::Grid:
        segment = (unit(rng) < 0.5 ? 1.0 : std::sqrt(2.0)) * (1 + static_cast<int>(3 * unit(rng)));
        direction += (static_cast<int>(8 * unit(rng)) - 3) * kPi / 4.0;
        break;
      case Shape::Reversals:
        segment = 0.5 + 5.0 * unit(rng);
        direction += unit(rng) < 0.5 ? kPi : 0.0;
        break;
      case Shape::Tiny:
        segment = 0.01 + 0.5 * unit(rng);
        direction += (2.0 * unit(rng) - 1.0) * kPi;
        break;
    }
    points.push_back({points.back().x + segment * std::cos(direction), 0.0,
                      points.back().z + segment * std::sin(direction)});
  }
  return points;
}

struct Walk {
  double seconds = 0.0;
  double worst_corridor = 0.0;
  double worst_overshoot = -std::numeric_limits<double>::infinity();
};

// Follows `points` from their start, at rest facing `heading`, one substep
// per advance, checking every limit each substep; stops after `max_seconds`.
Walk follow_checked(const std::vector<Vec3>& points, const SteeringParams& params, double heading,
                    double max_seconds) {
  PathFollower follower(points[0], heading, params);
  follower.set_path(points);
  Walk walk;
  const Vec3& end = points.back();
  const Vec3& before_end = points[points.size() - 2];
  const double last = std::hypot(end.x - before_end.x, end.z - before_end.z);
  double speed = follower.speed();
  double angle = follower.heading_rad();
  while (follower.moving() && walk.seconds < max_seconds) {
    const double h = follower.substep_s();
    EXPECT_GT(h, 0.0);
    EXPECT_LE(h, kMaxSubstepS);
    follower.advance(h);
    walk.seconds += h;
    const Vec3 p = follower.position();
    walk.worst_corridor = std::max(walk.worst_corridor, distance_to_polyline(points, p.x, p.z));
    EXPECT_LE(follower.speed(), params.max_speed_mps + 1e-12);
    EXPECT_GE(follower.speed(), 0.0);
    EXPECT_LE(std::abs(follower.speed() - speed), params.max_accel_mps2 * h * (1.0 + 1e-9))
        << "at " << walk.seconds << " s";
    EXPECT_LE(angle_between(follower.heading_rad(), angle),
              params.max_turn_rate_radps * h * (1.0 + 1e-9))
        << "at " << walk.seconds << " s";
    // The facing is the direction of travel.
    const Vec3 v = follower.velocity();
    EXPECT_NEAR(v.x, follower.speed() * std::cos(follower.heading_rad()), 1e-12);
    EXPECT_NEAR(v.z, follower.speed() * std::sin(follower.heading_rad()), 1e-12);
    // On the last segment (long enough for "past its end" to mean something):
    // never beyond the end, along that segment.
    if (follower.next_point() == points.size() - 1 && last >= params.corridor_m) {
      walk.worst_overshoot = std::max(
          walk.worst_overshoot,
          ((p.x - end.x) * (end.x - before_end.x) + (p.z - end.z) * (end.z - before_end.z)) / last);
    }
    speed = follower.speed();
    angle = follower.heading_rad();
  }
  EXPECT_FALSE(follower.moving()) << "not arrived after " << max_seconds << " s";
  EXPECT_EQ(follower.position().x, end.x);
  EXPECT_EQ(follower.position().z, end.z);
  EXPECT_EQ(follower.speed(), 0.0);
  EXPECT_EQ(follower.next_point(), points.size());
  return walk;
}

// At most: the length at top speed, plus per point a stop, a turn on the
// spot through half a circle and getting back to top speed.
double time_bound(const std::vector<Vec3>& points, const SteeringParams& p) {
  return length(points) / p.max_speed_mps +
         static_cast<double>(points.size()) *
             (2.0 * p.max_speed_mps / p.max_accel_mps2 + kPi / p.max_turn_rate_radps);
}

TEST(SteeringParams, DefaultsSuitAPersonOrSmallVehicle) {
  const SteeringParams p;
  EXPECT_EQ(p.max_speed_mps, 5.0);
  EXPECT_EQ(p.max_accel_mps2, 3.0);
  EXPECT_EQ(p.max_turn_rate_radps, kPi);
  EXPECT_EQ(p.lookahead_m, 1.0);
  EXPECT_EQ(p.corridor_m, 1.0);
  EXPECT_NO_THROW(validate(p));
}

TEST(SteeringParams, EachFieldIsCheckedAgainstItsLimit) {
  const auto problem = [](SteeringParams p) { return test::error_of([&] { validate(p); }); };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(problem({.max_speed_mps = 0.0}),
            "steering: max_speed_mps: must be in [0.001, 1e+06] m/s, got 0");
  EXPECT_THAT(problem({.max_accel_mps2 = -1.0}),
              HasSubstr("steering: max_accel_mps2: must be in [0.001, 1e+06] m/s^2"));
  EXPECT_THAT(problem({.max_turn_rate_radps = 1e4}),
              HasSubstr("steering: max_turn_rate_radps: must be in [0.001, 1000] rad/s"));
  EXPECT_THAT(problem({.lookahead_m = nan}), HasSubstr("steering: lookahead_m: must be in"));
  EXPECT_THAT(problem({.corridor_m = 0.0}), HasSubstr("steering: corridor_m: must be in"));
  EXPECT_THROW(PathFollower({}, 0.0, {.corridor_m = -1.0}), Error);
  PathFollower follower({}, 0.0);
  EXPECT_THROW(follower.set_params({.max_accel_mps2 = 0.0}), Error);
  EXPECT_EQ(follower.params().max_accel_mps2, 3.0);  // unchanged
}

// 20 m straight: accelerate at 3 m/s^2 to 5 m/s (5/3 s, 25/6 m), cruise,
// brake at 3 m/s^2 to rest on the end: 20 / 5 + 5 / 3 = 5.667 s in all.
TEST(PathFollower, StraightLineAcceleratesCruisesAndBrakesOntoTheEnd) {
  const std::vector<Vec3> line = {{0, 0, 0}, {20, 0, 0}};
  PathFollower follower({}, 0.0);
  follower.set_path(line);
  EXPECT_TRUE(follower.moving());
  double t = 0.0;
  double top = 0.0;
  while (follower.moving() && t < 60.0) {
    follower.advance(kMaxSubstepS);
    t += kMaxSubstepS;
    top = std::max(top, follower.speed());
    EXPECT_NEAR(follower.position().z, 0.0, 1e-12);
    EXPECT_LE(follower.position().x, 20.0);
    if (t < 1.5) {
      EXPECT_NEAR(follower.speed(), 3.0 * t, 1e-9);  // full acceleration
    }
  }
  EXPECT_EQ(top, 5.0);
  EXPECT_NEAR(t, 20.0 / 5.0 + 5.0 / 3.0, 2.0 * kMaxSubstepS);
  EXPECT_EQ(follower.position().x, 20.0);
  EXPECT_EQ(follower.speed(), 0.0);
  EXPECT_EQ(follower.heading_rad(), 0.0);
  follower.advance(100.0);  // stays put
  EXPECT_EQ(follower.position().x, 20.0);
  EXPECT_FALSE(follower.moving());
}

// Every substep of many seeded random polylines with each parameter set:
// inside the corridor, within the speed, acceleration and turn-rate limits,
// facing its velocity, at rest exactly on the last point within the time
// bound, and never (beyond a millimetre of tracking) past it.
TEST(PathFollower, RandomPolylinesKeepEveryLimit) {
  const std::vector<SteeringParams> settings = {
      {},                                        // a person
      {.lookahead_m = 0.5, .corridor_m = 0.25},  // a tight corridor
      {.max_speed_mps = 20.0, .max_accel_mps2 = 2.0, .max_turn_rate_radps = 1.0},  // a car
      {.lookahead_m = 3.0, .corridor_m = 1.0},  // a long look-ahead
  };
  int walks = 0;
  for (const SteeringParams& params : settings) {
    for (const Shape shape : {Shape::AnyTurn, Shape::Grid, Shape::Reversals, Shape::Tiny}) {
      for (int seed = 0; seed < 25; ++seed) {
        std::mt19937 rng(static_cast<unsigned>(1000 * static_cast<int>(shape) + seed));
        const std::vector<Vec3> points = random_polyline(rng, shape, 2 + seed % 12);
        // Facing along the first segment, or up to a half turn away.
        const double heading = std::atan2(points[1].z - points[0].z, points[1].x - points[0].x) +
                               (seed % 3 == 0 ? kPi * (seed % 2 == 0 ? 1.0 : -0.5) : 0.0);
        SCOPED_TRACE("shape " + std::to_string(static_cast<int>(shape)) + " seed " +
                     std::to_string(seed) + " corridor " + std::to_string(params.corridor_m));
        const double bound = time_bound(points, params);
        const Walk walk = follow_checked(points, params, heading, bound);
        EXPECT_LE(walk.worst_corridor, params.corridor_m + 1e-9);
        EXPECT_LE(walk.worst_overshoot, 1e-3);
        EXPECT_LE(walk.seconds, bound);
        ++walks;
      }
    }
  }
  EXPECT_EQ(walks, 400);
}

// Straight out and straight back: the unit stops on the far point, turns
// (on the spot, then moving off as it faces the way back) and comes back,
// never beyond the far point.
TEST(PathFollower, ReversalStopsOnTheVertexAndTurnsOnTheSpot) {
  const std::vector<Vec3> there_and_back = {{0, 0, 0}, {6, 0, 0}, {1, 0, 0}};
  PathFollower follower({}, 0.0);
  follower.set_path(there_and_back);
  double furthest = 0.0;
  bool stood_at_vertex = false;
  double t = 0.0;
  while (follower.moving() && t < 60.0) {
    follower.advance(kMaxSubstepS);
    t += kMaxSubstepS;
    furthest = std::max(furthest, follower.position().x);
    EXPECT_LE(std::abs(follower.position().z), 1.0);
    if (follower.position().x == 6.0 && follower.speed() == 0.0) stood_at_vertex = true;
  }
  EXPECT_EQ(furthest, 6.0);
  EXPECT_TRUE(stood_at_vertex);
  EXPECT_EQ(follower.position().x, 1.0);
  EXPECT_EQ(follower.position().z, 0.0);
  EXPECT_LT(angle_between(follower.heading_rad(), kPi), 0.1);
}

// A right angle: slower through the corner than on the straights, and
// within the corridor.
TEST(PathFollower, SlowsDownForACorner) {
  const std::vector<Vec3> corner = {{0, 0, 0}, {15, 0, 0}, {15, 0, 15}};
  PathFollower follower({}, 0.0);
  follower.set_path(corner);
  double slowest_near_corner = 5.0;
  double fastest_before = 0.0;
  for (double t = 0.0; follower.moving() && t < 60.0; t += kMaxSubstepS) {
    follower.advance(kMaxSubstepS);
    const Vec3 p = follower.position();
    if (std::hypot(p.x - 15.0, p.z) < 0.5) {
      slowest_near_corner = std::min(slowest_near_corner, follower.speed());
    }
    if (p.x < 8.0) fastest_before = std::max(fastest_before, follower.speed());
    EXPECT_LE(distance_to_polyline(corner, p.x, p.z), 1.0);
  }
  EXPECT_EQ(fastest_before, 5.0);
  EXPECT_LT(slowest_near_corner, 2.5);
  EXPECT_FALSE(follower.moving());
}

// A new path while moving starts where the unit is, with its speed and
// heading: nothing jumps, and the next substeps stay within the limits.
TEST(PathFollower, RetargetingKeepsPositionVelocityAndHeading) {
  const std::vector<Vec3> east = {{0, 0, 0}, {30, 0, 0}};
  PathFollower follower({}, 0.0);
  follower.set_path(east);
  follower.advance(2.5);
  const Vec3 here = follower.position();
  const double speed = follower.speed();
  const double heading = follower.heading_rad();
  ASSERT_GT(speed, 4.0);
  const std::vector<Vec3> north = {here, {here.x, 0, here.z + 10}, {here.x - 10, 0, here.z + 10}};
  follower.set_path(north);
  EXPECT_EQ(follower.position().x, here.x);
  EXPECT_EQ(follower.position().z, here.z);
  EXPECT_NEAR(follower.speed(), speed, 1e-9);
  EXPECT_EQ(follower.heading_rad(), heading);
  EXPECT_EQ(follower.progress_m(), 0.0);
  Vec3 last = here;
  double last_speed = speed;
  double last_heading = heading;
  double t = 0.0;
  while (follower.moving() && t < 60.0) {
    follower.advance(kMaxSubstepS);
    t += kMaxSubstepS;
    const Vec3 p = follower.position();
    EXPECT_LE(std::hypot(p.x - last.x, p.z - last.z), (last_speed + 0.05) * kMaxSubstepS + 1e-12);
    EXPECT_LE(std::abs(follower.speed() - last_speed), 3.0 * kMaxSubstepS * (1.0 + 1e-9));
    EXPECT_LE(angle_between(follower.heading_rad(), last_heading),
              kPi * kMaxSubstepS * (1.0 + 1e-9));
    last = p;
    last_speed = follower.speed();
    last_heading = follower.heading_rad();
  }
  EXPECT_EQ(follower.position().x, here.x - 10);
  EXPECT_EQ(follower.position().z, here.z + 10);
}

// New parameters mid-walk: a lower top speed is braked down to, and the
// stops follow the new corridor: the sharp step back, seen over a wider one,
// is a gentle bend no longer stopped at.
TEST(PathFollower, NewParametersTakeEffectMidWalk) {
  const std::vector<Vec3> step_back = {{0, 0, 0}, {10, 0, 0}, {9.7, 0, 0.4}, {20, 0, 0.4}};
  PathFollower follower({}, 0.0, {.lookahead_m = 0.5, .corridor_m = 0.25});
  follower.set_path(step_back);
  bool stopped_at_the_step = false;
  while (follower.next_point() < 3 && follower.moving()) {
    follower.advance(kMaxSubstepS);
    const Vec3 p = follower.position();
    stopped_at_the_step |= p.x == 10.0 && p.z == 0.0 && follower.speed() == 0.0;
  }
  ASSERT_TRUE(stopped_at_the_step);  // a stop with the narrow corridor
  follower.advance(2.0);             // on the last segment, speeding up
  const double before = follower.speed();
  ASSERT_GT(before, 3.0);
  follower.set_params({.max_speed_mps = 2.0, .lookahead_m = 4.0, .corridor_m = 2.0});
  EXPECT_EQ(follower.speed(), before);  // no instant change
  double last = before;
  for (double t = 0.0; follower.moving() && t < 60.0; t += kMaxSubstepS) {
    follower.advance(kMaxSubstepS);
    EXPECT_LE(std::abs(follower.speed() - last), 3.0 * kMaxSubstepS * (1.0 + 1e-9));
    EXPECT_LE(follower.speed(), std::max(2.0, last));
    last = follower.speed();
  }
  EXPECT_FALSE(follower.moving());
  EXPECT_EQ(follower.position().x, 20.0);
  EXPECT_EQ(follower.position().z, 0.4);

  // Mid-way through the step with the wide corridor: no stop at its end.
  PathFollower wide({}, 0.0, {.lookahead_m = 0.5, .corridor_m = 0.25});
  wide.set_path(step_back);
  while (wide.next_point() < 2) wide.advance(kMaxSubstepS);  // stopped on (10, 0)
  wide.set_params({.lookahead_m = 4.0, .corridor_m = 2.0});
  double slowest_after = 5.0;
  for (double t = 0.0; wide.moving() && t < 60.0; t += kMaxSubstepS) {
    wide.advance(kMaxSubstepS);
    if (wide.position().x > 12.0 && wide.position().x < 18.0) {
      slowest_after = std::min(slowest_after, wide.speed());
    }
  }
  EXPECT_GT(slowest_after, 1.0);
  EXPECT_EQ(wide.position().x, 20.0);
}

// advance() in fixed substeps: one second in one call or in sixty, or in
// uneven slices, is the same motion.
TEST(PathFollower, MotionDoesNotDependOnHowTimeIsSliced) {
  const std::vector<Vec3> path = {{0, 0, 0}, {4, 0, 1}, {6, 0, -3}, {12, 0, -2}};
  PathFollower whole({}, 0.0);
  PathFollower sixtieths({}, 0.0);
  PathFollower uneven({}, 0.0);
  whole.set_path(path);
  sixtieths.set_path(path);
  uneven.set_path(path);
  for (int second = 0; second < 8; ++second) {
    whole.advance(1.0);
    for (int k = 0; k < 60; ++k) sixtieths.advance(1.0 / 60.0);
    for (const double dt : {0.013, 0.4, 0.0, -1.0, 0.25, 0.337}) uneven.advance(dt);
    EXPECT_EQ(whole.position().x, sixtieths.position().x);
    EXPECT_EQ(whole.position().z, sixtieths.position().z);
    EXPECT_EQ(whole.heading_rad(), sixtieths.heading_rad());
    EXPECT_EQ(whole.speed(), sixtieths.speed());
    EXPECT_NEAR(uneven.position().x, whole.position().x, 1e-9);
    EXPECT_NEAR(uneven.position().z, whole.position().z, 1e-9);
    EXPECT_NEAR(uneven.speed(), whole.speed(), 1e-9);
  }
  EXPECT_FALSE(whole.moving());
  EXPECT_EQ(whole.position().x, 12.0);
  EXPECT_EQ(whole.position().z, -2.0);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  uneven.advance(nan);
  EXPECT_EQ(uneven.position().x, 12.0);
}

TEST(PathFollower, AnEmptyPathBrakesToAHaltStraightAhead) {
  PathFollower follower({}, kPi / 2.0);
  const std::vector<Vec3> north = {{0, 0, 0}, {0, 0, 50}};
  follower.set_path(north);
  follower.advance(2.0);  // 6 m/s would be past the top speed: 5 m/s
  ASSERT_EQ(follower.speed(), 5.0);
  const double z = follower.position().z;
  follower.set_path({});
  EXPECT_TRUE(follower.path().empty());
  EXPECT_TRUE(follower.moving());
  follower.advance(1.0);
  EXPECT_NEAR(follower.speed(), 2.0, 1e-9);
  follower.advance(10.0);
  EXPECT_FALSE(follower.moving());
  EXPECT_EQ(follower.speed(), 0.0);
  EXPECT_NEAR(follower.position().x, 0.0, 1e-9);
  EXPECT_NEAR(follower.position().z, z + 25.0 / 6.0, 1e-9);  // v^2 / (2 a)
}

// halt: unlike an empty path (above), it stops dead, keeping its heading;
// a later path starts from rest.
TEST(PathFollower, HaltStopsDeadWhereItStands) {
  PathFollower follower({}, kPi / 2.0);
  const std::vector<Vec3> north = {{0, 0, 0}, {0, 0, 50}};
  follower.set_path(north);
  follower.advance(2.0);
  ASSERT_EQ(follower.speed(), 5.0);
  const Vec3 at = follower.position();
  follower.halt();
  EXPECT_FALSE(follower.moving());
  EXPECT_TRUE(follower.path().empty());
  EXPECT_EQ(follower.speed(), 0.0);
  EXPECT_NEAR(follower.heading_rad(), kPi / 2.0, 1e-12);
  follower.advance(10.0);
  EXPECT_EQ(follower.position().x, at.x);
  EXPECT_EQ(follower.position().z, at.z);
  follower.set_path(std::vector<Vec3>{at, {at.x, 0, at.z + 10.0}});
  follower.advance(kMaxSubstepS);
  EXPECT_NEAR(follower.speed(), 3.0 * kMaxSubstepS, 1e-9);  // from rest at 3 m/s^2
}

// A path that starts away from the unit: it heads back to the path and
// then keeps to the corridor.
TEST(PathFollower, APathStartingElsewhereIsJoined) {
  PathFollower follower({0, 0, 3}, 0.0);
  const std::vector<Vec3> path = {{0, 0, 0}, {20, 0, 0}};
  follower.set_path(path);
  bool joined = false;
  for (double t = 0.0; follower.moving() && t < 60.0; t += kMaxSubstepS) {
    follower.advance(kMaxSubstepS);
    const double off = std::abs(follower.position().z);
    if (off <= 1.0) joined = true;
    if (joined) {
      EXPECT_LE(off, 1.0 + 1e-9);
    }
  }
  EXPECT_TRUE(joined);
  EXPECT_EQ(follower.position().x, 20.0);
  EXPECT_EQ(follower.position().z, 0.0);
}

// Pushed sideways while walking (as separation does), the follower keeps its
// speed, steers back into the corridor and still stops exactly on the end;
// pushed while standing, it stays where it was pushed.
TEST(PathFollower, DisplacedFollowerRejoinsItsPathOrStaysPut) {
  PathFollower follower({}, 0.0);
  const std::vector<Vec3> path = {{0, 0, 0}, {20, 0, 0}};
  follower.set_path(path);
  follower.advance(2.0);
  const double speed = follower.speed();
  const double x = follower.position().x;
  follower.displace(0.25, 0.5);
  EXPECT_NEAR(follower.position().x, x + 0.25, 1e-12);
  EXPECT_NEAR(follower.position().z, 0.5, 1e-12);
  EXPECT_NEAR(follower.speed(), speed, 1e-9);
  EXPECT_TRUE(follower.moving());
  follower.advance(1.0);
  EXPECT_LT(std::abs(follower.position().z), 0.5);  // heading back
  follower.advance(60.0);
  EXPECT_FALSE(follower.moving());
  EXPECT_EQ(follower.position().x, 20.0);
  EXPECT_EQ(follower.position().z, 0.0);
  follower.displace(-1.0, 2.0);
  follower.advance(10.0);
  EXPECT_FALSE(follower.moving());
  EXPECT_EQ(follower.position().x, 19.0);
  EXPECT_EQ(follower.position().z, 2.0);
}

}  // namespace
}  // namespace terranav::nav
