// A headless OpenGL 4.5 core context through EGL, with no window and no surface: NVIDIA's
// EGL device platform where there is a GPU, Mesa's surfaceless platform (llvmpipe) otherwise.
// The renderer draws into framebuffer objects in it. Used by `render`, exports and tests.
#pragma once

#include <string>

namespace geofield {

class HeadlessGlContext {
 public:
  // Makes the context current on this thread; throws RuntimeFailure saying what was tried.
  HeadlessGlContext();
  ~HeadlessGlContext();
  HeadlessGlContext(const HeadlessGlContext&) = delete;
  HeadlessGlContext& operator=(const HeadlessGlContext&) = delete;

  // Makes it current on this thread again (after another context was): throws RuntimeFailure.
  void make_current();

  // "EGL device platform: NVIDIA H200/PCIe/SSE2" and the like.
  const std::string& description() const { return description_; }

 private:
  void* display_ = nullptr;  // EGLDisplay
  void* context_ = nullptr;  // EGLContext
  std::string description_;
};

}  // namespace geofield
