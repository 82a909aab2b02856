#include "terranav/engine/platform/egl_context.hpp"

#include <cstdio>
#include <string>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <glad/gl.h>

#include "terranav/engine/gl/gl_debug.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::engine {
namespace {

std::string egl_error() {
  char code[16];
  std::snprintf(code, sizeof code, "0x%04x", static_cast<unsigned>(eglGetError()));
  return code;
}

[[noreturn]] void fail(const std::string& step) {
  throw nav::Error("EGL: " + step + " failed (error " + egl_error() + ")");
}

/// Releases what was made so far, then fails.
[[noreturn]] void fail_and_release(const std::string& step, EGLDisplay display,
                                   EGLContext context) {
  const std::string code = egl_error();
  if (context != EGL_NO_CONTEXT) {
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, context);
  }
  eglTerminate(display);
  throw nav::Error("EGL: " + step + " failed (error " + code + ")");
}

GLADapiproc load_gl(const char* name) {
  return reinterpret_cast<GLADapiproc>(eglGetProcAddress(name));
}

/// Mesa's surfaceless platform, else the first EGL device (EGL_EXT_platform_device:
/// NVIDIA's driver has no surfaceless platform). EGL_NO_DISPLAY when neither opens.
EGLDisplay open_display() {
  const auto get_platform_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
      eglGetProcAddress("eglGetPlatformDisplayEXT"));
  if (get_platform_display == nullptr) fail("looking up eglGetPlatformDisplayEXT");
  EGLDisplay display =
      get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (display != EGL_NO_DISPLAY && eglInitialize(display, nullptr, nullptr) == EGL_TRUE) {
    return display;
  }
  const auto query_devices =
      reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  EGLDeviceEXT device = nullptr;
  EGLint devices = 0;
  if (query_devices == nullptr || query_devices(1, &device, &devices) != EGL_TRUE || devices < 1) {
    return EGL_NO_DISPLAY;
  }
  display = get_platform_display(EGL_PLATFORM_DEVICE_EXT, device, nullptr);
  if (display != EGL_NO_DISPLAY && eglInitialize(display, nullptr, nullptr) == EGL_TRUE) {
    return display;
  }
  return EGL_NO_DISPLAY;
}

}  // namespace

EglContext::EglContext() {
  EGLDisplay display = open_display();
  if (display == EGL_NO_DISPLAY) fail("opening a surfaceless or device display");
  if (eglBindAPI(EGL_OPENGL_API) != EGL_TRUE) {
    fail_and_release("binding the OpenGL API", display, EGL_NO_CONTEXT);
  }
  // No window on this platform: the default EGL_WINDOW_BIT would match no config.
  const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                   EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig config = nullptr;
  EGLint configs = 0;
  if (eglChooseConfig(display, config_attribs, &config, 1, &configs) != EGL_TRUE || configs < 1) {
    fail_and_release("choosing an OpenGL config", display, EGL_NO_CONTEXT);
  }
  const EGLint context_attribs[] = {
    EGL_CONTEXT_MAJOR_VERSION,
    3,
    EGL_CONTEXT_MINOR_VERSION,
    3,
    EGL_CONTEXT_OPENGL_PROFILE_MASK,
    EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
#if defined(TERRANAV_GL_DEBUG)
    EGL_CONTEXT_OPENGL_DEBUG,
    EGL_TRUE,
#endif
    EGL_NONE
  };
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attribs);
  if (context == EGL_NO_CONTEXT) {
    fail_and_release("creating a GL 3.3 core context", display, EGL_NO_CONTEXT);
  }
  if (eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context) != EGL_TRUE) {
    fail_and_release("making the context current without a surface", display, context);
  }
  if (gladLoadGL(load_gl) == 0) fail_and_release("loading GL with glad", display, context);
  display_ = display;
  context_ = context;
  enable_gl_debug_output(load_gl);
}

EglContext::~EglContext() {
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display_, context_);
  eglTerminate(display_);
}

}  // namespace terranav::engine
