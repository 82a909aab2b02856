// A headless OpenGL 3.3 core context: EGL on Mesa's surfaceless platform or
// on a device (NVIDIA), no X server and no window. Render into an FBO (OffscreenTarget).
#pragma once

namespace terranav::engine {

class EglContext {
 public:
  /// Opens the surfaceless display (eglGetPlatformDisplayEXT with
  /// EGL_PLATFORM_SURFACELESS_MESA), else the first EGL device's
  /// (EGL_PLATFORM_DEVICE_EXT), creates a 3.3 core context (a debug one
  /// in debug builds), makes it current without a surface, loads GL with
  /// glad and enables debug output when built for it. Throws nav::Error
  /// naming the EGL step that failed.
  EglContext();
  ~EglContext();
  EglContext(const EglContext&) = delete;
  EglContext& operator=(const EglContext&) = delete;

 private:
  void* display_ = nullptr;  // EGLDisplay
  void* context_ = nullptr;  // EGLContext
};

}  // namespace terranav::engine
