// The claim of the CUDA path: over many recomputes with changing parameters, the field never
// crosses between host and device and no texture is uploaded. CUPTI's activity API records
// every memory copy the process makes; counting wrappers around GLAD's function pointers see
// every GL upload and read-back. Positive controls show that both would see one.
#include <cuda_runtime_api.h>
#include <cupti.h>
#include <glad/gl.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

#include "backends/cpu_backend.h"
#include "backends/cuda_backend.h"
#include "cuda_check.h"
#include "gl/gl_check.h"
#include "gl/renderer.h"
#include "gpu_test_support.h"

namespace geofield {
namespace {

// ---- CUPTI: count memcpy and kernel activity records ----
std::atomic<long> g_memcpy_records{0}, g_host_device_copies{0}, g_kernel_records{0};

#define GF_CUPTI(call)                                                     \
  do {                                                                     \
    const CUptiResult r_ = (call);                                         \
    if (r_ != CUPTI_SUCCESS) {                                             \
      const char* s_ = nullptr;                                            \
      cuptiGetResultString(r_, &s_);                                       \
      FAIL() << #call << " failed: " << (s_ ? s_ : "unknown CUPTI error"); \
    }                                                                      \
  } while (0)

void CUPTIAPI buffer_requested(uint8_t** buffer, size_t* size, size_t* max_records) {
  *size = 1 << 20;
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, *size));
  *max_records = 0;
}

void CUPTIAPI buffer_completed(CUcontext, uint32_t, uint8_t* buffer, size_t, size_t valid) {
  CUpti_Activity* record = nullptr;
  while (cuptiActivityGetNextRecord(buffer, valid, &record) == CUPTI_SUCCESS) {
    if (record->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
      ++g_memcpy_records;
      // The record layout changes between CUPTI versions; copyKind sits at the same place.
      const auto* m = reinterpret_cast<const CUpti_ActivityMemcpy6*>(record);
      if (m->copyKind == CUPTI_ACTIVITY_MEMCPY_KIND_HTOD ||
          m->copyKind == CUPTI_ACTIVITY_MEMCPY_KIND_DTOH ||
          m->copyKind == CUPTI_ACTIVITY_MEMCPY_KIND_HTOA ||
          m->copyKind == CUPTI_ACTIVITY_MEMCPY_KIND_ATOH) {
        ++g_host_device_copies;
      }
    } else if (record->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL ||
               record->kind == CUPTI_ACTIVITY_KIND_KERNEL) {
      ++g_kernel_records;
    }
  }
  std::free(buffer);
}

void reset_counts() {
  g_memcpy_records = 0;
  g_host_device_copies = 0;
  g_kernel_records = 0;
}

// ---- GL: count uploads and read-backs through GLAD's pointers ----
std::atomic<long> g_gl_transfers{0};
PFNGLTEXSUBIMAGE2DPROC real_tex_sub_image_2d;
PFNGLTEXTURESUBIMAGE2DPROC real_texture_sub_image_2d;
PFNGLTEXIMAGE2DPROC real_tex_image_2d;
PFNGLGETTEXTUREIMAGEPROC real_get_texture_image;
PFNGLGETTEXTURESUBIMAGEPROC real_get_texture_sub_image;
PFNGLGETTEXIMAGEPROC real_get_tex_image;
PFNGLREADPIXELSPROC real_read_pixels;
PFNGLNAMEDBUFFERSUBDATAPROC real_named_buffer_sub_data;
PFNGLBUFFERSUBDATAPROC real_buffer_sub_data;
PFNGLMAPNAMEDBUFFERRANGEPROC real_map_named_buffer_range;

void count_tex_sub_image_2d(GLenum a, GLint b, GLint c, GLint d, GLsizei e, GLsizei f, GLenum g,
                            GLenum h, const void* i) {
  ++g_gl_transfers;
  real_tex_sub_image_2d(a, b, c, d, e, f, g, h, i);
}
void count_texture_sub_image_2d(GLuint a, GLint b, GLint c, GLint d, GLsizei e, GLsizei f, GLenum g,
                                GLenum h, const void* i) {
  ++g_gl_transfers;
  real_texture_sub_image_2d(a, b, c, d, e, f, g, h, i);
}
void count_tex_image_2d(GLenum a, GLint b, GLint c, GLsizei d, GLsizei e, GLint f, GLenum g,
                        GLenum h, const void* i) {
  ++g_gl_transfers;
  real_tex_image_2d(a, b, c, d, e, f, g, h, i);
}
void count_get_texture_image(GLuint a, GLint b, GLenum c, GLenum d, GLsizei e, void* f) {
  ++g_gl_transfers;
  real_get_texture_image(a, b, c, d, e, f);
}
void count_get_texture_sub_image(GLuint a, GLint b, GLint c, GLint d, GLint e, GLsizei f, GLsizei g,
                                 GLsizei h, GLenum i, GLenum j, GLsizei k, void* l) {
  ++g_gl_transfers;
  real_get_texture_sub_image(a, b, c, d, e, f, g, h, i, j, k, l);
}
void count_get_tex_image(GLenum a, GLint b, GLenum c, GLenum d, void* e) {
  ++g_gl_transfers;
  real_get_tex_image(a, b, c, d, e);
}
void count_read_pixels(GLint a, GLint b, GLsizei c, GLsizei d, GLenum e, GLenum f, void* g) {
  ++g_gl_transfers;
  real_read_pixels(a, b, c, d, e, f, g);
}
void count_named_buffer_sub_data(GLuint a, GLintptr b, GLsizeiptr c, const void* d) {
  ++g_gl_transfers;
  real_named_buffer_sub_data(a, b, c, d);
}
void count_buffer_sub_data(GLenum a, GLintptr b, GLsizeiptr c, const void* d) {
  ++g_gl_transfers;
  real_buffer_sub_data(a, b, c, d);
}
void* count_map_named_buffer_range(GLuint a, GLintptr b, GLsizeiptr c, GLbitfield d) {
  ++g_gl_transfers;
  return real_map_named_buffer_range(a, b, c, d);
}

struct GlTransferCounter {
  GlTransferCounter() {
    real_tex_sub_image_2d = std::exchange(glad_glTexSubImage2D, count_tex_sub_image_2d);
    real_texture_sub_image_2d = std::exchange(glad_glTextureSubImage2D, count_texture_sub_image_2d);
    real_tex_image_2d = std::exchange(glad_glTexImage2D, count_tex_image_2d);
    real_get_texture_image = std::exchange(glad_glGetTextureImage, count_get_texture_image);
    real_get_texture_sub_image =
        std::exchange(glad_glGetTextureSubImage, count_get_texture_sub_image);
    real_get_tex_image = std::exchange(glad_glGetTexImage, count_get_tex_image);
    real_read_pixels = std::exchange(glad_glReadPixels, count_read_pixels);
    real_named_buffer_sub_data =
        std::exchange(glad_glNamedBufferSubData, count_named_buffer_sub_data);
    real_buffer_sub_data = std::exchange(glad_glBufferSubData, count_buffer_sub_data);
    real_map_named_buffer_range =
        std::exchange(glad_glMapNamedBufferRange, count_map_named_buffer_range);
  }
  ~GlTransferCounter() {
    glad_glTexSubImage2D = real_tex_sub_image_2d;
    glad_glTextureSubImage2D = real_texture_sub_image_2d;
    glad_glTexImage2D = real_tex_image_2d;
    glad_glGetTextureImage = real_get_texture_image;
    glad_glGetTextureSubImage = real_get_texture_sub_image;
    glad_glGetTexImage = real_get_tex_image;
    glad_glReadPixels = real_read_pixels;
    glad_glNamedBufferSubData = real_named_buffer_sub_data;
    glad_glBufferSubData = real_buffer_sub_data;
    glad_glMapNamedBufferRange = real_map_named_buffer_range;
  }
};

constexpr int kRecomputes = 40;

TEST(NoRoundTrip, RecomputesCopyNothingAndUploadNothing) {
  GF_REQUIRE_GL_ON_CUDA();
  // compute-sanitizer and CUPTI cannot both attach: under it, only the GL half is checked.
  const bool cupti = std::getenv("GEOFIELD_UNDER_SANITIZER") == nullptr;
  if (cupti) {
    GF_CUPTI(cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed));
    GF_CUPTI(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY));
    GF_CUPTI(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
  }

  int device = 0;
  GF_CUDA(cudaGetDevice(&device));
  Renderer renderer;
  CudaBackend backend(device, CudaBackend::Path::interop);
  FieldParams p;
  renderer.field().ensure_size(p.nx, p.ny);
  GLuint fbo = 0, rb = 0;
  GF_GL(glCreateRenderbuffers(1, &rb));
  GF_GL(glNamedRenderbufferStorage(rb, GL_RGBA8, 256, 256));
  GF_GL(glCreateFramebuffers(1, &fbo));
  GF_GL(glNamedFramebufferRenderbuffer(fbo, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb));
  GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, fbo));
  ViewStyle style;
  style.value_max = 300;

  GF_CUDA(cudaDeviceSynchronize());
  if (cupti) GF_CUPTI(cuptiActivityFlushAll(1));
  reset_counts();
  long expected_kernels = 0;
  {
    GlTransferCounter gl_counter;
    g_gl_transfers = 0;
    // Frames as the window makes them: parameters change, recompute, draw.
    for (int k = 0; k < kRecomputes; ++k) {
      p.ref_lat_deg = 29.0 + 0.05 * k;
      p.ref_lon_deg = 100.0 + 0.03 * k;
      p.formula = k % 3 == 2 ? Formula::seed : Formula::haversine;
      p.units = static_cast<Units>(k % 4);
      p.precision = k % 2 ? Precision::f64 : Precision::f32;
      // Projected views among them (one kernel, its grid made on the device as well).
      const Projection views[] = {Projection::latlon, Projection::latlon, Projection::aeqd,
                                  Projection::latlon, Projection::ortho};
      p.projection = views[k % 5];
      p.extent = 0.5 * radius_in_units(p);
      // The latlon double path runs its factor pre-pass, then the field kernel.
      const bool prepass = p.projection == Projection::latlon && p.precision == Precision::f64;
      expected_kernels += prepass ? 2 : 1;
      backend.compute(p, renderer.field());
      renderer.draw(0, 0, 256, 256, style);
    }
    GF_GL(glFinish());
    GF_CUDA(cudaDeviceSynchronize());
    EXPECT_EQ(g_gl_transfers.load(), 0) << "GL uploads or read-backs during recomputes";

    // Positive control for the GL counter: the CPU backend uploads once.
    CpuBackend cpu;
    FieldParams small;
    small.nx = small.ny = 64;
    FieldTexture t;
    t.ensure_size(64, 64);
    cpu.compute(small, t);
    EXPECT_EQ(g_gl_transfers.load(), 1) << "the GL counter did not see the CPU backend's upload";
  }
  if (!cupti) {
    GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
    std::printf("no-round-trip: CUPTI not attached (under compute-sanitizer): GL half only\n");
    return;
  }
  GF_CUPTI(cuptiActivityFlushAll(1));
  const long copies = g_memcpy_records.load(), kernels = g_kernel_records.load();
  std::printf("no-round-trip: %d recomputes: %ld kernels, %ld memcpy records (%ld host<->device)\n",
              kRecomputes, kernels, copies, g_host_device_copies.load());
  EXPECT_EQ(copies, 0) << "memory copies during recomputes";
  EXPECT_EQ(g_host_device_copies.load(), 0);
  // Positive control for CUPTI: it saw every kernel.
  EXPECT_EQ(kernels, expected_kernels) << "CUPTI did not record the kernels";

  // Positive control for the copy counter: the double export copies the field back once.
  reset_counts();
  const HostField exported = backend.read_field(renderer.field(), Precision::f64);
  GF_CUPTI(cuptiActivityFlushAll(1));
  EXPECT_EQ(g_host_device_copies.load(), 1) << "CUPTI did not see the export's copy";
  EXPECT_EQ(exported.f64.size(), static_cast<size_t>(node_count(p)));

  GF_CUPTI(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_MEMCPY));
  GF_CUPTI(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
  GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
  glDeleteFramebuffers(1, &fbo);
  glDeleteRenderbuffers(1, &rb);
}

}  // namespace
}  // namespace geofield
