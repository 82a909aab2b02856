// Window-neutral input events (after sokol_app's sapp_event): the window layer
// turns its callbacks into these, so camera controls and game logic never see
// GLFW and can be driven by tests or scripts.
#pragma once

namespace terranav::engine {

enum class EventType { MouseDown, MouseUp, MouseMove, Scroll, KeyDown, KeyUp, Resize };

enum class MouseButton { Left, Right, Middle, Other };

enum class Key {
  W,
  A,
  S,
  D,
  F,
  O,
  P,
  M,
  Escape,
  LeftBracket,
  RightBracket,
  /// The digits 0-4 (the brush's modes), '-' and '=' (its size).
  Num0,
  Num1,
  Num2,
  Num3,
  Num4,
  Minus,
  Equal,
  Other
};

struct Event {
  EventType type = EventType::MouseMove;
  /// Cursor position in window pixels, origin top-left, y down (as GLFW
  /// cursor coordinates). Set for every mouse event.
  double x = 0.0;
  double y = 0.0;
  /// MouseDown / MouseUp.
  MouseButton button = MouseButton::Other;
  /// Scroll: wheel steps, positive = wheel pushed away from the user.
  double scroll = 0.0;
  /// KeyDown / KeyUp.
  Key key = Key::Other;
  /// Resize: new window size in pixels.
  int width = 0;
  int height = 0;
};

}  // namespace terranav::engine
