// A GLFW 3.3 window with a GL 3.3 core context whose input callbacks become
// window-neutral Events.
#pragma once

#include <vector>

#include "terranav/engine/platform/event.hpp"
#include "terranav/engine/view/camera.hpp"

struct GLFWwindow;

namespace terranav::engine {

class GlfwWindow {
 public:
  /// Initialises GLFW, opens the window with `samples` per pixel
  /// (multisampling.hpp; kAutoSamples opens it again without multisampling
  /// when the context turns out to be a software renderer), makes its
  /// context current, loads GL with glad and (debug builds) enables debug
  /// output. Throws nav::Error when there is no display or the context cannot
  /// be created.
  GlfwWindow(Viewport size, const char* title, int samples);
  ~GlfwWindow();
  GlfwWindow(const GlfwWindow&) = delete;
  GlfwWindow& operator=(const GlfwWindow&) = delete;

  GLFWwindow* handle() const noexcept { return window_; }
  bool should_close() const;
  void close();
  /// Processes pending window events and returns them in arrival order.
  std::vector<Event> poll();
  /// Window size in screen pixels (the cursor's coordinates).
  Viewport size() const;
  /// Framebuffer size in pixels (for glViewport).
  Viewport framebuffer_size() const;
  void swap_buffers();
  /// Seconds since GLFW was initialised.
  double time() const;

 private:
  /// Opens window_ with `samples` and loads GL; throws as the constructor.
  void open(Viewport size, const char* title, int samples);

  GLFWwindow* window_ = nullptr;
  std::vector<Event> queue_;
};

}  // namespace terranav::engine
