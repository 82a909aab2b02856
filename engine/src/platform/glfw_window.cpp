#include "terranav/engine/platform/glfw_window.hpp"

#include <string>

#include <glad/gl.h>
// glad provides the GL declarations.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "terranav/engine/gl/gl_debug.hpp"
#include "terranav/engine/gl/multisampling.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::engine {
namespace {

std::vector<Event>& queue_of(GLFWwindow* window) {
  return *static_cast<std::vector<Event>*>(glfwGetWindowUserPointer(window));
}

Event mouse_event(GLFWwindow* window, EventType type) {
  Event event;
  event.type = type;
  glfwGetCursorPos(window, &event.x, &event.y);
  return event;
}

MouseButton to_button(int button) {
  switch (button) {
    case GLFW_MOUSE_BUTTON_LEFT:
      return MouseButton::Left;
    case GLFW_MOUSE_BUTTON_RIGHT:
      return MouseButton::Right;
    case GLFW_MOUSE_BUTTON_MIDDLE:
      return MouseButton::Middle;
    default:
      return MouseButton::Other;
  }
}

Key to_key(int key) {
  switch (key) {
    case GLFW_KEY_W:
      return Key::W;
    case GLFW_KEY_A:
      return Key::A;
    case GLFW_KEY_S:
      return Key::S;
    case GLFW_KEY_D:
      return Key::D;
    case GLFW_KEY_F:
      return Key::F;
    case GLFW_KEY_O:
      return Key::O;
    case GLFW_KEY_P:
      return Key::P;
    case GLFW_KEY_M:
      return Key::M;
    case GLFW_KEY_ESCAPE:
      return Key::Escape;
    case GLFW_KEY_LEFT_BRACKET:
      return Key::LeftBracket;
    case GLFW_KEY_RIGHT_BRACKET:
      return Key::RightBracket;
    case GLFW_KEY_0:
    case GLFW_KEY_KP_0:
      return Key::Num0;
    case GLFW_KEY_1:
    case GLFW_KEY_KP_1:
      return Key::Num1;
    case GLFW_KEY_2:
    case GLFW_KEY_KP_2:
      return Key::Num2;
    case GLFW_KEY_3:
    case GLFW_KEY_KP_3:
      return Key::Num3;
    case GLFW_KEY_4:
    case GLFW_KEY_KP_4:
      return Key::Num4;
    case GLFW_KEY_MINUS:
    case GLFW_KEY_KP_SUBTRACT:
      return Key::Minus;
    case GLFW_KEY_EQUAL:
    case GLFW_KEY_KP_ADD:
      return Key::Equal;
    default:
      return Key::Other;
  }
}

void on_button(GLFWwindow* window, int button, int action, int) {
  Event event =
      mouse_event(window, action == GLFW_PRESS ? EventType::MouseDown : EventType::MouseUp);
  event.button = to_button(button);
  queue_of(window).push_back(event);
}

void on_cursor(GLFWwindow* window, double x, double y) {
  Event event;
  event.type = EventType::MouseMove;
  event.x = x;
  event.y = y;
  queue_of(window).push_back(event);
}

void on_scroll(GLFWwindow* window, double, double dy) {
  Event event = mouse_event(window, EventType::Scroll);
  event.scroll = dy;
  queue_of(window).push_back(event);
}

void on_key(GLFWwindow* window, int key, int, int action, int) {
  if (action == GLFW_REPEAT) return;
  Event event;
  event.type = action == GLFW_PRESS ? EventType::KeyDown : EventType::KeyUp;
  event.key = to_key(key);
  queue_of(window).push_back(event);
}

void on_resize(GLFWwindow* window, int width, int height) {
  Event event;
  event.type = EventType::Resize;
  event.width = width;
  event.height = height;
  queue_of(window).push_back(event);
}

GLADapiproc load_gl(const char* name) {
  return glfwGetProcAddress(name);
}

}  // namespace

GlfwWindow::GlfwWindow(Viewport size, const char* title, int samples) {
  if (glfwInit() != GLFW_TRUE) {
    const char* reason = nullptr;
    glfwGetError(&reason);
    throw nav::Error(std::string("GLFW: cannot initialise (") + (reason ? reason : "no display") +
                     ")");
  }
  // The renderer is known only once a context exists: auto opens with 4x
  // and, on a CPU rasteriser, once more without.
  open(size, title, samples == kAutoSamples ? 4 : samples);
  if (samples == kAutoSamples && choose_samples(samples) == 0) {
    glfwDestroyWindow(window_);
    open(size, title, 0);
  }
  enable_gl_debug_output(load_gl);
  glfwSwapInterval(1);
  glfwSetWindowUserPointer(window_, &queue_);
  glfwSetMouseButtonCallback(window_, on_button);
  glfwSetCursorPosCallback(window_, on_cursor);
  glfwSetScrollCallback(window_, on_scroll);
  glfwSetKeyCallback(window_, on_key);
  glfwSetWindowSizeCallback(window_, on_resize);
}

void GlfwWindow::open(Viewport size, const char* title, int samples) {
  glfwDefaultWindowHints();
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SAMPLES, samples);
#if defined(TERRANAV_GL_DEBUG)
  glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, GLFW_TRUE);
#endif
  window_ = glfwCreateWindow(size.width, size.height, title, nullptr, nullptr);
  if (window_ == nullptr) {
    const char* reason = nullptr;
    glfwGetError(&reason);
    glfwTerminate();
    throw nav::Error(std::string("GLFW: cannot open a GL 3.3 core window (") +
                     (reason ? reason : "unknown reason") + ")");
  }
  glfwMakeContextCurrent(window_);
  if (gladLoadGL(load_gl) == 0) {
    glfwDestroyWindow(window_);
    glfwTerminate();
    throw nav::Error("GLFW: loading OpenGL functions with glad failed");
  }
}

GlfwWindow::~GlfwWindow() {
  glfwDestroyWindow(window_);
  glfwTerminate();
}

bool GlfwWindow::should_close() const {
  return glfwWindowShouldClose(window_) == GLFW_TRUE;
}

void GlfwWindow::close() {
  glfwSetWindowShouldClose(window_, GLFW_TRUE);
}

std::vector<Event> GlfwWindow::poll() {
  glfwPollEvents();
  std::vector<Event> events;
  events.swap(queue_);
  return events;
}

Viewport GlfwWindow::size() const {
  Viewport v;
  glfwGetWindowSize(window_, &v.width, &v.height);
  return v;
}

Viewport GlfwWindow::framebuffer_size() const {
  Viewport v;
  glfwGetFramebufferSize(window_, &v.width, &v.height);
  return v;
}

void GlfwWindow::swap_buffers() {
  glfwSwapBuffers(window_);
}

double GlfwWindow::time() const {
  return glfwGetTime();
}

}  // namespace terranav::engine
