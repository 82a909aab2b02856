// Steering along a polyline (pure, x/z only): pure pursuit of a look-ahead
// point with limits on speed, acceleration and turn rate, slowing for corners
// so the unit stays within a corridor around the path, and stopping exactly
// on the last point. Unit puts it on the terrain surface.
#pragma once

#include <cstddef>
#include <numbers>
#include <span>
#include <vector>

#include "terranav/nav/types.hpp"

namespace terranav::nav {

/// How a unit moves. Defaults: a person or a small vehicle.
struct SteeringParams {
  /// Top speed. [Units: m/s] [Limits: kSpeedLimit]
  double max_speed_mps = 5.0;
  /// Largest change of speed per second, speeding up and braking alike.
  /// [Units: m/s^2] [Limits: kAccelLimit]
  double max_accel_mps2 = 3.0;
  /// Largest change of heading per second, also while standing (a unit can
  /// turn on the spot). [Units: rad/s] [Limits: kTurnRateLimit]
  double max_turn_rate_radps = std::numbers::pi;
  /// How far along the path, beyond the unit's nearest point on it, lies the
  /// point it steers toward: longer is smoother, shorter cuts corners less.
  /// [Units: m] [Limits: kLookaheadLimit]
  double lookahead_m = 1.0;
  /// Furthest the unit may stray from its path, measured horizontally.
  /// Corners are taken slowly enough to stay within it; a corner sharper
  /// than 90 degrees (seen over one look-ahead) is taken by stopping on its
  /// vertex and turning on the spot. [Units: m] [Limits: kCorridorLimit]
  double corridor_m = 1.0;
};

/// Throws Error naming the first field outside its limit. O(1).
void validate(const SteeringParams& params);

/// Longest simulation substep. PathFollower::advance splits any time span
/// into substeps of at most this length (shorter when the unit moves fast
/// against its corridor), so motion does not depend on the frame rate.
/// [Units: s]
inline constexpr double kMaxSubstepS = 1.0 / 60.0;

/// Follows a polyline in the horizontal plane (x/z; y is carried along in
/// path() but never used). Per substep h the heading turns toward the
/// look-ahead point by at most max_turn_rate * h, the speed changes by at
/// most max_accel * h within [0, max_speed], and the follower moves along
/// its new heading, which is also its facing. The speed is the least of:
/// the top speed; none while facing more than 45 degrees away from the
/// look-ahead point (it turns on the spot); what lets the arc to that point
/// fit the turn rate and the corridor; braking to rest on the next stop (the
/// last point, or a vertex sharper than 90 degrees); braking for each
/// gentler corner ahead to a speed at which its turn fits the corridor.
/// Braking is on straight-line distances, so the follower comes to rest
/// exactly on the last point (snapped from within 1e-6 m) without running
/// past it; a new path asking for a stop sooner than braking allows is
/// overrun and then walked back to. docs/architecture.md has the details.
class PathFollower {
 public:
  /// Stands at (position.x, position.z) facing `heading_rad` (0 = +x, pi/2 =
  /// +z), with no path. Throws Error for bad params (validate). O(1).
  PathFollower(Vec3 position, double heading_rad, const SteeringParams& params = {});

  /// Follows `points` (metres) from where the follower is, keeping its
  /// speed and heading: no jump, no instant turn. points[0] should be its
  /// position (Unit::set_path prepends it; a path starting elsewhere is
  /// joined first); repeated points are allowed. An empty span makes it
  /// brake to a halt straight ahead. O(n log n) for n points (the corners).
  void set_path(std::span<const Vec3> points);

  /// Advances dt_s seconds (nothing for dt_s <= 0 or NaN) in fixed substeps;
  /// the time left below one substep is carried to the next call, and the
  /// state shown in between is that remainder simulated from the last
  /// substep (so advance(1.0) and sixty advance(1.0 / 60) agree).
  /// O(dt_s / substep x (segments in the look-ahead window + corners within
  /// braking distance)); nothing once the follower has stopped at the end.
  void advance(double dt_s);

  /// Moves the follower by (dx, dz) metres without changing its speed or
  /// heading (separation between units pushes it); on a path it then steers
  /// back as after a wide turn. O(segments in the projection window).
  void displace(double dx, double dz) noexcept;

  /// Stops dead where it stands: no path (as set_path with an empty span)
  /// and speed 0, heading kept; e.g. set down beside ground that became
  /// impassable, before a new path. O(1).
  void halt();

  /// Replaces the parameters (validated first; throws Error with nothing
  /// changed), keeping the path and the motion. O(path).
  void set_params(const SteeringParams& params);
  const SteeringParams& params() const noexcept { return params_; }

  /// True until the last point is reached and the follower stands still.
  bool moving() const noexcept { return !shown_.done || shown_.speed > 0.0; }
  /// Position, y = 0. Metres.
  Vec3 position() const noexcept { return {shown_.x, 0.0, shown_.z}; }
  /// Heading angle, radians in (-pi, pi]: direction (cos, 0, sin).
  double heading_rad() const noexcept { return shown_.heading; }
  /// Unit-length direction of travel and facing (the last one when standing).
  Vec3 heading() const noexcept;
  /// Current speed, m/s: in [0, max_speed], or braking down to a top speed
  /// lowered by set_params.
  double speed() const noexcept { return shown_.speed; }
  /// speed() * heading(), m/s.
  Vec3 velocity() const noexcept;
  /// The path being (or last) followed, as given to set_path.
  std::span<const Vec3> path() const noexcept { return path_; }
  /// Index of the path point ending the segment of the follower's nearest
  /// point on the path (path().size() once at the end, or with no path).
  std::size_t next_point() const noexcept;
  /// Arc length along the path of the follower's nearest point on it (within
  /// a window around its last one, so a path crossing itself is not cut
  /// short). Metres.
  double progress_m() const noexcept { return shown_.progress; }
  /// Duration of the next substep at the committed state: kMaxSubstepS, or
  /// shorter where speed and acceleration would carry the unit more than a
  /// quarter of min(corridor, look-ahead) in one. Seconds.
  double substep_s() const noexcept { return substep(committed_); }

 private:
  struct State {
    double x = 0.0;
    double z = 0.0;
    double heading = 0.0;
    double speed = 0.0;
    double progress = 0.0;
    double off_path = 0.0;      // distance to the point at `progress`
    std::size_t segment = 0;    // progress lies on path_[segment] .. path_[segment + 1]
    std::size_t stop_slot = 0;  // stops_[stop_slot] is the next stop
    bool done = true;           // reached the last stop (or halting with no path)
  };

  // The point nearest (x, z) with arc length in [lo, hi], searching from
  // segment `hint`.
  struct Nearest {
    double distance;
    double arc;
    std::size_t segment;
  };
  Nearest nearest(double x, double z, double lo, double hi, std::size_t hint) const noexcept;
  // The point at arc length `at`, searching from segment `hint` on.
  Vec3 point_at(double at, std::size_t hint) const noexcept;
  // How far along the path the nearest point may move in one substep.
  double projection_window() const noexcept {
    return params_.lookahead_m + 2.0 * params_.corridor_m;
  }
  double substep(const State& s) const noexcept;
  State step(State s, double h) const noexcept;
  void prepare_corners();

  SteeringParams params_;
  std::vector<Vec3> path_;
  std::vector<double> arc_;           // arc length at each point
  std::vector<double> corner_speed_;  // speed allowed when the look-ahead reaches the vertex
  std::vector<std::size_t> stops_;    // sharp vertices, then the last point
  State committed_;                   // at the last whole substep
  State shown_;                       // committed_ advanced by residual_s_
  double residual_s_ = 0.0;
};

}  // namespace terranav::nav
